// An expression of 10000 terms nests deeper than campcc's passes go: a
// clean error instead of a stack overflow (libclang parses it on campcc's
// large stack).
#include <camp.h>

#define X10(e) e + e + e + e + e + e + e + e + e + e
#define X10000(e) X10(X10(X10(X10(e))))

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int b[4];
    parallel_for_each(i, extent(4)) {
        b[i] = X10000(a[i]);
    }
    return b[0];
}
// expect-error: 13: amp code nested more than 10000 levels deep is not supported
