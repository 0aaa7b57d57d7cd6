/* main.c — the campcc driver: flags, temporary files, and the host
 * compiler. Each C input goes through compile_unit(); the host C it yields
 * (or the file itself when it has no kernels) is handed to the host
 * compiler ($CAMP_HOST_CC, default clang-19) with libcamp added at link. */
#include "campcc.h"
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* camp.h maps the data model (array_view, array_new, ...) onto libcamp when
 * this is defined, and onto plain host memory (the serial reference mode)
 * when not. */
#define CAMP_CAMPCC_DEFINE "-D__CAMPCC__=1"

typedef enum Mode { MODE_LINK, MODE_OBJECT, MODE_SPVASM } Mode;

/* The driver's whole state. */
typedef struct Driver {
    Mode mode;
    bool verbose;
    const char *output;
    PtrVec c_inputs;    /* .c files */
    PtrVec other_inputs; /* objects, archives: to the host compiler */
    PtrVec clang_args;  /* -I -D -U -std: for libclang and the host compiler */
    PtrVec host_args;   /* everything for the host compiler only */
    PtrVec link_args;   /* -l -L: at the end of the link */
    PtrVec temps;       /* files to remove at exit */
    Options opts;
    Diag diag;
    Arena arena;
    char include_dir[PATH_MAX], lib_dir[PATH_MAX];
} Driver;

static void usage(FILE *f) {
    fputs("usage: campcc [options] file.c... [-o output]\n"
          "Compiles C AMP dialect sources: parallel_for_each bodies become SPIR-V\n"
          "kernels run through Vulkan; everything else goes to the host compiler.\n"
          "\n"
          "options:\n"
          "  -o FILE        write the output to FILE\n"
          "  -c             compile only; write an object file\n"
          "  -S             write the kernel module as SPIR-V assembly (.spvasm)\n"
          "  -I DIR -D NAME[=VAL] -U NAME -std=STD\n"
          "                 as for clang; used for kernels and host code\n"
          "  -O0..-O3 -g    optimize (-O1 and up also runs spirv-opt -O on the kernels)\n"
          "  -l LIB -L DIR  libraries for the link (libcamp is added)\n"
          "  -v             print the commands run\n"
          "  --version      print the version\n"
          "  --help         print this help\n"
          "Other options are passed to the host compiler. Environment:\n"
          "  CAMP_HOST_CC   host compiler command (default " CAMP_DEFAULT_HOST_CC ")\n",
          f);
}

/* ---- where camp.h and libcamp are --------------------------------------------- */

/* From the build tree, the source include/ and build runtime/; installed,
 * the prefix that holds our binary, so the tree can be moved. */
static bool locate_self(Driver *d) {
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        diag_tool_error("cannot find the campcc executable: %s", strerror(errno));
        return false;
    }
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    *slash = 0;
    if (strcmp(exe, CAMP_BUILD_ROOT "/compiler") == 0) {
        strcpy(d->include_dir, CAMP_SOURCE_INCLUDE);
        strcpy(d->lib_dir, CAMP_BUILD_ROOT "/runtime");
        return true;
    }
    /* bindir is prefix/CAMP_BINDIR: climb one level per component */
    int up = 1;
    for (const char *p = CAMP_BINDIR; *p; p++) up += *p == '/';
    for (int i = 0; i < up; i++) {
        slash = strrchr(exe, '/');
        if (!slash) break;
        *slash = 0;
    }
    if (strlen(exe) + sizeof CAMP_INCLUDEDIR + sizeof CAMP_LIBDIR + 2 > sizeof d->lib_dir) {
        diag_tool_error("the installation path '%s' is too long", exe);
        return false;
    }
    sprintf(d->include_dir, "%s/%s", exe, CAMP_INCLUDEDIR);
    sprintf(d->lib_dir, "%s/%s", exe, CAMP_LIBDIR);
    return true;
}

/* ---- arguments -------------------------------------------------------------------- */

