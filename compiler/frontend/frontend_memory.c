/* frontend_memory.c — memcpy and memset in amp code, each as a statement
 * of its own: a loop over the elements of the destination's
 * type. Amp code has no bytes to step through in a thread's own memory (a
 * local array is no byte array), so the pointers keep their types: the
 * count is n / sizeof *d elements, and a memset's byte is repeated through
 * each element (0 for any type, any byte for integers and for structs and
 * arrays of nothing else). Between bytes
 * and a wider scalar (`memcpy(&w, bytes + 4, 4)`, the portable load of a
 * word, and the store back), each element is put together from its
 * bytes, or taken apart into them, in the little-endian order of every
 * Vulkan device. memmove, whose direction depends on how the two overlap,
 * is not taken. */
#include "frontend.h"

#include <string.h>

typedef enum MemoryCall { MEMORY_NONE, MEMORY_COPY, MEMORY_SET } MemoryCall;

static MemoryCall memory_call(const char *name) {
    if (!strncmp(name, "__builtin_", 10)) name += 10;
    if (!strcmp(name, "memcpy")) return MEMORY_COPY;
    if (!strcmp(name, "memset")) return MEMORY_SET;
    return MEMORY_NONE;
}

bool fe_is_memory_function(const char *name) { return memory_call(name) != MEMORY_NONE; }
bool fe_is_memset(const char *name) { return memory_call(name) == MEMORY_SET; }
bool fe_is_memcpy(const char *name) { return memory_call(name) == MEMORY_COPY; }

/* A pointer argument as its own type: under the conversion to void *. */
static Expr *typed_pointer(Frontend *fe, CXCursor arg) {
    CXCursor kid[2];
    while ((clang_getCursorKind(arg) == CXCursor_UnexposedExpr || clang_getCursorKind(arg) == CXCursor_ParenExpr) &&
           fe_children(arg, kid, 2) == 1) {
        CXType t = clang_getCanonicalType(clang_getCursorType(arg));
        if (t.kind != CXType_Pointer || clang_getCanonicalType(clang_getPointeeType(t)).kind != CXType_Void) break;
        arg = kid[0];
    }
    Expr *p = fe_lower_expr(fe, arg);
    if (p && p->type->kind != TY_PTR) return NULL;
    return p;
}

/* The integer of type t whose bytes are all `byte`. */
static Expr *repeated_byte(Frontend *fe, Type *t, long long byte, CXCursor c) {
    unsigned long long pattern = 0;
    for (int i = 0; i < t->size; i++) pattern = pattern << 8 | (unsigned long long)byte;
    return fe_int_constant(fe, t, (long long)pattern, c);
}

enum { SET_MAX_ITEMS = 4096 };

/* The items of an initializer giving every integer inside t (a struct's
 * members, an array's elements, nested: no union, float or pointer) the
 * repeated byte; false if t holds anything else, or too many. */
static bool integer_items(Frontend *fe, Type *t, InitItem *at, long long byte, CXCursor c, PtrVec *items) {
    if (t->kind == TY_INT || t->kind == TY_BOOL) {
        if (items->len >= SET_MAX_ITEMS) return false;
        InitItem *item = arena_alloc(fe->a, sizeof *item);
        *item = *at;
        item->value = repeated_byte(fe, t, byte, c);
        vec_push(fe->a, items, item);
        return true;
    }
    int n = t->kind == TY_STRUCT && !t->is_union ? t->nmembers : t->kind == TY_ARRAY ? t->len : -1;
    if (n < 0 || at->depth >= (int)(sizeof at->path / sizeof at->path[0])) return false;
    for (int i = 0; i < n; i++) {
        InitItem inner = *at;
        inner.path[inner.depth++] = i;
        if (!integer_items(fe, t->kind == TY_STRUCT ? t->members[i].type : t->base, &inner, byte, c, items))
            return false;
    }
    return true;
}

/* memset's byte repeated through an element of type t: an integer's
 * value, or every integer of a struct or array of them; 0 for any type.
 * False (reported) for another byte of a type holding more than integers. */
