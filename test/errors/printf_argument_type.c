// Each conversion takes a value of its kind, and a vector takes %vN.
#include <camp.h>
#include <stdio.h>

int main(void) {
    float f[4] = {1, 2, 3, 4};
    float4 v[1] = {{1, 2, 3, 4}};
    parallel_for_each(i, extent(4)) {
        printf("%d\n", f[i]);
        printf("%f\n", v[0]);
        printf("%v3f\n", v[0]);
        printf("%*d\n", 3, i);
    }
    return (int)f[0];
}
// expect-error: 9:24: argument 2 of printf: '%d' needs an integer, not 'float'
// expect-error: 10:24: argument 2 of printf: '%f' needs a scalar
// expect-error: 11:26: argument 2 of printf: '%v3f' needs a vector of 3 components, not 'float4'
// expect-error: 12:16: argument 1 of printf: the format has a '*' width or precision
