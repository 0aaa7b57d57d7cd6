// longjmp in a restrict(amp) function.
#include <camp.h>
#include <setjmp.h>

jmp_buf env;

int bail(int x) restrict(amp) {
    if (x < 0)
        longjmp(env, 1);
    return x;
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = bail(a[i]);
    }
    return a[0];
}
// expect-error: 9:9: 'longjmp' (setjmp/longjmp) is not allowed in amp code
