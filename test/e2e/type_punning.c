// needs: shaderInt64
/* Reading a variable of a thread's own through a pointer cast to another
 * scalar type of its size, `*(int32_t *)&y` (the fast inverse square
 * root's bit trick): its bits as that type. The serial reference mode
 * prints the same. */
#include <camp.h>
#include <stdint.h>
#include <stdio.h>
static float q_rsqrt(float number) restrict(cpu, amp) {
    float x2 = number * 0.5f, y = number;
    int32_t i = *(int32_t *)&y;
    i = 0x5f3759df - (i >> 1);
    y = *(float *)&i;
    return y * (1.5f - x2 * y * y);
}
int main(void) {
    float in[4] = {1, 4, 0.25f, 100}, out[4];
    unsigned bits[4];
    parallel_for_each(k, extent(4)) {
        out[k] = q_rsqrt(in[k]);
        float f = in[k] * 2;
        bits[k] = *(unsigned *)&f;
    }
    for (int k = 0; k < 4; k++) printf("%.6f %08x\n", out[k], bits[k]);
    return 0;
}