static bool set_value(Frontend *fe, Type *t, CXCursor byte_arg, Expr **value) {
    long long byte;
    if (!fe_eval_int(byte_arg, &byte)) {
        diag_error(fe->u->diag, fe_loc(fe, byte_arg), "memset in amp code takes a constant byte");
        return false;
    }
    byte &= 0xff;
    if (t->kind == TY_INT || t->kind == TY_BOOL) {
        *value = repeated_byte(fe, t, byte, byte_arg);
        return true;
    }
    if (byte != 0) {
        PtrVec items = {0};
        InitItem top = {.depth = 0};
        if (!integer_items(fe, t, &top, byte, byte_arg, &items)) {
            diag_error(fe->u->diag, fe_loc(fe, byte_arg),
                       "memset in amp code sets elements of '%s' to byte 0 only (another byte repeats through "
                       "integers, and structs and arrays of them): set them in a loop",
                       t->name);
            return false;
        }
        Expr *init = fe_new_expr(fe, EX_INIT, t, byte_arg);
        init->ninits = items.len;
        init->inits = arena_alloc(fe->a, sizeof *init->inits * (size_t)(items.len ? items.len : 1));
        for (int i = 0; i < items.len; i++) init->inits[i] = *(InitItem *)items.items[i];
        *value = init;
        return true;
    }
    if (t->kind == TY_FLOAT) {
        Expr *zero = fe_new_expr(fe, EX_FLOAT, t, byte_arg);
        zero->fval = 0;
        *value = zero;
        return true;
    }
    Expr *init = fe_new_expr(fe, EX_INIT, t, byte_arg); /* no items: all zero */
    *value = init;
    return true;
}

static Expr *cast_to(Frontend *fe, Type *t, Expr *x, CXCursor c) {
    Expr *e = fe_new_expr(fe, EX_CAST, t, c);
    e->lhs = x;
    return e;
}

/* `{ T *to = d; const S *from = s; for (long i = 0; i < n / size; i++) }`,
 * from left out for memset: the block, its loop (whose body the caller
 * gives, then pushes the loop), and the variables. */
typedef struct ElementLoop {
    Stmt *block, *loop;
    Var *to, *from, *i;
} ElementLoop;

static ElementLoop element_loop(Frontend *fe, CXCursor call, Expr *to, Expr *from, Expr *bytes, int size) {
    Type *index_t = type_int(8, true);
    ElementLoop e = {arena_alloc(fe->a, sizeof(Stmt)), NULL, NULL, NULL, NULL};
    e.block->kind = ST_BLOCK;
    e.block->loc = fe_loc(fe, call);
    e.to = fe_hidden_local(fe, "memory.to", to->type, call);
    e.i = fe_hidden_local(fe, "memory.i", index_t, call);
    vec_push(fe->a, &e.block->body, fe_decl_stmt(fe, e.to, to, call));
    if (from) {
        e.from = fe_hidden_local(fe, "memory.from", from->type, call);
        vec_push(fe->a, &e.block->body, fe_decl_stmt(fe, e.from, from, call));
    }
    Expr *count = fe_new_binary(fe, EX_BINARY, OP_DIV, index_t, cast_to(fe, index_t, bytes, call),
                                fe_int_constant(fe, index_t, size, call), call);
    e.loop = fe_counted_loop(fe, e.i, count, call);
    return e;
}

static bool is_byte(const Type *t) { return t->kind == TY_INT && t->size == 1; }

/* A scalar that memcpy may put together from bytes, or take apart. */
static bool is_word(const Type *t) {
    return (t->kind == TY_INT || t->kind == TY_FLOAT) && (t->size == 2 || t->size == 4 || t->size == 8);
}

/* `p[i]` of pointer variable p, as a value. */
static Expr *element_of(Frontend *fe, Var *p, Expr *i, CXCursor c) {
    Expr *e = fe_new_binary(fe, EX_INDEX, OP_NONE, p->type->base, fe_var_value(fe, p, c), i, c);
    return fe_load_if_lvalue(fe, e, c);
}

/* Byte k of element i of `size` bytes: i * size + k. */
static Expr *byte_index(Frontend *fe, Var *i, int size, int k, CXCursor c) {
    Type *index_t = i->type;
    Expr *first = fe_new_binary(fe, EX_BINARY, OP_MUL, index_t, fe_var_value(fe, i, c), fe_int_constant(fe, index_t, size, c), c);
    return fe_new_binary(fe, EX_BINARY, OP_ADD, index_t, first, fe_int_constant(fe, index_t, k, c), c);
}

