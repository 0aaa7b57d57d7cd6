// The math functions on vectors take vectors of one type and width: a
// float4 beside a double2 matches no overload of pow; the float-suffixed
// names (sqrtf) have no vector forms. clang's own errors, as campcc
// reports them.
// expect-error: 15:16: no matching function for call to 'pow'
// expect-error: 16:22: passing 'float4' (vector of 4 'float' values) to parameter of incompatible type 'float'
#include <camp.h>

int main(void) {
    float4 a[4] = {{1, 2, 3, 4}};
    double2 b[4] = {{1, 2}};
    float4 r[4];
    float s[4];
    parallel_for_each(i, extent(4)) {
        r[i] = pow(a[i], b[i]);
        s[i] = sqrtf(a[i]);
    }
    return (int)r[0].x + (int)s[0];
}
