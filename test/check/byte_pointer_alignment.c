// Words read and written through pointers made from byte pointers (a hash
// function's blocks of a key at any byte) say 1-byte alignment, which
// NVIDIA's driver then honours (told 4, it read other bytes at odd
// addresses); the same words through a void * given a uint32_t *, and a
// float4 made from float elements, keep their types' alignment.
// RUN: -O0 -S %s -o -
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK: OpStore {{%[0-9]+}} {{%[0-9]+}} Aligned 1
// CHECK: OpLoad %v4float {{%[0-9]+}} Aligned 16
// CHECK-LABEL: %block = OpFunction
// CHECK: OpLoad %uint {{%[0-9]+}} Aligned 1
// CHECK-LABEL: %put = OpFunction
// CHECK: OpStore {{%[0-9]+}} {{%[0-9]+}} Aligned 4
#include <camp.h>
#include <stdint.h>

static uint8_t bytes[1024], out_bytes[1024];
static uint32_t words[256];
static float f[1024], sums[256];

static uint32_t block(const void *key, int i) restrict(amp) {
    const uint8_t *data = (const uint8_t *)key;
    const uint32_t *blocks = (const uint32_t *)(data + 1);
    return blocks[i];
}

static void put(void *out, uint32_t v) restrict(amp) { *(uint32_t *)out = v; }

void kernels(void) {
    parallel_for_each(i, extent(255)) {
        uint32_t w = block(bytes, i);
        *(uint32_t *)(out_bytes + 4 * i + 3) = w;
        put(&words[i], w);
        float4 v = *(const float4 *)&f[4 * i];
        sums[i] = v.x + v.w;
    }
}
