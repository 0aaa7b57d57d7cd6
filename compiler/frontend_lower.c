/* frontend_lower.c — libclang cursors of amp code → kernel IR expressions
 * and statements. Clang's implicit conversions reach us as UnexposedExpr
 * cursors whose type differs from their child's; they become EX_LOAD,
 * EX_DECAY or EX_CAST here, so later passes see C's semantics explicitly. */
#include "frontend.h"

#include <stdio.h>
#include <string.h>

static Expr *new_expr(Frontend *fe, ExprKind kind, Type *type, CXCursor c) {
    Expr *e = arena_alloc(fe->a, sizeof *e);
    e->kind = kind;
    e->type = type;
    e->loc = fe_loc(fe, c);
    return e;
}

static Stmt *new_stmt(Frontend *fe, StmtKind kind, CXCursor c) {
    Stmt *s = arena_alloc(fe->a, sizeof *s);
    s->kind = kind;
    s->loc = fe_loc(fe, c);
    return s;
}

static char *kind_name(CXCursor c) {
    static char buf[128];
    CXString s = clang_getCursorKindSpelling(clang_getCursorKind(c));
    snprintf(buf, sizeof buf, "%s", clang_getCString(s));
    clang_disposeString(s);
    return buf;
}

static Expr *unsupported(Frontend *fe, CXCursor c, const char *what) {
    diag_error(fe->u->diag, fe_loc(fe, c), "unsupported construct '%s' in amp code", what ? what : kind_name(c));
    return NULL;
}

static bool is_lvalue(const Expr *e) {
    return e && (e->kind == EX_VAR || e->kind == EX_INDEX || e->kind == EX_DEREF ||
                 (e->kind == EX_VELEM && is_lvalue(e->lhs)));
}

/* ---- expressions ---------------------------------------------------------- */

static Expr *lower_only_child(Frontend *fe, CXCursor c) {
    CXCursor kids[2];
    if (fe_children(c, kids, 2) != 1) return unsupported(fe, c, NULL);
    return fe_lower_expr(fe, kids[0]);
}

/* The component named by a vector accessor such as `.y` (the last token). */
static int vector_component(Frontend *fe, CXCursor c) {
    CXToken *toks;
    unsigned n;
    clang_tokenize(fe->tu, clang_getCursorExtent(c), &toks, &n);
    int comp = -1;
    if (n > 0) {
        CXString s = clang_getTokenSpelling(fe->tu, toks[n - 1]);
        const char *name = clang_getCString(s);
        static const char *sets[] = {"xyzw", "rgba"};
        if (strlen(name) == 1)
            for (int i = 0; i < 2 && comp < 0; i++) {
                const char *p = strchr(sets[i], name[0]);
                if (p) comp = (int)(p - sets[i]);
            }
        clang_disposeString(s);
    }
    clang_disposeTokens(fe->tu, toks, n);
    return comp;
}

/* An implicit conversion, or an ext-vector element access `v.x`. */
static Expr *lower_unexposed(Frontend *fe, CXCursor c) {
    CXCursor kids[2];
    int n = fe_children(c, kids, 2);
    if (n != 1) return unsupported(fe, c, NULL);
    Type *to = fe_type(fe, clang_getCursorType(c), c);
    if (!to) return NULL;
    CXType from_ct = clang_getCanonicalType(clang_getCursorType(kids[0]));
    /* A function designator in a call: handled by the call. */
    if (from_ct.kind == CXType_FunctionProto || from_ct.kind == CXType_FunctionNoProto) return NULL;
    Expr *sub = fe_lower_expr(fe, kids[0]);
    if (!sub) return NULL;
    if (sub->type->kind == TY_VECTOR && to->kind != TY_VECTOR) {
        int comp = vector_component(fe, c);
        if (comp < 0 || comp >= sub->type->len) return unsupported(fe, c, "vector swizzle");
        Expr *e = new_expr(fe, EX_VELEM, to, c);
        e->lhs = sub;
        e->ival = comp;
        return e;
    }
    if (sub->type->kind == TY_ARRAY && to->kind == TY_PTR) {
        Expr *e = new_expr(fe, EX_DECAY, to, c);
        e->lhs = sub;
        return e;
    }
    if (type_equal(sub->type, to)) {
        if (!is_lvalue(sub)) return sub;
        Expr *e = new_expr(fe, EX_LOAD, to, c);
        e->lhs = sub;
        return e;
    }
    if (is_lvalue(sub)) {
        Expr *load = new_expr(fe, EX_LOAD, sub->type, c);
        load->lhs = sub;
        sub = load;
    }
    Expr *e = new_expr(fe, EX_CAST, to, c);
    e->lhs = sub;
    return e;
}

