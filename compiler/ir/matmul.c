/* matmul.c — a tiled matrix multiply of `half` inputs written as C++ AMP
 * programs write it, turned into matrix fragments (camp_fragment.h) with
 * no change to the source, so that it runs on the device's matrix units:
 *
 *     parallel_for_each(t, tile(extent(M, N), TM, TN)) {
 *         tile_static half As[TM][TK], Bs[TK][TN];
 *         int row = t.local[0], col = t.local[1];
 *         float sum = 0;
 *         for (...) {
 *             ... As and Bs written ...
 *             tile_barrier_wait(t.barrier);
 *             for (int k = 0; k < TK; k++) sum += (float)As[row][k] * (float)Bs[k][col];
 *             tile_barrier_wait(t.barrier);
 *         }
 *         ... sum used ...
 *     }
 *
 * The tile's TM x TN sums are the elements of (TM / 16) x (TN / 16)
 * accumulators of 16 x 16, one for each of the tile's first subgroups:
 * the product loop becomes, in those subgroups, TK / 16 fragment loads
 * of As and Bs and multiply-adds; after the outer loop the accumulators
 * are stored to a tile_static array of TM x TN floats, and each thread
 * takes its own sum from it (a barrier between). Everything else stays
 * as written. The products of halves are exact in float and the matrix
 * units add them in an order of their own, so results may differ from
 * the loop's by rounding (in the scalar lowering, which runs where the
 * device has no cooperative matrices, the order is the loop's: the same
 * results). A loop whose products are rounded to half (`As[row][k] *
 * Bs[k][col]` in half precision) is left alone: the matrix units would
 * not round them. Kernel.matmul says what was done, or why not
 * (--dump-kernels). */
#include "campcc.h"

#include <string.h>

enum { FRAGMENT_SIZE = 16 };

/* What a kernel's lowering found: where the pieces are. */
typedef struct Matmul {
    Stmt *body;       /* the kernel's block */
    int sum_at;       /* the accumulator's declaration in it */
    Stmt *loop;       /* the outer loop, at the kernel's top level */
    Stmt *loop_body;  /* its block */
    int product_at;   /* the product loop in loop_body */
    Var *sum, *a, *b; /* the accumulator, the tile_static halves As (TM x TK) and Bs (TK x TN) */
    const Expr *sum_added; /* the accumulator as the product loop adds to it */
    int tm, tn, tk;
} Matmul;

static const Expr *strip_casts(const Expr *x) {
    while (x && x->kind == EX_CAST) x = x->lhs;
    return x;
}

static bool is_half(const Type *t) { return t && t->kind == TY_FLOAT && t->size == 2; }
static bool is_float(const Type *t) { return t && t->kind == TY_FLOAT && t->size == 4; }

static bool is_var(const Expr *x, const Var *v) { return x && x->kind == EX_VAR && x->var == v; }
static bool is_load_of(const Expr *x, const Var *v) { return x && x->kind == EX_LOAD && is_var(x->lhs, v); }

/* ---- recognition ---------------------------------------------------------------- */

/* How often a statement reads and writes a variable. */
typedef struct Uses {
    const Var *var;
    int reads, writes; /* writes: assigned, incremented or its address taken */
    const Expr *allowed; /* an EX_VAR of it not counted */
} Uses;

static void count_use(void *ctx, Expr *x) {
    Uses *u = ctx;
    if ((x->kind == EX_ASSIGN || x->kind == EX_INCDEC || x->kind == EX_ADDR) && is_var(x->lhs, u->var) &&
        x->lhs != u->allowed)
        u->writes++;
    if (x->kind == EX_VAR && x->var == u->var && x != u->allowed) u->reads++;
}

static Uses uses_in(Stmt *st, const Var *v, const Expr *allowed) {
    Uses u = {v, 0, 0, allowed};
    walk_stmt(st, count_use, NULL, &u);
    return u;
}

/* Whether x is t.local[d], or a local declared in `decls` that holds it
 * all its life (`int row = t.local[0];`, never assigned after). */
