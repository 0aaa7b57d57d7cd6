/* spv_emit.h — private to spv_*.c: lowering the kernel IR to SPIR-V. */
#ifndef CAMPCC_SPV_EMIT_H
#define CAMPCC_SPV_EMIT_H

#include "campcc.h"
#include "camp_abi.h"
#include "spv_builder.h"

/* The push-constant block's members: first the camp_push_header's 32-bit
 * words (size, then group_offset), then one per capture (Var.member), then
 * the report buffer's. */
enum { PUSH_HEADER_MEMBERS = CAMP_PUSH_HEADER_SIZE / 4, PUSH_GROUP_OFFSET_MEMBER = 3 };

/* One index of the access chain from a local, tile_static or constant
 * object to a member or row of it, the last first. */
typedef struct PathStep {
    const struct PathStep *outer; /* the index before it, or NULL: it indexes the object */
    uint32_t index; /* a 32-bit int, or a constant */
    bool member;    /* a struct's member: a constant, which the callee's copy is made for */
} PathStep;

/* How a pointer into an object that has no addresses reaches a part of it
 * (spv_object_path.c): the object's variable, the only kind of pointer
 * into it that SPIR-V lets a function call pass, and the indices from it.
 * A call passes a row or member as the object, the indices and the
 * offset into the part. */
typedef struct ObjectPath {
    uint32_t object;       /* the variable; 0: not an object a call can pass */
    const Type *type;      /* the object's, or NULL where pointer_type is known */
    uint32_t pointer_type; /* object's SPIR-V type in a helper that was passed it; else 0 */
    const PathStep *last;  /* NULL: the object itself */
} ObjectPath;

/* An lvalue: a pointer and how to access through it. */
typedef struct LValue {
    uint32_t ptr;
    SpvStorageClass storage;
    uint32_t align; /* for PhysicalStorageBuffer accesses (Aligned operand) */
    /* a row of a variable-length array in a view: ptr points at its first
     * innermost element; its own rows are stride[0] elements apart */
    uint32_t stride[2];
    /* a part of a union (target_lvalue): ptr is the union; the part is at
     * byte union_off plus the int union_index (or 0) */
    int union_off;
    uint32_t union_index;
    ObjectPath path; /* in memory without addresses: how ptr was reached */
} LValue;

/* A pointer value. Into views (PhysicalStorageBuffer) it is a real
 * address. Into other memory (private arrays, tile_static) SPIR-V has no
 * addresses, so it is an element offset into `base`, a pointer to an array
 * of the pointees (or, with base_is_object, to the one pointee). */
typedef struct Ptr {
    SpvStorageClass storage;
    uint32_t value;     /* the address, or the offset (a 32-bit int) */
    uint32_t base, base_type;
    bool base_is_object;
    bool is_null;       /* a null pointer constant */
    /* into a variable-length array: value points at innermost elements, a
     * pointee is stride[0] of them (its rows stride[1]) */
    uint32_t stride[2];
    ObjectPath path; /* into memory other than views: how base was reached */
} Ptr;

/* A growable list of ids (malloc'd). */
typedef struct IdList {
    uint32_t *ids;
    int len, cap;
} IdList;

/* IR node → SPIR-V id (spv_idmap.c); 0 is "none yet". */
typedef struct IdMap {
    const void **keys;
    uint32_t *ids;
    size_t len, cap; /* cap: 0 or a power of two */
} IdMap;
uint32_t em_map_get(const IdMap *m, const void *key);
void em_map_set(IdMap *m, const void *key, uint32_t id);
void em_map_clear(IdMap *m);
void em_map_free(IdMap *m);

/* break and continue targets; cont is 0 for a switch */
typedef struct LoopTarget {
    uint32_t brk, cont;
} LoopTarget;

/* One emitted copy of a helper: pointer parameters into memory other than
 * views become (base, offset) pairs, or (object, run-time indices, offset)
 * for a member or row of an object, so each combination of storage and
 * path gets its own function. */
