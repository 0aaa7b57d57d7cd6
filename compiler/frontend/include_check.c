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
 * -iquote directories). A name a macro makes (`#include DEV`) is followed
 * through object-like macros defined once, by -D or `#define` in the
 * files scanned before the directive (`#if` is not looked into: a macro
 * defined twice is left to libclang, as is one with parameters). */
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

/* An object-like macro met so far, for `#include NAME`. */
typedef struct Macro {
    const char *name, *value; /* the replacement, from its first non-blank */
    bool ambiguous;           /* defined more than once: maybe under #if */
} Macro;

typedef struct IncludeScan {
    Unit *u;
    bool refused;
    PtrVec macros; /* Macro* */
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

static size_t skip_blanks(const char *text, size_t n, size_t i) {
    while (i < n && (text[i] == ' ' || text[i] == '\t')) i++;
    return i;
}

/* Where the line of text[i] ends (its newline, or n). */
static size_t line_end(const char *text, size_t n, size_t i) {
    while (i < n && text[i] != '\n') i++;
    return i;
}

/* Whether text[j, n) is directive `word` followed by a blank, and so its
 * words from *words (their first non-blank) to the end of the line. */
static bool directive_is(const char *text, size_t n, size_t j, const char *word, size_t *words) {
    size_t len = strlen(word);
    if (n - j <= len || strncmp(text + j, word, len) || (text[j + len] != ' ' && text[j + len] != '\t')) return false;
    *words = skip_blanks(text, n, j + len);
    return true;
}

static bool is_ident_start(char c) { return isalpha((unsigned char)c) || c == '_'; }

/* The length of the identifier at s[0, n), 0 if none starts there. */
static size_t ident_length(const char *s, size_t n) {
    size_t len = 0;
    if (n && is_ident_start(s[0]))
        while (len < n && (is_ident_start(s[len]) || isdigit((unsigned char)s[len]))) len++;
    return len;
}

static Macro *find_macro(IncludeScan *s, const char *name, size_t len) {
    for (int i = 0; i < s->macros.len; i++) {
        Macro *m = s->macros.items[i];
        if (m->name && strlen(m->name) == len && !strncmp(m->name, name, len)) return m;
    }
    return NULL;
}

/* `NAME value` (`#define`'s words, or -D's with '=' for the space): an
 * object-like macro noted; one with parameters, `NAME(`, is not. */
static void define_macro(IncludeScan *s, const char *text, size_t n) {
    size_t len = ident_length(text, n);
    if (!len || (len < n && text[len] == '(')) return;
    Macro *m = find_macro(s, text, len);
    if (m) {
        m->ambiguous = true;
        return;
    }
    size_t v = skip_blanks(text, n, len + (len < n && text[len] == '='));
    m = arena_alloc(&s->u->arena, sizeof *m);
    *m = (Macro){arena_strndup(&s->u->arena, text, len), arena_strndup(&s->u->arena, text + v, n - v), false};
    vec_push(&s->u->arena, &s->macros, m);
}

static void undefine_macro(IncludeScan *s, const char *text, size_t n) {
    Macro *m = find_macro(s, text, ident_length(text, n));
    if (m) m->name = NULL;
}

/* The command line's -D macros, before any file. */
static void define_command_line_macros(IncludeScan *s) {
    const char *const *args = s->u->opts->clang_args;
    int n = s->u->opts->nclang_args;
    for (int i = 0; i < n; i++) {
        const char *def = !strcmp(args[i], "-D") && i + 1 < n ? args[++i] : !strncmp(args[i], "-D", 2) ? args[i] + 2 : NULL;
        if (def) define_macro(s, def, strlen(def));
    }
}

/* What `#include` names at text[i, n): "name" or <name>, through the
 * object-like macros it names (at most 32 deep); NULL where it is none of
 * these or a macro is unknown, ambiguous or more than a header name. */
static char *included_name(IncludeScan *s, const char *text, size_t n, size_t i, bool *quoted) {
    for (int expansions = 0; expansions <= 32; expansions++) {
        i = skip_blanks(text, n, i);
        size_t len = ident_length(text + i, n - i);
        if (len) {
            Macro *m = find_macro(s, text + i, len);
            if (!m || m->ambiguous) return NULL;
            text = m->value;
            n = strlen(text);
            i = 0;
            continue;
        }
        if (i >= n || (text[i] != '"' && text[i] != '<')) return NULL;
        char close = text[i] == '"' ? '"' : '>';
        size_t start = i + 1, end = start;
        while (end < n && text[end] != close && text[end] != '\n') end++;
        if (end >= n || text[end] != close || end == start) return NULL;
        *quoted = close == '"';
        return arena_printf(&s->u->arena, "%.*s", (int)(end - start), text + start);
    }
    return NULL;
}

/* One `#include` line: s[i] is the first character after `include`. */
static void check_directive(IncludeScan *s, const char *path, const char *text, size_t n, size_t i, unsigned line,
                            size_t line_start, int depth) {
    i = skip_blanks(text, n, i);
    bool quoted;
    char *name = included_name(s, text, line_end(text, n, i), i, &quoted);
    if (!name) return; /* libclang's */
    struct stat st;
    const char *found = find_include(s, name, quoted, dir_of(&s->u->arena, path), &st);
    if (!found) return;
    const char *kind = kind_of(st.st_mode);
    if (!kind) {
        if (S_ISREG(st.st_mode) && quoted && !already_scanned(s, &st)) scan_header(s, found, depth);
        return;
    }
    diag_error(s->u->diag, (SrcLoc){path, line, (unsigned)(i - line_start) + 1, false},
               "'%s' is %s, not a file: campcc does not include it", name, kind);
    s->refused = true;
}

/* Finds `#` `include`, `#` `define` and `#` `undef` at the start of each
 * line (spaces and tabs around the `#`); comments and continued lines are
 * not looked into. */
static void scan_text(IncludeScan *s, const char *path, const char *text, size_t n, int depth) {
    unsigned line = 1;
    for (size_t i = 0; i < n; line++) {
        size_t line_start = i, j = skip_blanks(text, n, i);
        if (j < n && text[j] == '#') {
            j = skip_blanks(text, n, j + 1);
            size_t words;
            if (n - j >= 7 && !strncmp(text + j, "include", 7))
                check_directive(s, path, text, n, j + 7, line, line_start, depth);
            else if (directive_is(text, n, j, "define", &words))
                define_macro(s, text + words, line_end(text, n, words) - words);
            else if (directive_is(text, n, j, "undef", &words))
                undefine_macro(s, text + words, line_end(text, n, words) - words);
        }
        i = line_end(text, n, i) + 1;
    }
}

bool fe_check_includes(Unit *u) {
    IncludeScan s = {.u = u};
    define_command_line_macros(&s);
    scan_text(&s, u->path, u->source, u->source_len, 0);
    return !s.refused;
}
