/* frontend.h — private to frontend*.c: the libclang side of the compiler.
 * No CX* type is visible beyond these files. */
#ifndef CAMPCC_FRONTEND_H
#define CAMPCC_FRONTEND_H

#include "campcc.h"

#include <clang-c/Index.h>

typedef struct VarBinding {
    CXCursor decl;
    Var *var;
} VarBinding;

typedef struct StructBinding {
    CXCursor decl; /* canonical declaration */
    Type *type;
} StructBinding;

typedef struct MathBinding {
    const char *name; /* after camp_precise_ */
    CXCursor decl;
} MathBinding;

typedef struct FuncBinding {
    CXCursor decl; /* the definition */
    Func *func;
} FuncBinding;

/* The views the statement after a kernel uses on the host: the one it
 * synchronizes, or those whose elements it surely reads or writes. */
typedef struct NextUse {
    PtrVec names;      /* const char*: the variables */
    bool synchronizes; /* by array_view_synchronize */
} NextUse;

/* The frontend's state for one translation unit. */
/* A floating-point contraction pragma of the main file (fp_contract.c):
 * where, inside how many braces, and whether it turns contraction off. */
typedef struct ContractPragma {
    size_t offset;
    int depth;
    bool off;
} ContractPragma;

/* An OpenMP pragma of the main file (omp_pragmas.c): its text s[begin,
 * end) and what it asks of the statement after it. */
typedef enum OmpKind {
    OMP_OTHER,           /* parallel, for, simd...: nothing in amp code */
    OMP_ATOMIC_UPDATE,   /* atomic [update] */
    OMP_ATOMIC_READ,     /* atomic read */
    OMP_ATOMIC_WRITE,    /* atomic write */
    OMP_ATOMIC_OTHER,    /* atomic capture, atomic compare */
    OMP_BETWEEN_THREADS, /* critical, barrier, single, master, masked, ordered */
} OmpKind;

typedef struct OmpPragma {
    size_t begin, end;
    OmpKind kind;
    char text[32]; /* its name after `omp`, for messages */
} OmpPragma;

typedef struct Frontend {
    Unit *u;
    Arena *a;
    CXTranslationUnit tu;
    CXFile main_file;
    Kernel *kernel;      /* the kernel being lowered; NULL in helpers */
    const char *kernel_function; /* the function the kernel is written in */
    NextUse on_view_next; /* what the statement after a parallel_for_each_on uses on the host (frontend.c) */
    Func *func;          /* the helper being lowered; NULL in kernels */
    VarBinding *vars;    /* declarations visible in the code being lowered */
    int nvars, capvars;
    VarBinding *captured; /* the kernel's captures: past the block of their first use too */
    int ncaptured, capcaptured;
    FuncBinding *funcs;  /* amp functions lowered so far */
    int nfuncs, capfuncs;
    MathBinding *math;   /* camp_math.h's camp_precise_* definitions */
    int nmath, capmath;
    VarBinding *consts;  /* module constants made so far */
    int nconsts, capconsts;
    bool folding;        /* lowering a constant initializer: fold every value */
    StructBinding *structs; /* struct and union types made so far */
    int nstructs, capstructs;
    int loop_depth;      /* loops around the statement being lowered */
    int break_depth;     /* loops and switches around it */
    PtrVec kernel_ranges; /* unsigned[2]: byte ranges of the parallel_for_each statements */
    PtrVec capture_copies; /* Var* (captures): those of the kernel being lowered with a copy */
    const char *dialect_dir; /* where <camp.h> is, with a final '/'; NULL if not included */
    CXCursor *searched;  /* the top-level cursors the searches look into (unit_cursors.c) */
    int nsearched, capsearched;
    CXCursor *shared;    /* globals a kernel writes or takes the address of: views (restrictions.c) */
    int nshared, capshared;
    VarBinding *global_params; /* each amp function's parameter for a global it reaches, and the global's
                                * declaration its first use named */
    int nglobal_params, capglobal_params;
    Var *strings;        /* the string literals amp code points into, one module constant (frontend_lower.c) */
    Var *ctype_tables[3]; /* <ctype.h>'s tables amp code reads (frontend_ctype.c) */
    int string_items_capacity; /* InitItems its initializer has room for */
    CXCursor kernel_body; /* the body of the kernel being lowered */
    CXCursor kernel_statement, kernel_index; /* its parallel_for_each, its index's declaration */
    PtrVec privates;      /* Var *: its variables of its own for the function's (kernel_privates.c) */
    struct TemporaryVerdict *temporaries; /* file-scope statics asked about: temporaries or not (kernel_privates.c) */
    int ntemporaries, captemporaries;
    PtrVec macro_regions; /* MacroRegion *: where kernel macros' uses were expanded (kernel_macros.c) */
    PtrVec pointer_sources_aligned; /* CXCursor *: functions fe_align_pointer_sources looked into */
    ContractPragma *contract_pragmas; /* the main file's FP_CONTRACT pragmas (fp_contract.c) */
    int ncontract_pragmas, capcontract_pragmas;
    OmpPragma *omp_pragmas; /* the main file's OpenMP pragmas (omp_pragmas.c) */
    int nomp_pragmas, capomp_pragmas;
    const char *swapped_index; /* clang's error at each use of the index of parallel_for_each(extent(n), idx) */
    bool noted_rank1_index; /* the note on `idx[0]` of an index of rank 1, given once */
    const void *type_reported; /* the kernel or function a type amp code lacks was last reported in */
    const char *type_reported_name; /* and that type */
    int macro_rounds;     /* parses after such expansions */
} Frontend;

