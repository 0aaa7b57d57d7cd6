/* spv_emit.h — private to spv_*.c: lowering the kernel IR to SPIR-V. */
#ifndef CAMPCC_SPV_EMIT_H
#define CAMPCC_SPV_EMIT_H

#include "campcc.h"
#include "spv_builder.h"

/* An lvalue: a pointer and how to access through it. */
typedef struct LValue {
    uint32_t ptr;
    SpvStorageClass storage;
    uint32_t align; /* for PhysicalStorageBuffer accesses (Aligned operand) */
} LValue;

typedef struct LoopTarget {
    uint32_t brk, cont;
} LoopTarget;

typedef struct Emitter {
    Unit *u;
    SpvBuilder b;
    WordBuf vars;       /* the current function's OpVariables: its first block */
    WordBuf code;       /* the current function's other instructions */
    uint32_t block;     /* label of the current block */
    bool terminated;    /* the current block has its terminator */
    LoopTarget loops[64];
    int nloops;
    Kernel *kernel;     /* the kernel being emitted, or NULL in a helper */
    Func *func;
    uint32_t push_var;  /* the kernel's push-constant block */
    uint32_t builtin_workgroup, builtin_local;
    bool failed;
} Emitter;

/* spv_emit.c */
uint32_t em_type(Emitter *e, const Type *t);
uint32_t em_label(Emitter *e);                 /* a new label id */
void em_begin_block(Emitter *e, uint32_t label);
void em_branch(Emitter *e, uint32_t target);   /* unless already terminated */
void em_terminate(Emitter *e, SpvOp op);       /* OpReturn, OpUnreachable */
uint32_t em_local(Emitter *e, const Type *t, const char *name); /* a Function variable */
void em_error(Emitter *e, SrcLoc loc, const char *what);

/* spv_expr.c */
uint32_t em_expr(Emitter *e, Expr *x);         /* rvalue; 0 for void */
uint32_t em_cond(Emitter *e, Expr *x);         /* a bool for a condition */
LValue em_lvalue(Emitter *e, Expr *x);
uint32_t em_load(Emitter *e, const Type *t, LValue lv);
void em_store(Emitter *e, LValue lv, uint32_t value);
uint32_t em_push_member(Emitter *e, uint32_t member, uint32_t type); /* load a push constant */

/* spv_stmt.c */
void em_stmt(Emitter *e, Stmt *s);

#endif
