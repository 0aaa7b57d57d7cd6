/* dump_ir.c — `campcc --dump-ir[=STAGE]`: the kernel IR as text, after
 * lowering or after one of the analyses (compile.c runs them in the order
 * of IrStage), with what each analysis so far decided. One line per
 * statement, expressions in prefix form `(op operands...)`; stable (no
 * addresses, no ids) so that tests can CHECK it. */
#include "campcc.h"

#include "camp_abi.h"

#include <stdio.h>
#include <string.h>

static const char *const stage_names[IR_STAGES] = {"", "lowering", "ptr-storage", "nonneg", "fences", "layout"};

IrStage ir_stage_named(const char *name) {
    for (int s = IR_AFTER_LOWERING; s < IR_STAGES; s++)
        if (!strcmp(name, stage_names[s])) return (IrStage)s;
    return IR_NO_DUMP;
}

typedef struct Dumper {
    FILE *out;
    IrStage stage;
} Dumper;

static void type_str(StrBuf *sb, const Type *t) {
    if (t->kind == TY_PTR) {
        type_str(sb, t->base);
        sb_puts(sb, " *");
    } else if (t->kind == TY_ARRAY) {
        type_str(sb, t->base);
        if (t->len < 0) sb_puts(sb, "[*]");
        else sb_printf(sb, "[%d]", t->len);
    } else {
        sb_puts(sb, t->name ? t->name : "?");
    }
}

static void print_type(Dumper *d, const Type *t) {
    StrBuf sb = {0};
    type_str(&sb, t);
    fputs(sb.data, d->out);
    sb_free(&sb);
}

static const char *op_name(Op op) {
    static const char *const names[] = {
        [OP_NONE] = "=", [OP_ADD] = "+", [OP_SUB] = "-", [OP_MUL] = "*", [OP_DIV] = "/", [OP_REM] = "%",
        [OP_SHL] = "<<", [OP_SHR] = ">>", [OP_AND] = "&", [OP_OR] = "|", [OP_XOR] = "^", [OP_LT] = "<",
        [OP_GT] = ">", [OP_LE] = "<=", [OP_GE] = ">=", [OP_EQ] = "==", [OP_NE] = "!=", [OP_LAND] = "&&",
        [OP_LOR] = "||", [OP_COMMA] = ",", [OP_NEG] = "neg", [OP_NOT] = "~", [OP_LNOT] = "!", [OP_PLUS] = "plus",
    };
    return names[op];
}

static const char *const expr_names[] = {
    [EX_INT] = "int", [EX_FLOAT] = "float", [EX_VAR] = "var", [EX_LOAD] = "load", [EX_DECAY] = "decay",
    [EX_CAST] = "cast", [EX_INDEX] = "index", [EX_VELEM] = "elem", [EX_UNARY] = "unary", [EX_BINARY] = "binary",
    [EX_ASSIGN] = "assign", [EX_INCDEC] = "incdec", [EX_COND] = "?:", [EX_CALL] = "call", [EX_ADDR] = "addr",
    [EX_DEREF] = "deref", [EX_MEMBER] = "member", [EX_SWIZZLE] = "swizzle", [EX_INIT] = "init",
    [EX_BUILTIN] = "builtin", [EX_SYNC] = "sync", [EX_ATOMIC] = "atomic", [EX_REPORT] = "report",
    [EX_BOUNDS] = "bounds", [EX_RACE] = "race", [EX_TEXTURE] = "texture",
    [EX_SUBGROUP] = "subgroup",
};