enum { SPEC_KEY_PARAM_WORDS = 3 };
typedef struct Spec {
    Func *func;
    /* SPEC_KEY_PARAM_WORDS per parameter: (storage class << 1 | base is the object, with bits 8+ the
     * 1-based parameter whose base it shares), base type, and for a member or row of an object the
     * path's shape (spv_object_path.c); or 0, 0, 0. Then the textures. */
    uint32_t *key;
    uint32_t id;
    bool emitted;
    Var **textures; /* the kernel's texture for each of func->textures (spv_texture.c) */
} Spec;

typedef struct DebugInfo DebugInfo;

typedef struct Emitter {
    Unit *u;
    SpvBuilder b;
    WordBuf vars;       /* the current function's OpVariables: its first block */
    WordBuf code;       /* the current function's other instructions */
    uint32_t block;     /* label of the current block */
    bool terminated;    /* the current block has its terminator */
    LoopTarget *loops; /* the enclosing loops and switches, innermost last */
    int nloops, cap_loops;
    Kernel *kernel;     /* the kernel being emitted, or NULL in a helper */
    Func *func;
    uint32_t push_var;  /* the kernel's push-constant block */
    uint32_t args_struct; /* the type of its arguments buffer (layout.c), or 0 */
    uint32_t builtin_workgroup, builtin_local;
    uint32_t workgroup_size[3]; /* untiled kernels' specialization constants, once declared */
    uint32_t bounds_check;      /* and theirs for the extent check */
    uint32_t narrow_addresses;  /* the specialization constant for access chains (spv_expr.c), once declared */
    uint32_t elements_per_thread; /* the specialization constant of vectorized kernels (spv_vector.c), once declared */
    /* in a vectorized kernel's vector path: each VectorView's Function
     * variable (its own-element accesses are lane `lane` of it); else NULL */
    uint32_t *lane_vectors;
    int lane;
    PtrVec specs;       /* Spec* */
    PtrVec path_shapes; /* PathShape*: the shapes of the paths calls pass (spv_object_path.c) */
    PtrVec held_parts;  /* HeldPart*: the current function's pointer variables declared with a member or row */
    Ptr *param_ptrs;    /* per parameter of the helper being emitted: what a pointer one points into */
    Var **texture_args; /* the helper being emitted: the kernel's texture for each of its Func.textures */
    /* the ids of IR nodes (spv_idmap.c), off the IR so that it can be emitted again */
    IdMap types;        /* struct and union types */
    IdMap globals;      /* module constants and tile_static variables: their variables */
    IdMap locals;       /* the current function's locals, parameters and index variables */
    IdMap literals;     /* the current function's compound literals: their variables */
    IdMap kernel_fns, kernel_args; /* each kernel's entry point function and push-constant variable */
    IdMap view_caches;  /* -fcamp-check: each pointer check's last view, a Private variable (spv_check_ptr.c) */
    IdList module_vars; /* module-scope variables (constants): entry point interfaces */
    uint32_t glsl;      /* the GLSL.std.450 import, once used */
    bool exact_fp;      /* decorate float arithmetic NoContraction */
    bool cooperative;   /* matrix fragments as cooperative matrices (spv_fragment.c) */
    IdList cooperative_types; /* their types so far: 4 words each, component type, rows, columns, id */
    uint32_t features;  /* enum camp_feature bits declared so far (an extension once) */
    uint32_t loop_passes, loop_site, loop_report[2], loop_on; /* spv_loop_limit.c's, once declared */
    bool failed;
    DebugInfo *debug;     /* -g: spv_debug.c's, made on first use */
    uint32_t report_vars[4]; /* spv_report.c's Private variables, once a kernel reports */
    uint32_t race_vars[2];   /* spv_race.c's Private variables, once used */
    uint32_t subgroup_vars[3]; /* spv_subgroup.c's built-ins (size, lane, id), once used */
    /* the last OpConvertUToPtr's made by em_address_to_ptr: result and
     * address, so that em_ptr_to_address gives the address back */
    uint32_t made_ptrs[16][2];
    unsigned next_made_ptr;
} Emitter;

