/* driver_args.c — campcc's command line, read the way clang reads it: each
 * flag is sorted into the steps that need it (libclang's parse, each host
 * compile, the link, the depfile), and inputs keep their place among the
 * link flags. Flags campcc does not know go to the compile and link steps
 * alike, as clang would take them in one command. */
#include "driver.h"
#include "config.h"
#include "device_profiles.h"

#include <stdlib.h>
#include <string.h>

void driver_usage(FILE *f) {
    fputs("usage: campcc [options] file... [-o output]\n"
          "Compiles C AMP dialect sources: parallel_for_each bodies become SPIR-V\n"
          "kernels run through Vulkan; everything else goes to the host compiler,\n"
          "so campcc works as CC for Make, CMake and Meson projects.\n"
          "\n"
          "clang's options, as clang takes them:\n"
          "  -o FILE -c -S -E -fsyntax-only -x LANG -   (- reads standard input)\n"
          "  -I -D -U -include -isystem -iquote -idirafter -std=   (also for kernels)\n"
          "  -M -MM -MD -MMD -MF -MT -MQ -MP   (depfiles list every header of the file)\n"
          "  -MJ FILE       append the file's compile_commands.json entry to FILE, with\n"
          "                 campcc's own flags (clangd then sees the dialect as campcc does)\n"
          "  -l -L -Wl,... -shared -fPIC -g -W... and the rest go to the host compiler\n"
          "  -O0..-O3 -Os   the host code at that level; kernels have two: -O0 as emitted,\n"
          "                 any other runs spirv-opt -O's passes on them\n"
          "  -ffp-contract=off, -ffp-model=strict   also for kernels: each float\n"
          "                 operation rounds on its own, none fused or regrouped\n"
          "  -v             also print the commands campcc runs, and the spirv-opt command\n"
          "                 its in-process optimizer stands for\n"
          "  @FILE          the words of FILE, as arguments (clang's quoting; read by campcc)\n"
          "campcc's own:\n"
          "  -S             on a file with kernels: their SPIR-V assembly (.spvasm)\n"
          "  -g             also put the C source in the SPIR-V for GPU debuggers: lines,\n"
          "                 local variables, types (NonSemantic.Shader.DebugInfo.100)\n"
          "  --emit-spirv=FILE  write the kernels' SPIR-V module\n"
          "  --emit-host=FILE   write the host C that replaces the kernels\n"
          "  --dump-kernels     print each kernel's line, captures, workgroup, capabilities\n"
          "  --target-profile=NAME  warn where a kernel needs what the devices of the\n"
          "                     profile NAME lack (docs/portability.md lists them)\n"
          "  --dump-ir[=STAGE]  print the kernel IR after STAGE: lowering, ptr-storage, nonneg,\n"
          "                     fences, layout (the default: what SPIR-V emission reads)\n"
          "  -ftime-report  print the wall time of each of campcc's phases\n"
          "  -fcamp-check   check every index into an array of known length in kernels\n"
          "                 (an index out of bounds is reported as a run-time error)\n"
          "  -fcamp-inline-math  at -O1 and up, inline the large math functions too\n"
          "                 (by default each stays one called function)\n"
          "  --no-camp-runtime  do not link libcamp\n"
          "  --list-accelerators  list the Vulkan accelerators kernels can run on (camp-info)\n"
          "  --launcher CC      as a CMake compiler launcher: compile as campcc (with\n"
          "                     --camp-sources=, files not listed go to CC unchanged)\n"
          "  --camp-sources=F1,F2  only these files get kernels; others stay serial C\n"
          "  -print-file-name=libcamp.so   where campcc's runtime and headers are\n"
          "  --version --help\n"
          "Environment:\n"
          "  CAMP_HOST_CC   host compiler command (default " CAMP_DEFAULT_HOST_CC ")\n"
          "Read at run time by the programs campcc builds (docs/dialect.md section 10):\n"
          "  CAMP_DEVICE=N|name      the default accelerator\n"
          "  CAMP_VALIDATION=1       Vulkan validation layers; any message aborts\n"
          "  CAMP_IMPLICIT_SYNC=0    no implicit synchronization: views follow the explicit calls\n"
          "  CAMP_IMPLICIT_SYNC=check  the same, and missing synchronizes and refreshes reported\n"
          "  CAMP_VERBOSE=1          devices, copy paths and pipelines as they are made\n"
          "  CAMP_PROFILE=1|csv      kernel, copy and wait times at exit\n"
          "  CAMP_TRACE=file.json    a trace of kernels and copies (camp-prof draws it)\n"
          "  CAMP_PRINTF_PREFIX=1    kernels' printf lines start with the thread's index\n"
          "  CAMP_PRINTF_BUFFER_SIZE=bytes  kernel output held between two waits\n"
          "  CAMP_PIPELINE_CACHE=0   no on-disk pipeline cache\n"
          "  CAMP_REPLAY=0           record every batch, submit none again\n"
          "  CAMP_FORCE_STAGING=1    copies through staging buffers, as on a discrete GPU\n"
          "  CAMP_COPY_PATH=map|import|staging|bar  how host memory reaches the device\n"
          "  CAMP_COPY_THREADS=N     threads that copy between host memory and staging\n"
          "  CAMP_COPY_STREAM=0|1    the copy threads' stores bypass the caches or not\n"
          "  CAMP_STAGING_AHEAD=0    the staging ring allocated at its first use, not ahead\n"
          "  CAMP_COPY_KERNEL=0|1    copies between buffers as a compute kernel or not\n"
          "  CAMP_COPY_QUEUE=compute asynchronous copies on a compute queue\n"
          "  CAMP_WAIT_POLL_US=N     a wait polls N microseconds before it blocks\n"
          "  CAMP_WORKGROUP_SIZE=...  untiled kernels' workgroup shapes, for experiments\n"
          "  CAMP_ACCESS_CHAINS=1|0  view elements by access chains or 64-bit sums\n"
          "  CAMP_SIMULATE=NAME      every device acts as one of the profile NAME\n"
          "  CAMP_VECTORIZE=0        vectorized kernels take one element per thread\n"
          "  CAMP_DEVICE_MASK_FEATURES, CAMP_TEST_FAIL_ALLOC, CAMP_TEST_DEVICE_LOST,\n"
          "  CAMP_TEST_LOSE_DEVICE, CAMP_TEST_NO_NON_SEMANTIC_INFO  fault injection for tests\n",
          f);
}

