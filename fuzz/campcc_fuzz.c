/* campcc_fuzz.c — libFuzzer harness: one input is one dialect source file,
 * compiled front to back as campcc compiles it (libclang parse, the §5
 * restrictions, lowering, checks, layout, SPIR-V emission and validation,
 * host C). Any crash, sanitizer report, timeout or abort() — our
 * unreachable() included — is a bug; diagnostics are the expected answer
 * to bad input. Run by fuzz/run (docs/fuzzing.md). */
#include "campcc.h"
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

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
    FILE *f = fopen(input_path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
        perror(input_path);
        abort(); /* the harness cannot work: say so rather than test nothing */
    }
    static const char *const clang_args[] = {"-I" CAMP_SOURCE_INCLUDE};
    Options opts = {clang_args, 1};
    Diag diag = {.color = DIAG_COLOR_NEVER};
    Unit u = {.diag = &diag, .opts = &opts, .path = input_path};
    if (compile_unit(&u)) {
        StrBuf host = {0};
        host_emit(&u, &host);
        sb_free(&host);
    }
    free(u.spirv);
    arena_free(&u.arena);
    return 0;
}