static Expr *lower_decl_ref(Frontend *fe, CXCursor c) {
    CXCursor decl = clang_getCursorReferenced(c);
    switch (clang_getCursorKind(decl)) {
    case CXCursor_EnumConstantDecl: {
        Expr *e = new_expr(fe, EX_INT, fe_type(fe, clang_getCursorType(c), c), c);
        e->ival = clang_getEnumConstantDeclValue(decl);
        return e->type ? e : NULL;
    }
    case CXCursor_VarDecl: case CXCursor_ParmDecl: {
        Var *v = fe_lookup(fe, decl);
        if (!v) v = fe_capture(fe, c, decl);
        if (!v) return NULL;
        Expr *e = new_expr(fe, EX_VAR, v->type, c);
        e->var = v;
        return e;
    }
    case CXCursor_FunctionDecl:
        diag_error(fe->u->diag, fe_loc(fe, c), "function pointers are not allowed in amp code");
        return NULL;
    default:
        return unsupported(fe, c, NULL);
    }
}

static Expr *lower_literal(Frontend *fe, CXCursor c, bool is_float) {
    Type *t = fe_type(fe, clang_getCursorType(c), c);
    if (!t) return NULL;
    CXEvalResult r = clang_Cursor_Evaluate(c);
    if (!r) return unsupported(fe, c, NULL);
    Expr *e = new_expr(fe, is_float ? EX_FLOAT : EX_INT, t, c);
    if (is_float) e->fval = clang_EvalResult_getAsDouble(r);
    else if (clang_EvalResult_isUnsignedInt(r)) e->ival = (long long)clang_EvalResult_getAsUnsigned(r);
    else e->ival = clang_EvalResult_getAsLongLong(r);
    clang_EvalResult_dispose(r);
    return e;
}

static Op binary_op(enum CXBinaryOperatorKind k, bool *assign) {
    *assign = false;
    switch (k) {
    case CXBinaryOperator_Mul: return OP_MUL;
    case CXBinaryOperator_Div: return OP_DIV;
    case CXBinaryOperator_Rem: return OP_REM;
    case CXBinaryOperator_Add: return OP_ADD;
    case CXBinaryOperator_Sub: return OP_SUB;
    case CXBinaryOperator_Shl: return OP_SHL;
    case CXBinaryOperator_Shr: return OP_SHR;
    case CXBinaryOperator_LT: return OP_LT;
    case CXBinaryOperator_GT: return OP_GT;
    case CXBinaryOperator_LE: return OP_LE;
    case CXBinaryOperator_GE: return OP_GE;
    case CXBinaryOperator_EQ: return OP_EQ;
    case CXBinaryOperator_NE: return OP_NE;
    case CXBinaryOperator_And: return OP_AND;
    case CXBinaryOperator_Xor: return OP_XOR;
    case CXBinaryOperator_Or: return OP_OR;
    case CXBinaryOperator_LAnd: return OP_LAND;
    case CXBinaryOperator_LOr: return OP_LOR;
    case CXBinaryOperator_Comma: return OP_COMMA;
    case CXBinaryOperator_Assign: *assign = true; return OP_NONE;
    case CXBinaryOperator_MulAssign: *assign = true; return OP_MUL;
    case CXBinaryOperator_DivAssign: *assign = true; return OP_DIV;
    case CXBinaryOperator_RemAssign: *assign = true; return OP_REM;
    case CXBinaryOperator_AddAssign: *assign = true; return OP_ADD;
    case CXBinaryOperator_SubAssign: *assign = true; return OP_SUB;
    case CXBinaryOperator_ShlAssign: *assign = true; return OP_SHL;
    case CXBinaryOperator_ShrAssign: *assign = true; return OP_SHR;
    case CXBinaryOperator_AndAssign: *assign = true; return OP_AND;
    case CXBinaryOperator_XorAssign: *assign = true; return OP_XOR;
    case CXBinaryOperator_OrAssign: *assign = true; return OP_OR;
    default: return OP_NONE;
    }
}

