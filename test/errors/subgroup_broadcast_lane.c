// subgroup_broadcast's lane is a constant (Vulkan's broadcast takes one):
// a lane computed at run time is reported at the call, with the
// operation to use instead.
// expect-error: 11:16: subgroup_broadcast's lane must be an integer constant; subgroup_shuffle takes a lane computed at run time
#include <camp.h>

int main(void) {
    int a[16], b[16];
    for (int i = 0; i < 16; i++) a[i] = i;
    parallel_for_each(i, extent(16)) {
        b[i] = subgroup_broadcast(a[i], a[i] % 4);
    }
    return b[0];
}
