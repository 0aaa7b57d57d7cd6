/* spv_opt.c — the SPIR-V optimizer at -O1 and above: SPIRV-Tools' own, in
 * campcc's process (the C API has no optimizer, so spv_opt_shim.cpp wraps
 * the C++ one); no program is run and no file written.
 *
 * It runs on each kernel's module (spv_split.c), not on the file's: the
 * optimizer's memory and its passes that go over every function grow with
 * the module, so 5,000 kernels in one module took 1.75 GB and a minute,
 * where one kernel's module costs what that kernel costs. The file's module
 * is optimized as a whole only when it is shown (-S, --emit-spirv). */
#include "campcc.h"
#include "camp_abi.h"
#include "spv_builder.h"

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

/* --redundancy-elimination's time and memory grow with the square of a
 * function's size: a kernel calling sinf 1,000 times (242,000
 * instructions once its calls are inlined, by the estimate below) took
 * 61 s and 5.3 GB at -O2, 47 s and 5.1 GB of them in its two runs; 19 s
 * and 250 MB without them, the output 10% larger. A module with a
 * function past this size goes without it; the largest of the tests,
 * samples and benchmarks is 88,000 (math_pipeline with every math call
 * inlined, 2.3 s), the next 3,600. */
#define REDUNDANCY_MAX_INSTRUCTIONS 100000u
/* Above this the optimizer is left out altogether (the driver optimizes
 * the module anyway): each of the recipe's ~40 passes walks the whole
 * module, and a kernel of 841,000 instructions once inlined (a 100,000-term
 * expression, 16 MB of SPIR-V) took 21 s in them at -O2, 27 s in all
 * against 6 s at -O0. */
#define OPTIMIZER_MAX_INSTRUCTIONS 500000u
/* Nor past this many calls inlined into one function: the inliner's time
 * grows with the square of them (6,561 calls of a two-line amp function,
 * a fuzzed input, took it 37 s; 66 s in all at -O2 against 2 s at -O0;
 * math_pipeline with every math call inlined has 2,222, the 480 sinf calls of
 * test driver-huge-kernel-optimizer 4,320, and both keep it). */
#define OPTIMIZER_MAX_INLINED_CALLS 5000u

/* What the estimate below knows of an id that names a function. */
typedef struct FunctionSize {
    uint32_t start; /* 1 + the word of its OpFunction; 0: the id is no function */
    uint8_t state;  /* 0 unseen, 1 being summed, 2 `size` known */
    uint64_t size;  /* its instructions once inlined */
    uint64_t calls; /* the calls the inliner replaces in it, its callees' included */
} FunctionSize;

