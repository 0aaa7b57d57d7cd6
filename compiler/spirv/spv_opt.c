/* spv_opt.c — the SPIR-V optimizer at -O1 and above: SPIRV-Tools' own, in
 * campcc's process (the C API has no optimizer, so spv_opt_shim.cpp wraps
 * the C++ one); no program is run and no file written. */
#include "campcc.h"

#include <stdlib.h>
#include <string.h>

bool camp_spirv_optimize(const uint32_t *words, size_t nwords, const char *const *flags, size_t nflags,
                         uint32_t **out, size_t *nout, char *error, size_t error_size);

/* spirv-opt -O's recipe (SPIRV-Tools 2023.1) without combine-access-chains,
 * whose output crashes the Vulkan validation layer (1.3.239) in
 * vkCreateShaderModule. */
static const char *const passes[] = {
    "--wrap-opkill", "--eliminate-dead-branches", "--merge-return", "--inline-entry-points-exhaustive",
    "--eliminate-dead-functions", "--eliminate-dead-code-aggressive", "--private-to-local",
    "--eliminate-local-single-block", "--eliminate-local-single-store", "--eliminate-dead-code-aggressive",
    "--scalar-replacement", "--convert-local-access-chains", "--eliminate-local-single-block",
    "--eliminate-local-single-store", "--eliminate-dead-code-aggressive", "--ssa-rewrite",
    "--eliminate-dead-code-aggressive", "--ccp", "--eliminate-dead-code-aggressive", "--loop-unroll",
    "--eliminate-dead-branches", "--redundancy-elimination", "--simplify-instructions", "--scalar-replacement",
    "--convert-local-access-chains", "--eliminate-local-single-block", "--eliminate-local-single-store",
    "--eliminate-dead-code-aggressive", "--ssa-rewrite", "--eliminate-dead-code-aggressive", "--vector-dce",
    "--eliminate-dead-inserts", "--eliminate-dead-branches", "--simplify-instructions", "--if-conversion",
    "--copy-propagate-arrays", "--reduce-load-size", "--eliminate-dead-code-aggressive", "--merge-blocks",
    "--redundancy-elimination", "--eliminate-dead-branches", "--merge-blocks", "--simplify-instructions",
};

enum { NPASSES = sizeof passes / sizeof *passes, CCP_MAX_KERNELS = 64 };

/* SPIRV-Tools 2023.1's --ccp goes over the values of every function so far
 * after each function: quadratic in the kernels of a module (2,000 kernels:
 * 8 of 15 s). A module with many kernels goes without it; the other passes
 * still fold constants, and drivers propagate them anyway. */
static size_t recipe(const Unit *u, const char **out) {
    size_t kernels = (size_t)u->kernels.len, n = 0;
    for (size_t i = 0; i < NPASSES; i++)
        if (kernels <= CCP_MAX_KERNELS || strcmp(passes[i], "--ccp")) out[n++] = passes[i];
    return n;
}

/* -v: the spirv-opt command that does what the in-process optimizer does,
 * as -v shows the host compiler's commands. */
static void print_command(const Unit *u, const char *const *flags, size_t nflags) {
    fprintf(stderr, " spirv-opt --target-env=vulkan1.2");
    for (size_t i = 0; i < nflags; i++) fprintf(stderr, " %s", flags[i]);
    fprintf(stderr, " %s.spv -o %s.spv   (in campcc's process: SPIRV-Tools' optimizer)\n", u->path, u->path);
}

bool spv_optimize(Unit *u) {
    uint32_t *words = NULL;
    size_t n = 0;
    char error[512];
    const char *flags[NPASSES];
    size_t nflags = recipe(u, flags);
    if (u->opts->verbose) print_command(u, flags, nflags);
    if (!camp_spirv_optimize(u->spirv, u->spirv_words, flags, nflags, &words, &n, error, sizeof error)) {
        fprintf(stderr, "campcc: internal error: the SPIR-V optimizer failed on the module for '%s'%s%s\n", u->path,
                error[0] ? ": " : "", error);
        u->diag->errors++;
        return false;
    }
    free(u->spirv);
    u->spirv = words;
    u->spirv_words = n;
    return true;
}