/* Where a flag goes. */
typedef enum Dest {
    TO_PARSE,   /* libclang and every host compile: the preprocessor's view */
    TO_COMPILE, /* host compiles only */
    TO_LINK,    /* the link only, in place */
    TO_BOTH,    /* compiles and link */
} Dest;

/* Flags whose value may be the next word. `attach`: the value may also be
 * glued on (-Ifoo). */
static const struct {
    const char *name;
    Dest dest;
    bool attach;
} valued_flags[] = {
    {"-I", TO_PARSE, true},         {"-D", TO_PARSE, true},          {"-U", TO_PARSE, true},
    {"-include", TO_PARSE, false},  {"-imacros", TO_PARSE, false},   {"-isystem", TO_PARSE, false},
    {"-iquote", TO_PARSE, false},   {"-idirafter", TO_PARSE, false}, {"-isysroot", TO_PARSE, false},
    {"-iprefix", TO_PARSE, false},  {"-iwithprefix", TO_PARSE, false},
    {"-target", TO_BOTH, false},    {"-Xclang", TO_COMPILE, false},  {"-Xpreprocessor", TO_COMPILE, false},
    {"-Xassembler", TO_COMPILE, false},
    {"-L", TO_LINK, true},          {"-l", TO_LINK, true},           {"-Xlinker", TO_LINK, false},
    {"-T", TO_LINK, false},         {"-u", TO_LINK, false},          {"-z", TO_LINK, false},
};

static const char *const link_only_flags[] = {
    "-shared", "-static", "-rdynamic", "-pie", "-no-pie", "-nostdlib", "-nostartfiles", "-nodefaultlibs",
    "-s", "-r", "-static-libgcc", "-shared-libgcc", "-static-pie",
};
static const char *const link_only_prefixes[] = {"-Wl,", "-fuse-ld=", "-rtlib=", "--ld-path=", "--unwindlib="};