/* spv_emit.c */
uint32_t em_type(Emitter *e, const Type *t);
uint32_t em_label(Emitter *e);                 /* a new label id */
uint32_t em_op1(Emitter *e, SpvOp op, uint32_t type, uint32_t a);             /* op on a: its new id */
uint32_t em_op2(Emitter *e, SpvOp op, uint32_t type, uint32_t a, uint32_t b); /* op on a, b: its new id */
uint32_t em_address_to_ptr(Emitter *e, uint32_t ptr_type, uint32_t address); /* OpConvertUToPtr */
uint32_t em_ptr_to_address(Emitter *e, uint32_t ptr);                        /* OpConvertPtrToU, or its address */
void em_begin_block(Emitter *e, uint32_t label);
void em_branch(Emitter *e, uint32_t target);   /* unless already terminated */
void em_terminate(Emitter *e, SpvOp op);       /* OpReturn, OpUnreachable */
/* A loop that carries one value of `type` from pass to pass: opens its
 * body, where `value` is `first` in the first pass and, after each, `next`
 * (both ids made here; the body defines `next`). em_carried_loop_end ends
 * the body: another pass while `again` is `again_when`, then the block
 * after the loop. */
typedef struct CarriedLoop {
    uint32_t header, cont, merge, value, next;
} CarriedLoop;
CarriedLoop em_carried_loop_begin(Emitter *e, uint32_t type, uint32_t first, uint32_t control);
void em_carried_loop_end(Emitter *e, CarriedLoop l, uint32_t again, bool again_when);
uint32_t em_local(Emitter *e, const Type *t, const char *name); /* a Function variable */
/* A construct campcc's checks should have refused: an internal error. */
void em_internal(Emitter *e, SrcLoc loc, const char *what);
/* The pointer type to t in storage class sc (views' pointers get t's stride). */
uint32_t em_pointer_type(Emitter *e, SpvStorageClass sc, const Type *t);
/* The bytes of the unsigned words a union is held in: its size if 1, 2, 4
 * or 8, else the largest of those dividing it. */
int em_union_word(const Type *u);
void em_add_module_var(Emitter *e, uint32_t id);
/* The function to call for f with these pointer arguments (a Spec key). */
Spec *em_spec(Emitter *e, Func *f, const uint32_t *key);
/* The words of a Spec key of f: SPEC_KEY_PARAM_WORDS per parameter, then the textures. */
size_t em_spec_key_size(const Func *f);

/* spv_object_path.c: a member or row of an object, passed to a function */
int path_argument_count(const ObjectPath *path); /* at most, the arguments a call passes for it */
/* Appends the object and the run-time indices to args; returns the path's shape, for the Spec key. */
uint32_t path_arguments(Emitter *e, const Ptr *p, uint32_t *args, int *nargs);
/* The parameters a helper's copy takes for a shape: their count, and their types where types is not NULL. */
int path_parameter_types(Emitter *e, uint32_t shape, uint32_t *types);
/* In that copy, from its parameters' ids: the path, and *part the access chain to the part (of part_type). */
ObjectPath path_of_parameters(Emitter *e, uint32_t shape, const uint32_t *ids, uint32_t part_type, uint32_t *part);
/* A pointer variable declared with a member or row (Var.points_into.holder): its declaration keeps the
 * path's indices beside the offset, and each read of it, or of a variable declared with its value,
 * reaches the part again. */