/* frontend.c */
SrcLoc fe_loc(Frontend *fe, CXCursor c);
/* The same for a place in a file (a macro argument's, as clang reports it). */
SrcLoc fe_loc_at(Frontend *fe, CXFile file, unsigned line, unsigned col);

/* macro_misuse.c: clang's errors about camp.h's macros in the program's terms */
/* clang's text with the spelling of a parallel_for_each index's type said
 * as that (*index_type: there was one), or campcc's message for a typed index */
char *fe_tidy_clang_text(Frontend *fe, const char *text, bool *index_type);
void fe_note_index_misuse(Frontend *fe, const char *text, SrcLoc loc); /* what to write instead */
/* An error on a line holding parallel_for_each(extent(n), idx): campcc's
 * error, once for the line (lines_reported), and true; true too for
 * clang's errors at the uses of that idx */
bool fe_swapped_pfe_arguments(Frontend *fe, CXDiagnostic dg, PtrVec *lines_reported);
char *fe_spelling(Frontend *fe, CXCursor c);
/* Whether token `tok` is spelled `word`. */
bool fe_token_is(Frontend *fe, CXToken tok, const char *word);
/* A type as clang spells it, in the arena. */
char *fe_type_spelling(Frontend *fe, CXType t);
Type *fe_type(Frontend *fe, CXType t, CXCursor where);
void fe_bind(Frontend *fe, CXCursor decl, Var *var);
Var *fe_lookup(Frontend *fe, CXCursor decl);
bool fe_names_refused_local(Frontend *fe, CXCursor c);
Var *fe_capture(Frontend *fe, CXCursor ref, CXCursor decl);
/* The type of a local declared as an array whose length C calls variable
 * but clang can fold (`const int K = 3; float top[K];`): an array of that
 * length; NULL for any other declaration. */
Type *fe_constant_vla_type(Frontend *fe, CXCursor decl);
/* The global whose value an amp function's parameter is, or a null cursor. */
CXCursor fe_param_global(Frontend *fe, const Var *param);
/* A variable (not an array) that kernels share as a view of its own
 * instead of a copy of its value: a global a kernel writes or takes the
 * address of, a variable of the function around a kernel whose address
 * the kernel takes. */
void fe_share_variable(Frontend *fe, CXCursor decl);
/* restrictions.c: whether a global (not an array) can be shared so. */
bool fe_is_shareable_global(Frontend *fe, CXCursor decl);
/* The same for any variable, a local of the function around a kernel too. */
bool fe_is_shareable_variable(Frontend *fe, CXCursor decl);
/* A const global or static const local with an initializer: a module
 * constant; NULL (no error) if decl is not one. One whose initializer amp
 * code cannot hold is reported once and comes back without a type. */
