// A pointer variable declared with a row or member of a local object holds
// that part (the row's index is kept beside the offset); one declared with
// its value points where it does; in a helper, a member of what a
// parameter points into.
// RUN: --dump-ir=ptr-storage -c %s -o /dev/null
// CHECK: func widen(r: range *): void
// CHECK: decl lo: int * = (addr (member .lo (deref (load r)))) ; points into a member or row of where parameter 0 points
// CHECK: decl row: int * = (decay (index (decay m) (binary % (load i) 2))) ; points into m (a member or row)
// CHECK: decl q: int * = (binary + (load row) 1) ; points into m (a member or row), as 'row' does
// CHECK: decl count: int * = (addr (member .count s)) ; points into s (a member or row)
#include <camp.h>

typedef struct range { int lo, hi; } range;
typedef struct stats { int count; range range; } stats;

static void widen(range *r) restrict(amp) {
    int *lo = &r->lo;
    *lo -= 1;
}

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int m[2][4] = {{0}};
        stats s = {0, {i, i}};
        int *row = m[i % 2];
        int *q = row + 1;
        int *count = &s.count;
        *q = 1;
        *count = 2;
        widen(&s.range);
        v[i] = m[0][1] + s.count + s.range.lo;
    }
    return v[0];
}
