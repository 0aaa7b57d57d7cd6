// A swizzle keeps its components.
// RUN: --dump-ir=lowering -c %s -o /dev/null
// CHECK: decl g: float2 = (load (swizzle yx f))
#include <camp.h>
#include <stddef.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        float2 f = {1.0f, (float)i};
        float2 g = f.yx;
        v[i] = (int)g.x;
    }
    return v[0];
}
