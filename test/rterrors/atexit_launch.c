// An exit handler registered before the program's first kernel runs after
// libcamp's own teardown at exit (handlers run in reverse order), when the
// driver's exit handlers may have run too: a kernel it launches is refused,
// naming its line, where it used to open the device again and wait for
// ever (an alarm ends such a hang). Releasing a view there is no error:
// the teardown ended it already.
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static float *data;
static int errors;
static unsigned error_line;

static void handle(const camp_error *e, void *user) {
    (void)user;
    if (errors++ == 0 && e->status == CAMP_ERROR_INVALID_ARGUMENT) error_line = e->line;
}

static void late(void) {
    alarm(60);
    parallel_for_each(i, extent(4)) { data[i] = 100.0f + i; }
    array_view_release(data);
    free(data);
    printf("handled after-exit launch at line %u, %d error(s)\n", error_line, errors);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    atexit(late);
    data = calloc(4, sizeof *data);
    array_view(data, 4);
    parallel_for_each(i, extent(4)) { data[i] = (float)i; }
    printf("main: data[3] = %g\n", data[3]);
    return 0;
}
// expect-abort: 23: libcamp's teardown at exit has run
// expect-handled: handled after-exit launch at line 23, 1 error(s)
