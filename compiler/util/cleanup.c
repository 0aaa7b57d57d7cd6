/* cleanup.c — what campcc must remove if it stops, normally or not: its
 * temporary directories and files, and outputs still being written under a
 * temporary name. A signal that ends campcc (Ctrl-C, a build system's
 * timeout) first stops the program campcc is running, so that it writes
 * nothing more, then removes these and ends campcc with the same signal.
 *
 * The list is the one piece of state a signal handler must reach, hence
 * file-scope; it changes only with the signals blocked, so the handler
 * never sees it half-updated. */
#include "campcc.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* SIGPIPE too: a reader that went away (`campcc ... 2>&1 | head -1`) ends
 * campcc at its next diagnostic, which must not leave its files behind. */
static const int fatal_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};
enum { NSIGNALS = sizeof fatal_signals / sizeof *fatal_signals };

static const char **paths; /* removed last to first: files before their directory */
static int npaths, cap;
static volatile pid_t child;

static sigset_t block_fatal(void) {
    sigset_t set, old;
    sigemptyset(&set);
    for (int i = 0; i < NSIGNALS; i++) sigaddset(&set, fatal_signals[i]);
    sigprocmask(SIG_BLOCK, &set, &old);
    return old;
}

static void remove_all(void) {
    for (int i = npaths; i-- > 0;)
        if (unlink(paths[i]) != 0) rmdir(paths[i]);
    npaths = 0;
}

static void on_fatal_signal(int sig) {
    pid_t pid = child;
    if (pid > 0) {
        kill(pid, sig);
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
    }
    remove_all();
    signal(sig, SIG_DFL);
    raise(sig);
}

void cleanup_install(void) {
    struct sigaction sa = {.sa_handler = on_fatal_signal};
    sigfillset(&sa.sa_mask);
    for (int i = 0; i < NSIGNALS; i++) {
        struct sigaction old;
        /* a signal the parent ignores (nohup, a background job) stays ignored */
        if (sigaction(fatal_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(fatal_signals[i], &sa, NULL);
    }
}

void cleanup_add(const char *path) {
    sigset_t old = block_fatal();
    if (npaths == cap) {
        int ncap = cap ? 2 * cap : 16;
        const char **grown = realloc(paths, sizeof *paths * (size_t)ncap);
        if (!grown) {
            perror("campcc");
            exit(1);
        }
        paths = grown;
        cap = ncap;
    }
    paths[npaths++] = path;
    sigprocmask(SIG_SETMASK, &old, NULL);
}

void cleanup_forget(const char *path) {
    sigset_t old = block_fatal();
    for (int i = npaths; i-- > 0;)
        if (paths[i] == path) {
            for (int j = i; j + 1 < npaths; j++) paths[j] = paths[j + 1];
            npaths--;
            break;
        }
    sigprocmask(SIG_SETMASK, &old, NULL);
}

void cleanup_remove(const char *path) {
    sigset_t old = block_fatal();
    cleanup_forget(path);
    if (unlink(path) != 0) rmdir(path);
    sigprocmask(SIG_SETMASK, &old, NULL);
}

void cleanup_run(void) {
    sigset_t old = block_fatal();
    remove_all();
    free(paths);
    paths = NULL;
    cap = 0;
    sigprocmask(SIG_SETMASK, &old, NULL);
}

void cleanup_set_child(int pid) { child = pid; }
