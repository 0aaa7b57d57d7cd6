/* campcc_fuzz.c — libFuzzer harness: one input is one dialect source file,
 * compiled front to back as campcc compiles it (libclang parse, the §5
 * restrictions, lowering, checks, layout, SPIR-V emission, with -g's debug
 * information for inputs of odd length, and validation, host C). Any
 * crash, sanitizer report, timeout or abort() — our unreachable() included
 * — is a bug; diagnostics are the expected answer to bad input. Run by
 * fuzz/run (docs/fuzzing.md). */
#include "campcc.h"
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* An input that starts with '@' is the body of a kernel, given a prelude:
 * mutations then stay inside amp code, where byte-level changes to whole
 * programs rarely reach past the parse. Seeds: fuzz/seeds/. */
static const char kernel_prelude[] =
    "#include <camp.h>\n"
    "#include <math.h>\n"
    "struct pt { int x; float y; };\n"
    "int twice(int v) restrict(amp) { return 2 * v; }\n"
    "float scale(float v, float by) restrict(cpu, amp) { return v * by; }\n"
    "int main(void) {\n"
    "    int a[16] = {0}; float f[16] = {0}; double d[16] = {0}; unsigned u[16] = {0};\n"
    "    struct pt p[16] = {{0}}; int m[4][4] = {{0}}; int n = 16; float s = 2.0f; int2 v2 = {1, 2};\n"
    "    parallel_for_each(i, extent(16)) {\n";
static const char kernel_postlude[] = "\n    }\n    return a[0] + (int)f[0] + (int)d[0] + (int)u[0] + p[0].x + m[0][0] + n + (int)s + v2.x;\n}\n";

/* libclang reads a file: each input is written to this one. */
static char input_path[4096];

static void remove_input(void) { remove(input_path); }

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    const char *dir = getenv("TMPDIR");
    snprintf(input_path, sizeof input_path, "%s/campcc-fuzz-%d.c", dir && *dir ? dir : "/tmp", (int)getpid());
    atexit(remove_input);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    bool body = size > 0 && data[0] == '@';
    FILE *f = fopen(input_path, "wb");
    bool written = f && (!body || fputs(kernel_prelude, f) >= 0) &&
                   fwrite(data + body, 1, size - body, f) == size - body &&
                   (!body || fputs(kernel_postlude, f) >= 0);
    if (!f || fclose(f) != 0 || !written) {
        perror(input_path);
        abort(); /* the harness cannot work: say so rather than test nothing */
    }
    static const char *const clang_args[] = {"-I" CAMP_SOURCE_INCLUDE};
    Options opts = {clang_args, 1};
    opts.debug_lines = size % 2; /* -g on half the inputs: its debug information is validated too */
    Diag diag = {.color = DIAG_COLOR_NEVER};
    Unit u = {.diag = &diag, .opts = &opts, .path = input_path};
    compile_unit(&u); /* to the module and the host C */
    sb_free(&u.host);
    free(u.spirv);
    free(u.kernel_spirv);
    arena_free(&u.arena);
    return 0;
}
