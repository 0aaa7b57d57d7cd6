// A child that fork() made after its parent ran a kernel launches one:
// the device and the driver's threads that run its work stay with the
// parent, so the launch is refused, naming its line, rather than waiting
// forever for a queue thread the child does not have (an alarm ends such
// a hang). The parent passes the child's end on as its own.
#include <camp.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_INVALID_ARGUMENT ? "forked-child" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int a[4] = {0};
    parallel_for_each(i, extent(4)) { a[i] = i; }
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
        alarm(60);
        int b[4] = {0};
        parallel_for_each(i, extent(4)) { b[i] = 10 * i; }
        return b[3];
    }
    int status;
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status)) raise(WTERMSIG(status));
    return WEXITSTATUS(status) + a[3] - 3;
}
// expect-abort: 27: this process is a child that fork() made after its parent opened the accelerator
// expect-handled: handled forked-child at line 27
