/* diag.c — diagnostics in clang's format: `file:line:col: error: message`,
 * then the source line and a caret under the column. */
#include "campcc.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Prints line `line` of `file` and a caret under column `col` (1-based). */
static void print_caret(SrcLoc loc) {
    if (!loc.file || !loc.line) return;
    FILE *f = fopen(loc.file, "r");
    if (!f) return;
    char buf[4096];
    unsigned n = 0;
    while (fgets(buf, sizeof buf, f)) {
        size_t len = strlen(buf);
        bool whole = len > 0 && buf[len - 1] == '\n';
        if (++n == loc.line) {
            if (whole) buf[--len] = 0;
            fprintf(stderr, "%5u | %s\n      | ", loc.line, buf);
            for (unsigned i = 1; i < loc.col && i <= len; i++) fputc(buf[i - 1] == '\t' ? '\t' : ' ', stderr);
            fputs("^\n", stderr);
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

static void vreport(Diag *d, SrcLoc loc, const char *kind, const char *color, const char *fmt, va_list ap) {
    if (d->color) fputs("\033[1m", stderr);
    if (loc.file) fprintf(stderr, "%s:%u:%u: ", loc.file, loc.line, loc.col);
    if (d->color) fprintf(stderr, "%s%s:\033[0m\033[1m ", color, kind);
    else fprintf(stderr, "%s: ", kind);
    vfprintf(stderr, fmt, ap);
    if (d->color) fputs("\033[0m", stderr);
    fputc('\n', stderr);
    print_caret(loc);
}

void diag_error(Diag *d, SrcLoc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vreport(d, loc, "error", "\033[31m", fmt, ap);
    va_end(ap);
    d->errors++;
}

void diag_note(Diag *d, SrcLoc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vreport(d, loc, "note", "\033[30m", fmt, ap);
    va_end(ap);
}

void diag_print_formatted(Diag *d, const char *first_line, SrcLoc loc, bool is_error) {
    fprintf(stderr, "%s\n", first_line);
    print_caret(loc);
    if (is_error) d->errors++;
}

void diag_tool_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("campcc: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}