static uint64_t saturating_add(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

/* Function f's instructions plus, for each call in it, the callee's,
 * inlined likewise, unless the callee is marked DontInline (the large
 * math functions: called, not inlined). Recursion, which amp code cannot
 * have, counts once. The module is campcc's own, so its word counts are
 * sound. */
static uint64_t function_inlined_size(const uint32_t *words, size_t n, FunctionSize *fn, uint32_t bound, uint32_t f) {
    if (f >= bound || !fn[f].start || fn[f].state == 1) return 0;
    if (fn[f].state == 2) return fn[f].size;
    fn[f].state = 1;
    uint64_t size = 0, calls = 0;
    for (size_t i = fn[f].start - 1; i < n;) {
        uint32_t opcode = words[i] & 0xffffu, nwords = words[i] >> 16;
        size = saturating_add(size, 1);
        uint32_t callee = opcode == SpvOpFunctionCall && nwords > 3 && i + 3 < n ? words[i + 3] : 0;
        if (callee < bound && fn[callee].start && !(words[fn[callee].start - 1 + 3] & SpvFunctionControlDontInlineMask)) {
            size = saturating_add(size, function_inlined_size(words, n, fn, bound, callee));
            calls = saturating_add(calls, saturating_add(1, fn[callee].calls));
        }
        if (opcode == SpvOpFunctionEnd || !nwords) break;
        i += nwords;
    }
    fn[f].state = 2;
    fn[f].calls = calls;
    return fn[f].size = size;
}

/* The largest function of a module once the optimizer's inliner is done:
 * an upper bound, as the optimizer folds much of what it inlines; and the
 * most calls the inliner replaces in one function (*calls). */
static uint64_t largest_inlined_function(const uint32_t *words, size_t n, uint64_t *calls) {
    *calls = 0;
    if (n < 5) return 0;
    uint32_t bound = words[3];
    FunctionSize *fn = calloc(bound ? bound : 1, sizeof *fn);
    if (!fn) unreachable("out of memory");
    for (size_t i = 5; i + 4 < n && words[i] >> 16; i += words[i] >> 16)
        if ((words[i] & 0xffffu) == SpvOpFunction && words[i + 2] < bound) fn[words[i + 2]].start = (uint32_t)i + 1;
    uint64_t largest = 0;
    for (uint32_t f = 0; f < bound; f++) {
        uint64_t size = function_inlined_size(words, n, fn, bound, f);
        if (size > largest) largest = size;
        if (f < bound && fn[f].calls > *calls) *calls = fn[f].calls;
    }
    free(fn);
    return largest;
}

/* A cooperative-matrix module (spv_fragment.c) goes without
 * --eliminate-dead-code-aggressive: it does not see OpCooperativeMatrixLoadNV
 * read memory, and removed the stores that staged a GEMM's tiles in
 * tile_static memory (the driver removes what is dead anyway).
 *
 * SPIRV-Tools 2023.1's --ccp goes over the values of every function so far
 * after each function: quadratic in the kernels of a module (2,000 kernels:
 * 8 of 15 s). A module with many kernels (only ever the file's, when it is
 * shown) goes without it; the other passes still fold constants, and
 * drivers propagate them anyway. A module too large once inlined goes
 * without --redundancy-elimination (above). */
static size_t recipe(size_t kernels, bool huge, bool cooperative, const char **out) {
    size_t n = 0;
    for (size_t i = 0; i < NPASSES; i++)
        if ((kernels <= CCP_MAX_KERNELS || strcmp(passes[i], "--ccp")) &&
            (!huge || strcmp(passes[i], "--redundancy-elimination")) &&
            (!cooperative || strcmp(passes[i], "--eliminate-dead-code-aggressive")))
            out[n++] = passes[i];
    return n;
}

/* -v: the spirv-opt command that does what the in-process optimizer does,
 * as -v shows the host compiler's commands. */
static void print_command(const Unit *u, size_t kernels, bool huge, const char *which) {
    const char *flags[NPASSES];
    size_t nflags = recipe(kernels, huge, false, flags);
    fprintf(stderr, " spirv-opt --target-env=vulkan1.2");
    for (size_t i = 0; i < nflags; i++) fprintf(stderr, " %s", flags[i]);
    fprintf(stderr, " %s.spv -o %s.spv   (in campcc's process: SPIRV-Tools' optimizer, on %s)\n", u->path, u->path,
            which);
}

/* Optimizes the module *words of *n words, kernel k's (NULL: the file's),
 * and marks the math library's float operations exact again
 * (spv_inline.c); on success *words is the new module. */
static bool optimize_module(Unit *u, uint32_t **words, size_t *n, const Kernel *k) {
    size_t kernels = k ? 1 : (size_t)u->kernels.len;
    uint64_t calls, inlined = largest_inlined_function(*words, *n, &calls);
    if (inlined > OPTIMIZER_MAX_INSTRUCTIONS || calls > OPTIMIZER_MAX_INLINED_CALLS) {
        if (u->opts->verbose && k)
            fprintf(stderr, " (the kernel at %s:%u, a function of %llu instructions and %llu calls once inlined, goes "
                            "without the optimizer)\n",
                    k->loc.file, k->loc.line, (unsigned long long)inlined, (unsigned long long)calls);
        return true;
    }
    bool huge = inlined > REDUNDANCY_MAX_INSTRUCTIONS;
    if (u->opts->verbose && k && huge)
        fprintf(stderr, " (the kernel at %s:%u, a function of %llu instructions once inlined, goes without --redundancy-elimination)\n",
                k->loc.file, k->loc.line, (unsigned long long)inlined);
    if (u->opts->verbose && !k) print_command(u, kernels, huge, "the file's module, which -S shows");
    const char *flags[NPASSES];
    size_t nflags = recipe(kernels, huge, k && (k->features & CAMP_FEATURE_COOPERATIVE_MATRIX), flags);
    uint32_t *out = NULL;
    size_t nout = 0;
    char error[512];
    if (!camp_spirv_optimize(*words, *n, flags, nflags, &out, &nout, error, sizeof error)) {
        if (k)
            fprintf(stderr, "campcc: internal error: the SPIR-V optimizer failed on the module of the kernel at %s:%u",
                    k->loc.file, k->loc.line);
        else
            fprintf(stderr, "campcc: internal error: the SPIR-V optimizer failed on the module for '%s'", u->path);
        fprintf(stderr, "%s%s\n", error[0] ? ": " : "", error);
        u->diag->errors++;
        return false;
    }
    free(*words);
    *words = out;
    *n = nout;
    spv_unwrap_returns(*words, n);
    spv_remake_loop_steps(words, n);
    if (u->opts->debug_lines) spv_drop_dangling_debug(*words, n);
    return spv_restore_exact(u, words, n) && spv_restore_aliasing(u, words, n);
}

bool spv_optimize_unit_module(Unit *u) { return optimize_module(u, &u->spirv, &u->spirv_words, NULL); }

/* Kernel k's module optimized and cut again into `out`: the optimizer may
 * have dropped a use of what its features and capabilities came from. */
static bool optimize_kernel(Unit *u, Kernel *k, WordBuf *out) {
    size_t n = k->spirv_words;
    uint32_t *words = malloc(sizeof *words * (n ? n : 1));
    if (!words) unreachable("out of memory");
    memcpy(words, u->kernel_spirv + k->spirv_offset, sizeof *words * n);
    bool cooperative = k->features & CAMP_FEATURE_COOPERATIVE_MATRIX;
    if (cooperative) n = spv_hide_cooperative_extension(words, n);
    bool ok = optimize_module(u, &words, &n, k);
    /* its loops over arrays of fragments are in the unroller's form only
     * after the recipe's first run (their counters in SSA form) */
    if (ok && cooperative) ok = optimize_module(u, &words, &n, k);
    if (ok && cooperative) spv_restore_cooperative_extension(&words, &n);
    ok = ok && spv_recut_kernel(u, k, words, n, out);
    free(words);
    return ok;
}

bool spv_optimize_kernels(Unit *u) {
    if (u->opts->verbose) print_command(u, 1, false, "each kernel's module");
    WordBuf out = {0};
    bool ok = true;
    for (int i = 0; i < u->kernels.len && ok; i++) {
        Kernel *k = u->kernels.items[i];
        ok = optimize_kernel(u, k, &out) && (!k->cooperative || optimize_kernel(u, k->cooperative, &out));
    }
    if (!ok) {
        wb_free(&out);
        return false;
    }
    free(u->kernel_spirv);
    u->kernel_spirv = out.w;
    u->kernel_spirv_words = out.n;
    return true;
}
