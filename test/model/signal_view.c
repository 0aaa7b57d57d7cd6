/* A signal handler that reads a view the kernels of its thread write: when
 * the signal interrupts one of libcamp's calls (a launch), the view cannot
 * be brought up to date inside that call, and the process ends with an
 * error naming the interrupted launch's line (it used to say "internal
 * error: libcamp accessed a protected view"). A child runs the loop until
 * a signal lands there (within a bound: then it exits); the parent reads
 * the child's stderr. */
#include <camp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

enum { N = 1 << 20 };
static float *g;
static volatile float sink;

static void on_alarm(int sig) {
    (void)sig;
    sink += g[12345];
}

static void launch_until_a_signal_interrupts(void) {
    /* pages of its own, whatever the allocator (the sanitizers' puts its
     * own data beside a calloc'd block, and a view sharing pages with other
     * data is not guarded) */
    g = mmap(NULL, N * sizeof *g, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (g == MAP_FAILED) exit(2);
    array_view(g, N);
    signal(SIGALRM, on_alarm);
    struct itimerval every_200us = {{0, 200}, {0, 200}};
    setitimer(ITIMER_REAL, &every_200us, NULL);
    for (int launch = 0; launch < 10000; launch++) {
        parallel_for_each(i, extent(N)) { g[i] += 1.0f; } /* line 38 */
    }
    exit(0);
}

int main(void) {
    int err[2];
    if (pipe(err) != 0) return 1;
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
        dup2(err[1], STDERR_FILENO);
        launch_until_a_signal_interrupts();
    }
    close(err[1]);
    static char text[1 << 16];
    size_t length = 0;
    for (ssize_t got; length < sizeof text - 1 && (got = read(err[0], text + length, sizeof text - 1 - length)) > 0;)
        length += (size_t)got;
    int status;
    waitpid(child, &status, 0);
    if (WIFEXITED(status) && WEXITSTATUS(status) != 0) { /* refused as a device profile (CAMP_SIMULATE): passed on */
        fputs(text, stderr);
        return WEXITSTATUS(status);
    }
    printf("child: %s\n", WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT ? "aborted" : "did not abort");
    printf("message names the launch's line: %s\n", strstr(text, "signal_view.c:38: camp error: ") ? "yes" : "no");
    printf("message names a signal handler: %s\n", strstr(text, "from a signal handler that interrupted") ? "yes" : "no");
    return 0;
}
