/* sgemm_blocked's Vulkan twin (glsl/sgemm_blocked.comp): 16 x 16 threads
 * per workgroup, a 128 x 128 block of C each. */
#include "sgemm_twin.h"

int main(int argc, char **argv) {
    return sgemm_twin(argc, argv, "sgemm_blocked", SGEMM_BLOCK, SGEMM_BLOCKED_RUNS);
}
