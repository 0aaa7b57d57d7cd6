// One GLCompute entry point per parallel_for_each.
// RUN: -S %s -o -
// CHECK: OpEntryPoint GLCompute {{%[0-9a-z_]+}} "camp_kernel_0"
// CHECK-NEXT: OpEntryPoint GLCompute {{%[0-9a-z_]+}} "camp_kernel_1"
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) { v[i] = 1; }
    parallel_for_each(i, extent(8)) { v[i] += 2; }
    return v[0];
}
