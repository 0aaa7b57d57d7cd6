/* macro_misuse.c — clang's errors where a program misuses camp.h's macros
 * (parallel_for_each, a tiled index's members), said in the program's
 * terms. clang spells the type of a parallel_for_each index as the macro
 * builds it, a typeof of a _Generic hundreds of characters long, and
 * meets the arguments of parallel_for_each(extent(n), idx) as a dozen
 * unrelated errors; a first-time user of the dialect writes both. */
#include "frontend.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Whether a type's spelling is the one parallel_for_each builds for its index. */
static bool is_index_type(const char *spelling, size_t len) {
    static const char *const marks[] = {"camp_pfe_loop_", "camp_extent_size_at", "CAMP_TILE_EXACT"};
    for (size_t i = 0; i < sizeof marks / sizeof *marks; i++) {
        size_t m = strlen(marks[i]);
        for (size_t k = 0; k + m <= len; k++)
            if (!memcmp(spelling + k, marks[i], m)) return true;
    }
    return false;
}

char *fe_tidy_clang_text(Frontend *fe, const char *text, bool *index_type) {
    *index_type = false;
    if (strstr(text, "cannot combine with previous 'typeof' declaration specifier"))
        return arena_strdup(fe->a, "parallel_for_each declares its index itself: write only its name, "
                                   "parallel_for_each(idx, extent(n)), not a type before it");
    size_t n = strlen(text), out_len = 0;
    /* each spelling replaced is 16 bytes or more, its replacement at most 37 */
    char *out = arena_alloc(fe->a, 2 * n + 64);
    for (size_t i = 0; i < n;) {
        const char *close = text[i] == '\'' ? strchr(text + i + 1, '\'') : NULL;
        if (close && is_index_type(text + i + 1, (size_t)(close - text - i - 1))) {
            /* 'typeof (...)' (aka 'int') is said 'int' (parallel_for_each's index) */
            const char *after = close + 1, *type = NULL, *type_end = NULL;
            if (!strncmp(after, " (aka '", 7)) {
                type = after + 6;
                type_end = strchr(type + 1, '\'');
            }
            if (type_end && type_end[1] == ')') {
                out_len += (size_t)sprintf(out + out_len, "%.*s (parallel_for_each's index)",
                                           (int)(type_end - type + 1), type);
                after = type_end + 2;
            } else {
                out_len += (size_t)sprintf(out + out_len, "the type of parallel_for_each's index");
            }
            i = (size_t)(after - text);
            *index_type = true;
            continue;
        }
        out[out_len++] = text[i++];
    }
    out[out_len] = 0;
    return out;
}

void fe_note_index_misuse(Frontend *fe, const char *text, SrcLoc loc) {
    if (!strncmp(text, "subscripted value is not an array, pointer, or vector", 53)) {
        /* C++ AMP's idx[0] of an index<1>; once, and only in a file that has kernels */
        if (!fe->noted_rank1_index && fe->u->source && strstr(fe->u->source, "parallel_for_each"))
            diag_note(fe->u->diag, loc,
                      "if this is a kernel's index of rank 1 (or a tiled index's .global or .local of rank 1): it "
                      "is an int, not a vector as C++ AMP's index<1> is; write idx, not idx[0]");
        fe->noted_rank1_index = true;
    } else if (!strncmp(text, "member reference base type", 26))
        diag_note(fe->u->diag, loc,
                  "an untiled kernel's index is an int (an intN of rank N): .global, .local, .tile and .barrier "
                  "are members of a tiled kernel's index, parallel_for_each(t, tile(extent(n), 16))");
    else if (strstr(text, "tile_barrier"))
        diag_note(fe->u->diag, loc, "a tile barrier is the tiled index's member: tile_barrier_wait(t.barrier)");
}

/* The line of the main file holding byte offset `off`: its first byte and its length. */
static const char *line_at(Frontend *fe, unsigned off, size_t *len) {
    const char *src = fe->u->source;
    size_t n = fe->u->source_len, begin = off < n ? off : n, end = begin;
    while (begin > 0 && src[begin - 1] != '\n') begin--;
    while (end < n && src[end] != '\n') end++;
    *len = end - begin;
    return src + begin;
}

static size_t skip_blanks(const char *s, size_t i, size_t n) {
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    return i;
}

/* The name after the domain (`idx` in `extent(16), idx)`), whose uses in the
 * kernel are then undeclared, which the error for the line says already. */
static void swapped_index_name(Frontend *fe, const char *args, size_t n) {
    size_t i = 0;
    for (int depth = 0; i < n; i++) {
        if (args[i] == '(') depth++;
        else if (args[i] == ')' && --depth == 0) break;
    }
    i = skip_blanks(args, i + 1, n);
    if (i >= n || args[i] != ',') return;
    size_t begin = skip_blanks(args, i + 1, n), end = begin;
    while (end < n && (args[end] == '_' || isalnum((unsigned char)args[end]))) end++;
    if (end > begin)
        fe->swapped_index =
            arena_printf(fe->a, "use of undeclared identifier '%.*s'", (int)(end - begin), args + begin);
}

bool fe_swapped_pfe_arguments(Frontend *fe, CXDiagnostic dg, PtrVec *lines_reported) {
    if (fe->swapped_index) {
        CXString text = clang_getDiagnosticSpelling(dg);
        bool said = !strcmp(clang_getCString(text), fe->swapped_index);
        clang_disposeString(text);
        if (said) return true;
    }
    CXFile file;
    unsigned line, off;
    clang_getExpansionLocation(clang_getDiagnosticLocation(dg), &file, &line, NULL, &off);
    if (!file || !clang_File_isEqual(file, fe->main_file)) return false;
    size_t n;
    const char *text = line_at(fe, off, &n);
    static const char pfe[] = "parallel_for_each";
    for (size_t i = 0; i + sizeof pfe - 1 <= n; i++) {
        if (memcmp(text + i, pfe, sizeof pfe - 1)) continue;
        size_t j = skip_blanks(text, i + sizeof pfe - 1, n);
        if (j >= n || text[j] != '(') continue;
        j = skip_blanks(text, j + 1, n);
        bool domain_first = (n - j >= 7 && !memcmp(text + j, "extent(", 7)) ||
                            (n - j >= 9 && !memcmp(text + j, "extent64(", 9)) ||
                            (n - j >= 5 && !memcmp(text + j, "tile(", 5));
        if (!domain_first) continue;
        for (int k = 0; k < lines_reported->len; k++)
            if ((uintptr_t)lines_reported->items[k] == line) return true;
        vec_push(fe->a, lines_reported, (void *)(uintptr_t)line);
        swapped_index_name(fe, text + j, n - j);
        diag_error(fe->u->diag, fe_loc_at(fe, file, line, (unsigned)(i + 1)),
                   "parallel_for_each takes the index's name first, then the extent: "
                   "parallel_for_each(idx, extent(n)) (C++ AMP's order, parallel_for_each(extent, lambda), is "
                   "not C AMP's)");
        return true;
    }
    return false;
}