Var *fe_module_const(Frontend *fe, CXCursor decl);
Func *fe_amp_function(Frontend *fe, CXCursor call, CXCursor decl);

/* kernel_privates.c: whether the kernel of `body` reads decl, a variable
 * of the function around it, and surely assigns it before each read, and
 * the program does not read it after the kernel: then each thread has one
 * of its own, not a capture. */
bool fe_is_kernel_private(Frontend *fe, CXCursor body, CXCursor decl);
/* How the kernel of `body` uses decl, a variable of the function around
 * it: not as a thread's own; as one (fe_is_kernel_private); or so, but the
 * program reads its value after the kernel (*read: where; a serial run
 * would leave it the last pass's value), which restrictions.c shares with
 * the host where the kernel has one thread (*single) and refuses
 * otherwise. */
typedef enum KernelOwn { KERNEL_OWN_NONE, KERNEL_OWN, KERNEL_OWN_READ_AFTER } KernelOwn;
KernelOwn fe_kernel_own_use(Frontend *fe, CXCursor body, CXCursor decl, bool *single, CXCursor *read);
/* Whether decl is a static scalar that every function naming it (the
 * file's, or the one it is declared in: f2c makes every local static;
 * kernels included) assigns before each read, and whose address
 * nothing takes: a temporary (Numerical Recipes' `static float maxarg1`
 * behind its FMAX macro), which each kernel and helper that names it has a
 * variable of its own for, instead of one the threads share. */
bool fe_is_static_temporary(Frontend *fe, CXCursor decl);
/* What the error for a write of a captured variable advises (restrictions.c, frontend_lower.c). */
#define FE_CAPTURED_WRITE_ADVICE                                                                                      \
    "captures are by value and read-only in a kernel; a variable the kernel assigns before it reads it is each "      \
    "thread's own (to change a value from outside in one thread, copy it into a local first: `unsigned s = seed;`), " \
    "one it assigns and never reads is a flag shared with the host, and values of all threads combine through "       \
    "camp_atomic_fetch_add (camp_atomic_fetch_min, _max) or camp_reduce_sum (camp_reduce_min, _max)"
/* Whether the kernel of `body` assigns decl, a scalar of the function
 * around it, and never reads it (`changed = 1;`, `found = i;`): a flag
 * for the host, which the threads share with it as a view. */
bool fe_is_kernel_flag(Frontend *fe, CXCursor body, CXCursor decl);
/* Whether decl, an array of the function around the kernel being lowered,
 * is every thread's scratch: the kernel writes it before it reads it, at
 * indices that are the same in every thread, and the host reads it
 * nowhere. Then each thread has a copy of its own, made from the host's.
 * *raced: it is such scratch but for the host's use, and every thread
 * writes it first, outside any condition: the threads race on it. */
bool fe_is_kernel_scratch_array(Frontend *fe, CXCursor decl, bool *raced);
/* Whether the kernel of `body` uses pointer decl only to reach the
 * struct's members (`p->m`, `(*p).m`): not indexed, moved, compared or
 * passed on. */
bool fe_only_member_uses(CXCursor body, CXCursor decl);
/* Whether the kernel of `body` uses pointer decl only to read the one
 * element it points to (`*n`, `n[0]`): Fortran's scalar arguments. */
bool fe_only_reads_through(CXCursor body, CXCursor decl);

/* directives.c: calls fn for each preprocessing directive of the main
 * file's text, s[b, e) from its `#` to its line's end (continuations
 * included), `depth` braces open around it. */
typedef void DirectiveFn(void *ctx, const char *s, size_t b, size_t e, int depth);
void fe_scan_directives(Frontend *fe, DirectiveFn *fn, void *ctx);
/* The words of directive text s[b, e) (identifiers and single
 * punctuation, each cut at 15 characters), up to max; their count. */
int fe_directive_words(const char *s, size_t b, size_t e, char words[][16], int max);

/* fp_contract.c: the main file's `#pragma STDC FP_CONTRACT` and `#pragma
 * clang fp contract` lines; whether the amp function (or the function
 * around a kernel) `function` is covered by one that turns contraction
 * off: its float operations then round one by one. */