/* File extensions the host compiler compiles rather than links. */
static const char *const source_extensions[] = {".c", ".i", ".s", ".S", ".cc", ".cp", ".cpp", ".cxx",
                                                ".c++", ".C", ".m", ".mm", ".h"};

static bool has_prefix(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

static bool has_prefix_in(const char *s, const char *const *list, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (has_prefix(s, list[i])) return true;
    return false;
}

static bool in_list(const char *s, const char *const *list, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!strcmp(s, list[i])) return true;
    return false;
}
#define IN_LIST(s, list) in_list((s), (list), sizeof(list) / sizeof *(list))

static bool is_source_path(const char *path) {
    const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
    return dot && (!slash || dot > slash) && IN_LIST(dot, source_extensions);
}

static void add(Driver *d, PtrVec *v, const char *arg) { vec_push(&d->arena, v, (void *)arg); }

static void add_link(Driver *d, const char *arg, Input *in) {
    LinkItem *it = arena_alloc(&d->arena, sizeof *it);
    it->arg = arg;
    it->input = in;
    vec_push(&d->arena, &d->link_items, it);
}

static void route(Driver *d, Dest dest, const char *arg) {
    if (dest == TO_PARSE) add(d, &d->clang_args, arg);
    if (dest != TO_LINK) add(d, &d->compile_args, arg);
    if (dest == TO_LINK || dest == TO_BOTH) add_link(d, arg, NULL);
}

static void add_input(Driver *d, const char *path, const char *lang) {
    Input *in = arena_alloc(&d->arena, sizeof *in);
    in->path = path;
    in->lang = lang;
    in->is_source = lang || is_source_path(path);
    vec_push(&d->arena, &d->inputs, in);
    add_link(d, NULL, in);
}

/* -MD -MMD -MF -MT -MQ -MP, -MJ and the preprocess-only -M -MM. Returns whether
 * `arg` was one; *i moves past a separate value. */
static bool dep_flag(Driver *d, int argc, char **argv, int *i, bool *missing) {
    const char *arg = argv[*i];
    if (!strcmp(arg, "-MD") || !strcmp(arg, "-MMD")) {
        d->deps = arg[2] == 'M' ? DEPS_USER : DEPS_ALL;
        return true;
    }
    if (!strcmp(arg, "-MP")) {
        add(d, &d->dep_args, arg);
        return true;
    }
    if (!strcmp(arg, "-M") || !strcmp(arg, "-MM")) {
        d->action = ACT_PASSTHROUGH; /* they imply -E */
        return true;
    }
    if (!has_prefix(arg, "-MF") && !has_prefix(arg, "-MT") && !has_prefix(arg, "-MQ") && !has_prefix(arg, "-MJ"))
        return false;
    const char *value = arg[3] ? arg + 3 : *i + 1 < argc ? argv[++*i] : NULL;
    if (!value) {
        *missing = true;
        return true;
    }
    if (arg[2] == 'F') {
        d->dep_file = value;
    } else if (arg[2] == 'J') {
        d->cdb_file = value; /* driver_cdb.c */
    } else {
        add(d, &d->dep_args, arena_printf(&d->arena, "-M%c", arg[2]));
        add(d, &d->dep_args, value);
        d->dep_target_given = true;
    }
    return true;
}

/* --camp-sources=a.c,b.c: their real paths, to compare with inputs'. */
static void kernel_source_list(Driver *d, const char *list) {
    char *copy = arena_strdup(&d->arena, list);
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
        char *real = realpath(tok, NULL);
        add(d, &d->kernel_sources, arena_strdup(&d->arena, real ? real : tok));
        free(real);
    }
    if (!d->kernel_sources.len) add(d, &d->kernel_sources, ""); /* an empty list selects nothing */
}

/* campcc's own flags (own_flag), for the spelling suggestions. */
static const char *const own_flags[] = {"--no-camp-runtime", "--dump-kernels",   "--list-accelerators",
                                        "-fcamp-inline-math", "-fcamp-check",     "-ftime-report",
                                        "--emit-spirv=",     "--emit-host=",     "--camp-sources=",
                                        "--launcher",        "--target-profile=", "--dump-ir"};

