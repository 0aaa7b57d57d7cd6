/* types.c — questions about kernel IR types. */
#include "campcc.h"

#include <string.h>

bool type_is_integer(const Type *t) { return t->kind == TY_INT || t->kind == TY_BOOL; }

bool type_is_arith(const Type *t) { return type_is_integer(t) || t->kind == TY_FLOAT; }

Type *type_int(int size, bool is_signed) {
    static Type ints[4][2] = {
        {{.kind = TY_INT, .size = 1, .align = 1, .name = "unsigned char"},
         {.kind = TY_INT, .size = 1, .align = 1, .is_signed = true, .name = "signed char"}},
        {{.kind = TY_INT, .size = 2, .align = 2, .name = "unsigned short"},
         {.kind = TY_INT, .size = 2, .align = 2, .is_signed = true, .name = "short"}},
        {{.kind = TY_INT, .size = 4, .align = 4, .name = "unsigned int"},
         {.kind = TY_INT, .size = 4, .align = 4, .is_signed = true, .name = "int"}},
        {{.kind = TY_INT, .size = 8, .align = 8, .name = "unsigned long"},
         {.kind = TY_INT, .size = 8, .align = 8, .is_signed = true, .name = "long"}},
    };
    int at = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : size == 8 ? 3 : -1;
    if (at < 0) unreachable("no shared integer type of this size");
    return &ints[at][is_signed];
}

Type *type_pointer_to(Arena *a, Type *base) {
    Type *t = arena_alloc(a, sizeof *t);
    *t = (Type){.kind = TY_PTR, .base = base, .size = 8, .align = 8, .name = arena_printf(a, "%s *", base->name)};
    return t;
}

bool type_equal(const Type *a, const Type *b) {
    if (a == b) return true;
    if (a->kind != b->kind) return false;
    switch (a->kind) {
    case TY_VOID: case TY_BOOL: return true;
    case TY_INT: return a->size == b->size && a->is_signed == b->is_signed;
    case TY_FLOAT: return a->size == b->size;
    case TY_PTR: return type_equal(a->base, b->base);
    case TY_ARRAY: case TY_VECTOR:
        return a->len == b->len && a->is_complex == b->is_complex && type_equal(a->base, b->base);
    case TY_STRUCT: return false; /* one Type per declaration: equal only if the same */
    }
    return false;
}

bool expr_is_lvalue(const Expr *e) {
    switch (e->kind) {
    case EX_VAR: case EX_INDEX: case EX_DEREF: return true;
    case EX_INIT: return true; /* a compound literal is an object */
    case EX_VELEM: case EX_MEMBER: case EX_SWIZZLE: return expr_is_lvalue(e->lhs);
    default: return false;
    }
}

bool type_holds_pointer(const Type *t) {
    switch (t->kind) {
    case TY_PTR: return true;
    case TY_ARRAY: return type_holds_pointer(t->base);
    case TY_STRUCT:
        for (int i = 0; i < t->nmembers; i++)
            if (type_holds_pointer(t->members[i].type)) return true;
        return false;
    default: return false;
    }
}

void type_each_held_pointer(const Type *t, const char *name, uint32_t offset, Arena *names, HeldPointerFn *fn,
                            void *ctx) {
    switch (t->kind) {
    case TY_PTR: fn(ctx, t, name, offset); return;
    case TY_ARRAY:
        for (int i = 0; i < t->len; i++)
            type_each_held_pointer(t->base, names ? arena_printf(names, "%s[%d]", name, i) : NULL,
                                   offset + (uint32_t)(i * t->base->size), names, fn, ctx);
        return;
    case TY_STRUCT:
        for (int m = 0; m < t->nmembers && !t->is_union; m++) {
            const Member *mb = &t->members[m];
            /* an anonymous member's members are named through the parent */
            const char *inner = name;
            size_t len = name ? strlen(name) : 0;
            if (names && mb->name && *mb->name && len > 3 && !strncmp(name, "(*", 2) && name[len - 1] == ')')
                inner = arena_printf(names, "%.*s->%s", (int)len - 3, name + 2, mb->name); /* (*g).m as written: g->m */
            else if (names && mb->name && *mb->name)
                inner = arena_printf(names, "%s.%s", name, mb->name);
            type_each_held_pointer(mb->type, inner, offset + mb->offset, names, fn, ctx);
        }
        return;
    default: return;
    }
}