void fe_find_contract_pragmas(Frontend *fe);
bool fe_contract_off(Frontend *fe, CXCursor function);

/* omp_pragmas.c: the main file's `#pragma omp` lines; the one right
 * before statement `stmt`, or NULL; the statement after one that matters
 * in amp code (an atomic update, a pragma between OpenMP's threads)
 * lowered or reported; whether operator `op` is the update of an atomic
 * update or write, whose target is then shared as an atomic's. */
void fe_find_omp_pragmas(Frontend *fe);
const OmpPragma *fe_omp_pragma_before(Frontend *fe, CXCursor stmt);
Stmt *fe_lower_omp_statement(Frontend *fe, CXCursor c, const OmpPragma *p);
bool fe_omp_atomic_target(Frontend *fe, CXCursor op);
/* A warning for an OpenMP pragma right before the parallel_for_each `kernel`. */
void fe_warn_omp_before_kernel(Frontend *fe, CXCursor kernel);

/* kernel_macros.c: replaces in u->source each use of a macro of the
 * program's own that writes a kernel by its expansion; true if it did (the
 * unit is then parsed again). */
bool fe_expand_kernel_macros(Frontend *fe);
/* The column, in the file as written, of column `col` of line `line` of
 * the main file as compiled (a place in an expansion: its macro's use). */
unsigned fe_macro_column(const Frontend *fe, unsigned line, unsigned col);

/* unit_cursors.c: lists the unit's top level once (and finds the
 * dialect's headers and the math library there); then a search visits it
 * as clang_visitChildren visits the unit, but only the cursors outside
 * the dialect's and the system's headers (and the system's functions with
 * a body), which every search passes over. */
void fe_list_unit(Frontend *fe);
void fe_visit_unit(Frontend *fe, CXCursorVisitor visitor, CXClientData data);

/* frontend_math.c: <math.h>, fast_math_* and bit casts in amp code. The
 * library's functions, from the unit's n top-level cursors. */
void fe_find_math_library(Frontend *fe, const CXCursor *top, int n);
/* Sets u->host_uses_math. */
void fe_find_host_math_use(Frontend *fe);
/* call_views.c: lists in u->call_views the host's calls that pass local
 * arrays to the file's functions that launch kernels. */
void fe_find_call_views(Frontend *fe);
/* Whether a variable is one a scope can list: a local of its function,
 * automatic or static (a static local is in no list of the unit's
 * arrays), not a thread's own, with an address (not `register`). */
bool fe_is_scope_local(CXCursor var);
/* The file-scope arrays function `fn` stores into pointer variables (`float
 * *cur = a;`, `nxt = b;`): aligned as arrays kernels name are, once per
 * function (call_views.c). */
void fe_align_pointer_sources(Frontend *fe, CXCursor fn);
/* Aligns the definition of global or static array `decl` of the main
 * file to a page, in a section of such arrays where it can (host_emit.c):
 * the pages of a kernel's view of it hold nothing else. */
void fe_page_align_definition(Frontend *fe, CXCursor decl);
/* launch_scope.c: sets each kernel's launch_scope. */
void fe_find_launch_scopes(Frontend *fe);
/* A call of a library name; *handled false if `name` is none of them. */
Expr *fe_lower_library_call(Frontend *fe, CXCursor call, const char *name, bool *handled);
/* The byte offset in its file of where `l` is expanded (and its line). */
unsigned fe_offset(CXSourceLocation l, unsigned *line);
/* VIEW (NULL without one) and DOMAIN of the source text
 * `parallel_for_each(IDX, DOMAIN)` or `parallel_for_each_on(VIEW, IDX,
 * DOMAIN)` at byte `begin`, as written; false where it is not there. */
bool fe_domain_text(Frontend *fe, unsigned begin, const char **view, const char **domain);
/* Whether a for statement is the expansion of parallel_for_each. */
bool fe_is_pfe_loop(CXCursor c);
/* The index declaration and the body of a parallel_for_each expansion;
 * false when it does not have the shape camp.h's macro gives it. */
bool fe_pfe_parts(CXCursor outer, CXCursor *idx_decl, CXCursor *body);
/* Whether a function is marked restrict(amp) (or restrict(cpu, amp)). */
bool fe_is_amp_function(CXCursor decl);

