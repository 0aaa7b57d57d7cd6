// A pointer only ever null points nowhere and is held as an address.
// RUN: --dump-ir=ptr-storage -c %s -o /dev/null
// CHECK: decl p: int * = {{.*}} ; points nowhere (null)
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int *p = NULL;
        v[i] = p == NULL;
    }
    return v[0];
}