/* Reports writes to variables that amp code may only read. */
static bool check_writable(Frontend *fe, Expr *target, CXCursor c) {
    Expr *root = target;
    while (root && root->kind == EX_VELEM) root = root->lhs;
    if (root && root->kind == EX_VAR && root->var->kind == VAR_CAPTURE) {
        diag_error(fe->u->diag, fe_loc(fe, c),
                   "cannot assign to captured variable '%s' (captures are by value and read-only in a kernel)",
                   root->var->name);
        return false;
    }
    if (!is_lvalue(target)) {
        unsupported(fe, c, "assignment to a non-lvalue");
        return false;
    }
    return true;
}

static Expr *lower_binary(Frontend *fe, CXCursor c) {
    CXCursor kids[2];
    if (fe_children(c, kids, 2) != 2) return unsupported(fe, c, NULL);
    bool assign;
    Op op = binary_op(clang_getCursorBinaryOperatorKind(c), &assign);
    if (op == OP_NONE && !assign) return unsupported(fe, c, "operator");
    Type *t = fe_type(fe, clang_getCursorType(c), c);
    Expr *l = fe_lower_expr(fe, kids[0]), *r = fe_lower_expr(fe, kids[1]);
    if (!t || !l || !r) return NULL;
    if (assign && !check_writable(fe, l, c)) return NULL;
    if (!assign && (op == OP_SUB || op == OP_LT || op == OP_GT || op == OP_LE || op == OP_GE || op == OP_EQ ||
                    op == OP_NE) && l->type->kind == TY_PTR && r->type->kind == TY_PTR)
        return unsupported(fe, c, "pointer difference or comparison");
    Expr *e = new_expr(fe, assign ? EX_ASSIGN : EX_BINARY, t, c);
    e->op = op;
    e->lhs = l;
    e->rhs = r;
    return e;
}

static Expr *lower_unary(Frontend *fe, CXCursor c) {
    Type *t = fe_type(fe, clang_getCursorType(c), c);
    Expr *sub = lower_only_child(fe, c);
    if (!t || !sub) return NULL;
    Expr *e = new_expr(fe, EX_UNARY, t, c);
    e->lhs = sub;
    switch (clang_getCursorUnaryOperatorKind(c)) {
    case CXUnaryOperator_PostInc: e->kind = EX_INCDEC; e->op = OP_ADD; break;
    case CXUnaryOperator_PostDec: e->kind = EX_INCDEC; e->op = OP_SUB; break;
    case CXUnaryOperator_PreInc: e->kind = EX_INCDEC; e->op = OP_ADD; e->ival = 1; break;
    case CXUnaryOperator_PreDec: e->kind = EX_INCDEC; e->op = OP_SUB; e->ival = 1; break;
    case CXUnaryOperator_Plus: e->op = OP_PLUS; break;
    case CXUnaryOperator_Minus: e->op = OP_NEG; break;
    case CXUnaryOperator_Not: e->op = OP_NOT; break;
    case CXUnaryOperator_LNot: e->op = OP_LNOT; break;
    case CXUnaryOperator_Deref: e->kind = EX_DEREF; break;
    case CXUnaryOperator_AddrOf:
        e->kind = EX_ADDR;
        if (sub->kind != EX_INDEX) return unsupported(fe, c, "address of a variable");
        break;
    default: return unsupported(fe, c, "unary operator");
    }
    if (e->kind == EX_INCDEC && !check_writable(fe, sub, c)) return NULL;
    return e;
}

static Expr *lower_subscript(Frontend *fe, CXCursor c) {
    CXCursor kids[2];
    if (fe_children(c, kids, 2) != 2) return unsupported(fe, c, NULL);
    Type *t = fe_type(fe, clang_getCursorType(c), c);
    Expr *base = fe_lower_expr(fe, kids[0]), *idx = fe_lower_expr(fe, kids[1]);
    if (!t || !base || !idx) return NULL;
    if (base->type->kind == TY_VECTOR) {
        CXEvalResult r = clang_Cursor_Evaluate(kids[1]);
        if (!r) return unsupported(fe, kids[1], "vector subscript with a non-constant index");
        Expr *e = new_expr(fe, EX_VELEM, t, c);
        e->lhs = base;
        e->ival = clang_EvalResult_getAsLongLong(r);
        clang_EvalResult_dispose(r);
        if (e->ival < 0 || e->ival >= base->type->len) {
            diag_error(fe->u->diag, fe_loc(fe, kids[1]), "vector subscript out of range");
            return NULL;
        }
        return e;
    }
    if (idx->type->kind == TY_PTR) { /* i[p] */
        Expr *tmp = base;
        base = idx;
        idx = tmp;
    }
    if (base->type->kind != TY_PTR) return unsupported(fe, c, "subscript");
    Expr *e = new_expr(fe, EX_INDEX, t, c);
    e->lhs = base;
    e->rhs = idx;
    return e;
}