/* memcpy between bytes and wider scalars (both ways), n a whole number
 * of the wider one: { T *to = d; const B *from = s; for (long i = 0; i <
 * n / size; i++) to[i] = bits of (from[i*size] | from[i*size+1] << 8 ...) }
 * or, taking apart, to[i*size+k] = (B)(bits of from[i] >> 8k). */
static Stmt *bytes_and_words(Frontend *fe, CXCursor call, Expr *to, Expr *from, Expr *bytes) {
    bool gather = is_byte(from->type->base);
    Type *word = gather ? to->type->base : from->type->base, *byte = gather ? from->type->base : to->type->base;
    int size = word->size;
    long long n;
    if (fe_eval_int(clang_Cursor_getArgument(call, 2), &n) && n % size) {
        diag_error(fe->u->diag, fe_loc(fe, call), "%lld bytes are not a whole number of '%s' elements (%d bytes each)",
                   n, word->name, size);
        return NULL;
    }
    /* the bits in 32 at least: amp code's arithmetic is C's, on ints and wider */
    Type *bits_t = type_int(size < 4 ? 4 : size, false), *ubyte = type_int(1, false);
    Type *same_size = type_int(size, false); /* a float's bits */
    ElementLoop e = element_loop(fe, call, to, from, bytes, size);
    Var *to_v = e.to, *from_v = e.from, *i_v = e.i;
    Stmt *body = arena_alloc(fe->a, sizeof *body);
    body->kind = ST_BLOCK;
    body->loc = e.block->loc;
    for (int k = 0; k < (gather ? 1 : size); k++) {
        Expr *target, *value;
        if (gather) {
            value = NULL;
            for (int b = 0; b < size; b++) {
                Expr *byte_value = element_of(fe, from_v, byte_index(fe, i_v, size, b, call), call);
                Expr *part = cast_to(fe, bits_t, cast_to(fe, ubyte, byte_value, call), call);
                if (b) part = fe_new_binary(fe, EX_BINARY, OP_SHL, bits_t, part, fe_int_constant(fe, bits_t, 8 * b, call), call);
                value = value ? fe_new_binary(fe, EX_BINARY, OP_OR, bits_t, value, part, call) : part;
            }
            value = word->kind == TY_FLOAT ? fe_bits_as(fe, cast_to(fe, same_size, value, call), word, call)
                                           : cast_to(fe, word, value, call);
            target = fe_new_binary(fe, EX_INDEX, OP_NONE, word, fe_var_value(fe, to_v, call), fe_var_value(fe, i_v, call), call);
        } else {
            Expr *whole = element_of(fe, from_v, fe_var_value(fe, i_v, call), call);
            if (word->kind == TY_FLOAT) whole = fe_bits_as(fe, whole, same_size, call);
            whole = cast_to(fe, bits_t, whole, call);
            if (k) whole = fe_new_binary(fe, EX_BINARY, OP_SHR, bits_t, whole, fe_int_constant(fe, bits_t, 8 * k, call), call);
            value = cast_to(fe, byte, whole, call);
            target = fe_new_binary(fe, EX_INDEX, OP_NONE, byte, fe_var_value(fe, to_v, call),
                                   byte_index(fe, i_v, size, k, call), call);
        }
        Stmt *store = arena_alloc(fe->a, sizeof *store);
        store->kind = ST_EXPR;
        store->loc = e.block->loc;
        store->expr = fe_new_binary(fe, EX_ASSIGN, OP_NONE, target->type, target, value, call);
        vec_push(fe->a, &body->body, store);
    }
    e.loop->then = body;
    vec_push(fe->a, &e.block->body, e.loop);
    return e.block;
}

