// One thread of 256 fails an assert: the error names the assert's line,
// its expression and the thread's index; a handler gets it (status
// CAMP_ERROR_ASSERTION) instead of abort(). Built with -DNDEBUG the assert
// is gone (test/reports.py ndebug).
#include <camp.h>
#include <assert.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_ASSERTION ? "assertion" : "OTHER", e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int out[8][32];
    parallel_for_each(i, extent(8, 32)) {
        assert(i[0] * 100 + i[1] != 317);
        out[i[0]][i[1]] = 1;
    }
    printf("out[0][0] = %d\n", out[0][0]);
    return 0;
}
// expect-abort: 19: kernel main: Assertion 'i[0] * 100 + i[1] != 317' failed at index {3, 17}
// expect-handled: handled assertion at line 19