/* The Levenshtein distance of a and b[0..nb), or more than `limit` when it is. */
static size_t edit_distance(const char *a, const char *b, size_t nb, size_t limit) {
    size_t na = strlen(a);
    if ((na > nb ? na - nb : nb - na) > limit || nb > 63) return limit + 1;
    size_t row[64];
    for (size_t j = 0; j <= nb; j++) row[j] = j;
    for (size_t i = 1; i <= na; i++) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= nb; j++) {
            size_t up = row[j];
            size_t best = diagonal + (a[i - 1] != b[j - 1]);
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diagonal = up;
        }
    }
    return row[nb];
}

/* The flag of campcc's own that `arg` misspells by one edit (clang's rule
 * for its own options), with arg's value; NULL if none. A misspelling
 * would otherwise go to the host compiler, which knows none of them. */
static const char *misspelled_own_flag(Driver *d, const char *arg) {
    const char *eq = strchr(arg, '=');
    for (size_t i = 0; i < sizeof own_flags / sizeof *own_flags; i++) {
        const char *name = own_flags[i];
        bool joined = name[strlen(name) - 1] == '=';
        size_t n = joined && eq ? (size_t)(eq - arg) + 1 : strlen(arg);
        if (edit_distance(name, arg, n, 1) <= 1)
            return arena_printf(&d->arena, "%s%s", name, joined && eq ? eq + 1 : "");
    }
    return NULL;
}

/* campcc's own flags, which the host compiler never sees. */
static bool own_flag(Driver *d, int argc, char **argv, int *i) {
    const char *arg = argv[*i];
    if (!strcmp(arg, "--no-camp-runtime")) d->link_runtime = false;
    else if (!strcmp(arg, "--dump-kernels")) d->dump_kernels = true;
    else if (!strcmp(arg, "--dump-ir")) d->opts.dump_ir = IR_AFTER_LAYOUT;
    else if (has_prefix(arg, "--dump-ir=") && ir_stage_named(arg + 10)) d->opts.dump_ir = ir_stage_named(arg + 10);
    else if (!strcmp(arg, "--list-accelerators")) d->list_accelerators = true;
    else if (!strcmp(arg, "-fcamp-inline-math")) d->opts.inline_math = true;
    else if (!strcmp(arg, "-fcamp-check")) d->opts.check = true;
    else if (!strcmp(arg, "-ftime-report")) time_report_enable();
    else if (has_prefix(arg, "--emit-spirv=")) d->emit_spirv = arg + 13;
    else if (has_prefix(arg, "--emit-host=")) d->emit_host = arg + 12;
    else if (has_prefix(arg, "--camp-sources=")) kernel_source_list(d, arg + 15);
    else if (has_prefix(arg, "--target-profile=")) d->target_profile_name = arg + 17;
    else if (!strcmp(arg, "--launcher")) {
        /* the build system's own compiler: campcc replaces it, except for
         * the commands that compile none of --camp-sources= (main.c) */
        if (*i + 1 < argc) d->launcher_cc = argv[++*i];
    } else return false;
    return true;
}

static int check_args(Driver *d) {
    if (d->target_profile_name) {
        d->opts.target_profile = camp_device_profile_find(d->target_profile_name);
        if (!d->opts.target_profile) {
            char names[512];
            camp_device_profile_list(names, sizeof names);
            diag_tool_error("--target-profile=%s names no device profile (there are: %s)", d->target_profile_name,
                            names);
            return 1;
        }
    }
    int nsources = 0;
    for (int i = 0; i < d->inputs.len; i++) nsources += ((Input *)d->inputs.items[i])->is_source;
    if (d->action == ACT_PASSTHROUGH || !d->inputs.len) return 0;
    if (d->output && nsources > 1 && (d->action == ACT_OBJECT || d->action == ACT_ASSEMBLY)) {
        diag_tool_error("cannot specify -o when generating multiple output files");
        return 1;
    }
    if ((d->emit_spirv || d->emit_host) && nsources > 1) {
        diag_tool_error("--emit-spirv and --emit-host take one source file, not %d", nsources);
        return 1;
    }
    for (int i = 0; i < d->inputs.len; i++) {
        const Input *in = d->inputs.items[i];
        if (!strcmp(in->path, "-") && !in->lang) {
            diag_tool_error("-E or -x required when input is from standard input");
            return 1;
        }
        if (!in->is_source && d->action != ACT_LINK)
            fprintf(stderr, "campcc: warning: %s: 'linker' input unused\n", in->path);
    }
    return 0;
}