/* dialect_headers.c: sets fe->dialect_dir (the unit's n top-level cursors
 * serve where the inclusions do not show it); then whether a cursor is in
 * the dialect's own headers (<camp.h> and those beside it). */
void fe_find_dialect_dir(Frontend *fe, const CXCursor *top, int n);
bool fe_in_dialect_headers(const Frontend *fe, CXCursor c);
bool fe_spelled_in_dialect_headers(const Frontend *fe, CXSourceLocation l);

/* frontend.c: the offset of the first character from `i` on of source
 * text s[0, n) that is neither a blank nor in a comment (n if none). */
size_t fe_skip_space(const char *s, size_t n, size_t i);
/* frontend.c: the offset just past the string or character literal at s[i],
 * or past its line where it is not closed there. */
size_t fe_literal_end(const char *s, size_t n, size_t i);

/* scope_operator.c: the offset of the first `::` in source text s[0, n)
 * where C cannot have it (clang 19 would not finish parsing it), n if none;
 * and that check on the main file, false after reporting the error. */
size_t fe_find_scope_operator(const char *s, size_t n);
bool fe_check_scope_operator(Unit *u);
/* include_check.c: false (reported) if the file includes a device, FIFO or socket */
bool fe_check_includes(Unit *u);
/* expression_length.c: the offset in source text s[0, n) of the macro use
 * or token that makes an expression, its macros expanded, longer than
 * clang checks in good time (n if none); and that check on the main file,
 * false after reporting the error. */
size_t fe_find_long_expression(const char *s, size_t n);
bool fe_check_expression_length(Unit *u);

/* restrictions.c: docs/dialect.md §5 on every kernel body and restrict(amp)
 * function, before lowering. Returns false after reporting errors. */
bool fe_check_restrictions(Frontend *fe);

/* frontend_init.c: a braced initializer or compound literal → EX_INIT. */
Expr *fe_lower_init(Frontend *fe, CXCursor list, Type *t);

/* frontend_lower.c */
/* A helper's parameter or a local whose type has rows of run-time length
 * (`double (*a)[m]`, `double a[n][m]`): hidden locals for the rows'
 * lengths, the statements setting them added to `into`, as view captures'
 * strides are (frontend.c). False if reported. */
bool fe_vla_strides(Frontend *fe, CXCursor decl, Var *v, PtrVec *into);
Expr *fe_lower_call_to(Frontend *fe, CXCursor call, CXCursor decl);
Expr *fe_lower_call_with(Frontend *fe, CXCursor call, CXCursor decl, int first, int n);
Expr *fe_lower_expr(Frontend *fe, CXCursor c);
Stmt *fe_lower_stmt(Frontend *fe, CXCursor c);

/* frontend_tile.c */
/* Tiled domain: the tile sizes (workgroup size) and the index's members. */
bool fe_tile_domain(Frontend *fe, Kernel *k, CXCursor outer, CXCursor idx_decl);
/* `t.global` … of the tiled index; *handled false for other member refs. */
Expr *fe_tile_member(Frontend *fe, CXCursor c, bool *handled);
/* The tiled index itself, named by a DeclRefExpr, as a struct value;
 * *handled false for other references. */
Expr *fe_tiled_index_value(Frontend *fe, CXCursor decl_ref, bool *handled);
/* tile_barrier's Type, or NULL for other types. */
Type *fe_tile_barrier_type(Frontend *fe, CXType t);
bool fe_is_tile_static(CXCursor decl);
Stmt *fe_tile_static_decl(Frontend *fe, CXCursor decl);
/* A warning where a call hands tile_static memory to a pointer to volatile (CUDA's warp-synchronous code). */
void fe_warn_volatile_tile_static_argument(Frontend *fe, CXCursor call, CXCursor callee);

/* frontend_intrinsic.c */
/* Whether c is `__extension__ e`, which the dialect's headers put around
 * their _Generic selections (C11's, quiet under -std=c99 -pedantic). */
