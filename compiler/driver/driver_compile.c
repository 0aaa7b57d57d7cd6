/* driver_compile.c — one source input. A C file that mentions
 * parallel_for_each or restrict(amp) goes through compile_unit(): its
 * kernels become SPIR-V and the host compiler gets the rewritten host C. Everything else goes to
 * the host compiler untouched, with the user's flags, as clang would run it.
 * Depfiles always describe the user's file, never the rewritten one. */
#include "driver.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static bool ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static void add(Driver *d, PtrVec *v, const char *arg) { vec_push(&d->arena, v, (void *)arg); }

static void add_all(Driver *d, PtrVec *v, const PtrVec *from) {
    for (int i = 0; i < from->len; i++) add(d, v, from->items[i]);
}

/* Standard input, saved so that libclang and the host compiler can both
 * read it; the host compiler reads the copy as its standard input, so that
 * its depfiles and "header.h" lookups are clang's for `-`. */
static const char *save_stdin(Driver *d, Input *in) {
    char *path = driver_temp_file(d, ".c");
    if (!path) return NULL;
    StrBuf sb = {0};
    bool read = sb_read_stream(&sb, stdin);
    bool ok = read && write_file(path, sb.data ? sb.data : "", sb.len);
    if (!read) diag_tool_error("cannot read standard input: %s", strerror(errno));
    sb_free(&sb);
    in->stdin_copy = d->diag.stdin_copy = ok ? path : NULL;
    return in->stdin_copy;
}

/* The host compiler on the user's input: a saved standard input as `-`. */
static bool run_on_input(Driver *d, const Input *in, PtrVec *args, const char *path) {
    add(d, args, in->stdin_copy ? "-" : path);
    return driver_run_host_stdin(d, args, in->stdin_copy) == 0;
}

/* Finds a restriction clause in a stream of bytes: `restrict` as a word,
 * then '(' after blanks (C's pointer qualifier hardly ever is followed by
 * one, and where it is, the file only costs a parse). The last eight bytes
 * are kept in a word, to compare at each byte. */
typedef struct ClauseScan {
    uint64_t last8;
    bool after_word; /* `restrict` and blanks so far */
} ClauseScan;

static bool clause_scan(ClauseScan *s, const char *bytes, size_t n) {
    const uint64_t word = (uint64_t)'r' << 56 | (uint64_t)'e' << 48 | (uint64_t)'s' << 40 | (uint64_t)'t' << 32 |
                          (uint64_t)'r' << 24 | (uint64_t)'i' << 16 | (uint64_t)'c' << 8 | 't';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)bytes[i], before = (unsigned char)(s->last8 >> 56);
        if (s->after_word && c == '(') return true;
        s->after_word = s->after_word && isspace(c);
        s->last8 = s->last8 << 8 | c;
        if (s->last8 == word && before != '_' && !isalnum(before)) s->after_word = true;
    }
    return false;
}

/* Whether the file at `path` (a header, at depth > 0) or a header it
 * includes by a quoted name, found beside it, or one such header includes
 * in turn (to 8 deep), spells parallel_for_each: the program's macros that
 * write kernels, used in the file (kernel_macros.c). */
static bool quoted_header_mentions(const char *path, int depth) {
    FILE *f = depth < 8 ? fopen(path, "rb") : NULL; /* quietly: one found elsewhere (-I) is not looked into */
    if (!f) return false;
    StrBuf text = {0};
    bool read = sb_read_stream(&text, f) && text.data;
    fclose(f);
    bool found = read && depth > 0 && strstr(text.data, "parallel_for_each");
    const char *slash = strrchr(path, '/');
    int dir = slash ? (int)(slash - path) + 1 : 0;
    for (const char *line = read ? text.data : NULL; line && !found; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
        const char *c = line + strspn(line, " \t");
        if (*c != '#') continue;
        c += 1 + strspn(c + 1, " \t");
        if (strncmp(c, "include", 7)) continue;
        c += 7 + strspn(c + 7, " \t");
        const char *end = *c == '"' ? strchr(c + 1, '"') : NULL;
        if (!end || memchr(c + 1, '\n', (size_t)(end - c - 1))) continue;
        char header[4096];
        snprintf(header, sizeof header, "%.*s%.*s", dir, path, (int)(end - c - 1), c + 1);
        found = quoted_header_mentions(header, depth + 1);
    }
    sb_free(&text);
    return found;
}