static bool ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Returns 0 to go on, or an exit status. */
static int parse_args(Driver *d, int argc, char **argv) {
    Arena *a = &d->arena;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        /* options with a separate or attached value */
        static const char *const with_value[] = {"-o", "-I", "-D", "-U", "-l", "-L"};
        const char *opt = NULL, *value = NULL;
        DiagFlag flag;
        for (size_t j = 0; j < sizeof with_value / sizeof *with_value; j++) {
            if (strncmp(arg, with_value[j], 2) == 0) {
                opt = with_value[j];
                if (arg[2]) value = arg + 2;
                else if (i + 1 < argc) value = argv[++i];
                else {
                    diag_tool_error("argument to '%s' is missing (expected 1 value)", arg);
                    return 1;
                }
                break;
            }
        }
        if (opt) {
            switch (opt[1]) {
            case 'o': d->output = value; break;
            case 'I': case 'D': case 'U':
                vec_push(a, &d->clang_args, arena_printf(a, "%s%s", opt, value));
                break;
            default: vec_push(a, &d->link_args, arena_printf(a, "%s%s", opt, value)); break;
            }
        } else if (!strcmp(arg, "--help") || !strcmp(arg, "-help")) {
            usage(stdout);
            return -1;
        } else if (!strcmp(arg, "--version")) {
            printf("campcc version %s (C AMP for Vulkan; libclang 19, SPIR-V 1.5)\n", CAMP_VERSION);
            return -1;
        } else if (!strcmp(arg, "-c")) {
            d->mode = MODE_OBJECT;
        } else if (!strcmp(arg, "-S")) {
            d->mode = MODE_SPVASM;
        } else if (!strcmp(arg, "-v")) {
            d->verbose = true;
        } else if (!strncmp(arg, "-std=", 5)) {
            vec_push(a, &d->clang_args, (void *)arg);
        } else if ((flag = diag_flag(&d->diag, arg)) != DIAG_FLAG_NONE) {
            /* warning flags reach libclang too: kernels' warnings are its */
            vec_push(a, flag == DIAG_FLAG_WARNING ? &d->clang_args : &d->host_args, (void *)arg);
        } else if (arg[0] == '-' && arg[1]) {
            if (arg[1] == 'O') d->opts.opt_level = arg[2] == '0' ? 0 : 1; /* -O, -O1..3, -Os: kernels too */
            vec_push(a, &d->host_args, (void *)arg); /* the host compiler's business */
        } else if (ends_with(arg, ".c")) {
            vec_push(a, &d->c_inputs, (void *)arg);
        } else {
            vec_push(a, &d->other_inputs, (void *)arg);
        }
    }
    if (!d->c_inputs.len && !d->other_inputs.len) {
        diag_tool_error("no input files");
        return 1;
    }
    if (d->output && d->mode != MODE_LINK && d->c_inputs.len > 1) {
        diag_tool_error("cannot specify -o with -c or -S and multiple files");
        return 1;
    }
    if (d->mode == MODE_OBJECT && !d->output && d->c_inputs.len > 1) {
        diag_tool_error("campcc compiles one file at a time with -c; run it once per file");
        return 1;
    }
    if (d->mode == MODE_SPVASM && d->other_inputs.len) {
        diag_tool_error("-S needs C sources, not '%s'", (char *)d->other_inputs.items[0]);
        return 1;
    }
    return 0;
}

/* ---- files and processes ------------------------------------------------------------ */

/* `dir/base-of-path` with its extension replaced by `ext`. */
static char *output_name(Driver *d, const char *path, const char *ext) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (ends_with(base, ".c")) n -= 2;
    return arena_printf(&d->arena, "%.*s%s", (int)n, base, ext);
}

static bool write_file(const char *path, const void *data, size_t n) {
    FILE *f = fopen(path, "wb");
    if (!f) {
        diag_tool_error("cannot open '%s' for writing: %s", path, strerror(errno));
        return false;
    }
    bool ok = fwrite(data, 1, n, f) == n;
    ok = fclose(f) == 0 && ok;
    if (!ok) {
        diag_tool_error("cannot write '%s': %s", path, strerror(errno));
        remove(path);
    }
    return ok;
}

static char *temp_file(Driver *d, const char *suffix) {
    const char *dir = getenv("TMPDIR");
    char *path = arena_printf(&d->arena, "%s/campcc-XXXXXX%s", dir && *dir ? dir : "/tmp", suffix);
    int fd = mkstemps(path, (int)strlen(suffix));
    if (fd < 0) {
        diag_tool_error("cannot create a temporary file in '%s': %s", dir && *dir ? dir : "/tmp", strerror(errno));
        return NULL;
    }
    close(fd);
    vec_push(&d->arena, &d->temps, path);
    return path;
}

static int run(Driver *d, char **argv) {
    if (d->verbose) {
        for (char **p = argv; *p; p++) fprintf(stderr, "%s%s", p == argv ? " " : " ", *p);
        fputc('\n', stderr);
    }
    pid_t pid;
    int err = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);
    if (err) {
        diag_tool_error("cannot run the host compiler '%s': %s (set CAMP_HOST_CC)", argv[0], strerror(err));
        return 1;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return 1;
    if (WIFEXITED(status)) return WEXITSTATUS(status) ? 1 : 0;
    diag_tool_error("the host compiler '%s' was killed by signal %d", argv[0], WTERMSIG(status));
    return 1;
}

/* ---- one C input ------------------------------------------------------------------- */