bool fe_is_extension(CXCursor c);
/* c without the parentheses, implicit conversions and __extension__ around it. */
CXCursor fe_strip(CXCursor c);
/* Whether c, so stripped, names variable decl (a canonical cursor). */
bool fe_names(CXCursor c, CXCursor decl);
/* The function a call reaches, through a _Generic selection too. */
CXCursor fe_callee(CXCursor call);
/* Barriers, fences, atomics and subgroup operations; *handled false for other calls. */
/* frontend_intrinsic.c: GCC's __sync builtin `name` (__sync_fetch_and_add_4) that amp code has, as an index; -1 if none. */
int fe_sync_builtin(const char *name);
Expr *fe_intrinsic_call(Frontend *fe, CXCursor call, CXCursor decl, bool *handled);

/* frontend_subgroup.c: camp_subgroup.h's operations → EX_SUBGROUP; *handled false for other calls. */
Expr *fe_subgroup_call(Frontend *fe, CXCursor call, const char *name, bool *handled);

/* frontend_memory.c: memcpy and memset (and their __builtin_ forms) as a
 * statement of amp code: a loop over the destination's elements. */
bool fe_is_memory_function(const char *name);
bool fe_is_memset(const char *name); /* memset or __builtin_memset */
bool fe_is_memcpy(const char *name); /* memcpy or __builtin_memcpy */
Stmt *fe_lower_memory_call(Frontend *fe, CXCursor c, bool *handled);
/* frontend_fragment.c: marks struct ty (declared at decl) as a matrix
 * fragment if it is one of camp_fragment.h's; the operation a function of
 * that header named `name` (declared at loc) is, if any. */
void fe_fragment_type(Frontend *fe, Type *ty, CXCursor decl);
FragmentOp fe_fragment_op(const char *name, SrcLoc loc);
/* The tiled multiply loops that matmul.c lowers to fragments, with the
 * header's functions they call. */
void fe_lower_matmuls(Frontend *fe);

/* frontend_report.c */
/* printf and <assert.h>'s __assert_fail, declared by the system's headers. */
bool fe_is_report_function(CXCursor decl, const char *name);
/* A call of one of them → EX_REPORT; *handled false for other calls. */
Expr *fe_report_call(Frontend *fe, CXCursor call, CXCursor decl, const char *name, bool *handled);
/* An expansion of assert(c) → `if (c) ; else report`; *handled false for
 * other expressions. */
Stmt *fe_lower_assert(Frontend *fe, CXCursor c, bool *handled);

/* frontend_texture.c */
/* Whether t is a texture or write-only texture view handle (camp_texture.h). */
bool fe_is_texture_type(Frontend *fe, CXType t);
/* Whether an amp function's parameter of type t is a texture or sampler
 * one, which each call binds (not a value). */
bool fe_is_texture_param_type(Frontend *fe, CXType t);
/* The VAR_TEXTURE an amp function's texture or sampler parameter is bound to in its body. */
Var *fe_texture_param(Frontend *fe, CXCursor param, int position);
/* texture_get, texture_set, ... in amp code → EX_TEXTURE; *handled false for other calls. */
Expr *fe_texture_call(Frontend *fe, CXCursor call, CXCursor decl, const char *name, bool *handled);
/* A call e of an amp function (its arguments from the first-th of `call`
 * on): the caller's textures for its texture parameters, e->texture_args. */
bool fe_texture_args(Frontend *fe, CXCursor call, int first, Expr *e);
/* Reports a texture handle (`what`) used otherwise in amp code. */
void fe_texture_value_error(Frontend *fe, CXCursor where, const char *what);
/* Reports an amp function's texture or sampler parameter used otherwise. */
void fe_texture_param_value_error(Frontend *fe, CXCursor where, const Var *param);

