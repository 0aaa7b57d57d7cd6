/* main.c — the campcc driver's outline: read the command line, answer
 * queries through the host compiler, compile each source input on its own,
 * link. driver.h says how the command line is divided among the steps. */
#include "driver.h"
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* --version's first line, campcc's own, as gcc writes its first line:
 * `campcc (clang 19.1.7, SPIRV-Tools v2023.1) 0.1.0`. The host compiler's
 * lines follow. Meson takes the first version number in the output for the
 * compiler's, and must read clang's (its C standards depend on it), so
 * campcc's own version comes after the clang it parses with. */
static void print_version_line(Driver *d) {
    printf("campcc (clang %s, SPIRV-Tools %s) %s\n", frontend_clang_version(&d->arena), spv_tools_version(),
           CAMP_VERSION);
}

/* -E, -M, --version, -print-*, no inputs: the host compiler's answer, with
 * campcc's own flags for any input; campcc answers for its own files and
 * puts its version first. */
static int passthrough(Driver *d) {
    if (d->print_file) {
        const char *dirs[] = {d->lib_dir, d->include_dir};
        for (int i = 0; i < 2; i++) {
            char *path = arena_printf(&d->arena, "%s/%s", dirs[i], d->print_file);
            if (access(path, F_OK) == 0) {
                printf("%s\n", path);
                return 0;
            }
        }
    }
    PtrVec args = {0};
    int flags_end = d->passthrough_inputs_at >= 0 ? d->passthrough_inputs_at : d->passthrough_args.len;
    for (int i = 0; i < flags_end; i++) vec_push(&d->arena, &args, d->passthrough_args.items[i]);
    if (d->inputs.len) driver_add_camp_flags(d, &args); /* before a `--`, after which all are inputs */
    for (int i = flags_end; i < d->passthrough_args.len; i++) vec_push(&d->arena, &args, d->passthrough_args.items[i]);
    if (d->print_version) print_version_line(d);
    int status = driver_run_host(d, &args);
    if (d->print_version && status == 0)
        printf("C AMP kernels: SPIR-V 1.5 for Vulkan 1.2; libcamp in %s\n", d->lib_dir);
    return status;
}

/* Runs another program in campcc's place; its exit status, or 1. */
static int run_instead(char *const *argv, const char *what) {
    fflush(stdout);
    ProgramStatus st = run_program(argv, NULL);
    if (st.spawn_error) {
        diag_tool_error("cannot run %s '%s': %s", what, argv[0], strerror(st.spawn_error));
        return 1;
    }
    return st.signal ? 1 : st.exit_code;
}

/* --list-accelerators: camp-info's list, from the runtime campcc links. */
static int list_accelerators(Driver *d) {
    char *argv[] = {d->camp_info, NULL};
    return run_instead(argv, "camp-info");
}

/* As a launcher with --camp-sources=, a command that compiles none of those
 * files belongs to the project's own compiler: it runs as it was, with the
 * project's flags, which campcc's host compiler may not know. */
static bool for_project_compiler(Driver *d) {
    if (!d->launcher_cc || !d->kernel_sources.len) return false;
    for (int i = 0; i < d->inputs.len; i++) {
        const Input *in = d->inputs.items[i];
        if (in->is_source && driver_selected(d, in->path)) return false;
    }
    return true;
}

static int run_project_compiler(Driver *d) {
    PtrVec argv = {0};
    vec_push(&d->arena, &argv, (void *)d->launcher_cc);
    for (int i = 0; i < d->passthrough_args.len; i++) vec_push(&d->arena, &argv, d->passthrough_args.items[i]);
    vec_push(&d->arena, &argv, NULL);
    return run_instead((char *const *)argv.items, "the project's compiler");
}

/* Each source input compiled, then the link; the inspection outputs are
 * published only if all of it succeeds. */
static int compile_and_link(Driver *d) {
    int status = 0;
    for (int i = 0; i < d->inputs.len && !status; i++) {
        Input *in = d->inputs.items[i];
        if (in->is_source && !driver_compile_source(d, in)) status = 1;
    }
    if (!status && d->action == ACT_LINK) status = driver_link(d);
    return driver_publish_emitted(d, status == 0) ? status : 1;
}

static int drive(Driver *d) {
    if (for_project_compiler(d)) return run_project_compiler(d);
    if (!driver_locate_self(d)) return 1;
    if (d->list_accelerators) return list_accelerators(d);
    if (!driver_outputs_spare_inputs(d)) return 1;
    if (d->action == ACT_PASSTHROUGH || !d->inputs.len) return passthrough(d);
    /* libclang sees the user's preprocessor flags, then campcc's own;
     * libclang turns clang's typo corrections off ("did you mean"), unless
     * asked, and a user's -fno-spell-checking comes after */
    PtrVec cargs = {0};
    vec_push(&d->arena, &cargs, "-fspell-checking");
    for (int i = 0; i < d->clang_args.len; i++) vec_push(&d->arena, &cargs, d->clang_args.items[i]);
    driver_add_camp_flags(d, &cargs);
    d->opts.clang_args = (const char *const *)cargs.items;
    d->opts.nclang_args = cargs.len;
    return compile_and_link(d);
}

int main(int argc, char **argv) {
    Driver d = {0};
    cleanup_install();
    int status = driver_parse_args(&d, argc, argv);
    if (status == 0) status = drive(&d);
    else if (status < 0) status = 0;
    cleanup_run();
    time_report_print();
    arena_free(&d.arena);
    return status;
}
