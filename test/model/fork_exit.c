/* Children that fork() made after their parent ran a kernel end without
 * using the accelerator, one by returning from main, one by calling
 * camp_shutdown first: closing the device is the parent's to do. A child
 * has none of the driver's threads that the teardown waits for (it used
 * to wait for ever: an alarm ends such a hang). */
#include <camp.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static void end_child(pid_t child, const char *how) {
    int status;
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status)) printf("child that %s: killed by signal %d\n", how, WTERMSIG(status));
    else printf("child that %s: exit status %d\n", how, WEXITSTATUS(status));
    fflush(stdout); /* or the next child prints it again */
}

int main(void) {
    int a[4] = {0};
    parallel_for_each(i, extent(4)) { a[i] = i; }
    printf("parent: a[3] = %d\n", a[3]);
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
        alarm(60);
        return 0;
    }
    end_child(child, "returns");
    child = fork();
    if (child == 0) {
        alarm(60);
        camp_shutdown();
        return 0;
    }
    end_child(child, "calls camp_shutdown");
    parallel_for_each(i, extent(4)) { a[i] = 2 * i; }
    printf("parent after the children: a[3] = %d\n", a[3]);
    return 0;
}