void hold_part(Emitter *e, const Var *v, const Ptr *p);
Ptr held_part(Emitter *e, const Var *v); /* the part v points into (its value, the offset, not read) */
/* The path of variable `object` of C type t: the object itself. */
ObjectPath object_path(uint32_t object, const Type *t);
/* An access (p[i], *p) through a pointer into a row of an array of arrays
 * steps over the rows, as C's layout does (p[4] of a row of four is the
 * next row's first): the element it reaches, false where p is no such
 * pointer or stays in its row; the offset over the whole object (of
 * *length elements), or 0. */
enum { FLAT_ROW_DEPTH = 7 };
bool flat_row_element(Emitter *e, const Expr *access, Ptr p, LValue *out);
uint32_t flat_row_offset(Emitter *e, const Expr *access, Ptr p, uint32_t *length);

/* spv_expr.c */
uint32_t em_widen_half(Emitter *e, uint32_t v, uint32_t lanes); /* half(s) to float(s), exactly (spv_half.c) */
uint32_t em_expr(Emitter *e, Expr *x);         /* rvalue; 0 for void */
void em_discard(Emitter *e, Expr *x);          /* for its side effects */
uint32_t em_cond(Emitter *e, Expr *x);         /* a bool for a condition */
LValue em_lvalue(Emitter *e, Expr *x);
Ptr em_ptr(Emitter *e, Expr *x);               /* a pointer-typed expression */
LValue em_pointee(Emitter *e, Ptr p, const Type *pointee); /* the object p points at */
uint32_t em_load(Emitter *e, const Type *t, LValue lv);
void em_store(Emitter *e, LValue lv, uint32_t value);
uint32_t em_push_member(Emitter *e, uint32_t member, uint32_t type); /* load a push constant */
LValue em_capture_lvalue(Emitter *e, const Var *capture, uint32_t type); /* where a capture is */
uint32_t em_args_block_pointer_type(Emitter *e, const Kernel *k); /* the pushed address of its arguments buffer */
/* The push-constant block's member after the header and the captures (or
 * their buffer's address): the report's first. */
uint32_t em_push_report_member(const Kernel *k);
uint32_t em_capture_value(Emitter *e, const Var *capture, uint32_t type); /* load a capture of SPIR-V type `type` */
uint32_t em_return_type(Emitter *e, const Func *f); /* what a helper returns: a pointer as its address's bits */
uint32_t em_view_address_type(Emitter *e, const Var *view); /* a view's pushed address: to its first element */
uint32_t em_module_const(Emitter *e, Var *v); /* the Private variable of a module constant */
void em_store_local(Emitter *e, Var *v, Expr *value); /* a declaration's initializer */
void em_store_param(Emitter *e, Var *v, uint32_t value); /* a parameter's value into its variable */

/* spv_tile.c */
void em_tiled_index(Emitter *e, Kernel *k);   /* a tiled kernel's prologue */
uint32_t em_sync(Emitter *e, Expr *x);        /* EX_SYNC */
uint32_t em_tile_static(Emitter *e, Var *v);  /* its Workgroup variable */

/* spv_atomic.c */
uint32_t em_atomic(Emitter *e, Expr *x);      /* EX_ATOMIC */

/* spv_subgroup.c */
uint32_t em_subgroup(Emitter *e, Expr *x);    /* EX_SUBGROUP */

/* spv_fragment.c: in a cooperative-matrix module (Emitter.cooperative) */
uint32_t em_fragment_type(Emitter *e, const Fragment *f); /* a fragment's cooperative matrix type */
uint32_t em_fragment_call(Emitter *e, Expr *x);           /* a call to one of camp_fragment.h's operations */

