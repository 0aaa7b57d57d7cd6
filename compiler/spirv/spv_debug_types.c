/* spv_debug_types.c — `-g`: each local variable and parameter a
 * DebugLocalVariable, each tile_static variable a DebugGlobalVariable, with
 * its C type (DebugTypeBasic, DebugTypeVector,
 * DebugTypeArray, DebugTypePointer, DebugTypeComposite), declared on its
 * Function variable, so a debugger shows it by name while stepping. */
#include "spv_debug.h"

#include <string.h>

/* The type as the user spelled it (a typedef's name, say), unless it was
 * spelled as a `typeof` (the kernel's index): then C's own name. */
static const char *type_name(const Type *t) {
    if (t->name && strncmp(t->name, "typeof", 6) && strncmp(t->name, "__typeof", 8)) return t->name;
    static const char *const ints[2][4] = {{"unsigned char", "unsigned short", "unsigned int", "unsigned long long"},
                                           {"signed char", "short", "int", "long long"}};
    switch (t->kind) {
    case TY_BOOL: return "_Bool";
    case TY_FLOAT: return t->size == 8 ? "double" : t->size == 2 ? "_Float16" : "float";
    case TY_INT: return ints[t->is_signed][t->size == 8 ? 3 : t->size == 4 ? 2 : t->size == 2 ? 1 : 0];
    default: return t->kind == TY_STRUCT ? "struct" : "";
    }
}

static uint32_t basic(Emitter *e, const char *name, int bits, uint32_t encoding) {
    return DI(e, &e->b.globals, DebugTypeBasic, di_string(e, name), di_u32(e, (uint32_t)bits), di_u32(e, encoding),
              di_u32(e, NonSemanticShaderDebugInfo100None));
}

static uint32_t int_encoding(const Type *t) {
    if (t->size == 1)
        return t->is_signed ? NonSemanticShaderDebugInfo100SignedChar : NonSemanticShaderDebugInfo100UnsignedChar;
    return t->is_signed ? NonSemanticShaderDebugInfo100Signed : NonSemanticShaderDebugInfo100Unsigned;
}

/* A struct or union with its members at the host's offsets. Types carry no
 * source position: they are placed at the unit's first line. */
static uint32_t composite(Emitter *e, const Type *t) {
    DebugInfo *d = e->debug;
    uint32_t source = di_file(e, e->u->path), zero = di_u32(e, 0), one = di_u32(e, 1);
    uint32_t *ops = arena_alloc(&e->u->arena, sizeof *ops * (9 + (size_t)t->nmembers));
    size_t n = 0;
    ops[n++] = di_string(e, type_name(t));
    ops[n++] = di_u32(e, t->is_union ? NonSemanticShaderDebugInfo100Union : NonSemanticShaderDebugInfo100Structure);
    ops[n++] = source;
    ops[n++] = one;
    ops[n++] = zero;
    ops[n++] = d->unit;
    ops[n++] = ops[0];
    ops[n++] = di_u32(e, (uint32_t)t->size * 8);
    ops[n++] = di_u32(e, NonSemanticShaderDebugInfo100FlagIsPublic);
    for (int i = 0; i < t->nmembers; i++) {
        const Member *m = &t->members[i];
        ops[n++] = DI(e, &e->b.globals, DebugTypeMember, di_string(e, m->name[0] ? m->name : "<anonymous>"),
                      di_type(e, m->type), source, one, zero, di_u32(e, m->offset * 8),
                      di_u32(e, (uint32_t)m->type->size * 8), di_u32(e, NonSemanticShaderDebugInfo100FlagIsPublic));
    }
    return di_inst(e, &e->b.globals, NonSemanticShaderDebugInfo100DebugTypeComposite, ops, n);
}