static bool is_local_index(const Kernel *k, const Expr *x, int d, Stmt *const *decls, int ndecls) {
    if (x->kind != EX_LOAD) return false;
    const Expr *l = x->lhs;
    if (l->kind == EX_VELEM && l->ival == d && is_var(l->lhs, k->tile_index[1])) return true;
    if (l->kind != EX_VAR || l->var->kind != VAR_LOCAL) return false;
    for (int i = 0; i < ndecls; i++)
        if (decls[i]->var == l->var) {
            const Expr *init = decls[i]->expr;
            return init && is_local_index(k, init, d, NULL, 0) && uses_in(k->body, l->var, NULL).writes == 0;
        }
    return false;
}

/* The tile_static 2-D array of halves that x, an element V[i][j], is in. */
static Var *element_of(const Expr *x, const Expr **i, const Expr **j) {
    if (!x || x->kind != EX_LOAD || x->lhs->kind != EX_INDEX) return NULL;
    const Expr *row = x->lhs->lhs;
    if (row->kind != EX_DECAY || row->lhs->kind != EX_INDEX || row->lhs->lhs->kind != EX_DECAY) return NULL;
    const Expr *base = row->lhs->lhs->lhs;
    if (base->kind != EX_VAR || base->var->kind != VAR_TILE_STATIC) return NULL;
    const Type *t = base->var->type;
    if (t->kind != TY_ARRAY || t->base->kind != TY_ARRAY || !is_half(t->base->base)) return NULL;
    *i = row->lhs->rhs;
    *j = x->lhs->rhs;
    return base->var;
}

typedef struct Scan {
    const Kernel *k;
    Matmul *m;
    Stmt *decls[64]; /* the declarations at the kernel's top level before the loop */
    int ndecls;
    const char *why; /* the first reason a candidate was refused */
} Scan;

static bool refuse(Scan *s, const char *why) {
    if (!s->why) s->why = why;
    return false;
}

/* `for (int k = 0; k < TK; k++) sum += (float)As[row][k] * (float)Bs[k][col];` */
static bool product_loop(Scan *s, Stmt *st) {
    if (!st || st->kind != ST_FOR || !st->init || st->init->kind != ST_DECL) return false;
    Var *kv = st->init->var;
    const Expr *cond = st->expr, *init = st->init->expr;
    if (!init || strip_casts(init)->kind != EX_INT || strip_casts(init)->ival != 0 || !cond ||
        cond->kind != EX_BINARY || cond->op != OP_LT || !is_load_of(cond->lhs, kv) ||
        strip_casts(cond->rhs)->kind != EX_INT)
        return false;
    const Expr *step = st->step;
    bool by_one = step && ((step->kind == EX_INCDEC && step->op == OP_ADD && is_var(step->lhs, kv)) ||
                           (step->kind == EX_ASSIGN && step->op == OP_ADD && is_var(step->lhs, kv) &&
                            strip_casts(step->rhs)->kind == EX_INT && strip_casts(step->rhs)->ival == 1));
    Stmt *body = st->then;
    if (body && body->kind == ST_BLOCK && body->body.len == 1) body = body->body.items[0];
    if (!by_one || !body || body->kind != ST_EXPR) return false;
    const Expr *e = body->expr;
    if (e->kind != EX_ASSIGN || e->op != OP_ADD || e->lhs->kind != EX_VAR || !is_float(e->lhs->type)) return false;
    const Expr *mul = e->rhs;
    if (mul->kind == EX_CAST && mul->lhs->kind == EX_BINARY && mul->lhs->op == OP_MUL && is_half(mul->lhs->type))
        return refuse(s, "its products are rounded to half (As[row][k] * Bs[k][col] of halves): write "
                         "(float)As[row][k] * (float)Bs[k][col], the exact products the matrix units take");
    if (mul->kind != EX_BINARY || mul->op != OP_MUL || !is_float(mul->type)) return false;
    const Expr *x = mul->lhs, *y = mul->rhs, *xi, *xj, *yi, *yj;
    if (x->kind != EX_CAST || y->kind != EX_CAST) return false;
    Var *va = element_of(x->lhs, &xi, &xj), *vb = element_of(y->lhs, &yi, &yj);
    if (!va || !vb) return false;
    if (is_load_of(xi, kv) && is_load_of(yj, kv)) { /* Bs[k][col] * As[row][k] */
        Var *v = va;
        const Expr *vi = xi, *vj = xj;
        va = vb, xi = yi, xj = yj, vb = v, yi = vi, yj = vj;
    }
    if (!is_load_of(xj, kv) || !is_load_of(yi, kv))
        return refuse(s, "its product loop does not multiply As[row][k] by Bs[k][col] along k");
    if (!is_local_index(s->k, xi, 0, s->decls, s->ndecls) || !is_local_index(s->k, yj, 1, s->decls, s->ndecls))
        return refuse(s, "its product loop's row and column are not the thread's t.local[0] and t.local[1]");
    Matmul *m = s->m;
    m->sum = e->lhs->var, m->sum_added = e->lhs, m->a = va, m->b = vb;
    m->tk = (int)strip_casts(cond->rhs)->ival;
    if (m->tm % FRAGMENT_SIZE || m->tn % FRAGMENT_SIZE) return refuse(s, "its tile is not a multiple of 16 x 16");
    if (va->type->len != m->tm || va->type->base->len != m->tk || vb->type->len != m->tk ||
        vb->type->base->len != m->tn)
        return refuse(s, "its tile_static arrays are not TM x TK and TK x TN for its tile of TM x TN and loop of TK");
    if (m->tk % FRAGMENT_SIZE)
        return refuse(s, "its product loop's count is not a multiple of 16");
    if (uses_in(st, kv, NULL).writes != 1) return refuse(s, "its product loop's counter changes in its body");
    return true;
}

