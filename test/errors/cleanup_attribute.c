// GNU C's cleanup attribute on a variable of amp code is refused: the
// function it names would run at every exit from the variable's scope, and
// the kernel left the call out (done() never ran, the result was 10 11).
#include <camp.h>

static void done(int *p) restrict(amp) { *p = 0; }

static int kept(int x) restrict(amp) {
    int t [[gnu::cleanup(done)]] = x;
    return t;
}

int main(void) {
    int a[2] = {0};
    parallel_for_each(i, extent(2)) {
        int t __attribute__((unused, cleanup(done))) = i + 10;
        int u __attribute__((__cleanup__(done))) = kept(i);
        a[i] = t + u;
    }
    return a[0];
}
// expect-error: 9:13: 'cleanup' attribute is not supported in amp code
// expect-error: 16:38: 'cleanup' attribute is not supported in amp code
// expect-error: 17:30: 'cleanup' attribute is not supported in amp code
// expect-errors: 3
