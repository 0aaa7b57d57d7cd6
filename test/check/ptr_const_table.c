// A static const table is a module constant a pointer can point into.
// RUN: --dump-ir=ptr-storage -c %s -o /dev/null
// CHECK: decl p: const int * = (decay table) ; points into table (its elements)
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        static const int table[3] = {5, 6, 7};
        const int *p = table;
        v[i] = p[i % 3];
    }
    return v[0];
}
