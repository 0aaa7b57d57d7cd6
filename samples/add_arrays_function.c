// needs: shaderInt64
/* add_arrays_function.c — the C++ AMP overview's kernel-function form: the body of the
 * parallel_for_each is a call to a restrict(amp) function.
 *
 *   campcc add_arrays_function.c -o add_arrays_function     prints 7 9 11 13 15 */
#include <camp.h>
#include <stdio.h>

/* Runs on the accelerator: restrict(amp) limits it to the kernel subset of C. */
void add_elements(int idx, int *sum, const int *a, const int *b) restrict(amp) {
    sum[idx] = a[idx] + b[idx];
}

int main(void) {
    int a[] = {1, 2, 3, 4, 5};
    int b[] = {6, 7, 8, 9, 10};
    int sum[5];

    parallel_for_each(idx, extent(5)) add_elements(idx, sum, a, b);

    for (int i = 0; i < 5; i++) printf("%d\n", sum[i]);
    return 0;
}
