// A kernel thread's local variables (its own and those of the functions it
// calls) are capped: a multi-megabyte private array is a compile error, not
// a kernel that hangs or dies on the device.
// expect-error: 21: kernel needs 4194308 bytes of private memory per thread
// expect-note: 14: 'tmp' takes 4194304 bytes
#include <camp.h>

static float pick(const float *v, int i) restrict(amp) {
    float window[4] = {v[0], v[1], v[2], v[3]};
    return window[i & 3];
}

static float sum_scratch(int n) restrict(amp) {
    float tmp[1 << 20];
    for (int k = 0; k < n; k++) tmp[k] = (float)k;
    return tmp[n - 1];
}

int main(void) {
    float out[8], in[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(8)) {
        out[i] = sum_scratch(i + 1) + pick(in, i);
    }
    return (int)out[0];
}
