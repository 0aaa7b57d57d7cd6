// setjmp in a kernel.
#include <camp.h>
#include <setjmp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    jmp_buf env;
    parallel_for_each(i, extent(4)) {
        if (setjmp(env) == 0)
            a[i] = 1;
    }
    return a[0];
}
// expect-error: 9:13: (setjmp/longjmp) is not allowed in amp code