static void print_expr(Dumper *d, const Expr *x) {
    FILE *out = d->out;
    switch (x->kind) {
    case EX_INT: fprintf(out, "%lld", x->ival); return;
    case EX_FLOAT: fprintf(out, "%.17g", x->fval); return;
    case EX_VAR: fputs(x->var->name, out); return;
    default: break;
    }
    fprintf(out, "(%s", expr_names[x->kind]);
    switch (x->kind) {
    case EX_CAST: fputs(" ", out), print_type(d, x->type); break;
    case EX_UNARY: case EX_BINARY: case EX_ASSIGN: fprintf(out, " %s", op_name(x->op)); break;
    case EX_INCDEC: fprintf(out, " %s%s", x->ival ? "pre" : "post", x->op == OP_ADD ? "++" : "--"); break;
    case EX_CALL:
        fprintf(out, " %s", x->callee->name);
        for (int i = 0; i < x->callee->textures.len; i++) fprintf(out, " texture %s", x->texture_args[i]->name);
        break;
    case EX_MEMBER: fprintf(out, " .%s", x->lhs->type->members[x->ival].name); break;
    case EX_VELEM: if (!x->rhs) fprintf(out, " %lld", x->ival); break;
    case EX_SWIZZLE:
        fputs(" ", out);
        for (int i = 0; i < x->type->len; i++) fputc("xyzw"[x->comps[i] & 3], out);
        break;
    case EX_BUILTIN: case EX_SYNC: case EX_ATOMIC: case EX_REPORT: case EX_BOUNDS: case EX_SUBGROUP: fprintf(out, " %lld", x->ival); break;
    case EX_RACE: fprintf(out, " %s %lld", x->rhs ? "write" : "read", x->ival); break;
    case EX_INDEX: case EX_DEREF: if (x->ival) fprintf(out, " checked %lld", x->ival - 1); break;
    case EX_INIT: fputs(" ", out), print_type(d, x->type); break;
    case EX_TEXTURE:
        fprintf(out, " %s %s", (const char *[]){"get", "set", "sample", "gather"}[x->ival], x->var->name);
        if (x->var->texture->sampler) fprintf(out, " %s", x->var->texture->sampler);
        break;
    default: break;
    }
    const Expr *operands[3] = {x->cond, x->lhs, x->rhs};
    for (int i = 0; i < 3; i++)
        if (operands[i]) fputs(" ", out), print_expr(d, operands[i]);
    for (int i = 0; i < x->nargs; i++) fputs(" ", out), print_expr(d, x->args[i]);
    for (int i = 0; i < x->ninits; i++) {
        fputs(" [", out);
        for (int j = 0; j < x->inits[i].depth; j++) fprintf(out, "%s%d", j ? "." : "", x->inits[i].path[j]);
        fputs("]=", out);
        print_expr(d, x->inits[i].value);
    }
    fputs(")", out);
}

/* What the analyses decided about a variable, once they have run. */
static void print_var_facts(Dumper *d, const Var *v) {
    FILE *out = d->out;
    if (d->stage >= IR_AFTER_PTR_STORAGE && v->type->kind == TY_PTR && v->kind != VAR_CAPTURE) {
        const PtrTarget *t = &v->points_into;
        switch (t->space) {
        case PTR_NOWHERE: fputs(" ; points nowhere (null)", out); break;
        case PTR_VIEW: fputs(" ; points into views", out); break;
        case PTR_PARAM:
            fprintf(out, t->holder ? " ; points into a member or row of where parameter %d points"
                                   : " ; points where parameter %d does", t->param);
            break;
        case PTR_OBJECT:
            fprintf(out, " ; points into %s%s", t->root ? t->root->name : "a compound literal",
                    t->holder ? " (a member or row)" : t->whole ? " (the object)" : " (its elements)");
            break;
        }
        if (t->holder && t->holder != v) fprintf(out, ", as '%s' does", t->holder->name);
    }
    if (d->stage >= IR_AFTER_NONNEG && v->nonneg) fputs(" ; nonneg", out);
}

static void indent(Dumper *d, int depth) { fprintf(d->out, "%*s", 2 * depth, ""); }

static void print_stmt(Dumper *d, const Stmt *s, int depth);

static void print_body(Dumper *d, const PtrVec *body, int depth) {
    for (int i = 0; i < body->len; i++) print_stmt(d, body->items[i], depth);
}

static void print_stmt(Dumper *d, const Stmt *s, int depth) {
    FILE *out = d->out;
    if (!s) return;
    indent(d, depth);
    switch (s->kind) {
    case ST_EMPTY: fputs(";\n", out); return;
    case ST_EXPR: print_expr(d, s->expr), fputs("\n", out); return;
    case ST_DECL:
        fprintf(out, "decl %s%s: ", s->var->kind == VAR_TILE_STATIC ? "tile_static " : "", s->var->name);
        print_type(d, s->var->type);
        if (s->expr) fputs(" = ", out), print_expr(d, s->expr);
        print_var_facts(d, s->var);
        fputs("\n", out);
        return;
    case ST_BLOCK:
        fputs("{\n", out);
        print_body(d, &s->body, depth + 1);
        indent(d, depth);
        fputs("}\n", out);
        return;
    case ST_IF: case ST_WHILE: case ST_DO:
        fprintf(out, "%s ", s->kind == ST_IF ? "if" : s->kind == ST_WHILE ? "while" : "do-while");
        print_expr(d, s->expr);
        fputs("\n", out);
        print_stmt(d, s->then, depth + 1);
        if (s->els) indent(d, depth), fputs("else\n", out), print_stmt(d, s->els, depth + 1);
        return;
    case ST_FOR:
        fputs("for\n", out);
        if (s->init) print_stmt(d, s->init, depth + 1);
        if (s->expr) indent(d, depth + 1), fputs("cond ", out), print_expr(d, s->expr), fputs("\n", out);
        if (s->step) indent(d, depth + 1), fputs("step ", out), print_expr(d, s->step), fputs("\n", out);
        print_stmt(d, s->then, depth + 1);
        return;
    case ST_BREAK: fputs("break\n", out); return;
    case ST_CONTINUE: fputs("continue\n", out); return;
    case ST_RETURN:
        fputs("return", out);
        if (s->expr) fputs(" ", out), print_expr(d, s->expr);
        fputs("\n", out);
        return;
    case ST_SWITCH:
        fputs("switch ", out);
        print_expr(d, s->expr);
        fputs("\n", out);
        for (int i = 0; i < s->body.len; i++) {
            const SwitchCase *c = s->body.items[i];
            indent(d, depth + 1);
            fputs(c->is_default ? "default" : "case", out);
            for (int j = 0; j < c->nvalues; j++) fprintf(out, " %lld", c->values[j]);
            fputs("\n", out);
            print_body(d, &c->body, depth + 2);
        }
        return;
    }
}

