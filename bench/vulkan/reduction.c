/* reduction's Vulkan twin (glsl/reduction_tiles.comp, then
 * glsl/reduction_final.comp): 256 threads per workgroup. */
#include "reduction_twin.h"

int main(int argc, char **argv) { return reduction_twin(argc, argv, "reduction", "reduction_tiles", "reduction_final"); }
