/* sgemm_tiled's Vulkan twin (glsl/sgemm_tiled.comp): 16 x 16 threads per
 * workgroup, one element of C each. */
#include "sgemm_twin.h"

int main(int argc, char **argv) { return sgemm_twin(argc, argv, "sgemm_tiled", SGEMM_TILE, SGEMM_TILED_RUNS); }
