// needs: shaderInt64 shaderFloat64 shaderInt16 shaderInt8
/* Old-style (K&R) helper definitions with float, short and char
 * parameters: a call passes the promoted argument (double, int), which
 * the helper converts back to its parameter's type on entry, as C does. */
#include <camp.h>
#include <stdio.h>

static float half_of(x) restrict(cpu, amp)
float x;
{
    return x * 0.5f;
}

static int mix(a, b, c) restrict(cpu, amp)
short a;
char b;
float c;
{
    return a * 3 + b + (int)(c * 4);
}

int main(void) {
    float in[6] = {2, 4, 6, 8, 1.25f, -3.5f}, out[6];
    int m[6];
    parallel_for_each(i, extent(6)) {
        out[i] = half_of(in[i]);
        m[i] = mix(i * 1000, i - 3, in[i]);
    }
    for (int i = 0; i < 6; i++) printf("%g %d\n", out[i], m[i]);
    return 0;
}