/* The children of a cursor, in order (at most `max`). */
int fe_children(CXCursor c, CXCursor *out, int max);
/* All of c's children, however many (*n), in the arena. */
CXCursor *fe_all_children(Arena *a, CXCursor c, int *n);
Expr *fe_new_expr(Frontend *fe, ExprKind kind, Type *type, CXCursor c);
Stmt *fe_new_stmt(Frontend *fe, StmtKind kind, CXCursor c);
/* `l op r` of kind `kind` (EX_BINARY, EX_ASSIGN, EX_INDEX) and type t. */
Expr *fe_new_binary(Frontend *fe, ExprKind kind, Op op, Type *t, Expr *l, Expr *r, CXCursor c);
/* A variable of amp code: its name, type, kind and place (declared at `at`). */
Var *fe_new_var(Frontend *fe, const char *name, Type *t, VarKind kind, CXCursor at);
/* A local the compiler adds (a row length, a loop's counter), and its declaration. */
Var *fe_hidden_local(Frontend *fe, const char *name, Type *t, CXCursor c);
/* `sizeof a` of a variable-length array the kernel captures (sizeof
 * expression c): the host's sizeof, taken at the launch. */
Expr *fe_captured_vla_size(Frontend *fe, Var *v, CXCursor c);
Stmt *fe_decl_stmt(Frontend *fe, Var *v, Expr *init, CXCursor c);
Expr *fe_unsupported(Frontend *fe, CXCursor c, const char *what); /* reports; NULL */
Expr *fe_load_if_lvalue(Frontend *fe, Expr *e, CXCursor c); /* an lvalue's value (EX_LOAD), else e */
Expr *fe_var_value(Frontend *fe, Var *v, CXCursor c); /* the value of variable v */
Expr *fe_int_constant(Frontend *fe, Type *t, long long value, CXCursor c); /* an integer constant of type t */
Expr *fe_int_value(Frontend *fe, Expr *e, CXCursor c); /* `e` as an int rvalue */
/* An array lvalue's decay: the address of its first element. */
Expr *fe_decay_of(Frontend *fe, Expr *array, CXCursor c);
/* Element `at` of `array` (an lvalue of array type), as `array[at]` is lowered. */
Expr *fe_element_at(Frontend *fe, Expr *array, int at, CXCursor c);
/* The path of member indices to `name` in struct t, looking into anonymous
 * struct and union members; its length (at most max), or 0. */
int fe_member_path(const Type *t, const char *name, int *path, int max);
/* frontend_ctype.c: whether c is a call of glibc's __ctype_b_loc() or
 * its toupper and tolower forms; `(*CALL)[index]` lowered, the entry's
 * value (NULL: `subscript` is no such entry, or one reported). */
bool fe_is_ctype_table_call(Frontend *fe, CXCursor c);
Expr *fe_ctype_table_entry(Frontend *fe, CXCursor subscript, CXCursor base, CXCursor index);
/* A classification macro's `(*__ctype_b_loc())[c] & BITS`, as ints; NULL for any other `&`. */
Expr *fe_ctype_test(Frontend *fe, CXCursor c);
/* Whether `name` is one of <ctype.h>'s functions amp code has (glibc's tables' included). */
bool fe_is_ctype_function(const char *name);
/* A call of a <ctype.h> function (isdigit, toupper, ...); *handled false for any other. */
Expr *fe_lower_ctype_call(Frontend *fe, CXCursor call, const char *name, bool *handled);
/* The thread's copy of a capture (a struct holding pointers) whose address the kernel takes. */
Var *fe_capture_copy(Frontend *fe, Var *capture, CXCursor c);
/* Each thread's copy of an array of the function that its kernel uses as
 * scratch (fe_is_kernel_scratch_array), made from the capture's view as
 * the body begins; the kernel's own to write. */
Var *fe_scratch_copy(Frontend *fe, Var *capture, CXCursor c);
/* `for (i = 0; i < count; i++)`, its body left to the caller (i a hidden
 * local of an integer type). */
Stmt *fe_counted_loop(Frontend *fe, Var *i, Expr *count, CXCursor c);
/* A kernel's body, first declaring its variables of its own for the function's (kernel_privates.c) and
 * making the copies of its captures whose address it takes. */
Stmt *fe_with_capture_copies(Frontend *fe, Stmt *body, CXCursor c);
/* Whether a value of scalar type `from` may be read as `to`, another scalar type of its size (a pun). */
bool fe_punnable(const Type *from, const Type *to);
Expr *fe_bits_as(Frontend *fe, Expr *value, Type *t, CXCursor c); /* value's bits as type t */
/* The value of an integer constant expression; false if it is not one. */
bool fe_eval_int(CXCursor c, long long *out);

#endif