/* spv_debug.c, spv_debug_types.c: -g, the C source for debuggers; each does nothing without -g */
void em_line(Emitter *e, SrcLoc loc);  /* OpLine and DebugLine for a statement at loc */
void em_debug_block(Emitter *e);       /* a block of code begins (its DebugScope) */
void em_debug_enter(Emitter *e, const Stmt *block); /* a { } block's lexical scope */
void em_debug_leave(Emitter *e, const Stmt *block);
void em_debug_begin_function(Emitter *e, uint32_t fn); /* e->kernel's or e->func's DebugFunction */
void em_debug_end_function(Emitter *e); /* its first block's debug instructions and scopes into e->code */
/* v's DebugLocalVariable, declared on its Function variable `id` holding a `stored` */
void em_debug_local(Emitter *e, const Var *v, uint32_t id, const Type *stored);
void em_debug_tile_static(Emitter *e, const Var *v, uint32_t id); /* its DebugGlobalVariable */
/* spv_report.c: printf and assert (EX_REPORT) */
/* A reporting kernel's push-constant members after its captures (their
 * types into `members`, how many returned), and their offsets. */
int em_report_push_members(Emitter *e, const Kernel *k, uint32_t *members);
void em_report_push_offsets(Emitter *e, const Kernel *k, uint32_t block, uint32_t first);
void em_report_prologue(Emitter *e, Kernel *k); /* after the index */
uint32_t em_report(Emitter *e, Expr *x);
uint32_t em_bounds(Emitter *e, Expr *x); /* EX_BOUNDS */
/* A failure record of site `site` with the scalar values[i] of types[i]. */
void em_report_failure(Emitter *e, uint32_t site, int kind, const Type *const *types, const uint32_t *values, int n);
uint32_t em_report_view_table(Emitter *e); /* the launch's view table (-fcamp-check), a pointer to 64-bit words */
/* spv_check_ptr.c: -fcamp-check's check of an access through pointer p
 * (EX_INDEX with its index value, or EX_DEREF): p, or a scratch address
 * where it lies outside every view of the launch (reported). */
Ptr em_check_pointer(Emitter *e, Expr *access, Ptr p, uint32_t index);
/* spv_race.c: -fcamp-check's tile_static race checks */
void em_race_prologue(Emitter *e, Kernel *k); /* zeroes the kernel's shadows: after the report prologue */
void em_race_barrier(Emitter *e);             /* after each barrier: a new epoch */
uint32_t em_race(Emitter *e, Expr *x);        /* EX_RACE */

void em_finish_lines(Emitter *e);      /* puts the OpStrings in place */

/* spv_loop_limit.c: lavapipe's loop budget */
/* in a loop's header: one more pass; with `exit`, returns a bool that is
 * true once the thread's passes are beyond the budget on lavapipe (never
 * elsewhere), for the loop to leave by */
uint32_t em_loop_pass(Emitter *e, SrcLoc loc, bool exit);
void em_loop_leave(Emitter *e); /* where that bool leaves the loop: reports */
void em_loop_check(Emitter *e);            /* before a kernel's thread returns */

/* spv_texture.c: textures (EX_TEXTURE), storage images of the kernel */
uint32_t em_texture(Emitter *e, Expr *x);
/* Texture v's UniformConstant variable (its binding) into out; how many. */
int em_texture_vars(Emitter *e, Var *v, uint32_t *out);
/* A call's textures: the kernel's for each of the callee's Func.textures
 * (NULL if none), their variables into key (its words after the pointers'). */
Var **em_texture_args(Emitter *e, Expr *call, uint32_t *key);
/* ImageMemory where a kernel of the unit reads a texture it writes (a
 * barrier then orders images too), else 0. */
uint32_t em_texture_memory(Emitter *e);

/* spv_vector.c: vectorized kernels (vectorize.c) */
uint32_t em_elements_per_thread(Emitter *e); /* CAMP_SPEC_ELEMENTS_PER_THREAD */
void em_vector_body(Emitter *e, Kernel *k);  /* the body, for each of the thread's elements */
LValue em_lane_lvalue(Emitter *e, Expr *x);  /* an own element in the vector path: its vector's lane */

/* spv_stmt.c */
void em_stmt(Emitter *e, Stmt *s);

#endif
