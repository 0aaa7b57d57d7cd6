// An amp function's texture and sampler parameters are no values: its
// calls on them are uses (read, written, read and written, sampled with a
// sampler parameter) that each call binds to the caller's textures, which
// take the uses' access (the kernel's `acc`, read in the function and
// written in the body, is read and written at one binding).
// RUN: --dump-ir -c %s -o /dev/null
// CHECK: func load(i: int): float
// CHECK-NEXT: texture t: float, rank 1 ; read through parameter 0
// CHECK: func look(x: float): float
// CHECK-NEXT: texture v: float, rank 1 ; sampled through parameter 1 with sampler s
// CHECK-LABEL: kernel camp_kernel_0: rank 1, index i
// CHECK-NEXT: texture acc: float, rank 1 ; read and written at binding 0
// CHECK-NEXT: texture view: float, rank 1 ; sampled at binding 1 with sampler linear
// CHECK: (call load texture acc (load i)) (call look texture view (cast float (load i)))
#include <camp.h>

static float load(texture_float_1 t, int i) restrict(amp) { return texture_get(t, i); }
static float look(camp_sampler s, texture_view_float_1 v, float x) restrict(amp) { return texture_sample(v, s, x); }

int main(void) {
    texture_float_1 acc = texture_new(float, extent(4), 32, NULL);
    texture_float_1 ramp = texture_new(float, extent(4), 32, NULL);
    texture_view_float_1 view = texture_view(ramp);
    camp_sampler linear = sampler(CAMP_FILTER_LINEAR, CAMP_ADDRESS_CLAMP);
    parallel_for_each(i, extent(4)) {
        texture_set(acc, i, load(acc, i) + look(linear, view, (float)i));
    }
    texture_delete(acc);
    texture_delete(ramp);
    return 0;
}
