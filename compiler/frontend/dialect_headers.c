/* dialect_headers.c — where the dialect's own headers are: <camp.h> and
 * those beside it (<camp_math.h>, camp_math/..., <camp_bits.h>, ...). Their
 * code is the implementation's: the restrictions do not check it, and the
 * searches of the translation unit for kernels skip it rather than walk the
 * math library's thousands of statements each time (found once, here). */
#include "frontend.h"

#include <string.h>

/* Takes `file`'s directory as the dialect's if it is camp.h. */
static void note_if_camp_h(Frontend *fe, CXFile file) {
    CXString name = clang_getFileName(file);
    const char *path = clang_getCString(name);
    const char *slash = path ? strrchr(path, '/') : NULL;
    if (!fe->dialect_dir && slash && strcmp(slash + 1, "camp.h") == 0)
        fe->dialect_dir = arena_strndup(fe->a, path, (size_t)(slash - path) + 1);
    clang_disposeString(name);
}

/* Finds <camp.h> among the included files. */
static void find_camp_h(CXFile included, CXSourceLocation *stack, unsigned depth, CXClientData data) {
    (void)stack, (void)depth;
    note_if_camp_h(data, included);
}

void fe_find_dialect_dir(Frontend *fe, const CXCursor *top, int n) {
    clang_getInclusions(fe->tu, find_camp_h, fe);
    /* The files of a precompiled header (-include-pch) are not among the
     * inclusions libclang lists: then <camp.h> is found by its declarations. */
    for (int i = 0; i < n && !fe->dialect_dir; i++) {
        CXFile file;
        clang_getExpansionLocation(clang_getCursorLocation(top[i]), &file, NULL, NULL, NULL);
        if (file) note_if_camp_h(fe, file);
    }
}

/* Whether `file` is one of the dialect's headers. */
static bool is_dialect_header(const Frontend *fe, CXFile file) {
    if (!fe->dialect_dir || !file || clang_File_isEqual(file, fe->main_file)) return false;
    CXString s = clang_getFileName(file);
    const char *path = clang_getCString(s);
    bool yes = path && strncmp(path, fe->dialect_dir, strlen(fe->dialect_dir)) == 0;
    clang_disposeString(s);
    return yes;
}

bool fe_in_dialect_headers(const Frontend *fe, CXCursor c) {
    CXFile file;
    clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
    return is_dialect_header(fe, file);
}

/* Whether l was written in the dialect's headers (a macro of theirs
 * expanded elsewhere). */
bool fe_spelled_in_dialect_headers(const Frontend *fe, CXSourceLocation l) {
    CXFile file;
    clang_getSpellingLocation(l, &file, NULL, NULL, NULL);
    return is_dialect_header(fe, file);
}
