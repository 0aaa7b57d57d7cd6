/* spv_opt.c — the SPIR-V optimizer at -O1 and above. The SPIRV-Tools C API
 * has no optimizer entry point (only its C++ API does), so the module goes
 * through the `spirv-opt` program that ships with SPIRV-Tools, via temporary
 * files in a private directory that are always removed. */
#include "campcc.h"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t *read_words(const char *path, size_t *n) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    StrBuf sb = {0};
    bool ok = sb_read_stream(&sb, f);
    fclose(f);
    if (!ok || sb.len % 4 || !sb.len) {
        sb_free(&sb);
        return NULL;
    }
    *n = sb.len / 4;
    return (uint32_t *)sb.data;
}

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

enum { NPASSES = sizeof passes / sizeof *passes };

static bool run_optimizer(const char *in, const char *out) {
    const char *argv[NPASSES + 6] = {CAMP_SPIRV_OPT};
    for (int i = 0; i < NPASSES; i++) argv[1 + i] = passes[i];
    argv[NPASSES + 1] = "--target-env=vulkan1.2";
    argv[NPASSES + 2] = in;
    argv[NPASSES + 3] = "-o";
    argv[NPASSES + 4] = out;
    argv[NPASSES + 5] = NULL;
    ProgramStatus st = run_program((char *const *)argv, NULL);
    if (st.spawn_error) {
        diag_tool_error("cannot run the SPIR-V optimizer '%s': %s", argv[0], strerror(st.spawn_error));
        return false;
    }
    if (st.signal || st.exit_code) {
        fprintf(stderr, "campcc: internal error: the SPIR-V optimizer failed on the module for this file\n");
        return false;
    }
    return true;
}

/* The module goes in and out through a directory of campcc's own: no other
 * user can create, or plant a link at, either name. */
bool spv_optimize(Unit *u) {
    char *dir = make_temp_dir(&u->arena);
    if (!dir) {
        u->diag->errors++;
        return false;
    }
    char *in = arena_printf(&u->arena, "%s/module.spv", dir), *out = arena_printf(&u->arena, "%s/optimized.spv", dir);
    cleanup_add(in);
    cleanup_add(out);
    bool ok = write_file(in, u->spirv, u->spirv_words * sizeof *u->spirv) && run_optimizer(in, out);
    size_t n = 0;
    uint32_t *words = ok ? read_words(out, &n) : NULL;
    cleanup_remove(out);
    cleanup_remove(in);
    cleanup_remove(dir);
    if (!words) {
        if (ok) diag_tool_error("cannot read the optimized SPIR-V module");
        u->diag->errors++;
        return false;
    }
    free(u->spirv);
    u->spirv = words;
    u->spirv_words = n;
    return true;
}
