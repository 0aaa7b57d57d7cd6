/* diag.c — diagnostics in clang's format: `file:line:col: error: message`,
 * then the source line and a caret under the column; colours as clang's. */
#include "campcc.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define BOLD "\033[1m"
#define RESET "\033[0m"

static bool use_color(const Diag *d) {
    if (d->color == DIAG_COLOR_AUTO) return isatty(STDERR_FILENO);
    return d->color == DIAG_COLOR_ALWAYS;
}

/* The warnings campcc has and clang does not: their flags, -Wno-X,
 * -Werror=X and -Wno-error=X, are campcc's alone (clang and the host
 * compiler would call them unknown). */
static const char *const own_warnings[] = {"kernel-race", "target-profile"};

/* The warning a -W flag names: after -W, -Wno-, -Werror= or -Wno-error=. */
static const char *warning_named(const char *arg) {
    static const char *const prefixes[] = {"-Wno-error=", "-Werror=", "-Wno-", "-W"};
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (!strncmp(arg, prefixes[i], strlen(prefixes[i]))) return arg + strlen(prefixes[i]);
    return arg;
}

static bool is_own_warning(const char *arg) {
    const char *name = warning_named(arg);
    for (size_t i = 0; i < sizeof own_warnings / sizeof *own_warnings; i++)
        if (!strcmp(name, own_warnings[i])) return true;
    return false;
}

/* -Werror=X (as_error) or -Wno-error=X: the last one for X decides. */
static void set_error(Diag *d, const char *name, bool as_error) {
    int kept = 0;
    for (int i = 0; i < d->nas_errors; i++)
        if (strcmp(d->as_errors[i], name)) d->as_errors[kept++] = d->as_errors[i];
    d->nas_errors = kept;
    if (as_error && d->nas_errors < (int)(sizeof d->as_errors / sizeof *d->as_errors))
        d->as_errors[d->nas_errors++] = name;
}

DiagFlag diag_flag(Diag *d, const char *arg) {
    if (!strcmp(arg, "-fdiagnostics-color") || !strcmp(arg, "-fdiagnostics-color=always") ||
        !strcmp(arg, "-fcolor-diagnostics")) {
        d->color = DIAG_COLOR_ALWAYS;
        return DIAG_FLAG_COLOR;
    }
    if (!strcmp(arg, "-fdiagnostics-color=never") || !strcmp(arg, "-fno-diagnostics-color") ||
        !strcmp(arg, "-fno-color-diagnostics")) {
        d->color = DIAG_COLOR_NEVER;
        return DIAG_FLAG_COLOR;
    }
    if (!strcmp(arg, "-fdiagnostics-color=auto")) {
        d->color = DIAG_COLOR_AUTO;
        return DIAG_FLAG_COLOR;
    }
    if (!strcmp(arg, "-Werror")) d->werror = true;
    else if (!strcmp(arg, "-Wno-error")) d->werror = false;
    else if (!strcmp(arg, "-w")) d->no_warnings = true;
    else if (!strncmp(arg, "-Werror=", 8)) set_error(d, arg + 8, true);
    else if (!strncmp(arg, "-Wno-error=", 11)) set_error(d, arg + 11, false);
    else if (!strncmp(arg, "-Wno-", 5) && d->noff < (int)(sizeof d->off / sizeof *d->off)) d->off[d->noff++] = arg + 5;
    if (!strncmp(arg, "-W", 2) && is_own_warning(arg)) return DIAG_FLAG_OWN_WARNING;
    /* -Wl, -Wa, -Wp pass options to other tools: not warnings */
    if (!strncmp(arg, "-W", 2) && arg[2] && !(arg[3] == ',' && strchr("lap", arg[2]))) return DIAG_FLAG_WARNING;
    if (!strcmp(arg, "-w") || !strcmp(arg, "-pedantic") || !strcmp(arg, "-pedantic-errors"))
        return DIAG_FLAG_WARNING;
    return DIAG_FLAG_NONE;
}

/* Prints line `line` of `file` and a caret under column `col` (1-based). */
static void print_caret(const Diag *d, SrcLoc loc) {
    if (!loc.file || !loc.line || loc.renamed) return;
    FILE *f = fopen(d->stdin_copy && !strcmp(loc.file, "<stdin>") ? d->stdin_copy : loc.file, "r");
    if (!f) return;
    char buf[4096];
    unsigned n = 0;
    while (fgets(buf, sizeof buf, f)) {
        size_t len = strlen(buf);
        bool whole = len > 0 && buf[len - 1] == '\n';
        if (++n == loc.line) {
            if (whole) buf[--len] = 0;
            if (len > 0 && buf[len - 1] == '\r') buf[--len] = 0; /* CRLF sources */
            fprintf(stderr, "%5u | %s\n      | ", loc.line, buf);
            for (unsigned i = 1; i < loc.col && i <= len; i++) fputc(buf[i - 1] == '\t' ? '\t' : ' ', stderr);
            fputs(use_color(d) ? BOLD "\033[32m^" RESET "\n" : "^\n", stderr);
            break;
        }
        /* a line longer than the buffer: keep counting only at its end */
        while (!whole && fgets(buf, sizeof buf, f)) {
            len = strlen(buf);
            whole = len > 0 && buf[len - 1] == '\n';
        }
    }
    fclose(f);
}

