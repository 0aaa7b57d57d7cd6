// A struct's function-pointer member is bytes to amp code: the struct is
// captured, and calling the member or reading it is an error at that use.
#include <camp.h>

typedef struct {
    double dt;
    double (*f)(double);
} config;

static double g(double x) { return x; }

int main(void) {
    config c = {0.5, g};
    double a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) a[i] = c.f(a[i]) * c.dt;
    parallel_for_each(i, extent(4)) a[i] = c.f ? 1 : 2;
    return (int)a[0];
}
// expect-error: 15:44: calls through function pointers are not allowed in amp code
// expect-error: 16:46: function pointers are not allowed in amp code (type 'double (*)(double)')
