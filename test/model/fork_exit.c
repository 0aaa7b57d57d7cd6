/* A child that fork() made after its parent ran a kernel exits without
 * using the accelerator: libcamp's teardown at exit is the parent's to do.
 * The child has none of the driver's threads that the teardown waits for
 * (it used to wait forever: an alarm ends such a hang). */
#include <camp.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

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
    int status;
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status)) printf("child: killed by signal %d\n", WTERMSIG(status));
    else printf("child: exit status %d\n", WEXITSTATUS(status));
    parallel_for_each(i, extent(4)) { a[i] = 2 * i; }
    printf("parent after the child: a[3] = %d\n", a[3]);
    return 0;
}
