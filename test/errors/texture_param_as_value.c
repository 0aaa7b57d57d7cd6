#include <camp.h>

static float copy_first(texture_float_1 t) restrict(amp) {
    texture_float_1 copy = t;
    return texture_get(copy, 0);
}
static int filter_of(camp_sampler s) restrict(amp) { return (int)s.filter; }
static int ignore(texture_float_1 t) restrict(amp) {
    (void)t;
    return 0;
}

int main(void) {
    texture_float_1 t = texture_new(float, extent(4), 32, NULL);
    camp_sampler s = sampler(CAMP_FILTER_POINT, CAMP_ADDRESS_CLAMP);
    float out[4];
    parallel_for_each(i, extent(4)) {
        out[i] = copy_first(t) + (float)filter_of(s) + (float)ignore(t);
    }
    texture_delete(t);
    return (int)out[0];
}
// expect-error: 4:21: texture type 'texture_float_1' used as a value in amp code
// expect-error: 7:66: sampler 's' used as a value in amp code: an amp function's camp_sampler parameter is named only in texture_sample
// expect-error: 9:11: texture type 'texture_float_1' used as a value in amp code
