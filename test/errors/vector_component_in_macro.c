// A vector's component named right after a macro's parameter in the
// macro's body: libclang shows no token of it there, so campcc names the
// macro and says how to write it (a parenthesized parameter works:
// e2e/vector_components_in_macros.c); a swizzle of all of a vector's
// components there cannot be told from a load of the vector.
#include <camp.h>
#include <stdio.h>
#define DOT(a, b) (a.x * b.x + a.y * b.y)
#define FLIP(v) ((v).yx)

int main(void) {
    float d[4];
    parallel_for_each(i, extent(4)) {
        float2 u = {i, 1}, w = {2, i};
        d[i] = DOT(u, w) + FLIP(w).x;
    }
    printf("%g\n", d[3]);
}
// expect-error: 15:16: a vector's component named right after a macro's parameter, in the expansion of 'DOT' (`a.x` in `#define DOT(a, b) (a.x * b.x)`), is not supported in amp code: parenthesize the parameter, `(a).x`, as macros usually do, or index the vector, `(a)[0]`
// expect-error: 15:28: a swizzle of all of a vector's components (`(v).yx` of a float2) in a macro's body is not supported in amp code