static bool is_barrier(const Stmt *st) {
    return st && st->kind == ST_EXPR && st->expr->kind == EX_SYNC && (st->expr->ival & SYNC_BARRIER);
}

/* An outer loop holding a product loop between two barriers. */
static bool outer_loop(Scan *s, Stmt *st) {
    if (!st || st->kind != ST_FOR || !st->then || st->then->kind != ST_BLOCK) return false;
    Stmt *body = st->then;
    for (int i = 0; i < body->body.len; i++) {
        if (!product_loop(s, body->body.items[i])) continue;
        bool before = false, after = false;
        for (int j = 0; j < i; j++) before |= is_barrier(body->body.items[j]);
        for (int j = i + 1; j < body->body.len; j++) after |= is_barrier(body->body.items[j]);
        if (!before || !after)
            return refuse(s, "its product loop is not between two tile barriers in the loop around it");
        s->m->loop = st, s->m->loop_body = body, s->m->product_at = i;
        return true;
    }
    return false;
}

static void add_decls(Scan *s, Stmt *st) {
    if (!st) return;
    if (st->kind == ST_DECL && s->ndecls < (int)(sizeof s->decls / sizeof *s->decls)) s->decls[s->ndecls++] = st;
    if (st->kind == ST_BLOCK)
        for (int i = 0; i < st->body.len; i++) add_decls(s, st->body.items[i]);
}

static const char NO_LOOP[] = "no loop of multiply-adds of tile_static halves into a float";

/* Finds the multiply in k; NULL, or why there is none to lower. */
static const char *find_matmul(const Unit *u, const Kernel *k, Matmul *m) {
    if (!k->tiled || k->rank != 2) return "not a tiled kernel of rank 2";
    /* the fragments read As and Bs across their rows, which the checks
     * would report: they check the loop as written */
    if (u->opts->check) return "-fcamp-check checks the loop as written";
    *m = (Matmul){.body = k->body, .tm = (int)k->local_size[1], .tn = (int)k->local_size[0]};
    Scan s = {.k = k, .m = m};
    Stmt *body = k->body;
    if (body->kind != ST_BLOCK) return NO_LOOP;
    for (int i = 0; i < body->body.len; i++) {
        Stmt *st = body->body.items[i];
        if (!outer_loop(&s, st)) {
            add_decls(&s, st);
            continue;
        }
        for (int j = 0; j < i; j++) {
            Stmt *d = body->body.items[j];
            if (d && d->kind == ST_DECL && d->var == m->sum) m->sum_at = j;
        }
        Stmt *decl = body->body.items[m->sum_at];
        if (!decl || decl->kind != ST_DECL || decl->var != m->sum)
            return "its accumulator is not declared at the kernel's top level before the loop";
        const Expr *init = strip_casts(decl->expr);
        if (!init || (init->kind != EX_FLOAT && init->kind != EX_INT))
            return "its accumulator does not start at a constant";
        Uses in_loop = uses_in(m->loop, m->sum, m->sum_added);
        for (int j = m->sum_at + 1; j < i; j++) {
            Uses between = uses_in(body->body.items[j], m->sum, NULL);
            in_loop.reads += between.reads, in_loop.writes += between.writes;
        }
        if (in_loop.reads || in_loop.writes) return "its accumulator is used elsewhere in the loop";
        return NULL;
    }
    return s.why ? s.why : NO_LOOP;
}