/* One flag or input at argv[*i] (and its value words). Returns 0, -1 for
 * --help, or an exit status. */
static int parse_one(Driver *d, int argc, char **argv, int *i, const char **lang) {
    const char *arg = argv[*i];
    DiagFlag flag;
    bool missing = false;
    const char *meant = arg[0] == '-' ? misspelled_own_flag(d, arg) : NULL;
    if (meant) {
        diag_tool_error("unknown argument '%s'; did you mean '%s'?", arg, meant);
        return 1;
    }
    if (dep_flag(d, argc, argv, i, &missing)) {
        if (!missing) return 0;
        diag_tool_error("argument to '%s' is missing (expected 1 value)", arg);
        return 1;
    }
    if (!strcmp(arg, "--help") || !strcmp(arg, "-help")) {
        driver_usage(stdout);
        return -1;
    }
    if (has_prefix(arg, "--dump-ir=")) { /* own_flag took every known stage */
        diag_tool_error("unknown stage in '%s' (lowering, ptr-storage, nonneg, fences, layout)", arg);
        return 1;
    }
    if (arg[0] == '-' && (arg[1] == 'o' || arg[1] == 'x')) { /* -o FILE, -oFILE, -x LANG, -xLANG */
        const char *value = arg[2] ? arg + 2 : *i + 1 < argc ? argv[++*i] : NULL;
        if (!value) {
            diag_tool_error("argument to '%s' is missing (expected 1 value)", arg);
            return 1;
        }
        if (arg[1] == 'o') d->output = value;
        else *lang = strcmp(value, "none") ? value : NULL;
        return 0;
    }
    for (size_t j = 0; j < sizeof valued_flags / sizeof *valued_flags; j++) {
        const char *name = valued_flags[j].name;
        bool exact = !strcmp(arg, name), glued = valued_flags[j].attach && has_prefix(arg, name) && !exact;
        if (!exact && !glued) continue;
        if (glued) {
            route(d, valued_flags[j].dest, arg);
        } else if (*i + 1 < argc) {
            route(d, valued_flags[j].dest, arg);
            route(d, valued_flags[j].dest, argv[++*i]);
        } else {
            diag_tool_error("argument to '%s' is missing (expected 1 value)", arg);
            return 1;
        }
        return 0;
    }

    if (arg[0] != '-' || !strcmp(arg, "-")) {
        add_input(d, arg, *lang);
    } else if (!strcmp(arg, "-c")) {
        if (d->action != ACT_PASSTHROUGH) d->action = ACT_OBJECT;
    } else if (!strcmp(arg, "-S")) {
        if (d->action != ACT_PASSTHROUGH) d->action = ACT_ASSEMBLY;
    } else if (!strcmp(arg, "-fsyntax-only")) {
        if (d->action != ACT_PASSTHROUGH) d->action = ACT_SYNTAX;
    } else if (!strcmp(arg, "-E") || !strcmp(arg, "-###") || !strcmp(arg, "--version") ||
               has_prefix(arg, "-print-") || has_prefix(arg, "--print-") || has_prefix(arg, "-dump")) {
        d->action = ACT_PASSTHROUGH; /* the host compiler answers (main.c adds to some) */
        if (has_prefix(arg, "-print-file-name=")) d->print_file = arg + 17;
        d->print_version |= !strcmp(arg, "--version");
    } else if (!strcmp(arg, "-v")) {
        d->verbose = d->opts.verbose = true;
        route(d, TO_BOTH, arg);
    } else if (has_prefix(arg, "-std=") || !strcmp(arg, "-nostdinc") || has_prefix(arg, "-fbracket-depth=") ||
               has_prefix(arg, "-fmax-tokens=") || !strcmp(arg, "-fspell-checking") ||
               !strcmp(arg, "-fno-spell-checking")) { /* the parse's limits and messages are the user's too */
        route(d, TO_PARSE, arg);
    } else if (has_prefix(arg, "--sysroot=") || has_prefix(arg, "--target=") || !strcmp(arg, "-m32") ||
               !strcmp(arg, "-m64") || !strcmp(arg, "-fsigned-char") || !strcmp(arg, "-funsigned-char")) {
        route(d, TO_PARSE, arg); /* they change the target: libclang must agree */
        add_link(d, arg, NULL);
    } else if (!strcmp(arg, "--sysroot")) { /* --sysroot DIR, as clang also takes it */
        if (*i + 1 >= argc) {
            diag_tool_error("argument to '%s' is missing (expected 1 value)", arg);
            return 1;
        }
        route(d, TO_PARSE, arg);
        route(d, TO_PARSE, argv[++*i]);
        add_link(d, arg, NULL);
        add_link(d, argv[*i], NULL);
    } else if (IN_LIST(arg, link_only_flags) || has_prefix_in(arg, link_only_prefixes,
                                                             sizeof link_only_prefixes / sizeof *link_only_prefixes)) {
        route(d, TO_LINK, arg);
    } else if (has_prefix(arg, "-Wp,")) {
        route(d, TO_PARSE, arg);
    } else if (has_prefix(arg, "-Wa,")) {
        route(d, TO_COMPILE, arg);
    } else if ((flag = diag_flag(&d->diag, arg)) != DIAG_FLAG_NONE) {
        /* warning flags reach libclang too: kernels' warnings are its */
        if (flag != DIAG_FLAG_OWN_WARNING) route(d, flag == DIAG_FLAG_WARNING ? TO_PARSE : TO_COMPILE, arg);
    } else {
        if (has_prefix(arg, "-g")) d->opts.debug_lines = strcmp(arg, "-g0") != 0;
        if (arg[1] == 'O') d->opts.opt_level = arg[2] == '0' ? 0 : 1; /* -O, -O1..3, -Os: kernels too */
        /* as clang reads them, the last one deciding: only "off" (also
         * implied by the strict model) keeps a*b+c from being fused, and in
         * SPIR-V the decoration that does so also forbids regrouping */
        if (has_prefix(arg, "-ffp-contract=")) d->opts.fp_exact = !strcmp(arg + 14, "off");
        if (has_prefix(arg, "-ffp-model=")) d->opts.fp_exact = !strcmp(arg + 11, "strict");
        route(d, TO_BOTH, arg);
    }
    return 0;
}

