// An expression of 100,000 terms: refused as quickly as one of 10,000.
// The search for host uses of the math library read each operator's
// place, which libclang finds by walking down its left operands: time
// quadratic in the terms (minutes here), before the error. Shifts: a
// chain of `+` this long is refused before the parse (clang's own checks
// of it can take quadratic time), one of `<<` is not.
#include <camp.h>

#define X10(e) e << e << e << e << e << e << e << e << e << e
#define X100000(e) X10(X10(X10(X10(X10(e)))))

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int b[4];
    parallel_for_each(i, extent(4)) {
        b[i] = X100000(a[i]);
    }
    return b[0];
}
// expect-error: 16: amp code nested more than 10000 levels deep is not supported