/* ---- the rewrite ---------------------------------------------------------------- */

typedef struct Build {
    Arena *a;
    SrcLoc loc;
    const Kernel *k;
    const MatmulFuncs *f;
    Type *uint, *sint;
} Build;

static Expr *expr(Build *b, ExprKind kind, Type *type) {
    Expr *x = arena_alloc(b->a, sizeof *x);
    x->kind = kind, x->type = type, x->loc = b->loc;
    return x;
}

static Expr *int_const(Build *b, Type *t, long long v) {
    Expr *x = expr(b, EX_INT, t);
    x->ival = v;
    return x;
}

static Expr *binary(Build *b, Op op, Type *t, Expr *l, Expr *r) {
    Expr *x = expr(b, EX_BINARY, t);
    x->op = op, x->lhs = l, x->rhs = r;
    return x;
}

static Expr *subgroup_id(Build *b) {
    Expr *x = expr(b, EX_SUBGROUP, b->uint);
    x->ival = SUBGROUP_ID;
    return x;
}

static Expr *var_ref(Build *b, Var *v) {
    Expr *x = expr(b, EX_VAR, v->type);
    x->var = v;
    return x;
}

/* The lvalue v[i][j] of a 2-D array. */
static Expr *element(Build *b, Var *v, Expr *i, Expr *j) {
    Type *row = v->type->base;
    Expr *outer = expr(b, EX_DECAY, type_pointer_to(b->a, row));
    outer->lhs = var_ref(b, v);
    Expr *at_row = expr(b, EX_INDEX, row);
    at_row->lhs = outer, at_row->rhs = i;
    Expr *inner = expr(b, EX_DECAY, type_pointer_to(b->a, row->base));
    inner->lhs = at_row;
    Expr *x = expr(b, EX_INDEX, row->base);
    x->lhs = inner, x->rhs = j;
    return x;
}

/* The lvalue v[i * cols + j] of a 1-D array. */
static Expr *flat_element(Build *b, Var *v, Expr *i, int cols, Expr *j) {
    Expr *start = expr(b, EX_DECAY, type_pointer_to(b->a, v->type->base));
    start->lhs = var_ref(b, v);
    Expr *x = expr(b, EX_INDEX, v->type->base);
    x->lhs = start;
    x->rhs = binary(b, OP_ADD, i->type, binary(b, OP_MUL, i->type, i, int_const(b, i->type, cols)), j);
    return x;
}

static Expr *address(Build *b, Expr *lvalue, Type *type) {
    Expr *x = expr(b, EX_ADDR, type);
    x->lhs = lvalue;
    return x;
}

static Expr *call(Build *b, Func *f, Expr *a0, Expr *a1, Expr *a2, Expr *a3) {
    Expr *x = expr(b, EX_CALL, f->ret);
    x->callee = f;
    Expr *args[] = {a0, a1, a2, a3};
    x->nargs = 0;
    while (x->nargs < 4 && args[x->nargs]) x->nargs++;
    x->args = arena_alloc(b->a, sizeof *x->args * (size_t)x->nargs);
    memcpy(x->args, args, sizeof *x->args * (size_t)x->nargs);
    return x;
}

static Stmt *stmt(Build *b, StmtKind kind) {
    Stmt *st = arena_alloc(b->a, sizeof *st);
    st->kind = kind, st->loc = b->loc;
    return st;
}

static Stmt *expr_stmt(Build *b, Expr *x) {
    Stmt *st = stmt(b, ST_EXPR);
    st->expr = x;
    return st;
}

