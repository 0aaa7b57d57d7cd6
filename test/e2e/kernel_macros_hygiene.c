// kernels: 7
/* Macros that write kernels as C programs keep them tidy: one #undef'd
 * after its use, one defined again with other parameters inside a
 * function, an X-macro `X` defined for an enum and then again for kernel
 * functions, an #ifdef inside a kernel's body given as an argument, and
 * __LINE__ in a kernel of a use written over several lines (clang's: the
 * line of the use's closing parenthesis), and __LINE__ pasted by ## (C
 * leaves an operand of ## unexpanded: `v##__LINE__` is v__LINE__). */
#include <camp.h>
#include <stdio.h>

#define SCALE(p, n, k) parallel_for_each(i, extent(n)) { (p)[i] *= (k); }
#define OPS(X) X(twice, 2) X(thrice, 3)
enum {
#define X(name, k) OP_##name,
    OPS(X)
#undef X
    OP_COUNT
};
#define X(name, k) \
    static void name(int *a, int n) { parallel_for_each(i, extent(n)) { a[i] = a[i] * (k) + OP_##name; } }
OPS(X)
#undef X
#define BODY(n, ...) parallel_for_each(i, extent(n)) { __VA_ARGS__ }
#define STAMP(a, n) parallel_for_each(i, extent(n)) { (a)[i] = __LINE__ * 100 + i; }
#define PASTED(p, a, n) parallel_for_each(i, extent(n)) { (a)[i] = p##__LINE__ + i; }

int main(void) {
    int a[8], b[8], c[8], d[8], e[4], f[4], v__LINE__ = 40;
    for (int i = 0; i < 8; i++) a[i] = b[i] = c[i] = i;
    SCALE(a, 8, 5)
#undef SCALE
#define SCALE(p, n) parallel_for_each(i, extent(n)) { (p)[i] = -(p)[i]; }
    SCALE(c, 8)
#undef SCALE
    twice(b, 8);
    thrice(c, 8);
    BODY(8,
#ifdef NOT_DEFINED
         d[i] = 1000;
#else
         d[i] = 3 * i + OP_COUNT;
#endif
    )
    STAMP(e,
          4);
    for (int i = 0; i < 8; i++) printf("%d %d %d %d\n", a[i], b[i], c[i], d[i]);
    PASTED(v, f, 4)
    for (int i = 0; i < 4; i++) printf("line stamp %d, pasted %d\n", e[i], f[i]);
    return 0;
}
