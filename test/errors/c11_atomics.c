// C11's <stdatomic.h> in a kernel is named as such, with what to use
// instead (it was "unsupported construct 'UnexposedExpr'").
#include <camp.h>
#include <stdatomic.h>
static atomic_int hits;
int main(void) {
    int data[100] = {0};
    parallel_for_each(i, extent(100)) {
        if (data[i] % 3 == 0) atomic_fetch_add(&hits, 1);
    }
    return hits;
}
// expect-error: 9:31: C11's atomics (<stdatomic.h>'s atomic_fetch_add) are not supported in amp code: use camp_atomic_fetch_add