static Var *new_var(Build *b, const char *name, Type *type, VarKind kind) {
    Var *v = arena_alloc(b->a, sizeof *v);
    v->name = name, v->type = type, v->loc = b->loc, v->kind = kind;
    return v;
}

static Stmt *decl(Build *b, Var *v) {
    Stmt *st = stmt(b, ST_DECL);
    st->var = v;
    return st;
}

/* `if (subgroup_id() < fragments) then` */
static Stmt *in_multiplying_subgroups(Build *b, int fragments, Stmt *then) {
    Stmt *st = stmt(b, ST_IF);
    st->expr = binary(b, OP_LT, b->sint, subgroup_id(b), int_const(b, b->uint, fragments));
    st->then = then;
    return st;
}

/* This subgroup's accumulator's first row (column) in the tile. */
static Expr *fragment_row(Build *b, int across) {
    return binary(b, OP_MUL, b->uint, binary(b, OP_DIV, b->uint, subgroup_id(b), int_const(b, b->uint, across)),
                  int_const(b, b->uint, FRAGMENT_SIZE));
}

static Expr *fragment_col(Build *b, int across) {
    return binary(b, OP_MUL, b->uint, binary(b, OP_REM, b->uint, subgroup_id(b), int_const(b, b->uint, across)),
                  int_const(b, b->uint, FRAGMENT_SIZE));
}

static Expr *load(Build *b, Expr *lvalue) {
    Expr *x = expr(b, EX_LOAD, lvalue->type);
    x->lhs = lvalue;
    return x;
}

/* t.local[d] */
static Expr *local_index(Build *b, int d) {
    Var *local = b->k->tile_index[1];
    Expr *c = expr(b, EX_VELEM, local->type->base);
    c->lhs = var_ref(b, local), c->ival = d;
    return load(b, c);
}

static void insert(Arena *a, PtrVec *v, int at, void *item) {
    vec_push(a, v, item);
    memmove(&v->items[at + 1], &v->items[at], sizeof *v->items * (size_t)(v->len - 1 - at));
    v->items[at] = item;
}

