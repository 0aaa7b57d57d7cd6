// An amp function whose parameter, local and result have a type amp code
// cannot have (a struct with a long double), called twice from two kernels:
// the error where the member is declared, and no crash on the uses of
// the parameter (campcc once read the missing type of `b` in `take`).
#include <camp.h>

typedef struct { long double lo; int x; } bits;

static bits make(int v) restrict(amp) { bits b = {0}; b.x = v; return b; }
static int take(bits b, int k) restrict(amp) { return b.x + k; }

int main(void) {
    int out[8];
    parallel_for_each(i, extent(8)) {
        out[i] = make(i).x + take(make(1), 2);
        out[i] += make(2).x + take(make(3), 4);
    }
    parallel_for_each(i, extent(8)) { out[i] = take(make(i), 1); }
    return out[0];
}
// expect-error: 7:30: 'long double' is not allowed in amp code
