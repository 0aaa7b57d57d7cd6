/* Variables declared `register` captured by kernels: a scalar, a struct,
 * a vector and a parameter. C takes no address of a register variable,
 * and the launch campcc wrote passed `&(r)`: the host compile failed with
 * an error in a line the program never wrote. */
#include <camp.h>
#include <stdio.h>

struct scale {
    int mul, add;
};

static void shift(int *a, int n, register int by) {
    array_view(a, n);
    parallel_for_each(i, extent(n)) { a[i] += by; }
    array_view_synchronize(a);
    array_view_release(a);
}

int main(void) {
    register int r = 5;
    register const struct scale s = {3, 1};
    register float4 v = {0.5f, 1.5f, 2.5f, 3.5f};
    int a[8];
    float f[8];
    parallel_for_each(i, extent(8)) {
        a[i] = (i + r) * s.mul + s.add;
        f[i] = v[i % 4] * (float)i;
    }
    shift(a, 8, -1);
    for (int i = 0; i < 8; i++) printf("%d %g\n", a[i], f[i]);
    return 0;
}