static Expr *lower_call(Frontend *fe, CXCursor c) {
    CXCursor decl = clang_getCursorReferenced(c);
    if (clang_Cursor_isNull(decl) || clang_getCursorKind(decl) != CXCursor_FunctionDecl) {
        diag_error(fe->u->diag, fe_loc(fe, c), "function pointers are not allowed in amp code");
        return NULL;
    }
    Func *f = fe_amp_function(fe, c, decl);
    if (!f) return NULL;
    Type *t = fe_type(fe, clang_getCursorType(c), c);
    if (!t) return NULL;
    Expr *e = new_expr(fe, EX_CALL, t, c);
    e->callee = f;
    int n = clang_Cursor_getNumArguments(c);
    e->nargs = n;
    e->args = arena_alloc(fe->a, sizeof(Expr *) * (size_t)(n > 0 ? n : 1));
    bool ok = true;
    for (int i = 0; i < n; i++) {
        e->args[i] = fe_lower_expr(fe, clang_Cursor_getArgument(c, (unsigned)i));
        ok = ok && e->args[i];
    }
    if (fe->func) vec_push(fe->a, &fe->func->calls, e);
    return ok ? e : NULL;
}

static Expr *lower_cast(Frontend *fe, CXCursor c) {
    CXCursor kids[4];
    int n = fe_children(c, kids, 4);
    if (n < 1 || n > 4) return unsupported(fe, c, NULL);
    Type *t = fe_type(fe, clang_getCursorType(c), c);
    Expr *sub = fe_lower_expr(fe, kids[n - 1]);
    if (!t || !sub) return NULL;
    if (type_equal(t, sub->type) && t->kind != TY_VOID) return sub;
    Expr *e = new_expr(fe, EX_CAST, t, c);
    e->lhs = sub;
    return e;
}

Expr *fe_lower_expr(Frontend *fe, CXCursor c) {
    switch (clang_getCursorKind(c)) {
    case CXCursor_IntegerLiteral: case CXCursor_CharacterLiteral: return lower_literal(fe, c, false);
    case CXCursor_FloatingLiteral: return lower_literal(fe, c, true);
    case CXCursor_ParenExpr: return lower_only_child(fe, c);
    case CXCursor_DeclRefExpr: return lower_decl_ref(fe, c);
    case CXCursor_UnexposedExpr: return lower_unexposed(fe, c);
    case CXCursor_BinaryOperator: case CXCursor_CompoundAssignOperator: return lower_binary(fe, c);
    case CXCursor_UnaryOperator: return lower_unary(fe, c);
    case CXCursor_ArraySubscriptExpr: return lower_subscript(fe, c);
    case CXCursor_CallExpr: return lower_call(fe, c);
    case CXCursor_CStyleCastExpr: return lower_cast(fe, c);
    case CXCursor_UnaryExpr: { /* sizeof, _Alignof: constants */
        CXEvalResult r = clang_Cursor_Evaluate(c);
        if (!r) return unsupported(fe, c, "sizeof of a variable-length array");
        clang_EvalResult_dispose(r);
        return lower_literal(fe, c, false);
    }
    case CXCursor_ConditionalOperator: {
        CXCursor kids[3];
        if (fe_children(c, kids, 3) != 3) return unsupported(fe, c, NULL);
        Type *t = fe_type(fe, clang_getCursorType(c), c);
        Expr *e = new_expr(fe, EX_COND, t, c);
        e->cond = fe_lower_expr(fe, kids[0]);
        e->lhs = fe_lower_expr(fe, kids[1]);
        e->rhs = fe_lower_expr(fe, kids[2]);
        return t && e->cond && e->lhs && e->rhs ? e : NULL;
    }
    case CXCursor_StringLiteral: return unsupported(fe, c, "string literal");
    case CXCursor_MemberRefExpr: return unsupported(fe, c, "struct member access");
    case CXCursor_InitListExpr: return unsupported(fe, c, "initializer list");
    case CXCursor_CompoundLiteralExpr: return unsupported(fe, c, "compound literal");
    case CXCursor_StmtExpr: return unsupported(fe, c, "statement expression");
    default: return unsupported(fe, c, NULL);
    }
}