Stmt *fe_lower_memory_call(Frontend *fe, CXCursor c, bool *handled) {
    *handled = false;
    CXCursor call = fe_strip(c);
    if (clang_getCursorKind(call) != CXCursor_CallExpr) return NULL;
    CXCursor decl = fe_callee(call);
    if (clang_getCursorKind(decl) != CXCursor_FunctionDecl) return NULL;
    CXString spelled = clang_getCursorSpelling(decl);
    MemoryCall kind = memory_call(clang_getCString(spelled));
    clang_disposeString(spelled);
    if (kind == MEMORY_NONE || clang_Cursor_getNumArguments(call) != 3) return NULL;
    *handled = true;
    Expr *to = typed_pointer(fe, clang_Cursor_getArgument(call, 0));
    Expr *from = kind == MEMORY_COPY ? typed_pointer(fe, clang_Cursor_getArgument(call, 1)) : NULL;
    Expr *bytes = fe_lower_expr(fe, clang_Cursor_getArgument(call, 2));
    if (!to || (kind == MEMORY_COPY && !from) || !bytes) {
        if (!fe->u->diag->errors)
            diag_error(fe->u->diag, fe_loc(fe, call), "memcpy and memset in amp code take typed pointers");
        return NULL;
    }
    Type *t = to->type->base;
    /* a table's rows (`memset(dp, 0x3f, sizeof dp)`, int dp[4][4]): set as the scalars they hold, from the first */
    while (kind == MEMORY_SET && t->kind == TY_ARRAY) {
        Expr *row = fe_new_binary(fe, EX_INDEX, OP_NONE, t, to, fe_int_constant(fe, type_int(4, true), 0, call), call);
        to = fe_decay_of(fe, row, call);
        t = t->base;
    }
    /* the source's element, or for memset the destination's */
    const Type *ft = from ? from->type->base : t;
    if (is_byte(ft) != is_byte(t)) { /* between bytes and something wider */
        const Type *wide = is_byte(t) ? ft : t;
        if (is_word(wide)) return bytes_and_words(fe, call, to, from, bytes);
        if (wide->kind == TY_STRUCT) {
            diag_error(fe->u->diag, fe_loc(fe, call),
                       "memcpy in amp code between bytes and a struct ('%s') is not supported: copy each scalar "
                       "member on its own (`memcpy(&s.x, bytes + offsetof(T, x), sizeof s.x)`), as bytes and words",
                       wide->name);
            return NULL;
        }
    }
    if (t->kind == TY_VOID || t->size <= 0 || ft->size != t->size) {
        diag_error(fe->u->diag, fe_loc(fe, call),
                   "memcpy and memset in amp code take pointers to elements of one size (not void *): they copy "
                   "or set whole elements");
        return NULL;
    }
    /* the portable pun, memcpy(&u, &f, 4): a float's bits as a uint32_t, each element's reinterpreted */
    bool pun = fe_punnable(ft, t); /* the sizes are equal (above) */
    if (!pun && !type_equal(ft, t)) {
        diag_error(fe->u->diag, fe_loc(fe, call),
                   "memcpy in amp code between elements of different types ('%s' from '%s') copies only scalars' "
                   "bits (a float's into a uint32_t); copy the members one by one",
                   t->name, ft->name);
        return NULL;
    }
    long long n;
    if (fe_eval_int(clang_Cursor_getArgument(call, 2), &n) && n % t->size) {
        diag_error(fe->u->diag, fe_loc(fe, call), "%lld bytes are not a whole number of '%s' elements (%d bytes each)",
                   n, t->name, t->size);
        return NULL;
    }
    Expr *value = NULL;
    if (kind == MEMORY_SET && !set_value(fe, t, clang_Cursor_getArgument(call, 1), &value)) return NULL;

    /* { T *to = d; const T *from = s; for (long i = 0; i < n / sizeof *to; i++) to[i] = from[i]; } */
    ElementLoop e = element_loop(fe, call, to, from, bytes, t->size);
    Var *to_v = e.to, *from_v = e.from, *i_v = e.i;
    Expr *element = fe_new_binary(fe, EX_INDEX, OP_NONE, t, fe_var_value(fe, to_v, call), fe_var_value(fe, i_v, call), call);
    if (from) {
        Expr *source = fe_new_binary(fe, EX_INDEX, OP_NONE, from->type->base, fe_var_value(fe, from_v, call),
                              fe_var_value(fe, i_v, call), call);
        value = fe_load_if_lvalue(fe, source, call);
        if (pun) value = fe_bits_as(fe, value, t, call);
    }
    Stmt *body = arena_alloc(fe->a, sizeof *body);
    body->kind = ST_EXPR;
    body->loc = e.block->loc;
    body->expr = fe_new_binary(fe, EX_ASSIGN, OP_NONE, t, element, value, call);
    e.loop->then = body;
    vec_push(fe->a, &e.block->body, e.loop);
    return e.block;
}
