/* compile.c — the pipeline for one translation unit, in one place:
 * parse → find and lower kernels → check → layout → SPIR-V → validate.
 * The host C is written afterwards by the driver (host_emit). */
#include "campcc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool read_source(Unit *u) {
    FILE *f = fopen(u->path, "rb");
    if (!f) {
        diag_tool_error("no such file or directory: '%s'", u->path);
        return false;
    }
    StrBuf sb = {0};
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) sb_append(&sb, buf, n);
    bool ok = !ferror(f);
    if (!ok) diag_tool_error("cannot read '%s': %s", u->path, strerror(errno));
    fclose(f);
    u->source = arena_strndup(&u->arena, sb.data ? sb.data : "", sb.len);
    u->source_len = sb.len;
    sb_free(&sb);
    return ok;
}

static bool run_pipeline(Unit *u) {
    if (!read_source(u)) return false;
    if (!frontend_run(u)) return false;
    if (!check_unit(u)) return false;
    if (!check_tiles(u)) return false;
    layout_kernels(u);
    if (u->diag->errors) return false;
    if (u->kernels.len == 0) return true; /* host code only: no module (one without entry points is invalid) */
    if (!spv_emit_module(u)) return false;
    if (!spv_validate(u)) return false;
    if (u->opts->opt_level > 0 && (!spv_optimize(u) || !spv_validate(u))) return false;
    return true;
}

bool compile_unit(Unit *u) {
    int errors = u->diag->errors, warnings = u->diag->warnings;
    bool ok = run_pipeline(u);
    diag_summary(u->diag, errors, warnings);
    return ok;
}
