/* parse_floor.c — the harness with CAMP_FUZZ_PARSE_ONLY=1 set: each input
 * is only parsed by libclang, once, on the precompiled headers with the
 * vector math, with the arguments and options campcc's parse gives it, and
 * freed. That is the least a harness over libclang pays per input, the
 * floor docs/fuzzing.md measures fuzz/run's rate against. */
#include "parse_floor.h"

#include <clang-c/Index.h>

void parse_floor(const char *path, const char *include_arg, const char *pch) {
    const char *args[] = {include_arg, "-include-pch", pch};
    const unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing;
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu = NULL;
    if (clang_parseTranslationUnit2(index, path, args, 3, NULL, 0, flags, &tu) == CXError_Success)
        (void)clang_getNumDiagnostics(tu); /* what campcc asks first */
    if (tu) clang_disposeTranslationUnit(tu);
    clang_disposeIndex(index);
}