static void print_head(const Diag *d, SrcLoc loc, DiagLevel level) {
    static const char *const names[] = {"note", "warning", "error"};
    static const char *const colors[] = {"\033[30m", "\033[35m", "\033[31m"};
    bool color = use_color(d);
    if (color) fputs(BOLD, stderr);
    if (loc.file) fprintf(stderr, "%s:%u:%u: ", loc.file, loc.line, loc.col);
    if (color) fprintf(stderr, "%s%s:" RESET BOLD " ", colors[level], names[level]);
    else fprintf(stderr, "%s: ", names[level]);
}

static void count(Diag *d, DiagLevel level) {
    if (level == DIAG_ERROR) d->errors++, d->said++;
    else if (level == DIAG_WARNING) d->warnings++;
}

static void vreport(Diag *d, SrcLoc loc, DiagLevel level, const char *fmt, va_list ap) {
    print_head(d, loc, level);
    vfprintf(stderr, fmt, ap);
    if (use_color(d)) fputs(RESET, stderr);
    fputc('\n', stderr);
    print_caret(d, loc);
    count(d, level);
}

/* FNV-1a of an error's text */
static uint64_t text_hash(const char *fmt, va_list ap) {
    char text[4096];
    vsnprintf(text, sizeof text, fmt, ap);
    uint64_t h = 14695981039346656037ull;
    for (const char *c = text; *c; c++) h = (h ^ (unsigned char)*c) * 1099511628211ull;
    return h;
}

static bool same_place(SrcLoc a, SrcLoc b) {
    return a.line == b.line && a.col == b.col && (a.file == b.file || (a.file && b.file && !strcmp(a.file, b.file)));
}

void diag_error(Diag *d, SrcLoc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    uint64_t hash = text_hash(fmt, ap);
    va_end(ap);
    d->repeated = d->errors > 0 && hash == d->last_hash && same_place(loc, d->last_at);
    if (d->repeated) {
        d->errors++; /* counted, for the passes that stop at an error, but not said again */
        return;
    }
    d->last_at = loc;
    d->last_hash = hash;
    va_start(ap, fmt);
    vreport(d, loc, DIAG_ERROR, fmt, ap);
    va_end(ap);
}

void diag_note(Diag *d, SrcLoc loc, const char *fmt, ...) {
    if (d->repeated) return;
    va_list ap;
    va_start(ap, fmt);
    vreport(d, loc, DIAG_NOTE, fmt, ap);
    va_end(ap);
}

void diag_warning(Diag *d, SrcLoc loc, const char *flag, const char *fmt, ...) {
    if (d->no_warnings) return;
    for (int i = 0; i < d->noff; i++)
        if (!strcmp(flag + 2, d->off[i])) return;
    bool named_error = false;
    for (int i = 0; i < d->nas_errors; i++) named_error |= !strcmp(flag + 2, d->as_errors[i]);
    DiagLevel level = d->werror || named_error ? DIAG_ERROR : DIAG_WARNING;
    print_head(d, loc, level);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, level == DIAG_ERROR ? " [-Werror,%s]" : " [%s]", flag);
    if (use_color(d)) fputs(RESET, stderr);
    fputc('\n', stderr);
    print_caret(d, loc);
    count(d, level);
}

void diag_clang(Diag *d, DiagLevel level, SrcLoc loc, const char *text) {
    print_head(d, loc, level);
    fputs(text, stderr);
    if (use_color(d)) fputs(RESET, stderr);
    fputc('\n', stderr);
    print_caret(d, loc);
    count(d, level);
}

void diag_summary(Diag *d, int said, int warnings) {
    int e = d->said - said, w = d->warnings - warnings;
    if (w) fprintf(stderr, "%d warning%s%s", w, w == 1 ? "" : "s", e ? " and " : "");
    if (e) fprintf(stderr, "%d error%s", e, e == 1 ? "" : "s");
    if (e || w) fputs(" generated.\n", stderr);
}

void diag_tool_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("campcc: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}