static uint32_t make_type(Emitter *e, const Type *t) {
    switch (t->kind) {
    case TY_VOID: return spv_type_void(&e->b);
    case TY_BOOL: return basic(e, type_name(t), 8, NonSemanticShaderDebugInfo100Boolean);
    case TY_INT: return basic(e, type_name(t), t->size * 8, int_encoding(t));
    case TY_FLOAT: return basic(e, type_name(t), t->size * 8, NonSemanticShaderDebugInfo100Float);
    case TY_VECTOR: return DI(e, &e->b.globals, DebugTypeVector, di_type(e, t->base), di_u32(e, (uint32_t)t->len));
    case TY_ARRAY: /* a variable-length row has no count of its own */
        return DI(e, &e->b.globals, DebugTypeArray, di_type(e, t->base), di_u32(e, t->len < 0 ? 0 : (uint32_t)t->len));
    case TY_PTR:
        /* SPIRV-Tools 2023.1 takes a DebugTypePointer only to a DebugTypeBasic;
         * a pointer to anything else is described as an address */
        if (t->base->kind == TY_BOOL || t->base->kind == TY_INT || t->base->kind == TY_FLOAT)
            return DI(e, &e->b.globals, DebugTypePointer, di_type(e, t->base),
                      di_u32(e, SpvStorageClassPhysicalStorageBuffer), di_u32(e, NonSemanticShaderDebugInfo100None));
        return basic(e, type_name(t), 64, NonSemanticShaderDebugInfo100Address);
    case TY_STRUCT: return composite(e, t);
    }
    unreachable("type kind");
}

uint32_t di_type(Emitter *e, const Type *t) {
    DebugInfo *d = e->debug;
    for (int i = 0; i < d->ntypes; i++) /* one per C type and spelling */
        if (type_equal(d->types[i].type, t) && !strcmp(type_name(d->types[i].type), type_name(t))) return d->types[i].id;
    uint32_t id = make_type(e, t); /* no cycle: a struct's pointers to itself are addresses */
    d->types = grow_array(d->types, d->ntypes, &d->captypes, sizeof *d->types, 32);
    d->types[d->ntypes++] = (DebugType){.type = t, .id = id};
    return id;
}

/* A pointer variable into a local array or tile_static memory holds an
 * element offset (spv_expr.c), into views an address: the debugger is told
 * which. */
static uint32_t stored_type(Emitter *e, const Var *v, const Type *stored) {
    if (v->type->kind != TY_PTR) return di_type(e, v->type);
    if (stored->kind == TY_PTR || stored->size == 8) return di_type(e, v->type);
    const char *name = arena_printf(&e->u->arena, "element offset of %s", type_name(v->type));
    return basic(e, name, stored->size * 8, NonSemanticShaderDebugInfo100Signed);
}

void em_debug_local(Emitter *e, const Var *v, uint32_t id, const Type *stored) {
    DebugInfo *d = e->debug;
    if (!d || !v->name) return;
    SrcLoc loc = v->loc.file ? v->loc : d->function_loc;
    uint32_t ops[8] = {di_string(e, v->name), stored_type(e, v, stored), di_file(e, loc.file), di_u32(e, loc.line),
                       di_u32(e, loc.col), di_scope(e), di_u32(e, NonSemanticShaderDebugInfo100FlagIsLocal)};
    size_t n = 7;
    if (v->kind == VAR_PARAM && e->func)
        for (int i = 0; i < e->func->nparams; i++)
            if (e->func->params[i] == v) ops[n++] = di_u32(e, (uint32_t)i + 1);
    uint32_t var = di_inst(e, &e->b.globals, NonSemanticShaderDebugInfo100DebugLocalVariable, ops, n);
    DI(e, &d->declares, DebugDeclare, var, id, d->expression);
}

void em_debug_tile_static(Emitter *e, const Var *v, uint32_t id) {
    DebugInfo *d = e->debug;
    if (!d || !v->name) return;
    SrcLoc loc = v->loc.file ? v->loc : (SrcLoc){.file = e->u->path, .line = 1, .col = 1};
    uint32_t name = di_string(e, v->name);
    /* one per tile, shared by the kernel and the functions it calls: in the unit's scope */
    DI(e, &e->b.globals, DebugGlobalVariable, name, di_type(e, v->type), di_file(e, loc.file), di_u32(e, loc.line),
       di_u32(e, loc.col), d->unit, name, id, di_u32(e, NonSemanticShaderDebugInfo100FlagIsLocal));
}
