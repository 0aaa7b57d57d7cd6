// The asserts C programs write with a message in them: `cond && "text"`
// and `!"text"` (a string literal is a pointer that is never null, true).
// The failing one is reported with its expression as written; the ones
// that hold cost nothing.
#include <camp.h>
#include <assert.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_ASSERTION ? "assertion" : "OTHER", e->line);
}

static int below(int v, int limit) restrict(amp) {
    if (v >= 4 * limit) assert(!"values stay below four times the limit");
    return v < limit;
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int data[256], flags[256];
    for (int i = 0; i < 256; i++) data[i] = i;
    int limit = 200;
    parallel_for_each(i, extent(256)) {
        assert((data[i] >= 0 && "data are not negative") || "never reached");
        flags[i] = below(data[i], limit);
        assert(data[i] < limit && "data stay below the limit");
    }
    printf("flags[0] = %d\n", flags[0]);
    return 0;
}
// expect-abort: 28: kernel main: Assertion 'data[i] < limit && "data stay below the limit"' failed at index {200} (and 55 more failures)
// expect-handled: handled assertion at line 28