/* Whether `path` may hold amp code: parallel_for_each must be spelled in
 * the file itself or in a header of its own (frontend.c rejects it from
 * macros of system headers, and from the dialect's headers but their
 * macros that write kernels, whose names end in REDUCE_DEFINE or
 * SORT_DEFINE: CAMP_REDUCE_DEFINE, CAMP_TRANSFORM_REDUCE_DEFINE,
 * CAMP_SORT_DEFINE), and so must restrict(amp) for a function of its own,
 * checked called or not (restrictions.c). A file that mentions none is
 * plain C and skips libclang. Reports unreadable files. */
static bool mentions_amp_code(const char *path, bool *readable) {
    FILE *f = open_source(path);
    *readable = f != NULL;
    if (!f) return false;
    static const char *const words[] = {"parallel_for_each", "REDUCE_DEFINE", "SORT_DEFINE"};
    enum { LONGEST = sizeof "parallel_for_each" - 1 };
    char buf[65536 + LONGEST];
    size_t keep = 0, n;
    ClauseScan clause = {0};
    bool found = false;
    while (!found && (n = fread(buf + keep, 1, sizeof buf - keep, f)) > 0) {
        found = clause_scan(&clause, buf + keep, n);
        n += keep;
        for (size_t w = 0; w < sizeof words / sizeof *words && !found; w++) {
            size_t len = strlen(words[w]);
            for (size_t i = 0; i + len <= n && !found; i++) found = memcmp(buf + i, words[w], len) == 0;
        }
        keep = n < LONGEST ? n : LONGEST - 1;
        memmove(buf, buf + n - keep, keep);
    }
    if (ferror(f)) {
        diag_tool_error("cannot read '%s': %s", path, strerror(errno));
        *readable = false;
    }
    fclose(f);
    return found || quoted_header_mentions(path, 0);
}

bool driver_selected(Driver *d, const char *path) {
    if (!d->kernel_sources.len) return true;
    char *real = realpath(path, NULL);
    bool yes = false;
    for (int i = 0; real && i < d->kernel_sources.len && !yes; i++) yes = !strcmp(real, d->kernel_sources.items[i]);
    free(real);
    return yes;
}

/* --emit-spirv= and --emit-host= are written now under temporary names
 * and published at the command's end only if all of it succeeds, as -o is
 * (docs/security.md): a host compile or link that fails after them leaves
 * the files they name as they were. */
static bool emit(Driver *d, const char *path, const void *data, size_t n) {
    if (!strcmp(path, "-")) return write_output(&d->arena, path, data, n);
    Output *o = arena_alloc(&d->arena, sizeof *o);
    if (!output_write(o, &d->arena, path, data, n)) return false;
    vec_push(&d->arena, &d->emitted, o);
    return true;
}

bool driver_publish_emitted(Driver *d, bool ok) {
    for (int i = 0; i < d->emitted.len; i++) ok = output_end(d->emitted.items[i], ok) && ok;
    return ok;
}

/* --dump-kernels, --emit-spirv, --emit-host. A file without kernels has no
 * module, and its host C is itself. */
static bool inspect(Driver *d, Unit *u) {
    if (d->dump_kernels && !u->kernels.len) printf("%s: no kernels\n", u->path);
    if (d->dump_kernels) dump_kernels(u, stdout);
    if (d->emit_spirv && !u->kernels.len) {
        diag_tool_error("'%s' has no kernels: there is no SPIR-V module to write to '%s'", u->path, d->emit_spirv);
        return false;
    }
    bool ok = true;
    if (d->emit_spirv) ok = emit(d, d->emit_spirv, u->spirv, u->spirv_words * sizeof *u->spirv);
    if (ok && d->emit_host && !u->kernels.len) {
        ok = emit(d, d->emit_host, u->source, u->source_len);
    } else if (ok && d->emit_host) {
        ok = emit(d, d->emit_host, u->host.data, u->host.len);
    }
    return ok;
}

/* The depfile and its target when the user gave no -MF / -MT: clang's names. */
static const char *dep_file(Driver *d, const Input *in) {
    if (d->dep_file) return d->dep_file;
    if (d->action == ACT_OBJECT && d->output) {
        const char *dot = strrchr(d->output, '.'), *slash = strrchr(d->output, '/');
        size_t n = dot && (!slash || dot > slash) ? (size_t)(dot - d->output) : strlen(d->output);
        return arena_printf(&d->arena, "%.*s.d", (int)n, d->output);
    }
    return driver_output_name(d, in->path, ".d");
}

