// needs: shaderInt64
/* add_arrays.c — the C++ AMP overview's first example: add two arrays on the accelerator.
 *
 *   campcc add_arrays.c -o add_arrays && ./add_arrays     prints 7 9 11 13 15 */
#include <camp.h>
#include <stdio.h>

int main(void) {
    int a[] = {1, 2, 3, 4, 5};
    int b[] = {6, 7, 8, 9, 10};
    int sum[5];

    /* One thread per element; a, b and sum are copied to the device and sum
     * is copied back when the kernel has run. */
    parallel_for_each(idx, extent(5)) {
        sum[idx] = a[idx] + b[idx];
    }

    for (int i = 0; i < 5; i++) printf("%d\n", sum[i]);
    return 0;
}
