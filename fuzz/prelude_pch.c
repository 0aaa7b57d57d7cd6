/* prelude_pch.c — the precompiled headers the harness parses every input
 * with. Parsing <camp.h> and the C headers anew was most of an input's
 * time (some 90 ms of 100 under the sanitizers); an input now parses only
 * its own text on top of a PCH made once per run by this process's own
 * libclang (so its version always matches). Every input sees these
 * headers, included or not: harmless for fuzzing, where an input's own
 * #include of one is skipped by its include guard. */
#include "prelude_pch.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What the dialect's programs include (test/, samples/, fuzz/seeds/). */
static const char prelude[] =
    "#include <camp.h>\n#include <assert.h>\n#include <float.h>\n#include <limits.h>\n#include <math.h>\n"
    "#include <stdarg.h>\n#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n#include <stdio.h>\n"
    "#include <stdlib.h>\n#include <string.h>\n";

static char dir[4096];
static char header[4096 + 16];
static char pch[2][4096 + 16];

static void remove_files(void) {
    for (int i = 0; i < 2; i++) remove(pch[i]);
    remove(header);
    rmdir(dir);
}

/* One PCH: the prelude parsed as a header with the frontend's own macro
 * for the parse it serves (frontend.c's parse). Without the detailed
 * preprocessing record: the headers' 4,300 macro records would be read
 * by the first walk of every unit clang accepts, a third of that walk's
 * time (docs/fuzzing.md, Throughput), and the frontend looks at macros
 * only where the user's code expands them. The one thing lost: a macro of the
 * math library that host code expands with no call of the library behind
 * it (a constant) no longer marks the host C as using the library, which
 * changes only the host C's first line, not compiled here. */
static bool make_pch(const char *include_dir, bool vector_math, const char *out) {
    const char *args[] = {"-x", "c-header", "-I", include_dir, "-DCAMP_WITHOUT_VECTOR_MATH_=1"};
    int nargs = vector_math ? 4 : 5;
    CXIndex index = clang_createIndex(0, 1);
    CXTranslationUnit tu = NULL;
    const unsigned flags = CXTranslationUnit_ForSerialization | CXTranslationUnit_Incomplete;
    bool ok = clang_parseTranslationUnit2(index, header, args, nargs, NULL, 0, flags, &tu) == CXError_Success &&
              clang_getNumDiagnostics(tu) == 0 && clang_saveTranslationUnit(tu, out, 0) == CXSaveError_None;
    if (tu) clang_disposeTranslationUnit(tu);
    clang_disposeIndex(index);
    return ok;
}

bool prelude_pch_make(const char *include_dir, const char *pch_out[2]) {
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/campcc-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) return false;
    atexit(remove_files);
    snprintf(header, sizeof header, "%s/prelude.h", dir);
    FILE *f = fopen(header, "w");
    bool ok = f && fputs(prelude, f) >= 0;
    if (f && fclose(f) != 0) ok = false;
    for (int i = 0; ok && i < 2; i++) {
        snprintf(pch[i], sizeof pch[i], "%s/prelude%d.pch", dir, i);
        ok = make_pch(include_dir, i, pch[i]);
        pch_out[i] = pch[i];
    }
    return ok;
}