static void lower(Build *b, const Matmul *m) {
    const MatmulFuncs *f = b->f;
    Type *acc_t = f->mma->params[0]->type->base, *a_t = f->mma->params[1]->type->base,
         *b_t = f->mma->params[2]->type->base, *acc_ptr = f->mma->params[0]->type;
    int across = m->tn / FRAGMENT_SIZE, fragments = m->tm / FRAGMENT_SIZE * across;
    Type *sums = arena_alloc(b->a, sizeof *sums);
    *sums = (Type){.kind = TY_ARRAY, .base = m->sum->type, .len = m->tm * m->tn, .size = 4 * m->tm * m->tn,
                   .align = 4, .name = "float[]"};
    Var *cs = new_var(b, "camp_matmul_sums", sums, VAR_TILE_STATIC);
    Var *acc = new_var(b, "camp_matmul_acc", acc_t, VAR_LOCAL), *fa = new_var(b, "camp_matmul_a", a_t, VAR_LOCAL),
        *fb = new_var(b, "camp_matmul_b", b_t, VAR_LOCAL);

    /* the product loop: TK / 16 loads of each input and multiply-adds */
    Stmt *multiply = stmt(b, ST_BLOCK);
    for (int kk = 0; kk < m->tk; kk += FRAGMENT_SIZE) {
        Expr *a_at = element(b, m->a, fragment_row(b, across), int_const(b, b->uint, kk));
        Expr *b_at = element(b, m->b, int_const(b, b->uint, kk), fragment_col(b, across));
        vec_push(b->a, &multiply->body,
                 expr_stmt(b, call(b, f->load_a, address(b, var_ref(b, fa), f->load_a->params[0]->type),
                                   address(b, a_at, f->load_a->params[1]->type), int_const(b, b->uint, m->tk),
                                   int_const(b, b->sint, 0))));
        vec_push(b->a, &multiply->body,
                 expr_stmt(b, call(b, f->load_b, address(b, var_ref(b, fb), f->load_b->params[0]->type),
                                   address(b, b_at, f->load_b->params[1]->type), int_const(b, b->uint, m->tn),
                                   int_const(b, b->sint, 0))));
        vec_push(b->a, &multiply->body,
                 expr_stmt(b, call(b, f->mma, address(b, var_ref(b, acc), acc_ptr),
                                   address(b, var_ref(b, fa), f->mma->params[1]->type),
                                   address(b, var_ref(b, fb), f->mma->params[2]->type),
                                   address(b, var_ref(b, acc), acc_ptr))));
    }
    m->loop_body->body.items[m->product_at] = in_multiplying_subgroups(b, fragments, multiply);

    /* after the loop: the sums through tile_static memory, each thread's its own */
    Stmt *sum_decl = m->body->body.items[m->sum_at];
    const Expr *init = strip_casts(sum_decl->expr);
    Expr *start = expr(b, EX_FLOAT, m->sum->type);
    start->fval = init->kind == EX_FLOAT ? init->fval : (double)init->ival;
    Expr *store_at = flat_element(b, cs, fragment_row(b, across), m->tn, fragment_col(b, across));
    Stmt *store = expr_stmt(b, call(b, f->store, address(b, store_at, f->store->params[0]->type),
                                    address(b, var_ref(b, acc), f->store->params[1]->type),
                                    int_const(b, b->uint, m->tn), int_const(b, b->sint, 0)));
    Expr *barrier = expr(b, EX_SYNC, b->sint);
    barrier->ival = SYNC_BARRIER | SYNC_TILE_STATIC;
    barrier->type = f->store->ret; /* void */
    Expr *take = expr(b, EX_ASSIGN, m->sum->type);
    take->lhs = var_ref(b, m->sum);
    take->rhs = load(b, flat_element(b, cs, local_index(b, 0), m->tn, local_index(b, 1)));
    int loop_at = 0;
    while (m->body->body.items[loop_at] != m->loop) loop_at++;
    insert(b->a, &m->body->body, loop_at + 1, expr_stmt(b, take));
    insert(b->a, &m->body->body, loop_at + 1, expr_stmt(b, barrier));
    insert(b->a, &m->body->body, loop_at + 1, in_multiplying_subgroups(b, fragments, store));

    /* before the accumulator: the fragments, filled with its start */
    insert(b->a, &m->body->body, m->sum_at,
           in_multiplying_subgroups(
               b, fragments, expr_stmt(b, call(b, f->fill, address(b, var_ref(b, acc), f->fill->params[0]->type), start,
                                               NULL, NULL))));
    insert(b->a, &m->body->body, m->sum_at, decl(b, fb));
    insert(b->a, &m->body->body, m->sum_at, decl(b, fa));
    insert(b->a, &m->body->body, m->sum_at, decl(b, acc));
    insert(b->a, &m->body->body, m->sum_at, decl(b, cs));
}

void matmul_lower(Unit *u, MatmulFunctions *functions, void *ctx) {
    MatmulFuncs f;
    int have = -1; /* the functions: not asked for yet */
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        Matmul m;
        const char *why = find_matmul(u, k, &m);
        if (!why && have < 0) have = functions(ctx, &f);
        if (!why && !have) why = "camp_fragment.h's functions of 16x16x16 with half inputs are not in the unit";
        if (why) {
            k->matmul = arena_printf(&u->arena, "not lowered to matrix fragments: %s", why);
            continue;
        }
        Stmt *product = m.loop_body->body.items[m.product_at];
        Build b = {&u->arena, product->loc, k, &f, type_int(4, false), type_int(4, true)};
        lower(&b, &m);
        int accumulators = m.tm / FRAGMENT_SIZE * (m.tn / FRAGMENT_SIZE), passes = m.tk / FRAGMENT_SIZE;
        k->matmul = arena_printf(&u->arena,
                                 "the loop at line %u lowered to matrix fragments of 16x16x16 (half inputs, float "
                                 "accumulator): the tile's %d x %d sums in %d accumulator%s, %d multiply-add%s each "
                                 "a pass",
                                 product->loc.line, m.tm, m.tn, accumulators, accumulators > 1 ? "s" : "", passes,
                                 passes > 1 ? "s" : "");
    }
}