static void print_capture(Dumper *d, const Var *v) {
    static const char *const kinds[] = {[CAPTURE_VALUE] = "value", [CAPTURE_VIEW] = "view", [CAPTURE_POINTER] = "pointer"};
    fprintf(d->out, "  capture %s: ", v->name);
    print_type(d, v->type);
    fprintf(d->out, " ; %s", kinds[v->capture]);
    if (d->stage >= IR_AFTER_LAYOUT) fprintf(d->out, ", push offset %u", v->push_offset);
    if (d->stage >= IR_AFTER_LAYOUT && v->access) /* what the kernel may do to its memory (access.c) */
        fprintf(d->out, ", %s%s", v->access & CAMP_ACCESS_WRITE ? "written" : "read only",
                v->written_in_calls ? " (through calls)" : "");
    fputs("\n", d->out);
}

/* A texture and its binding: read (sampled image), written (storage
 * image), read and written (one storage image), sampled; in an amp
 * function, the parameter (and sampler parameter) it uses. */
static void print_texture(Dumper *d, const Var *v) {
    const TextureInfo *t = v->texture;
    fprintf(d->out, "  texture %s: ", v->name);
    print_type(d, t->element);
    fprintf(d->out, ", rank %d ;", t->rank);
    const char *use = t->access & CAMP_ACCESS_SAMPLE                          ? "sampled"
                      : t->access == (CAMP_ACCESS_READ | CAMP_ACCESS_WRITE) ? "read and written"
                      : t->access & CAMP_ACCESS_WRITE                        ? "written"
                                                                             : "read";
    if (t->binding >= 0) fprintf(d->out, " %s at binding %d", use, t->binding);
    else fprintf(d->out, " %s through parameter %d", use, t->param);
    if (t->sampler) fprintf(d->out, " with sampler %s", t->sampler);
    fputs("\n", d->out);
}

/* Whether the function may write through each parameter that holds
 * pointers, itself or in the functions it calls (access.c). */
static void print_param_access(Dumper *d, const Func *f) {
    const char *sep = " ; ";
    for (int p = 0; p < f->nparams; p++) {
        if (!type_holds_pointer(f->params[p]->type)) continue;
        bool written = f->writes_params & ((uint64_t)1 << (p < 63 ? p : 63));
        fprintf(d->out, "%s%s %s", sep, f->params[p]->name, written ? "written through" : "only read through");
        sep = ", ";
    }
}

void dump_ir(const Unit *u, IrStage stage, FILE *out) {
    Dumper d = {out, stage};
    fprintf(out, "; campcc IR of %s after %s\n", u->path, stage_names[stage]);
    for (int i = 0; i < u->funcs.len; i++) {
        const Func *f = u->funcs.items[i];
        if (!f->body) continue;
        fprintf(out, "func %s(", f->name);
        for (int p = 0; p < f->nparams; p++) {
            fprintf(out, "%s%s: ", p ? ", " : "", f->params[p]->name);
            print_type(&d, f->params[p]->type);
        }
        fputs("): ", out);
        print_type(&d, f->ret);
        if (stage >= IR_AFTER_LAYOUT) print_param_access(&d, f);
        fputs("\n", out);
        for (int t = 0; t < f->textures.len; t++) print_texture(&d, f->textures.items[t]);
        print_stmt(&d, f->body, 1);
    }
    for (int i = 0; i < u->kernels.len; i++) {
        const Kernel *k = u->kernels.items[i];
        fprintf(out, "kernel %s: rank %d%s, index %s", k->entry, k->rank, k->tiled ? ", tiled" : "", k->idx->name);
        if (stage >= IR_AFTER_LAYOUT)
            fprintf(out, " ; push constants %u bytes, workgroup %u x %u x %u", k->push_size, k->local_size[0],
                    k->local_size[1], k->local_size[2]);
        if (stage >= IR_AFTER_LAYOUT && k->vector_width) fprintf(out, ", vectorized x%d", k->vector_width);
        fputs("\n", out);
        for (int c = 0; c < k->captures.len; c++) print_capture(&d, k->captures.items[c]);
        for (int t = 0; t < k->textures.len; t++) print_texture(&d, k->textures.items[t]);
        print_stmt(&d, k->body, 1);
    }
}
