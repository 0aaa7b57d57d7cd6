/* driver_files.c — the driver's files and processes: where campcc's own
 * headers and runtime are, temporary files, and running the host compiler
 * ($CAMP_HOST_CC, default clang-19). */
#include "driver.h"
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* From the build tree, the source include/ and build runtime/; installed,
 * the prefix that holds our binary, so the tree can be moved. */
bool driver_locate_self(Driver *d) {
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
        strcpy(d->camp_info, CAMP_BUILD_ROOT "/runtime/camp-info");
        return true;
    }
    if (strlen(exe) + sizeof "/camp-info" > sizeof d->camp_info) {
        diag_tool_error("the installation path '%s' is too long", exe);
        return false;
    }
    sprintf(d->camp_info, "%s/camp-info", exe); /* installed beside campcc */
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

/* An output that names an input would replace it (`-o prog.c` for `-o
 * prog`): refused, as gcc does, before anything is written; clang would
 * overwrite the source. */
bool driver_outputs_spare_inputs(const Driver *d) {
    const char *outputs[] = {d->output, d->emit_spirv, d->emit_host, d->dep_file};
    for (size_t o = 0; o < sizeof outputs / sizeof *outputs; o++) {
        struct stat out;
        if (!outputs[o] || strcmp(outputs[o], "-") == 0 || stat(outputs[o], &out) != 0 || !S_ISREG(out.st_mode))
            continue;
        for (int i = 0; i < d->inputs.len; i++) {
            const Input *in = d->inputs.items[i];
            struct stat st;
            if (strcmp(in->path, "-") != 0 && stat(in->path, &st) == 0 && st.st_dev == out.st_dev &&
                st.st_ino == out.st_ino) {
                diag_tool_error("input file '%s' is the same as output file '%s'", in->path, outputs[o]);
                return false;
            }
        }
    }
    return true;
}

void driver_add_camp_flags(Driver *d, PtrVec *args) {
    vec_push(&d->arena, args, "-isystem");
    vec_push(&d->arena, args, d->include_dir);
    vec_push(&d->arena, args, "-D__CAMPCC__=1");
    vec_push(&d->arena, args, "-D__CAMPCC_VERSION__=\"" CAMP_VERSION "\"");
}

char *driver_output_name(Driver *d, const char *path, const char *ext) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    return arena_printf(&d->arena, "%.*s%s", (int)n, base, ext);
}

/* Temporary files live in a directory of their own, so that a rewritten
 * file's "header.h" can only come from where the user's file is, and so
 * that nobody else can create, or plant a link at, any name in it. */
char *driver_temp_file(Driver *d, const char *suffix) {
    if (!d->temp_dir && !(d->temp_dir = make_temp_dir(&d->arena))) return NULL;
    char *path = arena_printf(&d->arena, "%s/%d%s", d->temp_dir, d->ntemps++, suffix);
    if (create_temp_file(path)) return path;
    diag_tool_error("cannot create the temporary file '%s': %s", path, strerror(errno));
    return NULL;
}

char *driver_temp_file_named(Driver *d, const char *name) {
    if (!d->temp_dir && !(d->temp_dir = make_temp_dir(&d->arena))) return NULL;
    char *dir = arena_printf(&d->arena, "%s/%d", d->temp_dir, d->ntemps++);
    if (!create_temp_dir(dir)) {
        diag_tool_error("cannot create the temporary directory '%s': %s", dir, strerror(errno));
        return NULL;
    }
    char *path = arena_printf(&d->arena, "%s/%s", dir, name);
    if (create_temp_file(path)) return path;
    diag_tool_error("cannot create the temporary file '%s': %s", path, strerror(errno));
    return NULL;
}

/* What separates the words of $CAMP_HOST_CC. */
#define HOST_CC_BLANKS " \t\n"

/* $CAMP_HOST_CC, or the default where it is unset, empty or all blanks (a
 * command of no words would make campcc's first flag the program run). */
static const char *host_cc_command(void) {
    const char *cc = getenv("CAMP_HOST_CC");
    return cc && cc[strspn(cc, HOST_CC_BLANKS)] ? cc : CAMP_DEFAULT_HOST_CC;
}

/* The program's name in the host compiler's command: the last part of its
 * first word, a copy in `a`. */
static char *host_cc_program(Arena *a) {
    const char *cc = host_cc_command();
    cc += strspn(cc, HOST_CC_BLANKS);
    size_t len = strcspn(cc, HOST_CC_BLANKS);
    const char *base = cc;
    for (const char *c = cc; c < cc + len; c++)
        if (*c == '/') base = c + 1;
    return arena_strndup(a, base, len - (size_t)(base - cc));
}

bool driver_host_is_clang(Driver *d) { return !strncmp(host_cc_program(&d->arena), "clang", 5); }

/* Whether the host compiler explains its own failures: clang or gcc (a
 * cross gcc too, and cc), which exit with 1 after their diagnostics. Any
 * other failure is campcc's to report, as clang's driver reports a tool's
 * status unless the tool is its own compiler and the status 1. */
static bool host_explains_failures(Driver *d) {
    const char *name = host_cc_program(&d->arena);
    return strstr(name, "clang") || strstr(name, "gcc") || !strcmp(name, "cc");
}

int driver_run_host(Driver *d, const PtrVec *args) { return driver_run_host_stdin(d, args, NULL); }

int driver_run_host_stdin(Driver *d, const PtrVec *args, const char *stdin_file) {
    if (!d->host_cc.len) { /* CAMP_HOST_CC may carry flags */
        char *words = arena_strdup(&d->arena, host_cc_command());
        for (char *tok = strtok(words, HOST_CC_BLANKS); tok; tok = strtok(NULL, HOST_CC_BLANKS))
            vec_push(&d->arena, &d->host_cc, tok);
    }
    PtrVec argv = {0};
    for (int i = 0; i < d->host_cc.len; i++) vec_push(&d->arena, &argv, d->host_cc.items[i]);
    for (int i = 0; i < args->len; i++) vec_push(&d->arena, &argv, args->items[i]);
    vec_push(&d->arena, &argv, NULL);
    char **words = (char **)argv.items;
    if (d->verbose) {
        for (char **p = words; *p; p++) fprintf(stderr, " %s", *p);
        fputc('\n', stderr);
    }
    fflush(stdout); /* our own output first, in order */
    double t = time_now();
    ProgramStatus st = run_program(words, stdin_file);
    time_phase_end(TIME_HOST, t);
    if (st.spawn_error) {
        diag_tool_error("cannot run the host compiler '%s': %s (set CAMP_HOST_CC)", words[0], strerror(st.spawn_error));
        return 1;
    }
    if (st.signal) {
        diag_tool_error("the host compiler '%s' was killed by signal %d", words[0], st.signal);
        return 1;
    }
    if (st.exit_code != 0 && (st.exit_code != 1 || !host_explains_failures(d)))
        diag_tool_error("the host compiler '%s' failed with exit code %d (use -v to see the command)", words[0],
                        st.exit_code);
    return st.exit_code;
}