/* ---- statements ------------------------------------------------------------- */

static Stmt *lower_block(Frontend *fe, CXCursor c) {
    Stmt *s = new_stmt(fe, ST_BLOCK, c);
    CXCursor kids[512];
    int n = fe_children(c, kids, 512);
    if (n > 512) {
        unsupported(fe, c, "block with more than 512 statements");
        return NULL;
    }
    int saved = fe->nvars; /* declarations end with the block */
    for (int i = 0; i < n; i++) {
        Stmt *k = fe_lower_stmt(fe, kids[i]);
        if (k) vec_push(fe->a, &s->body, k);
    }
    fe->nvars = saved;
    return s;
}

static Stmt *lower_decl(Frontend *fe, CXCursor c) {
    Stmt *block = new_stmt(fe, ST_BLOCK, c); /* `int a, b;` declares two */
    CXCursor kids[32];
    int n = fe_children(c, kids, 32);
    for (int i = 0; i < n && i < 32; i++) {
        CXCursor d = kids[i];
        if (clang_getCursorKind(d) != CXCursor_VarDecl) {
            unsupported(fe, d, "declaration");
            continue;
        }
        char *name = fe_spelling(fe, d);
        enum CX_StorageClass sc = clang_Cursor_getStorageClass(d);
        if (sc == CX_SC_Static || sc == CX_SC_Extern) {
            unsupported(fe, d, sc == CX_SC_Static ? "static local variable" : "extern declaration");
            continue;
        }
        CXType ct = clang_getCanonicalType(clang_getCursorType(d));
        if (ct.kind == CXType_VariableArray) {
            diag_error(fe->u->diag, fe_loc(fe, d), "variable-length arrays cannot be declared in amp code");
            continue;
        }
        Type *t = fe_type(fe, clang_getCursorType(d), d);
        if (!t) continue;
        if (t->kind == TY_ARRAY) {
            unsupported(fe, d, "local array");
            continue;
        }
        Var *v = arena_alloc(fe->a, sizeof *v);
        v->name = name;
        v->type = t;
        v->loc = fe_loc(fe, d);
        v->kind = VAR_LOCAL;
        Stmt *s = new_stmt(fe, ST_DECL, d);
        s->var = v;
        CXCursor init = clang_Cursor_getVarDeclInitializer(d);
        if (!clang_Cursor_isNull(init)) {
            if (clang_getCursorKind(init) == CXCursor_InitListExpr) {
                unsupported(fe, init, "initializer list");
                continue;
            }
            s->expr = fe_lower_expr(fe, init);
            if (!s->expr) continue;
        }
        fe_bind(fe, d, v); /* after the initializer: `int x = x;` sees the outer x */
        vec_push(fe->a, &block->body, s);
    }
    return block->body.len == 1 ? block->body.items[0] : block;
}

/* libclang omits a for statement's empty parts; tell them apart by where
 * they start relative to the header's two semicolons. */
static Stmt *lower_for(Frontend *fe, CXCursor c) {
    CXCursor kids[4];
    int n = fe_children(c, kids, 4);
    if (n < 1 || n > 4) return (Stmt *)unsupported(fe, c, NULL);
    Stmt *s = new_stmt(fe, ST_FOR, c);
    CXToken *toks;
    unsigned nt;
    clang_tokenize(fe->tu, clang_getCursorExtent(c), &toks, &nt);
    unsigned semi[2] = {0, 0};
    int found = 0, depth = 0;
    for (unsigned i = 0; i < nt && found < 2; i++) {
        CXString sp = clang_getTokenSpelling(fe->tu, toks[i]);
        const char *t = clang_getCString(sp);
        if (!strcmp(t, "(")) depth++;
        else if (!strcmp(t, ")")) depth--;
        else if (!strcmp(t, ";") && depth == 1)
            semi[found++] = fe_offset(clang_getTokenLocation(fe->tu, toks[i]), NULL);
        clang_disposeString(sp);
    }
    clang_disposeTokens(fe->tu, toks, nt);
    if (found < 2) return (Stmt *)unsupported(fe, c, "for statement written through macros");

    int saved = fe->nvars;
    for (int i = 0; i < n - 1; i++) {
        unsigned off = fe_offset(clang_getRangeStart(clang_getCursorExtent(kids[i])), NULL);
        if (off < semi[0]) s->init = fe_lower_stmt(fe, kids[i]);
        else if (off < semi[1]) s->expr = fe_lower_expr(fe, kids[i]);
        else s->step = fe_lower_expr(fe, kids[i]);
    }
    fe->loop_depth++;
    s->then = fe_lower_stmt(fe, kids[n - 1]);
    fe->loop_depth--;
    fe->nvars = saved;
    return s;
}

