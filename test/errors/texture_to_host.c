#include <camp.h>

float host_first(texture_float_1 t);
static float on_host(texture_float_1 t) restrict(amp) { return host_first(t); }

int main(void) {
    texture_float_1 a = texture_new(float, extent(4), 32, NULL);
    float out[4];
    parallel_for_each(i, extent(4)) {
        out[i] = on_host(a);
    }
    texture_delete(a);
    return (int)out[0];
}
// expect-error: 4:64: call to non-amp function 'host_first'
