// A member of a packed struct is accessed as aligned as its offset in a
// struct of alignment 1 allows: 1, whatever its type (NVIDIA's driver read
// other bytes through a uint64_t load said to be 8-byte aligned at offset
// 7); a member of an ordinary struct keeps its type's alignment.
// RUN: -O0 -S %s -o -
// CHECK-LABEL: %camp_kernel_0 = OpFunction
// CHECK: OpLoad %ulong {{%[0-9a-z_]+}} Aligned 1
// CHECK: OpLoad %uint {{%[0-9a-z_]+}} Aligned 1
// CHECK: OpStore {{%[0-9a-z_]+}} {{%[0-9a-z_]+}} Aligned 1
// CHECK: OpLoad %ulong {{%[0-9a-z_]+}} Aligned 8
// CHECK-LABEL: OpFunctionEnd
#include <camp.h>
#include <stdint.h>

struct __attribute__((packed)) record {
    uint8_t tag;
    uint64_t id;
    uint32_t stamp;
};

struct plain {
    uint64_t id;
};

void kernels(int n, struct record *r, uint64_t *out, struct plain *p) {
    array_view(r, n);
    array_view(out, n);
    array_view(p, n);
    parallel_for_each(i, extent(n)) {
        out[i] = r[i].id + r[i].stamp;
        r[i].stamp = 0;
        out[i] += p[i].id;
    }
}
