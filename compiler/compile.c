/* compile.c — the pipeline for one translation unit, in one place:
 * parse → find and lower kernels → check → analyses (pointer storage,
 * non-negative integers, fences, layout) → SPIR-V → validate (→ optimize
 * → validate) → host C. */
#include "campcc.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool read_source(Unit *u) {
    FILE *f = open_source(u->read_from ? u->read_from : u->path);
    if (!f) return false;
    StrBuf sb = {0};
    bool ok = sb_read_stream(&sb, f);
    if (!ok) diag_tool_error("cannot read '%s': %s", u->path, strerror(errno));
    fclose(f);
    u->source = arena_strndup(&u->arena, sb.data ? sb.data : "", sb.len);
    u->source_len = sb.len;
    sb_free(&sb);
    return ok;
}

/* The SPIR-V optimizer on each kernel's module (spv_opt.c), which is
 * validated again; on the file's module too when it is shown. */
static bool optimize(Unit *u) {
    double t = time_now();
    bool ok = spv_optimize_kernels(u) && (!u->opts->show_module || spv_optimize_unit_module(u));
    time_phase_end(TIME_OPTIMIZE, t);
    if (!ok) return false;
    t = time_now();
    ok = spv_validate_kernels(u);
    time_phase_end(TIME_VALIDATE, t);
    return ok;
}

/* Each kernel's own module (spv_split.c), which is what the program
 * holds, validated: each is small, where the unit's module of a file with
 * thousands of kernels took the validator gigabytes. */
static bool split_and_validate(Unit *u) {
    double t = time_now();
    bool ok = spv_split_kernels(u) && spv_emit_cooperative_kernels(u);
    time_phase_end(TIME_EMIT, t);
    if (!ok) return false;
    t = time_now();
    ok = spv_validate_kernels(u);
    time_phase_end(TIME_VALIDATE, t);
    return ok;
}

static void dump_after(Unit *u, IrStage stage) {
    if (u->opts->dump_ir == stage) dump_ir(u, stage, stdout);
}

/* The analyses the emitter reads, each followed by its --dump-ir point. */
static void analyze(Unit *u) {
    if (u->opts->check) bounds_instrument(u), races_instrument(u);
    report_scan(u);
    for (int i = 0; i < u->funcs.len; i++) {
        Func *f = u->funcs.items[i];
        if (f->body) nonneg_scan(f->body, NULL, 0);
    }
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        nonneg_scan(k->body, k->tiled ? k->tile_index : &k->idx, k->tiled ? 5 : 1);
    }
    dump_after(u, IR_AFTER_NONNEG);
    for (int i = 0; i < u->kernels.len; i++) fence_scan(u->kernels.items[i]);
    dump_after(u, IR_AFTER_FENCES);
    exact_fp_spread(u);
    layout_kernels(u);
    alignment_scan(u);
    find_loop_checks(u);
    mark_unrolled_loops(u);
    vectorize_kernels(u);
    dump_after(u, IR_AFTER_LAYOUT);
}

static bool run_pipeline(Unit *u) {
    if (!read_source(u)) return false;
    if (!frontend_run(u)) return false; /* times its parse as TIME_PARSE, the rest as TIME_FRONTEND */
    half_precision(u);
    merge_switched_buffers(u);
    dump_after(u, IR_AFTER_LOWERING);
    double t = time_now();
    bool checked = check_unit(u) && check_nesting(u) && check_tiles(u) && fragment_scan(u) && check_private_memory(u);
    if (checked) { /* both run, so that both report */
        bool emittable = check_emittable(u), storage_known = ptr_storage_scan(u);
        checked = emittable && storage_known;
    }
    if (checked) dump_after(u, IR_AFTER_PTR_STORAGE), analyze(u);
    time_phase_end(TIME_FRONTEND, t);
    if (!checked || u->diag->errors) return false;
    if (u->kernels.len == 0) return true; /* host code only: no module (one without entry points is invalid) */
    t = time_now();
    bool emitted = spv_emit_module(u, false);
    if (emitted) spv_choose_inlining(u);
    time_phase_end(TIME_EMIT, t);
    if (!emitted || !split_and_validate(u)) return false;
    if (u->opts->opt_level > 0 && !optimize(u)) return false;
    spv_disjoint_bits_as_add(u);
    spv_divide_by_constants(u);
    t = time_now();
    host_emit(u, &u->host);
    time_phase_end(TIME_HOST_EMIT, t);
    return true;
}

/* Parsing and every pass recurse over the AST and the IR, as deep as the
 * user's code nests: run them on a thread with a stack to match (only the
 * pages used are ever touched), and have libclang parse on that thread
 * rather than on its own 8 MiB one. restrictions.c bounds the nesting of
 * amp code so that the later passes fit. */
enum { PIPELINE_STACK = 1 << 30 };

typedef struct PipelineRun {
    Unit *u;
    bool ok;
} PipelineRun;

static void *pipeline_thread(void *arg) {
    PipelineRun *run = arg;
    run->ok = run_pipeline(run->u);
    return NULL;
}

static bool run_pipeline_on_big_stack(Unit *u) {
    setenv("LIBCLANG_NOTHREADS", "1", 0);
    PipelineRun run = {u, false};
    pthread_attr_t attr;
    pthread_t thread;
    bool started = pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, PIPELINE_STACK) == 0 &&
                   pthread_create(&thread, &attr, pipeline_thread, &run) == 0;
    pthread_attr_destroy(&attr);
    if (!started) return run_pipeline(u); /* no such stack to be had: the caller's will do for most code */
    pthread_join(thread, NULL);
    return run.ok;
}

bool compile_unit(Unit *u) {
    int said = u->diag->said, warnings = u->diag->warnings;
    bool ok = run_pipeline_on_big_stack(u);
    if (ok && u->opts->target_profile) ok = check_target_profile(u, u->opts->target_profile);
    diag_summary(u->diag, said, warnings);
    return ok;
}
