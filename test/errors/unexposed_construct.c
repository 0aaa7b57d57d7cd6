// Constructs libclang does not name (GNU C's `a ?: b`, a
// __builtin_choose_expr it does not fold) are named by their source text,
// not as "UnexposedExpr".
#include <camp.h>

int main(void) {
    int out[8];
    parallel_for_each(i, extent(8)) {
        int v = i & 1;
        out[i] = v ?: 9;
        out[i] += __builtin_choose_expr(1, i, 2.0);
    }
    return out[0];
}
// expect-error: 10:18: unsupported construct 'v ?: 9' in amp code
// expect-error: 11:19: unsupported construct '__builtin_choose_expr(1, i, 2.0)' in amp code
// expect-errors: 2
