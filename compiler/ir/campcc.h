/* campcc.h — the compiler's one internal interface: the IR, the unit, and
 * each stage's entry points.
 *
 * The pipeline (compile.c) is: parse (libclang) → find kernels and lower them
 * to the kernel IR below → checks → analyses → SPIR-V emission → host C
 * emission. Only frontend/ sees libclang; only spirv/ sees SPIR-V; the
 * emitter keeps its ids in its own tables, never in the IR
 * (docs/compiler.md). */
#ifndef CAMPCC_H
#define CAMPCC_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ======================================================================
 * arena.c — compiler memory: one arena per translation unit
 * ====================================================================== */

typedef struct ArenaBlock ArenaBlock;
typedef struct Arena {
    ArenaBlock *head;
} Arena;

void *arena_alloc(Arena *a, size_t size); /* zeroed, 16-byte aligned */
char *arena_strdup(Arena *a, const char *s);
char *arena_strndup(Arena *a, const char *s, size_t n);
char *arena_printf(Arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void arena_free(Arena *a);

/* A malloc'd array with room for one more element of `size` bytes: grown
 * (to `first`, then doubled) when len reaches *cap. */
void *grow_array(void *items, int len, int *cap, size_t size, int first);

/* A growable array of pointers in an arena. */
typedef struct PtrVec {
    void **items;
    int len, cap;
} PtrVec;
void vec_push(Arena *a, PtrVec *v, void *item);

/* A growable byte string (malloc'd; for output text). */
typedef struct StrBuf {
    char *data;
    size_t len, cap;
} StrBuf;
void sb_append(StrBuf *sb, const char *s, size_t n);
void sb_puts(StrBuf *sb, const char *s);
void sb_printf(StrBuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_free(StrBuf *sb);

/* utf8.c — the length of the well-formed UTF-8 character of 2-4 bytes at
 * text (at most n bytes read), or 0 */
size_t utf8_char_length(const char *text, size_t n);

/* files.c — reading a stream, writing a file, running a program */
/* A source file opened for reading; NULL, reported, when it cannot be:
 * `no such file or directory: 'x.c'` (clang's words), else `cannot read
 * 'x.c': Permission denied` (or `Is a directory`). */
FILE *open_source(const char *path);
/* Appends all of f to sb; false on a read error. */
bool sb_read_stream(StrBuf *sb, FILE *f);
/* Writes data to a temporary file of campcc's own, reporting failures. */
bool write_file(const char *path, const void *data, size_t n);
/* A file the user named (-o, --emit-*). A regular file, or a new one, is
 * written under a temporary name beside it and renamed onto it only when
 * complete, so a failure leaves the old file as it was; anything else
 * (/dev/null, a FIFO, a terminal) is written in place and never removed. */
typedef struct Output {
    const char *path;  /* the name the user gave */
    char *temp;        /* where it is being written, or NULL when in place */
    bool executable;   /* a program or shared library: mode 0777 less umask */
} Output;
/* Where to write `o`, or NULL (reported) when it cannot be created. */
const char *output_begin(Output *o, Arena *a, const char *path, bool executable);
/* Publishes the output if `ok`, else removes only what campcc made; false
 * (reported) when it cannot be renamed into place. */
bool output_end(Output *o, bool ok);
/* A new directory only campcc can use (mode 0700) in $TMPDIR or /tmp,
 * listed for cleanup; NULL (reported) on failure. */
char *make_temp_dir(Arena *a);
/* Creates `path` (in such a directory) exclusively, listed for cleanup;
 * false with errno on failure. */
bool create_temp_file(char *path);
bool create_temp_dir(char *path); /* the same for a directory */
/* output_begin, then `data` written where it says: output_end publishes
 * it (or removes it); false (reported, nothing left) on failure. */
bool output_write(Output *o, Arena *a, const char *path, const void *data, size_t n);
/* write_file for an output, published at once: "-" is standard output. */
bool write_output(Arena *a, const char *path, const void *data, size_t n);
typedef struct ProgramStatus {
    int spawn_error; /* errno when it could not be run (or waited for) */
    int exit_code;
    int signal;      /* the signal that killed it, or 0 */
} ProgramStatus;
/* Runs argv (argv[0] looked up in PATH), standard input from stdin_file if
 * not NULL, and waits for it. */
ProgramStatus run_program(char *const *argv, const char *stdin_file);

/* cleanup.c — temporary files and directories, and outputs being written,
 * removed at exit and when a signal ends campcc. */
void cleanup_install(void);          /* SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE */
void cleanup_add(const char *path);  /* `path` must live until removed */
void cleanup_forget(const char *path);
void cleanup_remove(const char *path); /* forget it and remove it now */
void cleanup_run(void);              /* remove everything still listed */
/* The program run_program waits for, stopped first by a fatal signal. */
void cleanup_set_child(int pid);

/* Our own bugs: never a silent wrong answer. */
_Noreturn void unreachable_at(const char *file, int line, const char *what);
#define unreachable(what) unreachable_at(__FILE__, __LINE__, what)

/* ======================================================================
 * diag.c — diagnostics in clang's format
 * ====================================================================== */

typedef struct SrcLoc {
    const char *file;
    unsigned line, col;
    bool renamed; /* a #line directive gave file and line: the text there is not the source's */
} SrcLoc;

typedef enum DiagLevel { DIAG_NOTE, DIAG_WARNING, DIAG_ERROR } DiagLevel;

/* -fdiagnostics-color[=auto|always|never]; auto (the default): when stderr
 * is a terminal. */
typedef enum DiagColor { DIAG_COLOR_AUTO, DIAG_COLOR_ALWAYS, DIAG_COLOR_NEVER } DiagColor;

typedef struct Diag {
    int errors, warnings;
    DiagColor color;
    bool werror; /* -Werror: clang's warnings come as errors, named so */
    bool no_warnings; /* -w */
    const char *off[16]; /* -Wno-X: campcc's own warnings turned off, as their flags "-WX" (after the "no-") */
    int noff;
    const char *as_errors[16]; /* -Werror=X: warnings made errors, as "X"; -Wno-error=X takes X out */
    int nas_errors;
    const char *stdin_copy; /* where standard input was saved: the lines shown for "<stdin>" */
    /* the last error, by its place and a hash of its text: the same one
     * again (a type met by several passes at one expression) is said once,
     * and the notes after it are left out with it */
    SrcLoc last_at;
    uint64_t last_hash;
    bool repeated;
    int said; /* errors said: `errors` counts the repeated ones too, for the passes that stop at one */
} Diag;

/* What a command-line flag means for diagnostics. */
typedef enum DiagFlag {
    DIAG_FLAG_NONE,    /* not a diagnostics flag */
    DIAG_FLAG_COLOR,   /* colours: taken here, and for the host compiler */
    DIAG_FLAG_WARNING, /* -w -W... -pedantic: for libclang and the host compiler */
    DIAG_FLAG_OWN_WARNING, /* -Wkernel-race, -Wno-kernel-race, -Werror=kernel-race ...: campcc's alone */
} DiagFlag;
DiagFlag diag_flag(Diag *d, const char *arg);

/* `file:line:col: error: message`, the source line and a caret. */
void diag_error(Diag *d, SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_note(Diag *d, SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A warning of campcc's own, named by its `flag` (`-Wfoo`) as clang's are;
 * an error under -Werror. */
void diag_warning(Diag *d, SrcLoc loc, const char *flag, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* One of clang's own diagnostics: its text already has clang's option
 * suffix (` [-Wfoo]`). */
void diag_clang(Diag *d, DiagLevel level, SrcLoc loc, const char *text);
/* clang's closing line, `2 warnings and 1 error generated.`, for what was
 * reported since the counts were `errors` and `warnings`. */
void diag_summary(Diag *d, int said, int warnings);
/* The environment's errors: `campcc: error: message`. */
void diag_tool_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ======================================================================
 * Kernel IR: types
 * ====================================================================== */

typedef enum TypeKind {
    TY_VOID,
    TY_BOOL,   /* C _Bool: one byte holding 0 or 1 */
    TY_INT,    /* char … long long, enums */
    TY_FLOAT,  /* float, double */
    TY_PTR,    /* a C pointer: a device address into a view */
    TY_ARRAY,  /* T[len] */
    TY_VECTOR, /* int2, float4, …; C's _Complex float and double (is_complex) */
    TY_STRUCT, /* struct or union: members at the host's offsets */
} TypeKind;

typedef struct Type Type;

/* A matrix fragment (camp_fragment.h): a struct whose tag the frontend
 * recognised, camp_fragment_<use>_<T>_<M>x<N>x<K>. In the scalar lowering it
 * is that struct (the whole rows × cols matrix in every thread); in a
 * kernel's cooperative-matrix module, a cooperative matrix of the subgroup. */
typedef enum FragmentUse { FRAGMENT_A, FRAGMENT_B, FRAGMENT_ACC } FragmentUse;
typedef struct Fragment {
    FragmentUse use;
    int m, n, k;     /* the multiply-add shape it belongs to */
    int rows, cols;  /* A: m × k, B: k × n, the accumulator: m × n */
    Type *element;
} Fragment;

typedef struct Member {
    const char *name;
    Type *type;
    uint32_t offset; /* bytes, as the host C compiler lays it out */
} Member;

/* A bit-field: bits [offset, offset + width) of the unsigned integer
 * member `storage`, which the frontend adds to hold the bytes of a run of
 * bit-fields (named after them, as no member access can be: "(bits
 * kind:live)"). */
typedef struct BitField {
    const char *name;
    Type *type;  /* as declared: int, unsigned, _Bool, an enum's integer */
    int storage; /* its member's index */
    int offset, width;
} BitField;

struct Type {
    TypeKind kind;
    int size, align;  /* host C layout, bytes */
    bool is_signed;   /* TY_INT */
    bool is_const;    /* for messages and access inference */
    bool is_restrict; /* a C `restrict` pointer */
    bool is_complex;  /* TY_VECTOR of 2: _Complex float or double, (real, imaginary) with C's arithmetic */
    Type *base;       /* TY_PTR pointee, TY_ARRAY / TY_VECTOR element */
    int len;          /* TY_ARRAY / TY_VECTOR count; TY_ARRAY -1: variable length */
    const char *name; /* as the user spelled it, for messages */
    /* TY_STRUCT: one Type per declaration, shared by every use */
    bool is_union;
    Member *members;
    int nmembers;
    const Fragment *fragment; /* a matrix fragment's struct, else NULL */
    BitField *bitfields; /* TY_STRUCT: its bit-fields, reached by name only */
    int nbitfields;
};

bool type_is_arith(const Type *t);   /* int, bool, float */
bool type_is_integer(const Type *t); /* int, bool */
bool type_equal(const Type *a, const Type *b); /* same layout and kind, qualifiers ignored */
bool type_holds_pointer(const Type *t); /* a pointer, or an array or struct with one inside */
/* Calls fn for each pointer a value of type t holds, in the order of their
 * offsets (none in unions: layout.c refuses those in captures), with its
 * offset from `offset` and, given an arena for names, its name from `name`
 * (`s.in`, `s.p[1]`; NULL without one). */
typedef void HeldPointerFn(void *ctx, const Type *ptr, const char *name, uint32_t offset);
void type_each_held_pointer(const Type *t, const char *name, uint32_t offset, Arena *names, HeldPointerFn *fn,
                            void *ctx);
/* The integer type of size 4 or 8 bytes (int, unsigned int, long, unsigned
 * long), one object shared by every value the compiler makes of it. */
Type *type_int(int size, bool is_signed);
Type *type_pointer_to(Arena *a, Type *base); /* a device address of base */

/* ======================================================================
 * Kernel IR: variables, expressions, statements, functions, kernels
 * ====================================================================== */

typedef enum VarKind {
    VAR_LOCAL,   /* declared in amp code */
    VAR_PARAM,   /* a helper's parameter */
    VAR_INDEX,   /* the kernel's index variable */
    VAR_CAPTURE, /* declared outside the kernel, used inside */
    VAR_CONST,   /* a const global or static const local: a module constant */
    VAR_TILE_STATIC, /* tile_static: one per tile, Workgroup storage */
    VAR_TEXTURE, /* a texture handle of the host or of an amp function's parameters: an image (Var.texture) */
} VarKind;

/* A texture a kernel uses (camp_texture.h's handles), named only by
 * EX_TEXTURE, at one binding of the kernel's descriptor set whose kind its
 * access says: READ, a sampled image (a texture read); WRITE, a storage
 * image (a writeonly_texture_view); READ | WRITE, a storage image of one
 * 32-bit channel (a texture the kernel writes with texture_set, and may
 * read); SAMPLE, a combined image sampler (a texture_view with one
 * sampler: one Var per pair). In an amp function, a Var of this kind is a
 * texture or sampler parameter (param >= 0; element NULL for a sampler) or
 * a use of one (in Func.textures), which each call binds to the caller's. */
typedef struct TextureInfo {
    struct Type *element; /* int, uint2, float4, ... (norm and unorm are float) */
    int rank;             /* 1..3 */
    uint32_t access;      /* enum camp_access: READ, WRITE, SAMPLE or READ | WRITE: what the kernel does */
    int binding;          /* in a kernel; -1 in an amp function */
    const char *sampler;  /* a sampled view's sampler: the variable's name */
    SrcLoc sampler_loc;   /* where that variable is declared */
    int param, sampler_param; /* in an amp function: the positions of the parameters; else -1 */
} TextureInfo;

typedef enum CaptureKind {
    CAPTURE_VALUE, /* scalar: copied into push constants */
    CAPTURE_VIEW,  /* array with a complete type: an implicit view */
    CAPTURE_POINTER, /* pointer: its value is looked up in the explicit views at launch */
} CaptureKind;

/* What a pointer variable points into (ptr_storage.c). */
typedef enum PtrSpace {
    PTR_NOWHERE, /* never given a value other than null: held as an address */
    PTR_VIEW,    /* views' memory: an address */
    PTR_OBJECT,  /* one local, tile_static or constant object of its function: an element offset */
    PTR_PARAM,   /* wherever parameter `param` of its function points: each call says */
} PtrSpace;

typedef struct PtrTarget {
    PtrSpace space;
    struct Var *root;     /* PTR_OBJECT: the variable pointed into, or NULL for */
    struct Expr *literal; /* PTR_OBJECT: the compound literal pointed into */
    bool whole;           /* PTR_OBJECT: at the object itself (&x), not at its elements */
    /* PTR_OBJECT, or PTR_PARAM's object: a member or row of it (s.m,
     * &s.x, m[i]), as the expression that gave it: a call's argument, or
     * the initializer of the pointer variable `holder` declared with it.
     * Each is a target of its own (which row it is is known only when it
     * runs). NULL: the object or its elements. */
    const struct Expr *part;
    const struct Var *holder;
    int param;            /* PTR_PARAM */
} PtrTarget;

/* What the value of a pointer expression points into (ptr_storage.c
 * records it on each one, Expr.points_into, and the emitter reads it): a
 * target, or null, or an address inside a part of a local object (a member
 * or row), which may be used at once or passed to a function, but not
 * kept. */
typedef enum PtrSourceKind {
    PTR_SRC_UNRECORDED, /* not a pointer expression ptr_storage.c saw */
    PTR_SRC_NULL,
    PTR_SRC_TARGET,
    PTR_SRC_PART,
    PTR_SRC_UNION, /* into a union's member: refused where it is made */
} PtrSourceKind;

typedef struct PtrSource {
    PtrSourceKind kind;
    PtrTarget t; /* PTR_SRC_TARGET; PTR_SRC_PART: the object (or view) it is part of */
} PtrSource;

typedef struct Var {
    const char *name;
    Type *type;
    SrcLoc loc;
    VarKind kind;
    /* captures */
    CaptureKind capture;
    uint32_t push_offset;
    uint32_t access; /* enum camp_access bits, for views */
    int member;      /* member index in the push-constant block */
    /* a view of a variable-length array: its inner variable-length rows'
     * sizes (in innermost elements) travel as hidden int captures */
    struct Var *vla_strides[2];
    const char *host_value; /* a hidden capture: the host C expression of its value */
    struct Expr *init;      /* VAR_CONST: its initializer, folded to constants */
    PtrTarget points_into; /* a pointer variable (not a capture): ptr_storage.c */
    bool nonneg; /* a signed integer (or index) never negative where read: nonneg.c */
    bool race_shadow; /* -fcamp-check: a tile_static variable's shadow (check_races.c) */
    bool static_storage; /* a captured array of static storage duration: a global or static local */
    bool object; /* a shared global that is not an array: its view is an array of one (frontend.c) */
    bool register_storage; /* a capture declared `register`, whose address C does not take */
    /* A view capture that the statement right after the launch synchronizes
     * (array_view_synchronize), or whose elements it surely reads or
     * writes on the host (camp_abi.h: the launch leaves its pages alone,
     * or synchronizes it itself) */
    enum { NEXT_UNUSED, NEXT_SYNCHRONIZES, NEXT_ACCESSES } next_use;
    TextureInfo *texture; /* VAR_TEXTURE */
    /* access.c: the roots (its function's parameters, its kernel's captures:
     * bit i for number i, bit 63 for all from 63 on) whose memory the
     * variable lies in or whose pointers its value may hold */
    uint64_t access_roots;
    uint64_t const_roots; /* those it holds through pointers to const only (nothing writes them but a cast) */
    bool written_in_calls; /* a capture: written only by the amp functions its kernel calls (access.c) */
    bool always_used; /* a pointer capture every thread reads or writes through (every_thread.c) */
    /* a value capture holding pointers: the root of its first (the others
     * follow in type_each_held_pointer's order), and bit i: its i-th may be
     * written (bit 63: one from the 63rd on); held_in_calls: only by the
     * amp functions its kernel calls (access.c) */
    int held_root;
    uint64_t held_written, held_in_calls, held_used; /* held_used: read or written at all */
    /* a struct captured by value that holds pointers, whose address the
     * kernel takes: the thread's own copy, a local the body begins by
     * declaring (frontend_lower.c); copy_of: that local's capture, which
     * it is written through as little as the capture itself. An array of
     * the function that the kernel uses as every thread's scratch: its
     * copy too, made from the view, but the thread's own to write (its
     * copy_of unset) */
    struct Var *copy, *copy_of;
    /* a capture of a pointer to a struct holding pointers, taken as the
     * struct it points to (named `(*p)`): the kernel's `p` is the address
     * of its copy */
    bool pointee;
    /* a pointer capture to a scalar the kernel only reads (`*n`, Fortran's
     * arguments): the value's copy libcamp fills where the pointer lies in
     * no view (then null); value_for: on that copy, its pointer */
    struct Var *value_copy, *value_for;
    bool hidden; /* a local the compiler made (fe_hidden_local): memcpy's loop, a row's stride */
    unsigned ptr_align; /* a pointer variable or parameter: the least alignment its values are known to
                         * have (alignment.c); 0: given none */
} Var;

typedef enum ExprKind {
    EX_INT,     /* integer constant: ival */
    EX_FLOAT,   /* floating constant: fval */
    EX_VAR,     /* lvalue of var */
    EX_LOAD,    /* rvalue of lvalue lhs */
    EX_DECAY,   /* array lvalue lhs → pointer to its first element */
    EX_CAST,    /* convert lhs to type */
    EX_INDEX,   /* lvalue lhs[rhs]: lhs a pointer, rhs an integer; ival as EX_DEREF's */
    EX_VELEM,   /* lvalue component ival of vector lvalue lhs */
    EX_UNARY,   /* op lhs: - ~ ! + */
    EX_BINARY,  /* lhs op rhs, arithmetic / comparison / logical / comma */
    EX_ASSIGN,  /* lhs op= rhs (op is OP_NONE for plain =); value is the new lhs */
    EX_INCDEC,  /* ++/-- on lhs: op OP_ADD/OP_SUB, ival 1 for prefix */
    EX_COND,    /* cond ? lhs : rhs */
    EX_CALL,    /* callee(args) */
    EX_ADDR,    /* &lhs */
    EX_DEREF,   /* lvalue *lhs; ival: -fcamp-check's report site + 1 where the pointer is checked
                 * against the launch's views (check_pointers.c), else 0 */
    EX_MEMBER,  /* member ival of struct lhs (lvalue if lhs is); bit_width > 0: the bit-field of bits
                 * [bit_offset, bit_offset + bit_width) of that member (its storage), of type `type` */
    EX_SWIZZLE, /* components comps[0..type->len) of vector lhs (lvalue if lhs is, no repeats) */
    EX_INIT,    /* a braced initializer or compound literal: inits[] stored into a zeroed object */
    EX_BUILTIN, /* GLSL.std.450 instruction ival, or a BuiltinOther (<0), on args */
    EX_SYNC,    /* tile barrier and/or memory fence: ival is TileSync bits */
    EX_ATOMIC,  /* atomic `ival` (AtomicOp) on args[0] (an lvalue), args[1..] */
    EX_REPORT,  /* printf or a failed assert: site ival of Unit.reports, sending args (report.c) */
    EX_BOUNDS,  /* -fcamp-check: index lhs, if below the length rhs (an EX_INT), else 0 after
                 * reporting site ival (check_bounds.c); with rhs NULL, divisor lhs if not 0, else 1
                 * after reporting */
    EX_RACE,    /* -fcamp-check: element lhs of a tile_static variable is about to be read (rhs
                 * NULL) or written (rhs an EX_INT): checks and records it in the shadow arrays
                 * args[0] (writers) and args[1] (readers); sites ival, ival + 1 (check_races.c) */
    EX_TEXTURE, /* texture var (TextureOp ival): reads or writes at index args[0] the value args[1], samples or
                 * gathers component args[1] (an EX_INT) at coordinate args[0] */
    EX_SUBGROUP, /* subgroup operation ival (SubgroupOp) on args; op: a reduction's or scan's operation */
} ExprKind;

/* What an EX_TEXTURE does. */
typedef enum TextureOp { TEXTURE_GET, TEXTURE_SET, TEXTURE_SAMPLE, TEXTURE_GATHER } TextureOp;

/* EX_BUILTIN's operations that are not one GLSL.std.450 instruction */
typedef enum BuiltinOther {
    BUILTIN_LOG10 = -1,       /* Log2, then OpFMul by log10(2) */
    BUILTIN_BIT_COUNT = -2,   /* OpBitCount */
    BUILTIN_BIT_REVERSE = -3, /* OpBitReverse */
    BUILTIN_FREM = -4,        /* OpFRem (fast_math_fmod) */
} BuiltinOther;

/* What an EX_SUBGROUP does (camp_subgroup.h). The reductions and scans
 * combine with their Op: OP_ADD, OP_AND, OP_OR, OP_XOR, and OP_LT for min,
 * OP_GT for max (the comparison that keeps the smaller, the larger). */
typedef enum SubgroupOp {
    SUBGROUP_SIZE, SUBGROUP_LANE, SUBGROUP_ID,
    SUBGROUP_BROADCAST, SUBGROUP_SHUFFLE, SUBGROUP_SHUFFLE_UP, SUBGROUP_SHUFFLE_DOWN, SUBGROUP_SHUFFLE_XOR,
    SUBGROUP_ANY, SUBGROUP_ALL, SUBGROUP_BALLOT,
    SUBGROUP_REDUCE, SUBGROUP_INCLUSIVE, SUBGROUP_EXCLUSIVE,
} SubgroupOp;

/* One element of an initializer: the value for the sub-object at path. */
typedef struct InitItem {
    int path[8];
    int depth;
    struct Expr *value;
} InitItem;

/* What an EX_SYNC does: wait for the whole tile, and order which memory. */
typedef enum TileSync {
    SYNC_BARRIER = 1,     /* every thread of the tile waits here */
    SYNC_GLOBAL = 2,      /* views and arrays (PhysicalStorageBuffer) */
    SYNC_TILE_STATIC = 4, /* tile_static (Workgroup) */
    SYNC_DEVICE = 8,      /* ordered for every thread of the device, not only the tile's */
} TileSync;

/* camp_atomic_*: args[0] is the target lvalue; args[1] the operand; for
 * ATOMIC_COMPARE_EXCHANGE args[1] is the lvalue `expected`, args[2] the
 * new value; ATOMIC_LOAD reads args[0] alone, ATOMIC_STORE writes args[1]
 * into it (void). */
typedef enum AtomicOp {
    ATOMIC_ADD, ATOMIC_SUB, ATOMIC_INC, ATOMIC_DEC, ATOMIC_MAX, ATOMIC_MIN,
    ATOMIC_AND, ATOMIC_OR, ATOMIC_XOR, ATOMIC_EXCHANGE, ATOMIC_COMPARE_EXCHANGE, ATOMIC_LOAD, ATOMIC_STORE,
} AtomicOp;

typedef enum Op {
    OP_NONE,
    OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_REM,
    OP_SHL, OP_SHR, OP_AND, OP_OR, OP_XOR,
    OP_LT, OP_GT, OP_LE, OP_GE, OP_EQ, OP_NE,
    OP_LAND, OP_LOR, OP_COMMA,
    OP_NEG, OP_NOT, OP_LNOT, OP_PLUS,
} Op;

typedef struct Func Func;
typedef struct Expr Expr;
struct Expr {
    ExprKind kind;
    Type *type; /* the C type of the result */
    SrcLoc loc;
    Op op;
    Expr *lhs, *rhs, *cond;
    Var *var;        /* EX_VAR */
    long long ival;  /* EX_INT, EX_VELEM component, EX_INCDEC prefix flag */
    double fval;     /* EX_FLOAT */
    Func *callee;    /* EX_CALL */
    Expr **args;
    int nargs;
    struct Var **texture_args; /* EX_CALL: the caller's texture for each of callee->textures */
    uint8_t comps[4]; /* EX_SWIZZLE */
    uint8_t bit_offset, bit_width; /* EX_MEMBER of a bit-field */
    InitItem *inits;  /* EX_INIT */
    int ninits;
    bool guarded_nonneg; /* never negative where it is evaluated, by the conditions around it (nonneg.c) */
    PtrSource points_into; /* a pointer's value: what it points into (ptr_storage.c); PTR_PARAM stays symbolic */
    bool own_element; /* EX_INDEX: the thread's own element of a view, in a vectorized kernel (vectorize.c) */
};

/* Whether an expression designates an object (may be assigned or have its
 * address taken). */
bool expr_is_lvalue(const Expr *e);

typedef enum StmtKind {
    ST_EMPTY,
    ST_EXPR,     /* expr; */
    ST_DECL,     /* var (= init)? */
    ST_BLOCK,    /* { body } */
    ST_IF,       /* if (cond) then else els */
    ST_WHILE,    /* while (cond) then */
    ST_DO,       /* do then while (cond) */
    ST_FOR,      /* for (init; cond; step) then */
    ST_BREAK,
    ST_CONTINUE,
    ST_RETURN,   /* return expr? */
    ST_SWITCH,   /* switch (expr) { cases } */
} StmtKind;

/* The statements of a switch from one group of labels to the next. */
typedef struct SwitchCase {
    long long *values; /* the case labels of this group */
    int nvalues;
    bool is_default;
    PtrVec body;       /* Stmt* */
} SwitchCase;

typedef struct Stmt Stmt;
struct Stmt {
    StmtKind kind;
    SrcLoc loc;
    Expr *expr;      /* ST_EXPR, ST_RETURN, loop and if conditions */
    Var *var;        /* ST_DECL */
    Stmt *init;      /* ST_FOR */
    Expr *step;      /* ST_FOR */
    Stmt *then, *els;
    PtrVec body;     /* ST_BLOCK: Stmt*; ST_SWITCH: SwitchCase* */
    bool unroll;     /* ST_FOR: a small loop of constant count, marked for unrolling (unroll.c) */
};

/* What a camp_fragment.h function does: in a cooperative-matrix module
 * its calls become instructions (spv_fragment.c); elsewhere they are calls. */
typedef enum FragmentOp {
    FRAGMENT_OP_NONE, FRAGMENT_OP_FILL, FRAGMENT_OP_LOAD, FRAGMENT_OP_STORE, FRAGMENT_OP_MMA,
    FRAGMENT_OP_LENGTH, FRAGMENT_OP_GET, FRAGMENT_OP_SET,
} FragmentOp;

/* A restrict(amp) function called from a kernel. */
struct Func {
    const char *name;
    const char *host_ref; /* how host C designates it: the name, cast to its type if overloadable */
    SrcLoc loc;
    Type *ret;
    Var **params;
    int nparams;
    int nglobals;   /* its last nglobals parameters: the globals it reaches, itself or in the functions it
                     * calls, which each caller passes as it sees them (frontend.c) */
    Stmt *body;
    PtrVec calls;   /* Expr* (EX_CALL) in body, for the recursion check */
    PtrVec textures; /* Var* (VAR_TEXTURE): what it does with its texture parameters (not in params) */
    bool exact_fp;  /* every float operation rounds on its own (no fused multiply-add) */
    bool library;   /* camp_math's: its loops are unrolled and, if large, it stays a called function */
    FragmentOp fragment_op; /* one of camp_fragment.h's operations, else FRAGMENT_OP_NONE */
    uint64_t writes_params; /* access.c: bit i, it may write through parameter i (or the pointers it holds),
                             * itself or in the functions it calls; bit 63 stands for all from 63 on */
    uint64_t reads_params;  /* access.c: bit i, it may read a pointer parameter i holds (or is), as above */
    uint64_t reads_held;    /* the same of pointers held in what parameter i points to (`c->name`, not `c`) */
};

/* A view a vectorized kernel (vectorize.c) reaches only at its thread's
 * own element: its vector_width consecutive elements are one vector. */
typedef struct VectorView {
    Var *view;    /* the capture */
    Expr *access; /* one of its accesses (own_element): where the thread's vector starts */
    bool load;    /* the kernel reads it, or writes it only under a condition: the vector is loaded first */
    bool store;   /* the kernel writes it: the vector is stored last */
    bool every_thread; /* reached by every thread, whatever the conditions (vectorize.c) */
} VectorView;

/* Where the definition of a global or static array kernels use goes:
 * the program's usual sections, or (its only declarator, not const) a
 * section whose every object begins a page (host_emit.c). */
typedef enum PageSection { PAGE_SECTION_NONE, PAGE_SECTION_BSS, PAGE_SECTION_DATA } PageSection;
typedef struct PageAligned {
    unsigned offset; /* in `source`, where the declaration begins */
    PageSection section;
} PageAligned;

/* One parallel_for_each. */
typedef struct Kernel {
    int index;        /* position in the module: entry point camp_kernel_<index> */
    const char *entry;
    SrcLoc loc;       /* the parallel_for_each */
    int rank;         /* 1..4 (4: untiled, run as rank 3 with components 0 and 1 as one) */
    Var *folded_extent; /* rank 4: the hidden capture of index component 1's size */
    bool tiled;
    bool wide_index;  /* rank 1 over extent64(n): the index is a long long */
    Var *idx;         /* the index; when tiled, used only through its members: */
    Var *tile_index[5]; /* tiled: t.global, t.local, t.tile, t.tile_origin, t.tile_extent */
    Stmt *body;
    PtrVec captures;  /* Var*, in push-constant order */
    PtrVec tile_statics; /* Var*: the tile_static variables it reaches, helpers included */
    PtrVec textures;  /* Var* (VAR_TEXTURE): the textures it uses */
    PtrVec named_consts; /* Var* (VAR_CONST): constants declared outside it that its body names; and (VAR_LOCAL)
                          * the function's variables it has each thread's own of (kernel_privates.c): used, for
                          * the host compile's -Wunused-variable, where the kernel was */
    int texture_bindings; /* their bindings (one each), numbered from 0 in the order of first use */
    uint32_t local_size[3];
    uint32_t push_size; /* bytes of arguments, header included */
    uint32_t args_block; /* 0, or where the captures begin in an arguments buffer (layout.c) */
    uint32_t features; /* enum camp_feature bits, of its own module */
    size_t spirv_offset, spirv_words; /* its own module, in Unit.kernel_spirv */
    bool loop_check;  /* it runs a loop: checks lavapipe's loop budget (ir/loops.c) */
    int vector_width; /* untiled: consecutive elements along x a thread takes with 128-bit accesses
                       * (vectorize.c); 0: one element, as written */
    PtrVec vector_views; /* VectorView*, when vector_width */
    uint32_t tile_static_bytes; /* Workgroup memory its tile_static variables need */
    bool reports;     /* reaches a printf or assert: the runtime passes it a report buffer */
    bool exact_fp;    /* declares a volatile variable: its float operations as written (Func's exact_fp) */
    uint32_t report_offset; /* where in the push constants (camp_abi.h), when it does */
    uint32_t view_table_offset; /* -fcamp-check: where the runtime puts its launch's view table (camp_abi.h) */
    /* host rewriting: the byte range of `parallel_for_each(...) STATEMENT` */
    unsigned begin_offset, end_offset;
    /* char*: the launching function's local arrays in scope, which its
     * pointers may point into: listed in a scope around the launch
     * (launch_scope.c) */
    PtrVec launch_scope;
    SrcLoc end_loc;   /* where the body ends, as clang reports it: the host C goes on from there */
    const char *domain_text; /* DOMAIN, as written */
    const char *view_text;   /* VIEW of parallel_for_each_on, as written; NULL for the default */
    /* A kernel of a macro of the dialect's headers (camp_header_kernel_ in
     * camp.h): the function it is in, whose host compile launches it
     * through the macro camp_launch_<function>_, defined at the top of the
     * host C; NULL for a kernel written in the file, replaced where it is */
    const char *launch_function;
    /* It uses matrix fragments: the multiply-add shapes it reaches (fragment.c)
     * and itself emitted with cooperative matrices, its own module and
     * features (spv_fragment.c), which the runtime takes where the device
     * has those shapes */
    PtrVec fragment_shapes; /* FragmentShape* */
    struct Kernel *cooperative;
    /* Whether its tiled multiply loop was lowered to matrix fragments
     * (matmul.c), or why not: for --dump-kernels */
    const char *matmul;
} Kernel;

/* A multiply-add shape a kernel's fragments use. */
typedef struct FragmentShape {
    int m, n, k;
    const Type *input, *accumulator;
    SrcLoc loc; /* its first fragment_mma */
} FragmentShape;

/* ======================================================================
 * report.c — printf and assert in amp code
 * ====================================================================== */

/* What the host prints or reports when a thread reaches a printf or a
 * failed assert: the device sends only the values (camp_abi.h's
 * camp_report_site, which host_emit.c writes from this). */
typedef struct ReportSite {
    int kind;         /* enum camp_report_kind */
    const char *text; /* printf: the format (report_format.c); assert: "kernel F: Assertion 'x' failed" */
    const char *values; /* one letter per value sent (camp_abi.h's CAMP_REPORT_VALUE_*) */
    SrcLoc loc;       /* an assert's: the file and line it reports */
    const struct Var *view_root; /* a pointer check's: the capture the pointer comes from, or NULL */
} ReportSite;

/* The value letter a printf argument of type t (a scalar, or a vector's
 * element) is sent as, and the type it is converted to first. */
char report_value_kind(const Type *t);

/* ======================================================================
 * The translation unit being compiled
 * ====================================================================== */

/* The points of the pipeline where --dump-ir=STAGE prints the IR: after
 * lowering, then after each analysis, in the order compile.c runs them. */
typedef enum IrStage {
    IR_NO_DUMP,
    IR_AFTER_LOWERING,
    IR_AFTER_PTR_STORAGE,
    IR_AFTER_NONNEG,
    IR_AFTER_FENCES,
    IR_AFTER_LAYOUT,
    IR_STAGES
} IrStage;

typedef struct Options {
    const char *const *clang_args; /* -I -D -U -std … for the parse */
    int nclang_args;
    int opt_level; /* -O: kernels are optimized from 1 up */
    bool debug_lines; /* -g: the C source in the SPIR-V for debuggers (spv_debug.c) */
    bool fp_exact;    /* -ffp-contract=off, -ffp-model=strict: every float operation rounds on its own */
    bool inline_math; /* -fcamp-inline-math: the optimizer inlines the large library functions too */
    bool verbose;     /* -v: also print the in-process steps that stand for a command (the optimizer) */
    bool check;       /* -fcamp-check: every index into an array of known length is checked */
    IrStage dump_ir;  /* --dump-ir[=STAGE]: print the IR there, on standard output */
    bool show_module; /* -S, --emit-spirv, --dump-kernels: the file's module is output (optimized too at -O1+) */
    const struct camp_device_profile *target_profile; /* --target-profile=NAME: kernels checked against it */
    /* The fuzzing harness only: precompiled headers of the usual includes
     * that every parse takes first (-include-pch), [0] for frontend.c's
     * first parse (without the vector math), [1] for its second. */
    const char *prelude_pch[2];
} Options;

/* A call of a function of the file that launches kernels, passing a
 * local array or a local's address (call_views.c): host_emit wraps the
 * call's text [begin, end) so that each is a view for the call. */
typedef struct CallView {
    unsigned begin, end;
    PtrVec names;      /* char*: the locals */
    bool returns_void; /* or its value is unused: the wrap gives none */
} CallView;

typedef struct GlobalArray {
    const char *name;
    bool read_only; /* const elements */
} GlobalArray;

typedef struct Unit {
    Arena arena;
    Diag *diag;
    const Options *opts;
    const char *path;   /* as given on the command line; "<stdin>" for standard input, as clang names it */
    const char *read_from; /* where standard input was saved, for "<stdin>"; NULL: path itself */
    char *source;       /* the file's bytes */
    size_t source_len;
    bool source_rewritten; /* source holds kernel macros' expansions (kernel_macros.c) */
    bool casts_away_const; /* amp code converts a pointer to const to one to non-const (access.c) */
    PtrVec kernels;     /* Kernel* */
    PtrVec funcs;       /* Func* (all amp functions reached) */
    PtrVec reports;     /* ReportSite*: the printf and assert calls in amp code */
    bool host_uses_math; /* something outside camp_math.h refers to it */
    bool uses_vector_math; /* the file needs camp_math.h's vector forms (frontend.c's parse) */
    uint32_t *spirv;    /* the module, after emission */
    size_t spirv_words;
    uint32_t *kernel_spirv; /* each kernel's own module, one after another (spv_split.c) */
    size_t kernel_spirv_words;
    PtrVec loop_sites;  /* SrcLoc*: the module's loops, numbered from 1 (spv_loop_limit.c) */
    /* PageAligned*: where in `source` a definition of a global or static
     * array kernels use begins, each once: host_emit aligns the arrays to
     * pages, and where it can, puts them in a section of their own. */
    PtrVec page_aligned;
    /* GlobalArray*: the arrays and other objects (a struct, a scalar)
     * defined at file scope outside system headers, which host_emit lists
     * for libcamp: a kernel's pointer into one that no kernel names finds
     * its view through the list. */
    PtrVec global_arrays;
    PtrVec call_views;  /* CallView*, in the order the search met them (outer calls first) */
    /* size_t*: where in `source` an OpenMP pragma right before a
     * parallel_for_each begins: host_emit comments it out (-fopenmp's
     * compile would refuse a pragma before the launch's block) */
    PtrVec dropped_pragmas;
    StrBuf host;        /* the host C (kernels replaced by launches), when there are kernels */
} Unit;

/* frontend.c: parse with libclang, lower every kernel and the amp functions
 * it calls into the IR. Returns false after reporting errors. */
bool frontend_run(Unit *u);
/* frontend.c: the version of the libclang campcc parses with ("19.1.7"),
 * copied into `a`. */
const char *frontend_clang_version(Arena *a);

/* check.c: language rules on the IR (recursion, …). */
bool check_unit(Unit *u);
/* check_private.c: each kernel's private memory per thread within campcc's limit. */
bool check_private_memory(Unit *u);
bool check_nesting(Unit *u); /* nesting.c: control flow at most 256 levels deep */
/* check_emit.c: unions holding pointers, constant unions, constants not
 * made of constants: what the SPIR-V module cannot express. */
bool check_emittable(Unit *u);

/* ir_walk.c: calls fe on every expression (before its operands) and fs
 * (if not NULL) on every statement of a body. */
typedef void (*ExprVisit)(void *ctx, Expr *x);
typedef void (*StmtVisit)(void *ctx, Stmt *st);
void walk_expr(Expr *x, ExprVisit fn, void *ctx);
void walk_stmt(Stmt *st, ExprVisit fe, StmtVisit fs, void *ctx);
/* The size of amp functions as a driver compiles them, inlined: each
 * function's expression nodes, its callees' counted in at each call;
 * measured once per unit, counts stop past FUNC_NODES_MAX. */
enum { FUNC_NODES_MAX = 16384 };
typedef struct FuncNodes {
    const Unit *u;
    long long *nodes; /* by the function's place in u->funcs */
} FuncNodes;
FuncNodes func_nodes_begin(Unit *u);
long long func_nodes(FuncNodes *fn, const Func *f);
long long call_nodes(FuncNodes *fn, const Expr *x); /* a call's callee's, else 0 */
/* fn on each statement directly inside st (its init, branches and body,
 * a switch's cases' statements), for walks that carry state down. */
void stmt_children(Stmt *st, StmtVisit fn, void *ctx);

/* nonneg.c: which signed integers of a function are provably non-negative
 * (Var.nonneg, set by nonneg_scan for its locals and index variables, and
 * Expr.guarded_nonneg for indices that the conditions around them keep
 * non-negative). */
void nonneg_scan(Stmt *body, Var *const *index_vars, int nindex);
bool expr_nonneg(const Expr *x);

/* fence.c: narrows the tile barriers of a tiled kernel's body before which
 * no view can have been written to tile_static memory only (clears their
 * SYNC_GLOBAL). */
void fence_scan(Kernel *k);

/* check_tile.c: tile_static and barriers only reached from tiled kernels,
 * each kernel's tile_static variables, no barrier where the threads of a
 * tile may diverge. */
bool check_tiles(Unit *u);

/* matmul.c: a tiled kernel's loop of multiply-adds of tile_static halves
 * into a float, as C++ AMP programs write a matrix multiply, lowered to
 * matrix fragments of 16x16x16 with camp_fragment.h's functions of that
 * shape, which `functions` (the frontend's: only it can lower them) gives,
 * asked once and only where a kernel has such a loop; false where the
 * unit has none. Each Kernel.matmul says what was done, or why not. */
typedef struct MatmulFuncs {
    Func *fill, *load_a, *load_b, *mma, *store;
} MatmulFuncs;
typedef bool MatmulFunctions(void *ctx, MatmulFuncs *out);
void matmul_lower(Unit *u, MatmulFunctions *functions, void *ctx);

/* fragment.c: the rules of matrix fragments (a tiled kernel, reached
 * through camp_fragment.h's operations only, constant layouts) and each
 * kernel's Kernel.fragment_shapes. Returns false after errors. */
bool fragment_scan(Unit *u);

/* vectorize.c: Kernel.vector_width and vector_views of the untiled
 * kernels that reach views only at their own elements; own_element_view
 * is the capture an access x is the thread's own element of (v[i],
 * v[i[0]][i[1]], ...), or NULL. */
void vectorize_kernels(Unit *u);
Var *own_element_view(const Kernel *k, const Expr *x);

/* loops.c: Kernel.loop_check of each kernel. */
void find_loop_checks(Unit *u);
void mark_unrolled_loops(Unit *u);
/* check_bounds.c: -fcamp-check's checks of the indexes into arrays of
 * known length (EX_BOUNDS around each), in kernels and amp functions. */
void bounds_instrument(Unit *u);

/* check_races.c: -fcamp-check's race checks of tile_static elements
 * (EX_RACE before each read and write), and their shadow variables. */
void races_instrument(Unit *u);
/* check_pointers.c: -fcamp-check's report site for an access through a
 * pointer, in the access's ival (EX_DEREF). */
void pointer_check_mark(Unit *u, const char *where, Expr *access);
/* report.c: marks the kernels that reach a printf or assert, directly or
 * through the amp functions they call (Kernel.reports). */
void report_scan(Unit *u);
/* half_precision.c: chains of half arithmetic computed in float and rounded
 * once, as the host computes them. */
void half_precision(Unit *u);

/* alignment.c: the alignment pointer variables and parameters are known to
 * have (a uint32_t * made from a uint8_t *: 1), and a pointer expression's. */
void alignment_scan(Unit *u);
unsigned expr_ptr_align(const Expr *x);
/* buffer_merge.c: local or tile_static arrays one pointer switches between
 * (double buffers) made one array, before ptr_storage.c. */
void merge_switched_buffers(Unit *u);
/* ptr_storage.c: what each pointer variable and each pointer expression of
 * the kernels and the amp functions points into (Var.points_into,
 * Expr.points_into), and that every use of it agrees (reported). Returns
 * false after errors. */
bool ptr_storage_scan(Unit *u);

/* exact_fp.c: the amp functions that exact code (Kernel.exact_fp,
 * Func.exact_fp) calls are exact too, also through their calls. */
void exact_fp_spread(Unit *u);
/* layout.c: push-constant layout, workgroup sizes, features. */
void layout_kernels(Unit *u);
/* access.c: which captures each kernel may write (the WRITE bit of
 * Var.access), through the amp functions it calls too (Func.writes_params). */
void access_analyze(Unit *u);
/* Whether the kernel may write through the index-th pointer (type ptr) a
 * struct capture holds. */
bool access_held_written(const Var *v, int index, const Type *ptr);
bool access_held_in_calls(const Var *v, int index); /* written only by the amp functions the kernel calls */
/* Whether the kernel reads or writes the pointer at all (an unused one is
 * passed as a null pointer, and need not lie in a view). */
bool access_held_used(const Var *v, int index);

/* every_thread.c: Var.always_used of the pointer captures every thread
 * surely reads or writes through (a null one is an error at the launch);
 * a warning for a shared global every thread updates without an atomic. */
void every_thread_check(Unit *u);
/* Whether kernel k may have more than one thread: all but extent(1), as
 * written (a kernel of one thread races with nobody). */
bool kernel_may_have_threads(const Kernel *k);

/* spv_emit.c: the whole module for all kernels into u->spirv; with
 * `cooperative`, fragments as cooperative matrices instead (the module of
 * the kernels' Kernel.cooperative variants). */
bool spv_emit_module(Unit *u, bool cooperative);
/* spv_fragment.c: each fragment kernel's Kernel.cooperative, cut from the
 * unit emitted with cooperative matrices into u->kernel_spirv. */
bool spv_emit_cooperative_kernels(Unit *u);
/* SPIRV-Tools 2023.1's optimizer leaves a module whose extensions it does
 * not list alone: the cooperative matrices' OpExtension is taken out of a
 * module before it (the words moved down, the new count returned) and put
 * back after. */
size_t spv_hide_cooperative_extension(uint32_t *words, size_t n);
void spv_restore_cooperative_extension(uint32_t **words, size_t *n);

/* time_report.c: -ftime-report's phases. time_phase_end adds the wall time
 * since `start` (a time_now()) to `phase` when the report is on. */
typedef enum TimePhase {
    TIME_PARSE, TIME_FRONTEND, TIME_EMIT, TIME_VALIDATE, TIME_OPTIMIZE, TIME_HOST_EMIT, TIME_HOST, TIME_PHASES
} TimePhase;
double time_now(void);
void time_report_enable(void);
void time_phase_end(TimePhase phase, double start);
void time_report_print(void);

/* spv_inline.c: before the optimizer, clears DontInline on the library
 * functions small enough to inline (on all of them, and every Unroll hint,
 * with -fcamp-inline-math); after it, NoContraction again on every float
 * operation of the library functions kept. */
void spv_choose_inlining(Unit *u);
bool spv_restore_exact(Unit *u, uint32_t **words, size_t *nwords); /* on the malloc'd module *words */
/* spv_alias.c: after the optimizer, AliasedPointer on the variables of
 * device addresses that --scalar-replacement made without it; the
 * decorations' insertion before a module's first (or false). */
bool spv_restore_aliasing(Unit *u, uint32_t **words, size_t *nwords);
bool spv_insert_decorations(uint32_t **words, size_t *nwords, const uint32_t *ids, size_t count, uint32_t decoration);
/* After the optimizer: merge-return's wrappers of early returns made returns again (spv_unwrap.c). */
void spv_unwrap_returns(uint32_t *words, size_t *nwords);
/* After the optimizer: each loop's step made again in its continue block (spv_loop_step.c). */
void spv_remake_loop_steps(uint32_t **words, size_t *nwords);
/* spv_debug_sweep.c: drops the debug records of values the optimizer removed. */
void spv_drop_dangling_debug(uint32_t *words, size_t *nwords);

/* spv_opt.c: the SPIR-V optimizer (spirv-opt -O), on each kernel's module
 * in u->kernel_spirv (cut again after), or on the file's, u->spirv. */
bool spv_optimize_kernels(Unit *u);
bool spv_optimize_unit_module(Unit *u);

/* spv_disjoint.c: `a | b` and `a ^ b` of operands that share no bit as
 * `a + b`, in every kernel's module (NVIDIA's driver computed 0 for a
 * 16-bit byte swap written with `|`). */
void spv_disjoint_bits_as_add(Unit *u);

/* spv_divide.c: 64-bit divisions and remainders by constants as multiplies,
 * in every kernel's module (NVIDIA's driver divided by such a constant
 * wrongly in loops). */
void spv_divide_by_constants(Unit *u);

/* spv_split.c: each kernel's own module, cut from u->spirv into
 * u->kernel_spirv, and the features it needs; spv_recut_kernel cuts kernel
 * k's module again from `words` (a module holding k's entry point),
 * appending it to `out` (k's offset is into `out`). */
struct WordBuf; /* spv_builder.h */
bool spv_split_kernels(Unit *u);
bool spv_recut_kernel(Unit *u, Kernel *k, const uint32_t *words, size_t n, struct WordBuf *out);

/* spv_tools.c: SPIRV-Tools — validate each kernel's module, disassemble. */
bool spv_validate_kernels(Unit *u);
char *spv_disassemble(const uint32_t *words, size_t n); /* malloc'd, NULL on failure */
const char *spv_tools_version(void); /* the linked SPIRV-Tools' ("v2023.1") */

/* host_emit.c: the host C for the unit (original source with kernels
 * replaced by launches, plus the module tables). */
void host_emit(Unit *u, StrBuf *out);

/* dump_kernels.c: --dump-kernels, per kernel: source line, captures with
 * kinds and push-constant offsets, workgroup size, capabilities. */
void dump_kernels(const Unit *u, FILE *out);

/* dump_ir.c: --dump-ir, the IR as text with what the analyses up to
 * `stage` decided. */
void dump_ir(const Unit *u, IrStage stage, FILE *out);
IrStage ir_stage_named(const char *name); /* IR_NO_DUMP if no stage has that name */

/* compile.c: the pipeline for one file, to u->spirv and u->host. Returns
 * false after errors. */
/* target_profile.c: --target-profile's warnings (errors under -Werror) for
 * what the kernels need that the profile lacks; false if one was an error. */
bool check_target_profile(Unit *u, const struct camp_device_profile *profile);
bool compile_unit(Unit *u);

#endif /* CAMPCC_H */
