// Errors in kernels a macro of the program's writes are reported at the
// macro's use (campcc compiles its expansion there).
#include <camp.h>
int host_only(int x) { return x + 1; }
#define DEFINE_BUMP(T) \
    static void bump_##T(T *a, int n) { \
        parallel_for_each(i, extent(n)) { a[i] = host_only(a[i]); } \
    }
int before;  DEFINE_BUMP(int) int after;
int main(void) {
    int a[4] = {0};
    bump_int(a, 4);
    return a[0];
}
// expect-error: 9:14: call to non-amp function 'host_only'
