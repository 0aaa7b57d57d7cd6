/* driver.h — private to the driver (main.c, driver_*.c): campcc as a
 * drop-in C compiler. The command line is sorted into what each step
 * needs: every source input is compiled on its own (kernels through
 * compile_unit, the rest straight by the host compiler), then the objects
 * are linked in the user's order with libcamp added. */
#ifndef CAMPCC_DRIVER_H
#define CAMPCC_DRIVER_H

#include "campcc.h"

#include <limits.h>
#include <stdio.h>

/* What the command asks for, as clang reads its flags. */
typedef enum Action {
    ACT_LINK,       /* default: an executable or -shared library */
    ACT_OBJECT,     /* -c */
    ACT_ASSEMBLY,   /* -S: SPIR-V assembly for kernel files, host assembly otherwise */
    ACT_SYNTAX,     /* -fsyntax-only */
    ACT_PASSTHROUGH /* -E, -M, -MM, queries, no inputs: the host compiler alone */
} Action;

/* Make-style dependency output requested with -MD or -MMD. */
typedef enum DepKind { DEPS_NONE, DEPS_ALL, DEPS_USER } DepKind;

typedef struct Input {
    const char *path; /* as given; "-" is standard input */
    const char *lang; /* the -x in effect, or NULL to go by the extension */
    bool is_source;   /* compiled (otherwise handed to the linker) */
    const char *stdin_copy; /* "-": where standard input was saved */
    const char *object; /* after compiling, in link mode: the temporary object */
    bool kernels_outlined; /* campcc looked for its kernels: none may remain for the host */
    int kernel_count;      /* kernels found in it: many ask the host compiler for a limit */
} Input;

/* One word of the link command: a flag, or an input in its position. */
typedef struct LinkItem {
    const char *arg;
    Input *input;
} LinkItem;

typedef struct Driver {
    Action action;
    bool verbose, link_runtime, dump_kernels, print_version, list_accelerators;
    const char *output;       /* -o */
    const char *emit_spirv;   /* --emit-spirv= */
    const char *emit_host;    /* --emit-host= */
    PtrVec emitted;           /* Output*: those two, written and waiting for the command's end */
    const char *print_file;   /* -print-file-name= */
    PtrVec kernel_sources;    /* --camp-sources=: only these get kernels (launcher mode) */
    const char *launcher_cc;  /* --launcher CC: the project's compiler, for the other sources */
    const char *target_profile_name; /* --target-profile=NAME */
    PtrVec inputs;            /* Input*, in order */
    PtrVec link_items;        /* LinkItem*, in order */
    PtrVec compile_args;      /* flags for every host compile step */
    PtrVec clang_args;        /* the subset libclang needs to parse like the host compiler */
    PtrVec passthrough_args;  /* the command line minus campcc's own flags */
    int passthrough_inputs_at; /* where `--` is among them (flags may go only before it), or -1 */
    DepKind deps;
    const char *dep_file;     /* -MF */
    PtrVec dep_args;          /* -MP, -MT T, -MQ T in order */
    bool dep_target_given;    /* -MT or -MQ among them */
    const char *cdb_file;     /* -MJ: compilation database entries are appended to it */
    PtrVec cdb_args;          /* the command line as a compile of one file sees it: no inputs, -o, -x, -M* */
    PtrVec host_cc;           /* the host compiler command words */
    char *temp_dir;           /* this run's private temporary directory, once made */
    int ntemps;               /* files made in it (cleanup.c removes them) */
    Options opts;
    Diag diag;
    Arena arena;
    char include_dir[PATH_MAX], lib_dir[PATH_MAX], camp_info[PATH_MAX];
} Driver;

/* driver_args.c: returns 0 to go on, -1 to exit successfully (--help),
 * or an exit status. */
int driver_parse_args(Driver *d, int argc, char **argv);
void driver_usage(FILE *f);
/* driver_rsp.c: replaces each `@FILE` in argv by FILE's words, as clang
 * does, before anything reads the arguments; false (reported) for a
 * response file that cannot be read or that includes itself. */
bool driver_expand_response_files(Driver *d, int *argc, char ***argv);

/* driver_files.c: files and processes. */
bool driver_locate_self(Driver *d);
/* What every compile through campcc sees: camp.h's directory, with
 * -isystem as the compiler's own headers are (the user's warning flags,
 * -Werror included, are for the user's code, and the directory comes after
 * every -I), and
 * __CAMPCC__, which maps camp.h's data model onto libcamp (without it, the
 * serial reference mode). Plain files get it too: they may create the views
 * that another file's kernels use. */
void driver_add_camp_flags(Driver *d, PtrVec *args);
char *driver_temp_file(Driver *d, const char *suffix);
/* A temporary file called `name`, in a directory of its own: the host C of
 * `prog.c` is `prog.c` to the host compiler and linker, whose messages
 * name it (an undefined reference) as the program's file. */
char *driver_temp_file_named(Driver *d, const char *name);
/* false, with an error, where an output file names one of the inputs */
bool driver_outputs_spare_inputs(const Driver *d);
/* `base-of-path` with its extension replaced by `ext`, in the current directory. */
char *driver_output_name(Driver *d, const char *path, const char *ext);
/* Runs the host compiler with `args` after its own words; 0 on success. */
/* Whether the host compiler ($CAMP_HOST_CC's first word, or the default) is clang. */
bool driver_host_is_clang(Driver *d);
int driver_run_host(Driver *d, const PtrVec *args);
/* The same with standard input read from `stdin_file`. */
int driver_run_host_stdin(Driver *d, const PtrVec *args, const char *stdin_file);

/* driver_compile.c: whether `path` is one of --camp-sources= (every file
 * when there is no list). */
bool driver_selected(Driver *d, const char *path);
/* One source input to its object (or assembly, or
 * nothing for -fsyntax-only), with the inspection outputs and depfile. */
bool driver_compile_source(Driver *d, Input *in);
/* The inspection outputs written so far: published where `ok` (the whole
 * command succeeded), else removed, leaving the files they would replace
 * as they were; false (reported) where one cannot be published. */
bool driver_publish_emitted(Driver *d, bool ok);

/* driver_cdb.c: -MJ's entry for a source input compiled to `out` (NULL:
 * none); false (reported) when the file cannot be written. */
bool driver_write_cdb_entry(Driver *d, const Input *in, const char *out);

/* driver_runtime_use.c: whether an object, archive or -l among the link's
 * inputs refers to libcamp (a camp_ symbol), or -lcamp is given. */
bool driver_link_needs_runtime(Driver *d);

/* driver_link.c: the link step and the runtime it adds. */
int driver_link(Driver *d);

#endif
