/* driver_rsp.c — response files: an argument `@FILE` stands for the words
 * of FILE, as clang 19 reads them (llvm::cl's GNU rules). They are expanded
 * before any argument is read, so that campcc sees every flag and input a
 * build system put there: handed on unexpanded, the host compiler alone
 * would read them and compile the kernels' files as plain C.
 *
 * clang's rules, which campcc keeps: white space separates words; single
 * and double quotes group them; a backslash, inside quotes or not, takes
 * the next character as it is; an empty word ("") disappears. A nested
 * `@FILE` is read relative to the current directory, not to the file that
 * names it. A FILE that does not exist leaves `@FILE` as a word (an input
 * the host compiler then reports missing, as clang and gcc do); one that
 * cannot be read, or that names itself through any chain, is an error. */
#include "driver.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The response files being expanded, innermost first: a file found among
 * them would expand forever. */
typedef struct Expanding {
    dev_t dev;
    ino_t ino;
    const struct Expanding *outer;
} Expanding;

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* Splits `text` into words by the GNU rules above (llvm::cl::TokenizeGNUCommandLine). */
static void split_words(Driver *d, const char *text, size_t n, PtrVec *words) {
    StrBuf word = {0};
    for (size_t i = 0; i < n; i++) {
        char c = text[i];
        if (c == '\\' && i + 1 < n) {
            sb_append(&word, &text[++i], 1);
        } else if (c == '\'' || c == '"') {
            for (i++; i < n && text[i] != c; i++) {
                if (text[i] == '\\' && i + 1 < n) i++;
                sb_append(&word, &text[i], 1);
            }
        } else if (is_space(c)) {
            if (word.len) vec_push(&d->arena, words, arena_strndup(&d->arena, word.data, word.len));
            word.len = 0;
        } else {
            sb_append(&word, &c, 1);
        }
    }
    if (word.len) vec_push(&d->arena, words, arena_strndup(&d->arena, word.data, word.len));
    sb_free(&word);
}

static bool expand_arg(Driver *d, const char *arg, PtrVec *out, const Expanding *outer);

/* The words of response file `path` (already stat'ed as `st`), each
 * expanded in turn. */
static bool expand_file(Driver *d, const char *path, const struct stat *st, PtrVec *out, const Expanding *outer) {
    for (const Expanding *e = outer; e; e = e->outer)
        if (e->dev == st->st_dev && e->ino == st->st_ino) {
            diag_tool_error("response file '%s' includes itself", path);
            return false;
        }
    FILE *f = fopen(path, "rb");
    StrBuf text = {0};
    bool ok = f && sb_read_stream(&text, f);
    if (!ok) diag_tool_error("cannot read response file '%s': %s", path, strerror(errno));
    if (f) fclose(f);
    const char *start = text.data ? text.data : "";
    size_t n = text.len;
    if (n >= 3 && !memcmp(start, "\xef\xbb\xbf", 3)) { /* a UTF-8 byte order mark, which clang skips */
        start += 3;
        n -= 3;
    }
    PtrVec words = {0};
    if (ok) split_words(d, start, n, &words);
    sb_free(&text);
    Expanding here = {st->st_dev, st->st_ino, outer};
    for (int i = 0; ok && i < words.len; i++) ok = expand_arg(d, words.items[i], out, &here);
    return ok;
}

static bool expand_arg(Driver *d, const char *arg, PtrVec *out, const Expanding *outer) {
    struct stat st;
    if (arg[0] != '@') {
        vec_push(&d->arena, out, (void *)arg);
        return true;
    }
    if (!arg[1]) { /* clang reads the current directory as the file */
        diag_tool_error("'@' without a response file name");
        return false;
    }
    if (stat(arg + 1, &st) != 0) {
        if (errno == ENOENT) { /* not a response file: a word, as clang keeps it */
            vec_push(&d->arena, out, (void *)arg);
            return true;
        }
        diag_tool_error("cannot read response file '%s': %s", arg + 1, strerror(errno));
        return false;
    }
    if (S_ISDIR(st.st_mode)) {
        diag_tool_error("cannot read response file '%s': %s", arg + 1, strerror(EISDIR));
        return false;
    }
    return expand_file(d, arg + 1, &st, out, outer);
}

bool driver_expand_response_files(Driver *d, int *argc, char ***argv) {
    PtrVec out = {0};
    vec_push(&d->arena, &out, (*argv)[0]);
    for (int i = 1; i < *argc; i++)
        if (!expand_arg(d, (*argv)[i], &out, NULL)) return false;
    vec_push(&d->arena, &out, NULL);
    *argc = out.len - 1;
    *argv = (char **)out.items;
    return true;
}
