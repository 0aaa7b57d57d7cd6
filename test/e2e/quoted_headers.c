// needs: shaderInt64
/* The dialect's header named with quotes and found through -I: campcc's
 * scan of #include lines for devices and FIFOs reads each header once
 * (camp.h and its parts include each other; the scan was exponential in
 * their depth and took minutes). */
#include "camp.h"
#include <stdio.h>

int main(void) {
    int a[8] = {0};
    parallel_for_each(i, extent(8)) { a[i] = i * 3; }
    int sum = 0;
    for (int i = 0; i < 8; i++) sum += a[i];
    printf("%d\n", sum);
    return sum == 84 ? 0 : 1;
}