static void add_dep_flags(Driver *d, PtrVec *args, const Input *in, const char *object) {
    add(d, args, "-MF");
    add(d, args, dep_file(d, in));
    add_all(d, args, &d->dep_args);
    if (!d->dep_target_given) {
        add(d, args, "-MT");
        add(d, args, object ? object : driver_output_name(d, in->path, ".o"));
    }
}

/* The depfile of a file whose kernels were rewritten: the host compiler
 * preprocesses the user's file, which includes every header the kernels
 * and the host part use. */
static bool write_deps(Driver *d, const Input *in, const char *path, const char *object) {
    PtrVec args = {0};
    add_all(d, &args, &d->compile_args);
    driver_add_camp_flags(d, &args);
    add(d, &args, d->deps == DEPS_USER ? "-MM" : "-M");
    add_dep_flags(d, &args, in, object);
    if (in->lang) {
        add(d, &args, "-x");
        add(d, &args, in->lang);
    }
    return run_on_input(d, in, &args, path);
}

/* What the host compiler writes for this input, or NULL. */
static const char *host_output(Driver *d, Input *in) {
    switch (d->action) {
    case ACT_OBJECT: return d->output ? d->output : driver_output_name(d, in->path, ".o");
    case ACT_ASSEMBLY: return d->output ? d->output : driver_output_name(d, in->path, ".s");
    case ACT_LINK: /* named as the input, for the linker's messages */
        return in->object = driver_temp_file_named(
                   d, driver_output_name(d, strcmp(in->path, "-") ? in->path : "stdin", ".o"));
    case ACT_SYNTAX: case ACT_PASSTHROUGH: return NULL;
    }
    unreachable("action");
}

/* A file with this many kernels gets clang's SLP vectorizer limited to
 * regions of 1,000 instructions in its host compile: the launches of a
 * function's kernels are one straight run of stores and calls, and with
 * clang's default budget (100,000) -O2 took 11 s for 1,000 launches in one
 * function, 65 s for 2,000 and about 21 minutes for 5,000; with the limit
 * 2.0 s, 5.5 s and about 4 minutes (docs/performance.md). Smaller regions
 * are vectorized as before; only clang has the option. */
#define MANY_KERNELS 128

/* The host compiler on `src` (the user's file, or its rewritten host C)
 * writing `out`; `quote_dir` for "header.h" when src is not where the
 * user's file is. An output the user named is published only if the host
 * compiler succeeds; a link's objects are campcc's own temporary files. */
static bool host_compile(Driver *d, Input *in, const char *src, const char *out, const char *quote_dir,
                         bool rewritten) {
    Output o = {0};
    const char *to = out;
    if (out && d->action != ACT_LINK && !(to = output_begin(&o, &d->arena, out, false))) return false;
    PtrVec args = {0};
    add_all(d, &args, &d->compile_args);
    driver_add_camp_flags(d, &args);
    if (quote_dir) {
        add(d, &args, "-iquote");
        add(d, &args, quote_dir);
        /* #embed "data.bin" looks beside the file first, as #include does */
        if (driver_host_is_clang(d)) add(d, &args, arena_printf(&d->arena, "--embed-dir=%s", quote_dir));
    }
    if (in->kernels_outlined) add(d, &args, "-D__CAMPCC_HOST_COMPILE__=1"); /* camp.h: header kernels fail */
    if (rewritten && in->kernel_count >= MANY_KERNELS && driver_host_is_clang(d)) {
        add(d, &args, "-mllvm");
        add(d, &args, "-slp-schedule-budget=1000");
    }
    /* DWARF 4 line tables for rewritten host C: binutils' addr2line 2.40
     * names a DWARF 5 table's entry 0, the temporary host file, for rows
     * that #line gives the user's file, so the host accesses libcamp
     * reports by it (host_place.c) named the temporary file where no
     * llvm-addr2line is installed. */
    if (rewritten && d->opts.debug_lines) add(d, &args, "-gdwarf-4");
    add(d, &args, d->action == ACT_ASSEMBLY ? "-S" : d->action == ACT_SYNTAX ? "-fsyntax-only" : "-c");
    if (d->deps && !rewritten) {
        add(d, &args, d->deps == DEPS_USER ? "-MMD" : "-MD");
        add_dep_flags(d, &args, in, d->action == ACT_OBJECT ? out : NULL);
    }
    if (in->lang && !rewritten) {
        add(d, &args, "-x");
        add(d, &args, in->lang);
    }
    if (out) {
        add(d, &args, "-o");
        add(d, &args, to);
    }
    bool ok;
    if (rewritten) {
        add(d, &args, src);
        ok = driver_run_host(d, &args) == 0;
    } else {
        ok = run_on_input(d, in, &args, src);
    }
    return output_end(&o, ok);
}

