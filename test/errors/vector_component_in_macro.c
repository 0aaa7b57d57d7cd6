// A vector's component named in a macro's body: libclang shows no token
// of it, so campcc says how to write it (it was an internal error).
#include <camp.h>
#include <stdio.h>
#define AT(a, p) a[(p).x][(p).y]

int main(void) {
    int m[3][4];
    parallel_for_each(p, extent(3, 4)) { AT(m, p) = 10 * p.x + p.y; }
    printf("%d\n", m[2][3]);
}
// expect-error: 9:42: a vector's component named in a macro's body (`(p).x` in `#define AT(a, p) a[(p).x]`) is not supported in amp code: index the vector instead (`(p)[0]`), or name the component where the macro is used