/* Whether the words of a flag (or an input) starting with `arg` belong in
 * a compilation database entry: what clang writes for -MJ leaves out the
 * inputs, -o, -x and the -M flags, and campcc's own flags never reach here. */
static bool for_cdb(const char *arg) {
    if (arg[0] != '-' || !strcmp(arg, "-")) return false;
    return arg[1] != 'o' && arg[1] != 'x' && arg[1] != 'M';
}

int driver_parse_args(Driver *d, int argc, char **argv) {
    d->link_runtime = true;
    if (!driver_expand_response_files(d, &argc, &argv)) return 1;
    const char *lang = NULL;
    d->passthrough_inputs_at = -1;
    for (int i = 1; i < argc; i++) {
        if (d->passthrough_inputs_at >= 0) { /* after `--`, as clang reads it: inputs only */
            add_input(d, argv[i], lang);
            add(d, &d->passthrough_args, argv[i]);
            continue;
        }
        if (!strcmp(argv[i], "--")) {
            d->passthrough_inputs_at = d->passthrough_args.len;
            add(d, &d->passthrough_args, argv[i]);
            continue;
        }
        if (own_flag(d, argc, argv, &i)) continue;
        int start = i, status = parse_one(d, argc, argv, &i, &lang);
        if (status) return status;
        for (int j = start; j <= i; j++) add(d, &d->passthrough_args, argv[j]);
        for (int j = start; j <= i && for_cdb(argv[start]); j++) add(d, &d->cdb_args, argv[j]);
    }
    return check_args(d);
}
