// kernels: 1
/* The file's only kernel is written by a macro of a header of its own:
 * the file never spells the kernel keyword, and campcc still compiles it
 * (it looks into the headers the file includes by quoted names). */
#include <camp.h>
#include <stdio.h>

#include "kernel_macro_from_header.h"

int main(void) {
    int a[8];
    FILL(a, 8, 7)
    for (int i = 0; i < 8; i++) printf("%d\n", a[i]);
    return 0;
}