/* Compiles `path`; returns the file to give the host compiler, or NULL. */
static const char *compile_input(Driver *d, const char *path) {
    Unit u = {.diag = &d->diag, .opts = &d->opts, .path = path};
    const char *result = NULL;
    if (compile_unit(&u)) {
        if (d->mode == MODE_SPVASM) {
            char *text = spv_disassemble(u.spirv, u.spirv_words);
            const char *out = d->output ? d->output : output_name(d, path, ".spvasm");
            if (!text) diag_tool_error("cannot disassemble the module of '%s'", path);
            else if (write_file(out, text, strlen(text))) result = out;
            free(text);
        } else if (u.kernels.len == 0) {
            result = path; /* nothing to rewrite */
        } else {
            StrBuf host = {0};
            host_emit(&u, &host);
            char *tmp = temp_file(d, ".c");
            if (tmp && write_file(tmp, host.data, host.len)) result = tmp;
            sb_free(&host);
        }
    }
    free(u.spirv);
    arena_free(&u.arena);
    return result;
}

static int drive(Driver *d) {
    if (!locate_self(d)) return 1;
    /* libclang sees the user's -I -D -U -std, then camp.h's directory */
    PtrVec cargs = {0};
    for (int i = 0; i < d->clang_args.len; i++) vec_push(&d->arena, &cargs, d->clang_args.items[i]);
    vec_push(&d->arena, &cargs, arena_printf(&d->arena, "-I%s", d->include_dir));
    vec_push(&d->arena, &cargs, CAMP_CAMPCC_DEFINE);
    d->opts.clang_args = (const char *const *)cargs.items;
    d->opts.nclang_args = cargs.len;

    PtrVec host_inputs = {0}, quote_dirs = {0};
    for (int i = 0; i < d->c_inputs.len; i++) {
        const char *path = d->c_inputs.items[i];
        const char *out = compile_input(d, path);
        if (!out) return 1;
        vec_push(&d->arena, &host_inputs, (void *)out);
        /* a rewritten file lives in /tmp: keep "header.h" resolving */
        if (out != path) {
            const char *slash = strrchr(path, '/');
            vec_push(&d->arena, &quote_dirs, slash ? arena_strndup(&d->arena, path, (size_t)(slash - path)) : ".");
        }
    }
    if (d->mode == MODE_SPVASM) return 0;

    /* the host compiler command: CAMP_HOST_CC may carry flags */
    PtrVec argv = {0};
    const char *cc = getenv("CAMP_HOST_CC");
    char *cc_copy = arena_strdup(&d->arena, cc && *cc ? cc : CAMP_DEFAULT_HOST_CC);
    for (char *tok = strtok(cc_copy, " \t"); tok; tok = strtok(NULL, " \t")) vec_push(&d->arena, &argv, tok);
    for (int i = 0; i < d->host_args.len; i++) vec_push(&d->arena, &argv, d->host_args.items[i]);
    for (int i = 0; i < d->clang_args.len; i++) vec_push(&d->arena, &argv, d->clang_args.items[i]);
    vec_push(&d->arena, &argv, arena_printf(&d->arena, "-I%s", d->include_dir));
    vec_push(&d->arena, &argv, CAMP_CAMPCC_DEFINE);
    for (int i = 0; i < quote_dirs.len; i++) {
        vec_push(&d->arena, &argv, "-iquote");
        vec_push(&d->arena, &argv, quote_dirs.items[i]);
    }
    if (d->mode == MODE_OBJECT) vec_push(&d->arena, &argv, "-c");
    for (int i = 0; i < host_inputs.len; i++) vec_push(&d->arena, &argv, host_inputs.items[i]);
    for (int i = 0; i < d->other_inputs.len; i++) vec_push(&d->arena, &argv, d->other_inputs.items[i]);
    const char *out = d->output;
    if (!out) out = d->mode == MODE_OBJECT ? output_name(d, d->c_inputs.items[0], ".o") : "a.out";
    vec_push(&d->arena, &argv, "-o");
    vec_push(&d->arena, &argv, (void *)out);
    if (d->mode == MODE_LINK) {
        for (int i = 0; i < d->link_args.len; i++) vec_push(&d->arena, &argv, d->link_args.items[i]);
        vec_push(&d->arena, &argv, arena_printf(&d->arena, "-L%s", d->lib_dir));
        vec_push(&d->arena, &argv, arena_printf(&d->arena, "-Wl,-rpath,%s", d->lib_dir));
        vec_push(&d->arena, &argv, "-lcamp");
    }
    vec_push(&d->arena, &argv, NULL);
    int status = run(d, (char **)argv.items);
    if (status) remove(out); /* never a half-written output */
    return status;
}

int main(int argc, char **argv) {
    Driver d = {0};
    int status = parse_args(&d, argc, argv);
    if (status == 0) status = drive(&d);
    else if (status < 0) status = 0;
    for (int i = 0; i < d.temps.len; i++) remove(d.temps.items[i]);
    arena_free(&d.arena);
    return status;
}
