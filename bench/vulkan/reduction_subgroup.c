/* reduction_subgroup's Vulkan twin (glsl/reduction_subgroup_tiles.comp,
 * then glsl/reduction_subgroup_final.comp): 256 threads per workgroup,
 * GL_KHR_shader_subgroup_arithmetic. */
#include "reduction_twin.h"

int main(int argc, char **argv) {
    return reduction_twin(argc, argv, "reduction_subgroup", "reduction_subgroup_tiles", "reduction_subgroup_final");
}
