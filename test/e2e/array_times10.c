// needs: shaderInt64
/* The C++ AMP overview's array example: copy a vector into an accelerator array,
 * multiply every element by 10 in a kernel, copy it back. */
#include <camp.h>
#include <stdio.h>

int main(void) {
    int data[5];
    for (int count = 0; count < 5; count++) data[count] = count;
    int *a = array_new(int, 5, data);
    parallel_for_each(idx, extent(5)) { a[idx] = a[idx] * 10; }
    array_copy_out(data, a, 5);
    array_delete(a);
    for (int i = 0; i < 5; i++) printf("%d\n", data[i]);
    return 0;
}
