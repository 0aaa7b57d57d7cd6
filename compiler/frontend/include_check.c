/* include_check.c — an #include of something that is not a file, refused
 * before libclang sees the file.
 *
 * libclang takes every file for one that may change while it reads (it
 * parses for editors) and so reads to the end rather than the size stat
 * gives: `#include "/dev/zero"` grew campcc by gigabytes before failing,
 * and a FIFO blocks it forever (clang, which reads the size stat gives,
 * takes /dev/zero for empty and blocks on a FIFO as well). So the main
 * file's #include lines, and those of the headers they name, are scanned
 * first: a name that is found and is a device, a FIFO or a socket is an
 * error at the directive. Names are looked up as clang does for the plain
 * cases (absolute, beside the including file for "", then -I and
 * -iquote directories); a name a macro makes is left to libclang. */
#include "frontend.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* Headers deeper than this are not scanned (libclang stops at 200). */
enum { MAX_INCLUDE_DEPTH = 32 };

/* A header already scanned, by its file's identity. */
typedef struct ScannedFile {
    dev_t dev;
    ino_t ino;
} ScannedFile;

typedef struct IncludeScan {
    Unit *u;
    bool refused;
    /* Each header is scanned once: headers that include each other (camp.h
     * and its parts) made the scan exponential in the depth. */
    ScannedFile *scanned;
    int nscanned, cap_scanned;
} IncludeScan;

/* Whether the file of `st` was scanned before; notes it if not. */
static bool already_scanned(IncludeScan *s, const struct stat *st) {
    for (int i = 0; i < s->nscanned; i++)
        if (s->scanned[i].dev == st->st_dev && s->scanned[i].ino == st->st_ino) return true;
    if (s->nscanned == s->cap_scanned) {
        int cap = s->cap_scanned ? 2 * s->cap_scanned : 16;
        ScannedFile *grown = arena_alloc(&s->u->arena, (size_t)cap * sizeof *grown);
        if (s->nscanned) memcpy(grown, s->scanned, (size_t)s->nscanned * sizeof *grown);
        s->scanned = grown;
        s->cap_scanned = cap;
    }
    s->scanned[s->nscanned++] = (ScannedFile){st->st_dev, st->st_ino};
    return false;
}

static const char *kind_of(mode_t mode) {
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISSOCK(mode)) return "a socket";
    return NULL; /* a file, or a directory (which clang does not find) */
}

/* The directory part of path, with its '/', or "" */
static char *dir_of(Arena *a, const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? arena_printf(a, "%.*s", (int)(slash - path + 1), path) : arena_strdup(a, "");
}

/* The path `name` is found at (stat in *st), or NULL. */
static const char *find_include(IncludeScan *s, const char *name, bool quoted, const char *dir, struct stat *st) {
    if (name[0] == '/') return stat(name, st) == 0 ? name : NULL;
    if (quoted) {
        const char *p = arena_printf(&s->u->arena, "%s%s", dir, name);
        if (stat(p, st) == 0 && !S_ISDIR(st->st_mode)) return p;
    }
    const char *const *args = s->u->opts->clang_args;
    int n = s->u->opts->nclang_args;
    for (int i = 0; i < n; i++) {
        const char *d = NULL;
        if (!strncmp(args[i], "-I", 2)) d = args[i][2] ? args[i] + 2 : i + 1 < n ? args[++i] : NULL;
        else if (quoted && !strcmp(args[i], "-iquote") && i + 1 < n) d = args[++i];
        if (!d) continue;
        const char *p = arena_printf(&s->u->arena, "%s/%s", d, name);
        if (stat(p, st) == 0 && !S_ISDIR(st->st_mode)) return p;
    }
    return NULL;
}

static void scan_text(IncludeScan *s, const char *path, const char *text, size_t n, int depth);

/* A header found: scanned too, when it is a file of its own. */
static void scan_header(IncludeScan *s, const char *path, int depth) {
    if (depth >= MAX_INCLUDE_DEPTH) return;
    FILE *f = fopen(path, "rb");
    if (!f) return;
    StrBuf text = {0};
    if (sb_read_stream(&text, f)) scan_text(s, path, text.data, text.len, depth + 1);
    fclose(f);
    sb_free(&text);
}

/* One `#include` line: s[i] is the first character after `include`. */
static void check_directive(IncludeScan *s, const char *path, const char *text, size_t n, size_t i, unsigned line,
                            size_t line_start, int depth) {
    while (i < n && (text[i] == ' ' || text[i] == '\t')) i++;
    if (i >= n || (text[i] != '"' && text[i] != '<')) return; /* a macro: libclang's */
    char close = text[i] == '"' ? '"' : '>';
    size_t start = i + 1, end = start;
    while (end < n && text[end] != close && text[end] != '\n') end++;
    if (end >= n || text[end] != close || end == start) return;
    char *name = arena_printf(&s->u->arena, "%.*s", (int)(end - start), text + start);
    struct stat st;
    const char *found = find_include(s, name, close == '"', dir_of(&s->u->arena, path), &st);
    if (!found) return;
    const char *kind = kind_of(st.st_mode);
    if (!kind) {
        if (S_ISREG(st.st_mode) && close == '"' && !already_scanned(s, &st)) scan_header(s, found, depth);
        return;
    }
    diag_error(s->u->diag, (SrcLoc){path, line, (unsigned)(i - line_start) + 1, false},
               "'%s' is %s, not a file: campcc does not include it", name, kind);
    s->refused = true;
}

/* Finds `#` `include` at the start of each line (spaces and tabs around
 * the `#`); comments and continued lines are not looked into. */
static void scan_text(IncludeScan *s, const char *path, const char *text, size_t n, int depth) {
    unsigned line = 1;
    for (size_t i = 0; i < n; line++) {
        size_t line_start = i, j = i;
        while (j < n && (text[j] == ' ' || text[j] == '\t')) j++;
        if (j < n && text[j] == '#') {
            j++;
            while (j < n && (text[j] == ' ' || text[j] == '\t')) j++;
            if (n - j >= 7 && !strncmp(text + j, "include", 7))
                check_directive(s, path, text, n, j + 7, line, line_start, depth);
        }
        while (i < n && text[i] != '\n') i++;
        i++;
    }
}

bool fe_check_includes(Unit *u) {
    IncludeScan s = {.u = u};
    scan_text(&s, u->path, u->source, u->source_len, 0);
    return !s.refused;
}
