/* campcc_fuzz.c — libFuzzer harness: one input is one dialect source file,
 * compiled front to back as campcc compiles it (libclang parse, the §5
 * restrictions, lowering, checks, layout, SPIR-V emission and validation,
 * the optimizer and validation again, host C), with -g's debug information
 * for inputs of odd length and -O1 for an eighth of each. The usual headers
 * come precompiled (prelude_pch.c); the rest is campcc's own code. Any
 * crash, sanitizer report, timeout or abort() — our unreachable() included
 * — is a bug, and so is an error after SPIR-V emission (the emitter's, the
 * validator's, the optimizer's: all internal errors); diagnostics before it
 * are the expected answer to bad input. Run by
 * fuzz/run (docs/fuzzing.md). With CAMP_FUZZ_PARSE_ONLY=1 in the
 * environment, an input is only parsed (parse_floor.c): the measure of
 * what libclang alone costs. */
#include "campcc.h"
#include "config.h"
#include "frontend.h"
#include "parse_floor.h"
#include "prelude_pch.h"

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* An input that starts with '@' is the body of a kernel, and one that
 * starts with '$' the body of a tiled kernel (tiles of 4, tile_static
 * arrays ts and tf), given a prelude: mutations then stay inside amp code,
 * where changes to whole programs rarely reach past the parse. Both have
 * the index i and the same captures. Seeds: fuzz/seeds/. */
static const char kernel_prelude[] =
    "#include <camp.h>\n"
    "#include <math.h>\n"
    "struct pt { int x; float y; };\n"
    "int twice(int v) restrict(amp) { return 2 * v; }\n"
    "float scale(float v, float by) restrict(cpu, amp) { return v * by; }\n"
    "int main(void) {\n"
    "    int a[16] = {0}; float f[16] = {0}; double d[16] = {0}; unsigned u[16] = {0};\n"
    "    struct pt p[16] = {{0}}; int m[4][4] = {{0}}; int n = 16; float s = 2.0f; int2 v2 = {1, 2};\n";
static const char untiled_kernel[] = "    parallel_for_each(i, extent(16)) {\n";
static const char tiled_kernel[] = "    parallel_for_each(t, tile(extent(16), 4)) {\n"
                                   "    tile_static int ts[4]; tile_static float tf[4]; int i = t.global;\n";
static const char kernel_postlude[] = "\n    }\n    return a[0] + (int)f[0] + (int)d[0] + (int)u[0] + p[0].x + m[0][0] + n + (int)s + v2.x;\n}\n";

/* libclang reads a file: each input is written to this one. */
static char input_path[4096];

static const char *prelude_pch[2];
static bool parse_only;

/* How far inputs get: the share that reaches SPIR-V emission is what
 * the seeds and the dictionary are for. Printed at exit (fuzz/run shows it). */
static unsigned long inputs, emitted;

static void remove_input(void) { remove(input_path); }

static void print_reach(void) {
    printf("fuzz-reach: %lu inputs, %lu reached SPIR-V emission (%.1f%%)\n", inputs, emitted,
           inputs ? 100.0 * (double)emitted / (double)inputs : 0.0);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    /* libclang's crash recovery (each clang_createIndex) and LLVM's handlers
     * for removing output files (the precompiled headers' writing) replace
     * the process's signal handlers with their own, which re-raise a
     * signal with the default action: libFuzzer's handlers never saw an
     * abort() (ours below, or unreachable()) and the process died with no
     * report and no reproducer. So no crash recovery, and the handlers the
     * headers' writing found are put back after it. */
    setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 1);
    static const int llvm_signals[] = {SIGHUP,  SIGINT,  SIGTERM, SIGUSR2, SIGILL,  SIGTRAP, SIGABRT,
                                       SIGFPE,  SIGBUS,  SIGSEGV, SIGQUIT, SIGSYS,  SIGXCPU, SIGXFSZ};
    enum { SIGNALS = sizeof llvm_signals / sizeof *llvm_signals };
    struct sigaction found[SIGNALS];
    for (int i = 0; i < SIGNALS; i++) sigaction(llvm_signals[i], NULL, &found[i]);
    const char *dir = getenv("TMPDIR");
    snprintf(input_path, sizeof input_path, "%s/campcc-fuzz-%d.c", dir && *dir ? dir : "/tmp", (int)getpid());
    atexit(remove_input);
    if (!prelude_pch_make(CAMP_SOURCE_INCLUDE, prelude_pch)) {
        fprintf(stderr, "campcc-fuzz: cannot precompile the usual headers\n");
        abort();
    }
    for (int i = 0; i < SIGNALS; i++) sigaction(llvm_signals[i], &found[i], NULL);
    atexit(print_reach);
    const char *mode = getenv("CAMP_FUZZ_PARSE_ONLY");
    parse_only = mode && *mode == '1';
    return 0;
}

/* Whether the input names anything under /dev/. */
static bool mentions_dev(const uint8_t *data, size_t size) {
    for (size_t i = 0; i + 5 <= size; i++)
        if (data[i] == '/' && data[i + 1] == 'd' && data[i + 2] == 'e' && data[i + 3] == 'v' && data[i + 4] == '/')
            return true;
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    bool tiled = size > 0 && data[0] == '$', body = tiled || (size > 0 && data[0] == '@');
    FILE *f = fopen(input_path, "wb");
    const char *kernel = tiled ? tiled_kernel : untiled_kernel;
    bool written = f && (!body || (fputs(kernel_prelude, f) >= 0 && fputs(kernel, f) >= 0)) &&
                   fwrite(data + body, 1, size - body, f) == size - body &&
                   (!body || fputs(kernel_postlude, f) >= 0);
    if (!f || fclose(f) != 0 || !written) {
        perror(input_path);
        abort(); /* the harness cannot work: say so rather than test nothing */
    }
    static const char *const clang_args[] = {"-I" CAMP_SOURCE_INCLUDE};
    if (parse_only) { /* what campcc parses: not a file it refuses first (a body's prelude has no `::`) */
        /* nor one that names a device (campcc refuses an #include of one first,
         * include_check.c; libclang would read /dev/zero until out of memory),
         * nor one whose expressions are too long for clang (expression_length.c) */
        const char *text = (const char *)data + body;
        if (fe_find_scope_operator(text, size - body) == size - body && !mentions_dev(data, size) &&
            fe_find_long_expression(text, size - body) == size - body)
            parse_floor(input_path, clang_args[0], prelude_pch[1]);
        return 0;
    }
    Options opts = {.clang_args = clang_args, .nclang_args = 1};
    opts.debug_lines = size % 2; /* -g on half the inputs: its debug information is validated too */
    /* the optimizer on an eighth (its output is validated as well): it
     * costs more than all the rest of an input that uses the math library */
    opts.opt_level = (size >> 1) % 8 == 0;
    opts.show_module = (size >> 3) % 2; /* and on the file's module, as for -S, on half of those */
    opts.prelude_pch[0] = prelude_pch[0], opts.prelude_pch[1] = prelude_pch[1];
    Diag diag = {.color = DIAG_COLOR_NEVER};
    Unit u = {.diag = &diag, .opts = &opts, .path = input_path};
    bool ok = compile_unit(&u); /* to the module and the host C */
    inputs++;
    emitted += u.spirv != NULL;
    if (u.spirv && !ok) {
        fprintf(stderr, "campcc-fuzz: an internal error after SPIR-V emission (-close_fd_mask=0 shows it)\n");
        abort();
    }
    sb_free(&u.host);
    free(u.spirv);
    free(u.kernel_spirv);
    arena_free(&u.arena);
    return 0;
}