Stmt *fe_lower_stmt(Frontend *fe, CXCursor c) {
    CXCursor kids[3];
    Stmt *s;
    switch (clang_getCursorKind(c)) {
    case CXCursor_CompoundStmt: return lower_block(fe, c);
    case CXCursor_DeclStmt: return lower_decl(fe, c);
    case CXCursor_NullStmt: return new_stmt(fe, ST_EMPTY, c);
    case CXCursor_IfStmt: {
        int n = fe_children(c, kids, 3);
        if (n < 2 || n > 3) return (Stmt *)unsupported(fe, c, NULL);
        s = new_stmt(fe, ST_IF, c);
        s->expr = fe_lower_expr(fe, kids[0]);
        s->then = fe_lower_stmt(fe, kids[1]);
        if (n == 3) s->els = fe_lower_stmt(fe, kids[2]);
        return s;
    }
    case CXCursor_WhileStmt: case CXCursor_DoStmt: {
        bool is_do = clang_getCursorKind(c) == CXCursor_DoStmt;
        if (fe_children(c, kids, 3) != 2) return (Stmt *)unsupported(fe, c, NULL);
        s = new_stmt(fe, is_do ? ST_DO : ST_WHILE, c);
        s->expr = fe_lower_expr(fe, kids[is_do ? 1 : 0]);
        fe->loop_depth++;
        s->then = fe_lower_stmt(fe, kids[is_do ? 0 : 1]);
        fe->loop_depth--;
        return s;
    }
    case CXCursor_ForStmt:
        if (fe_is_pfe_loop(c)) {
            diag_error(fe->u->diag, fe_loc(fe, c), "parallel_for_each cannot be nested in amp code");
            return NULL;
        }
        return lower_for(fe, c);
    case CXCursor_BreakStmt:
        if (fe->loop_depth == 0) {
            if (fe->kernel) diag_error(fe->u->diag, fe_loc(fe, c), "'break' is not allowed in a parallel_for_each body");
            else unsupported(fe, c, "'break' outside a loop");
            return NULL;
        }
        return new_stmt(fe, ST_BREAK, c);
    case CXCursor_ContinueStmt: return new_stmt(fe, ST_CONTINUE, c);
    case CXCursor_ReturnStmt:
        if (fe->kernel) {
            diag_error(fe->u->diag, fe_loc(fe, c),
                       "'return' is not allowed in a parallel_for_each body (use 'continue' to end this thread)");
            return NULL;
        }
        s = new_stmt(fe, ST_RETURN, c);
        if (fe_children(c, kids, 1) == 1) s->expr = fe_lower_expr(fe, kids[0]);
        return s;
    case CXCursor_GotoStmt: case CXCursor_IndirectGotoStmt: case CXCursor_LabelStmt:
        diag_error(fe->u->diag, fe_loc(fe, c), "'goto' is not allowed in amp code");
        return NULL;
    case CXCursor_GCCAsmStmt: case CXCursor_MSAsmStmt:
        diag_error(fe->u->diag, fe_loc(fe, c), "inline assembly is not allowed in amp code");
        return NULL;
    case CXCursor_SwitchStmt: return (Stmt *)unsupported(fe, c, "switch statement");
    default:
        if (clang_isExpression(clang_getCursorKind(c))) {
            s = new_stmt(fe, ST_EXPR, c);
            s->expr = fe_lower_expr(fe, c);
            return s->expr ? s : NULL;
        }
        return (Stmt *)unsupported(fe, c, NULL);
    }
}
