// Each capability is declared once, whatever its number (DenormPreserve is
// 4464; every kernel asks for it).
// RUN: -S %s -o -
// CHECK: OpCapability DenormPreserve
// CHECK-NOT: OpCapability DenormPreserve
// CHECK: OpEntryPoint GLCompute
#include <camp.h>

int main(void) {
    float v[8] = {0};
    parallel_for_each(i, extent(8)) { v[i] = 1.0f; }
    parallel_for_each(i, extent(8)) { v[i] *= 2.0f; }
    return (int)v[0];
}