/* libclang's flags for this input: the driver's, and what the input's
 * -x and a saved standard input need. */
static Options unit_options(Driver *d, const Input *in, const char *stdin_quote) {
    Options opts = d->opts;
    const char **args = arena_alloc(&d->arena, sizeof *args * (size_t)(opts.nclang_args + 4));
    memcpy(args, opts.clang_args, sizeof *args * (size_t)opts.nclang_args);
    if (in->lang) { /* read it as C, whatever its name */
        args[opts.nclang_args++] = "-x";
        args[opts.nclang_args++] = in->lang;
    }
    if (stdin_quote) {
        args[opts.nclang_args++] = "-iquote";
        args[opts.nclang_args++] = stdin_quote;
    }
    opts.clang_args = args;
    return opts;
}

/* A file with kernels: SPIR-V assembly for -S, else the host compile of
 * its rewritten host C. `stdin_quote`: where "header.h" is looked for when
 * the source came from standard input. */
static bool compile_kernels(Driver *d, Input *in, const char *path, const char *out, const char *stdin_quote) {
    Options opts = unit_options(d, in, stdin_quote);
    opts.show_module = d->action == ACT_ASSEMBLY || d->emit_spirv || d->dump_kernels;
    /* standard input is "<stdin>" in diagnostics, as for clang, not campcc's copy */
    Unit u = {.diag = &d->diag, .opts = &opts, .path = in->stdin_copy ? "<stdin>" : path, .read_from = in->stdin_copy};
    bool ok = compile_unit(&u) && inspect(d, &u);
    if (ok && d->action == ACT_ASSEMBLY && u.kernels.len) {
        char *text = spv_disassemble(u.spirv, u.spirv_words);
        out = d->output ? d->output : driver_output_name(d, in->path, ".spvasm");
        if (!text) diag_tool_error("cannot disassemble the module of '%s'", path);
        ok = text && write_output(&d->arena, out, text, strlen(text));
        free(text);
    } else if (ok && u.kernels.len == 0) {
        ok = host_compile(d, in, path, out, NULL, false); /* the word was in a comment or string */
    } else if (ok) {
        in->kernel_count = u.kernels.len;
        char *tmp = driver_temp_file_named(d, driver_output_name(d, stdin_quote ? "stdin" : path, ".c"));
        ok = tmp && write_file(tmp, u.host.data, u.host.len);
        /* the rewritten file lives in a temporary directory: "header.h" is
         * looked for where the user's file is */
        const char *slash = strrchr(path, '/'), *dir = stdin_quote;
        if (!dir) dir = slash ? arena_strndup(&d->arena, path, (size_t)(slash - path)) : ".";
        ok = ok && (!d->deps || write_deps(d, in, path, d->action == ACT_OBJECT ? out : NULL));
        ok = ok && host_compile(d, in, tmp, out, dir, true);
    }
    sb_free(&u.host);
    free(u.spirv);
    free(u.kernel_spirv);
    arena_free(&u.arena);
    return ok;
}

bool driver_compile_source(Driver *d, Input *in) {
    const char *path = in->path, *out = host_output(d, in), *stdin_quote = NULL;
    if (d->action == ACT_LINK && !out) return false;
    if (d->cdb_file && !driver_write_cdb_entry(d, in, out)) return false;
    bool is_c = in->lang ? !strcmp(in->lang, "c") : ends_with(path, ".c");
    if (!strcmp(path, "-")) {
        if (!is_c) return host_compile(d, in, path, out, NULL, false); /* the host reads it */
        if (!(path = save_stdin(d, in))) return false;
        stdin_quote = "."; /* for libclang and the rewritten file, as clang does for `-` */
    }
    if (!is_c || !driver_selected(d, path)) return host_compile(d, in, path, out, NULL, false);
    in->kernels_outlined = true;
    bool readable, inspecting = d->dump_kernels || d->opts.dump_ir || d->emit_spirv || d->emit_host;
    bool amp_code = mentions_amp_code(path, &readable);
    if (!readable) return false;
    if (amp_code || inspecting) return compile_kernels(d, in, path, out, stdin_quote);
    return host_compile(d, in, path, out, NULL, false);
}
