/* frontend.c — parse a translation unit with libclang, find each
 * parallel_for_each (the expansion of camp.h's macro), and lower its body
 * and the restrict(amp) functions it calls into the kernel IR. */
#include "frontend.h"

#include <limits.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small libclang helpers ------------------------------------------- */

/* Where `l` is, as clang reports it: its expansion's file, line and
 * column as a #line directive renamed and renumbered them (the unit's own
 * path for the main file where none did). */
static SrcLoc presumed(Frontend *fe, CXSourceLocation l) {
    CXFile file;
    unsigned physical_line;
    clang_getExpansionLocation(l, &file, &physical_line, NULL, NULL);
    CXString name;
    unsigned line, col;
    clang_getPresumedLocation(l, &name, &line, &col);
    SrcLoc loc = {fe->u->path, line, col, false};
    const char *s = clang_getCString(name);
    CXString physical = clang_getFileName(file);
    const char *p = clang_getCString(physical);
    bool same_name = p && s && !strcmp(s, p);
    bool main_file = file && clang_File_isEqual(file, fe->main_file) && same_name;
    if (s && *s && !main_file) loc.file = arena_strdup(fe->a, s);
    loc.renamed = !same_name || line != physical_line;
    if (main_file) loc.col = fe_macro_column(fe, physical_line, col);
    clang_disposeString(physical);
    clang_disposeString(name);
    return loc;
}

SrcLoc fe_loc(Frontend *fe, CXCursor c) { return presumed(fe, clang_getCursorLocation(c)); }

SrcLoc fe_loc_at(Frontend *fe, CXFile file, unsigned line, unsigned col) {
    /* libclang's location for a place in a macro's argument is where the
     * argument is expanded: then only the place as written is right */
    CXSourceLocation l = clang_getLocation(fe->tu, file, line, col);
    CXFile at;
    unsigned at_line;
    clang_getExpansionLocation(l, &at, &at_line, NULL, NULL);
    SrcLoc loc = presumed(fe, l);
    if (!clang_File_isEqual(at, file) || at_line != line) {
        CXString name = clang_getFileName(file);
        loc = (SrcLoc){clang_File_isEqual(file, fe->main_file) ? fe->u->path : arena_strdup(fe->a, clang_getCString(name)),
                       line, col, false};
        clang_disposeString(name);
    }
    loc.col = clang_File_isEqual(file, fe->main_file) ? fe_macro_column(fe, line, col) : col; /* #line renames files
                                                                                          and lines, never columns */
    return loc;
}

char *fe_spelling(Frontend *fe, CXCursor c) {
    CXString s = clang_getCursorSpelling(c);
    char *r = arena_strdup(fe->a, clang_getCString(s));
    clang_disposeString(s);
    return r;
}

bool fe_token_is(Frontend *fe, CXToken tok, const char *word) {
    CXString s = clang_getTokenSpelling(fe->tu, tok);
    bool yes = !strcmp(clang_getCString(s), word);
    clang_disposeString(s);
    return yes;
}

char *fe_type_spelling(Frontend *fe, CXType t) {
    CXString s = clang_getTypeSpelling(t);
    char *r = arena_strdup(fe->a, clang_getCString(s));
    clang_disposeString(s);
    return r;
}

typedef struct ChildList {
    CXCursor *out;
    int n, max;
} ChildList;

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    ChildList *l = data;
    if (l->n < l->max) l->out[l->n] = c;
    l->n++;
    return CXChildVisit_Continue;
}

int fe_children(CXCursor c, CXCursor *out, int max) {
    ChildList l = {out, 0, max};
    clang_visitChildren(c, collect_child, &l);
    return l.n;
}

CXCursor *fe_all_children(Arena *a, CXCursor c, int *n) {
    *n = fe_children(c, NULL, 0);
    CXCursor *kids = arena_alloc(a, sizeof *kids * (size_t)(*n + 1));
    fe_children(c, kids, *n);
    return kids;
}

/* ---- types -------------------------------------------------------------- */

typedef struct FieldWalk {
    Frontend *fe;
    Type *t;
    CXCursor where;
    PtrVec fields; /* CXCursor* */
    bool ok;
} FieldWalk;

static enum CXVisitorResult collect_field(CXCursor field, CXClientData data) {
    FieldWalk *w = data;
    CXCursor *c = arena_alloc(w->fe->a, sizeof *c);
    *c = field;
    vec_push(w->fe->a, &w->fields, c);
    return CXVisit_Continue;
}

/* A run of bit-fields declared one after another: bits [lo, hi) of the
 * struct, held by the member at `member`. */
typedef struct BitRun {
    long long lo, hi;
    int member;
    CXCursor first;
} BitRun;

/* An unsigned integer of `bytes` bytes. */
static Type *storage_type(Frontend *fe, int bytes) {
    if (bytes >= 4) return type_int(bytes, false);
    Type *t = arena_alloc(fe->a, sizeof *t);
    *t = (Type){.kind = TY_INT, .size = bytes, .align = bytes, .name = bytes == 1 ? "unsigned char" : "unsigned short"};
    return t;
}

/* The member that holds a run of bit-fields: the smallest unsigned integer
 * of 1, 2, 4 or 8 bytes, at its own alignment, that covers the run's bytes
 * and no other member's (the members before it are final; `next` is where
 * the next member's bytes begin). Its bit-fields' offsets become offsets
 * into it. */
static bool place_bit_run(Frontend *fe, Type *ty, const BitRun *run, uint32_t next) {
    long long lo = run->lo / 8, hi = (run->hi + 7) / 8;
    uint32_t after_previous = 0;
    if (run->member > 0) {
        const Member *prev = &ty->members[run->member - 1];
        after_previous = prev->offset + (uint32_t)prev->type->size;
    }
    Member *m = &ty->members[run->member];
    for (int bytes = 1; bytes <= 8; bytes *= 2) {
        long long base = lo & ~(long long)(bytes - 1);
        if (base + bytes < hi || base < after_previous || base + bytes > next || base + bytes > ty->size) continue;
        m->type = storage_type(fe, bytes);
        m->offset = (uint32_t)base;
        const char *names = "";
        for (int i = 0; i < ty->nbitfields; i++) {
            BitField *b = &ty->bitfields[i];
            if (b->storage != run->member) continue;
            b->offset -= (int)(base * 8);
            names = *names ? arena_printf(fe->a, "%s:%s", names, b->name) : b->name;
        }
        m->name = arena_printf(fe->a, "(bits %s)", names); /* no identifier: found by no member access */
        return true;
    }
    diag_error(fe->u->diag, fe_loc(fe, run->first),
               "bit-field '%s' shares bytes that no integer of 1, 2, 4 or 8 bytes holds alone, which amp code "
               "cannot read: reorder the struct's members, or make the bit-field a whole integer",
               fe_spelling(fe, run->first));
    return false;
}

/* Where the member after `i` begins its bytes (the struct's size if none). */
static uint32_t next_member_offset(const Type *ty, const BitRun *runs, int nruns, int i) {
    if (i + 1 >= ty->nmembers) return (uint32_t)ty->size;
    for (int r = 0; r < nruns; r++)
        if (runs[r].member == i + 1) return (uint32_t)(runs[r].lo / 8);
    return ty->members[i + 1].offset;
}

/* Fills in the members of struct `ty` (and the members that hold its
 * bit-fields); false (reported) if amp code cannot have one of them. */

static bool is_function_pointer(CXType t) {
    CXType ct = clang_getCanonicalType(t);
    if (ct.kind != CXType_Pointer) return false;
    enum CXTypeKind k = clang_getCanonicalType(clang_getPointeeType(ct)).kind;
    return k == CXType_FunctionProto || k == CXType_FunctionNoProto;
}

/* A struct's function-pointer member (a host callback beside the data a
 * kernel reads, `double (*initial)(double)`) as its bytes: the struct can
 * be captured and copied, and a use of the member in amp code is an error
 * there (restrictions.c: function pointers are not allowed). */
static Type *function_pointer_bits(Frontend *fe, CXType t) {
    Type *bits = type_int(8, false);
    Type *named = arena_alloc(fe->a, sizeof *named);
    *named = *bits;
    named->name = fe_type_spelling(fe, t);
    return named;
}

static bool record_members(Frontend *fe, CXType ct, Type *ty, CXCursor where) {
    FieldWalk w = {fe, ty, where, {0}, true};
    clang_Type_visitFields(ct, collect_field, &w);
    int nfields = w.fields.len;
    ty->members = arena_alloc(fe->a, sizeof *ty->members * (size_t)(nfields ? nfields : 1));
    ty->bitfields = arena_alloc(fe->a, sizeof *ty->bitfields * (size_t)(nfields ? nfields : 1));
    BitRun *runs = arena_alloc(fe->a, sizeof *runs * (size_t)(nfields ? nfields : 1));
    int nruns = 0;
    bool in_run = false; /* the last run may take the next bit-field */
    for (int i = 0; i < nfields; i++) {
        CXCursor f = *(CXCursor *)w.fields.items[i];
        if (clang_Cursor_isBitField(f)) {
            if (ty->is_union) {
                diag_error(fe->u->diag, fe_loc(fe, f), "bit-field '%s' of a union is not supported in amp code",
                           fe_spelling(fe, f));
                return false;
            }
            long long bit = clang_Cursor_getOffsetOfField(f), width = clang_getFieldDeclBitWidth(f);
            if (width <= 0) { /* `int : 0`: the next bit-field begins a new unit */
                in_run = false;
                continue;
            }
            /* a run takes the bit-fields that follow one another, up to 8 bytes */
            if (!in_run || (bit + width + 7) / 8 - runs[nruns - 1].lo / 8 > 8) {
                runs[nruns++] = (BitRun){bit, bit + width, ty->nmembers++, f};
                in_run = true;
            } else if (bit + width > runs[nruns - 1].hi) {
                runs[nruns - 1].hi = bit + width;
            }
            char *name = fe_spelling(fe, f);
            if (!*name) continue; /* padding bits */
            Type *t = fe_type(fe, clang_getCursorType(f), f);
            if (!t) return false;
            if (!type_is_integer(t)) return fe_unsupported(fe, f, "bit-field of this type"), false;
            ty->bitfields[ty->nbitfields++] = (BitField){name, t, runs[nruns - 1].member, (int)bit, (int)width};
            continue;
        }
        in_run = false;
        Member *m = &ty->members[ty->nmembers++];
        /* an anonymous struct or union member has no name (libclang 19
         * spells its type): its members are named through the parent */
        bool anonymous = clang_Cursor_isAnonymousRecordDecl(clang_getTypeDeclaration(clang_getCursorType(f)));
        m->name = anonymous ? "" : fe_spelling(fe, f);
        m->type = is_function_pointer(clang_getCursorType(f)) ? function_pointer_bits(fe, clang_getCursorType(f))
                                                               : fe_type(fe, clang_getCursorType(f), f);
        if (!m->type) return false;
        if (m->type->kind == TY_ARRAY && m->type->len < 0) {
            diag_error(fe->u->diag, fe_loc(fe, f), "flexible array member '%s' is not supported in amp code",
                       m->name);
            return false;
        }
        m->offset = (uint32_t)(clang_Cursor_getOffsetOfField(f) / 8);
    }
    for (int r = 0; r < nruns; r++)
        if (!place_bit_run(fe, ty, &runs[r], next_member_offset(ty, runs, nruns, runs[r].member))) return false;
    if (ty->nmembers == 0) {
        diag_error(fe->u->diag, fe_loc(fe, where), "empty struct '%s' in amp code", ty->name);
        return false;
    }
    return true;
}

/* The one Type of a struct or union declaration, members at the host's
 * offsets (so device memory reads as the host wrote it); NULL, reported
 * once, for one amp code cannot have. */
static Type *record_type(Frontend *fe, CXType ct, Type *ty, CXCursor where) {
    CXCursor decl = clang_getCanonicalCursor(clang_getTypeDeclaration(ct));
    for (int i = 0; i < fe->nstructs; i++)
        if (clang_equalCursors(fe->structs[i].decl, decl)) return fe->structs[i].type;
    if (ty->size <= 0) {
        diag_error(fe->u->diag, fe_loc(fe, where), "incomplete type '%s' in amp code", ty->name);
        return NULL;
    }
    ty->kind = TY_STRUCT;
    ty->is_const = false; /* shared by every use: qualifiers live on the uses */
    ty->is_union = clang_getCursorKind(decl) == CXCursor_UnionDecl;
    fe->structs = grow_array(fe->structs, fe->nstructs, &fe->capstructs, sizeof *fe->structs, 16);
    int slot = fe->nstructs++;
    fe->structs[slot] = (StructBinding){decl, ty}; /* before the members: they may point back */
    if (record_members(fe, ct, ty, where)) {
        fe_fragment_type(fe, ty, decl);
        return ty;
    }
    /* later uses get no half-built type (members without types) */
    fe->structs[slot].type = NULL;
    return NULL;
}

/* Whether `c` is an array's implicit conversion to a pointer to its first
 * element (`bufs[1]` on an array of pointers converts it). */
static bool decays_array(CXCursor c) {
    CXCursor kids[2];
    if (clang_getCursorKind(c) != CXCursor_UnexposedExpr || fe_children(c, kids, 2) != 1) return false;
    return clang_getCanonicalType(clang_getCursorType(kids[0])).kind == CXType_ConstantArray;
}

/* Our Type for a clang type; reports an error and returns NULL for types
 * amp code cannot use. */
/* Whether type `name`, which amp code lacks, is to be reported here: once
 * per kernel or function, not at each operand of an expression of it. */
static bool first_type_report(Frontend *fe, const char *name) {
    const void *in = fe->kernel ? (const void *)fe->kernel : (const void *)fe->func;
    bool first = !in || in != fe->type_reported || strcmp(name, fe->type_reported_name);
    fe->type_reported = in;
    fe->type_reported_name = name;
    return first;
}

Type *fe_type(Frontend *fe, CXType t, CXCursor where) {
    Type *barrier = fe_tile_barrier_type(fe, t);
    if (barrier) return barrier;
    CXType ct = clang_getCanonicalType(t);
    Type *ty = arena_alloc(fe->a, sizeof *ty);
    ty->name = fe_type_spelling(fe, t);
    ty->is_const = clang_isConstQualifiedType(ct);
    ty->is_restrict = clang_isRestrictQualifiedType(ct);
    long long size = clang_Type_getSizeOf(ct), align = clang_Type_getAlignOf(ct);
    if (size > INT_MAX) { /* sizes are ints here (and a view's offsets within one object 32-bit) */
        diag_error(fe->u->diag, fe_loc(fe, where),
                   "type '%s' of %lld bytes is too large for amp code (at most 2 GiB); use an array_view of a pointer",
                   ty->name, size);
        return NULL;
    }
    ty->size = size > 0 ? (int)size : 0;
    ty->align = align > 0 ? (int)align : 1;
    switch (ct.kind) {
    case CXType_Void: ty->kind = TY_VOID; return ty;
    case CXType_Bool: ty->kind = TY_BOOL; return ty;
    case CXType_Char_S: case CXType_SChar: case CXType_Short: case CXType_Int: case CXType_Long:
    case CXType_LongLong:
        ty->kind = TY_INT; ty->is_signed = true; break;
    case CXType_Char_U: case CXType_UChar: case CXType_UShort: case CXType_UInt: case CXType_ULong:
    case CXType_ULongLong:
        ty->kind = TY_INT; break;
    case CXType_Enum: {
        CXType it = clang_getEnumDeclIntegerType(clang_getTypeDeclaration(ct));
        Type *base = fe_type(fe, it, where);
        if (base) { base->name = ty->name; }
        return base;
    }
    case CXType_Float16: case CXType_Float: case CXType_Double: /* _Float16: half (docs/dialect.md §3.1) */
        ty->kind = TY_FLOAT; break;
    case CXType_Record:
        if (fe_is_texture_type(fe, ct)) {
            fe_texture_value_error(fe, where, arena_printf(fe->a, "texture type '%s'", ty->name));
            return NULL;
        }
        return record_type(fe, ct, ty, where);
    case CXType_Pointer: {
        CXType pt = clang_getPointeeType(ct);
        if (is_function_pointer(ct)) {
            diag_error(fe->u->diag, fe_loc(fe, where), "function pointers are not allowed in amp code");
            return NULL;
        }
        ty->kind = TY_PTR;
        ty->base = fe_type(fe, pt, where);
        if (!ty->base) return NULL;
        if (ty->base->kind == TY_PTR) {
            bool strings = ty->base->base->kind == TY_INT && ty->base->base->size == 1;
            diag_error(fe->u->diag, fe_loc(fe, where), "pointers to pointers are not supported in amp code%s",
                       !decays_array(where) ? ""
                       : strings ? ": an array of pointers is one where it is used (a table of strings: hold them "
                                   "in a 2-D char array, `static const char names[][8] = {\"alpha\", ...}`)"
                                 : ": an array of pointers is one where it is used (capture each pointer on its own, "
                                   "`float *next = bufs[1];` before the kernel)");
            return NULL;
        }
        return ty;
    }
    case CXType_ConstantArray: case CXType_VariableArray: case CXType_IncompleteArray:
        ty->kind = TY_ARRAY;
        ty->base = fe_type(fe, clang_getArrayElementType(ct), where);
        if (!ty->base) return NULL;
        ty->len = ct.kind == CXType_ConstantArray ? (int)clang_getArraySize(ct) : -1;
        if (ty->len == 0) { /* GNU C's; SPIR-V has no array of no elements */
            diag_error(fe->u->diag, fe_loc(fe, where), "zero-length array type '%s' is not supported in amp code",
                       ty->name);
            return NULL;
        }
        return ty;
    case CXType_Vector: case CXType_ExtVector:
        ty->kind = TY_VECTOR;
        ty->base = fe_type(fe, clang_getElementType(ct), where);
        if (!ty->base) return NULL;
        ty->len = (int)clang_getNumElements(ct);
        if (ty->len < 2 || ty->len > 4) { /* SPIR-V's vectors without Vector16 */
            diag_error(fe->u->diag, fe_loc(fe, where),
                       "vector type '%s' has %d lanes; amp code takes vectors of 2, 3 or 4 (float4, int2, ...): "
                       "use several, or an array",
                       ty->name, ty->len);
            return NULL;
        }
        return ty;
    case CXType_LongDouble:
        diag_error(fe->u->diag, fe_loc(fe, where), "'long double' is not allowed in amp code");
        return NULL;
    case CXType_Complex: { /* (real, imaginary) as a vector of 2, which is C's layout */
        enum CXTypeKind part = clang_getCanonicalType(clang_getElementType(ct)).kind;
        if (part != CXType_Float && part != CXType_Double) {
            if (first_type_report(fe, ty->name))
                diag_error(fe->u->diag, fe_loc(fe, where),
                           "type '%s' is not supported in amp code: amp code has complex float and complex double",
                           ty->name);
            return NULL;
        }
        ty->kind = TY_VECTOR;
        ty->is_complex = true;
        ty->len = 2;
        ty->base = fe_type(fe, clang_getElementType(ct), where);
        return ty->base ? ty : NULL;
    }
    default: {
        bool wide = ct.kind == CXType_Int128 || ct.kind == CXType_UInt128;
        if (first_type_report(fe, ty->name))
            diag_error(fe->u->diag, fe_loc(fe, where), "type '%s' is not supported in amp code%s", ty->name,
                       wide ? ": its integers are at most 64 bits (keep a wider value as two uint64_t halves)" : "");
        return NULL;
    }
    }
    if (ty->size != 1 && ty->size != 2 && ty->size != 4 && ty->size != 8) {
        diag_error(fe->u->diag, fe_loc(fe, where), "type '%s' is not supported in amp code", ty->name);
        return NULL;
    }
    return ty;
}

/* ---- scopes --------------------------------------------------------------- */

void fe_bind(Frontend *fe, CXCursor decl, Var *var) {
    fe->vars = grow_array(fe->vars, fe->nvars, &fe->capvars, sizeof *fe->vars, 32);
    fe->vars[fe->nvars++] = (VarBinding){decl, var};
}

/* The variable of `decl` among n bindings, the latest first; NULL if none. */
static Var *binding_of(const VarBinding *bindings, int n, CXCursor decl) {
    for (int i = n - 1; i >= 0; i--)
        if (clang_equalCursors(bindings[i].decl, decl)) return bindings[i].var;
    return NULL;
}

Var *fe_lookup(Frontend *fe, CXCursor decl) { return binding_of(fe->vars, fe->nvars, decl); }

/* Whether an expression (c, stripped) names a local or parameter whose
 * declaration was refused (its type: a texture copied, an _Atomic int),
 * which the error there already covers. */
bool fe_names_refused_local(Frontend *fe, CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_DeclRefExpr) return false;
    Var *v = fe_lookup(fe, clang_getCursorReferenced(c));
    return v && v->kind == VAR_LOCAL && !v->type;
}

/* const all the way down: `const int t[4]`, `const struct s g`. */
static bool is_deeply_const(CXType t) {
    CXType ct = clang_getCanonicalType(t);
    if (clang_isConstQualifiedType(ct)) return true;
    return ct.kind == CXType_ConstantArray && is_deeply_const(clang_getArrayElementType(ct));
}

/* The largest constant a kernel's body keeps in its module. */
enum { KERNEL_CONST_BYTES = 4096 };

Var *fe_module_const(Frontend *fe, CXCursor decl) {
    enum CXCursorKind parent = clang_getCursorKind(clang_getCursorSemanticParent(decl));
    bool file_scope = parent == CXCursor_TranslationUnit;
    if (!file_scope && clang_Cursor_getStorageClass(decl) != CX_SC_Static) return NULL;
    if (!is_deeply_const(clang_getCursorType(decl))) return NULL;
    CXCursor def = clang_getCursorDefinition(decl);
    if (clang_Cursor_isNull(def)) def = decl;
    CXCursor init = clang_Cursor_getVarDeclInitializer(def);
    if (clang_Cursor_isNull(init)) return NULL;
    for (int i = 0; i < fe->nconsts; i++)
        if (clang_equalCursors(fe->consts[i].decl, def)) return fe->consts[i].var;
    Type *t = fe_type(fe, clang_getCursorType(def), def);
    if (!t) return NULL;
    /* Big tables: a view of the host's copy, from a kernel's body and from a
     * helper alike (through a parameter for it, global_param). A module
     * constant is a copy in every thread's own memory, which lavapipe
     * builds for each (a 32 KiB table: a minute to create the pipeline; 37 s
     * read in a helper). A table declared in a helper, which the host code
     * cannot name, stays a constant up to 64 KiB. */
    bool in_amp_code = parent == CXCursor_FunctionDecl && fe_is_amp_function(clang_getCursorSemanticParent(decl));
    if (t->size > (in_amp_code ? 65536 : KERNEL_CONST_BYTES)) return NULL;
    Var *v = arena_alloc(fe->a, sizeof *v);
    v->name = fe_spelling(fe, def);
    v->type = t;
    v->loc = fe_loc(fe, def);
    v->kind = VAR_CONST;
    bool saved = fe->folding;
    fe->folding = true;
    enum CXCursorKind ik = clang_getCursorKind(init);
    v->init = ik == CXCursor_InitListExpr || ik == CXCursor_StringLiteral ? fe_lower_init(fe, init, t)
                                                                          : fe_lower_expr(fe, init);
    fe->folding = saved;
    if (!v->init) v->type = NULL; /* refused where its initializer is: its uses add nothing */
    fe->consts = grow_array(fe->consts, fe->nconsts, &fe->capconsts, sizeof *fe->consts, 16);
    fe->consts[fe->nconsts++] = (VarBinding){def, v};
    return v;
}

static Var *new_capture(Frontend *fe, const char *name, Type *t, SrcLoc loc) {
    Var *v = arena_alloc(fe->a, sizeof *v);
    v->name = name;
    v->type = t;
    v->loc = loc;
    v->kind = VAR_CAPTURE;
    v->member = fe->kernel->captures.len;
    vec_push(fe->a, &fe->kernel->captures, v);
    return v;
}

/* `float m[rows][cols]`, `float (*m)[cols]`: the kernel indexes rows by
 * their run-time size, which the host computes with sizeof when it
 * launches (`sizeof m[0] / sizeof m[0][0]` works for both). */
static bool capture_vla_strides(Frontend *fe, Var *v, CXCursor ref) {
    int depth = v->type->kind == TY_PTR;
    for (Type *t = depth ? v->type->base : v->type; t->kind == TY_ARRAY; t = t->base) depth++;
    StrBuf inner = {0};
    for (int i = 0; i < depth; i++) sb_puts(&inner, "[0]");
    int n = 0;
    Type *t = v->type->base;
    for (int level = 1; level < depth; level++, t = t->base) {
        if (t->len >= 0) continue;
        if (n == 2 || level > 2) {
            diag_error(fe->u->diag, fe_loc(fe, ref), "variable-length array '%s' has more than three dimensions",
                       v->name);
            sb_free(&inner);
            return false;
        }
        Var *h = new_capture(fe, arena_printf(fe->a, "%s.stride%d", v->name, level), type_int(4, true), v->loc);
        h->capture = CAPTURE_VALUE;
        h->host_value = arena_printf(fe->a, "(int)(sizeof (%s)%.*s / sizeof (%s)%s)", v->name, level * 3, inner.data,
                                     v->name, inner.data);
        v->vla_strides[n++] = h;
    }
    sb_free(&inner);
    return true;
}

Expr *fe_captured_vla_size(Frontend *fe, Var *v, CXCursor c) {
    const char *name = arena_printf(fe->a, "%s.size", v->name);
    Var *h = NULL;
    for (int i = 0; i < fe->kernel->captures.len && !h; i++) {
        Var *known = fe->kernel->captures.items[i];
        if (!strcmp(known->name, name)) h = known;
    }
    if (!h) { /* a hidden capture the host computes at the launch, as a row's stride */
        h = new_capture(fe, name, type_int(4, true), v->loc);
        h->capture = CAPTURE_VALUE;
        h->host_value = arena_printf(fe->a, "(int)sizeof (%s)", v->name);
    }
    Expr *e = fe_new_expr(fe, EX_CAST, fe_type(fe, clang_getCursorType(c), c), c);
    e->lhs = fe_var_value(fe, h, c);
    return e->type ? e : NULL;
}

/* A parameter declared as an array is a pointer to its element type (C
 * adjusts it; libclang gives the type as written). */
static bool is_array_type(CXType t) {
    CXType ct = clang_getCanonicalType(t);
    return ct.kind == CXType_ConstantArray || ct.kind == CXType_IncompleteArray || ct.kind == CXType_VariableArray;
}

static Type *param_type(Frontend *fe, CXCursor param) {
    CXType t = clang_getCursorType(param), ct = clang_getCanonicalType(t);
    if (!is_array_type(t)) return fe_type(fe, t, param);
    Type *base = fe_type(fe, clang_getArrayElementType(ct), param);
    if (!base) return NULL;
    if (base->kind == TY_PTR) {
        diag_error(fe->u->diag, fe_loc(fe, param), "pointers to pointers are not supported in amp code");
        return NULL;
    }
    return type_pointer_to(fe->a, base);
}

typedef struct DefinitionSearch {
    CXString usr;     /* of the variable declared */
    CXCursor found;   /* its first declaration that is not extern, or null */
} DefinitionSearch;

static enum CXChildVisitResult find_definition(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    DefinitionSearch *search = data;
    if (clang_getCursorKind(c) != CXCursor_VarDecl || clang_Cursor_getStorageClass(c) == CX_SC_Extern)
        return CXChildVisit_Continue;
    CXString usr = clang_getCursorUSR(c);
    bool same = strcmp(clang_getCString(usr), clang_getCString(search->usr)) == 0;
    clang_disposeString(usr);
    if (!same) return CXChildVisit_Continue;
    search->found = c;
    return CXChildVisit_Break;
}

/* The file-scope definition (a tentative one included, which libclang's
 * clang_getCursorDefinition does not give) of the variable an extern
 * declaration names, or a null cursor. */
static CXCursor file_scope_definition(Frontend *fe, CXCursor extern_decl) {
    DefinitionSearch search = {clang_getCursorUSR(extern_decl), clang_getNullCursor()};
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), find_definition, &search);
    clang_disposeString(search.usr);
    return search.found;
}

/* The section a definition alone in its declaration may go to: one of
 * zero bytes (no initializer) or of initialized data, not of constants,
 * nor where the program names a section of its own. */
static PageSection page_section(Frontend *fe, CXCursor decl, unsigned start, unsigned end) {
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    bool constant = clang_isConstQualifiedType(t); /* at the array's level or its elements' */
    while (t.kind == CXType_ConstantArray) {
        t = clang_getCanonicalType(clang_getArrayElementType(t));
        constant = constant || clang_isConstQualifiedType(t);
    }
    if (constant) return PAGE_SECTION_NONE;
    const char *s = fe->u->source;
    for (unsigned i = start; i + 7 <= end && i + 7 <= fe->u->source_len; i++)
        if (memcmp(s + i, "section", 7) == 0) return PAGE_SECTION_NONE;
    while (end < fe->u->source_len && (s[end] == ' ' || s[end] == '\t' || s[end] == '\n')) end++;
    if (end >= fe->u->source_len || s[end] != ';') return PAGE_SECTION_NONE; /* another declarator follows */
    return clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(decl)) ? PAGE_SECTION_BSS : PAGE_SECTION_DATA;
}

/* A global or static array a kernel uses (or a kernel's pointer
 * parameter is given, call_views.c), defined in the file campcc
 * compiles: its definition is aligned to a page (host_emit.c), so that
 * the program's data before it (the table of library functions the host
 * calls through, libc's pointers) does not share the array's first page,
 * where the host's accesses to that data would each open the page for an
 * instruction while the array's bytes wait for a kernel's results, and
 * other threads could read the old ones then. Where it is its
 * declaration's only declarator, it also goes to a section whose every
 * object begins a page: the program's data after it does not share its
 * last page either (a host variable written at every step beside a
 * global array there settled the array, a copy back, at every step). A
 * declaration that starts in a header or a macro's body is left as it is. */
void fe_page_align_definition(Frontend *fe, CXCursor decl) {
    /* a tentative definition (`static int a[N];`) is one too; an extern
     * declaration is not, but the file may define the array further on */
    if (clang_Cursor_getStorageClass(decl) == CX_SC_Extern) decl = file_scope_definition(fe, decl);
    if (clang_Cursor_isNull(decl)) return;
    CXSourceRange extent = clang_getCursorExtent(decl);
    CXFile file, spelled_file, end_file;
    unsigned offset, spelled_offset, end;
    clang_getExpansionLocation(clang_getRangeStart(extent), &file, NULL, NULL, &offset);
    clang_getSpellingLocation(clang_getRangeStart(extent), &spelled_file, NULL, NULL, &spelled_offset);
    clang_getExpansionLocation(clang_getRangeEnd(extent), &end_file, NULL, NULL, &end);
    if (!clang_File_isEqual(file, fe->main_file) || !clang_File_isEqual(spelled_file, file) ||
        spelled_offset != offset || offset >= fe->u->source_len)
        return;
    PtrVec *seen = &fe->u->page_aligned;
    for (int i = 0; i < seen->len; i++) {
        PageAligned *other = seen->items[i];
        if (other->offset == offset) { /* another array of the declaration */
            other->section = PAGE_SECTION_NONE;
            return;
        }
    }
    PageAligned *at = arena_alloc(fe->a, sizeof *at);
    at->offset = offset;
    at->section = clang_File_isEqual(end_file, file) ? page_section(fe, decl, offset, end) : PAGE_SECTION_NONE;
    vec_push(fe->a, seen, at);
}

/* Whether a kernel writes global `decl` or takes the address of it or of a captured variable (restrictions.c). */
static bool is_listed_shared(Frontend *fe, CXCursor decl) {
    CXCursor canon = clang_getCanonicalCursor(decl);
    for (int i = 0; i < fe->nshared; i++)
        if (clang_equalCursors(fe->shared[i], canon)) return true;
    return false;
}

void fe_share_variable(Frontend *fe, CXCursor decl) {
    if (is_listed_shared(fe, decl)) return;
    fe->shared = grow_array(fe->shared, fe->nshared, &fe->capshared, sizeof *fe->shared, 8);
    fe->shared[fe->nshared++] = clang_getCanonicalCursor(decl);
}

/* Past this size a global struct kernels only read is shared as a view
 * rather than copied into every launch's arguments (1,024 bytes at most,
 * layout.c). */
enum { SHARED_STRUCT_BYTES = 256 };

/* Whether kernels share global `decl`, of type t (not an array), as a
 * view of its own: one a kernel writes or takes the address of, or a
 * large struct. */
static bool is_shared_global(Frontend *fe, CXCursor decl, const Type *t) {
    return is_listed_shared(fe, decl) ||
           (t->kind == TY_STRUCT && t->size > SHARED_STRUCT_BYTES && fe_is_shareable_global(fe, decl));
}

/* A shared global's type as the view holds it: an array of one. */
static Type *one_object_array(Frontend *fe, Type *t) {
    Type *ty = arena_alloc(fe->a, sizeof *ty);
    ty->kind = TY_ARRAY;
    ty->base = t;
    ty->len = 1;
    ty->size = t->size;
    ty->align = t->align;
    ty->name = arena_printf(fe->a, "%s[1]", t->name);
    return ty;
}

Type *fe_constant_vla_type(Frontend *fe, CXCursor decl) {
    CXType ct = clang_getCanonicalType(clang_getCursorType(decl));
    if (ct.kind != CXType_VariableArray ||
        clang_getCanonicalType(clang_getArrayElementType(ct)).kind == CXType_VariableArray)
        return NULL;
    /* the length: the declaration's first expression */
    int n;
    CXCursor *kids = fe_all_children(fe->a, decl, &n), *size = NULL;
    for (int i = 0; i < n && !size; i++)
        if (clang_isExpression(clang_getCursorKind(kids[i]))) size = &kids[i];
    long long len;
    if (!size || !fe_eval_int(*size, &len) || len <= 0 || len > INT32_MAX) return NULL;
    Type *base = fe_type(fe, clang_getArrayElementType(ct), decl);
    if (!base) return NULL;
    Type *t = arena_alloc(fe->a, sizeof *t);
    *t = (Type){.kind = TY_ARRAY, .base = base, .len = (int)len, .size = (int)len * base->size, .align = base->align,
                .name = arena_printf(fe->a, "%s[%lld]", base->name, len)};
    return t;
}

CXCursor fe_param_global(Frontend *fe, const Var *param) {
    for (int i = 0; i < fe->nglobal_params; i++)
        if (fe->global_params[i].var == param) return fe->global_params[i].decl;
    return clang_getNullCursor();
}

/* A global an amp function reaches (a helper's body cannot capture): one
 * more parameter of the function, after its own, that every caller
 * passes as it sees the global, a kernel through its capture. An array
 * comes as a pointer to its elements, a global kernels share (v->object)
 * as its address, any other by value. */
static Var *global_param(Frontend *fe, CXCursor ref, CXCursor decl, const char *name) {
    Func *f = fe->func;
    CXCursor canon = clang_getCanonicalCursor(decl);
    for (int i = f->nparams - f->nglobals; i < f->nparams; i++)
        if (clang_equalCursors(clang_getCanonicalCursor(fe_param_global(fe, f->params[i])), canon)) {
            /* used outside the block where it was first */
            fe_bind(fe, decl, f->params[i]);
            return f->params[i];
        }
    if (clang_getCanonicalType(clang_getCursorType(decl)).kind == CXType_IncompleteArray) {
        diag_error(fe->u->diag, fe_loc(fe, ref), "array '%s' has no known size; use an explicit view", name);
        return NULL;
    }
    Type *t = param_type(fe, decl);
    if (!t) return NULL;
    Var *v = fe_new_var(fe, name, t, VAR_PARAM, decl);
    if (!is_array_type(clang_getCursorType(decl)) && is_shared_global(fe, decl, t)) {
        v->type = type_pointer_to(fe->a, t);
        v->object = true;
    }
    Var **params = arena_alloc(fe->a, sizeof(Var *) * (size_t)(f->nparams + 1));
    memcpy(params, f->params, sizeof(Var *) * (size_t)f->nparams);
    f->params = params;
    f->params[f->nparams++] = v;
    f->nglobals++;
    fe->global_params = grow_array(fe->global_params, fe->nglobal_params, &fe->capglobal_params,
                                   sizeof *fe->global_params, 8);
    fe->global_params[fe->nglobal_params++] = (VarBinding){decl, v};
    fe_bind(fe, decl, v);
    return v;
}

/* v, the kernel's for the function's variable `decl` (canonically
 * `canon`), for every use in the kernel, past the block of the first too. */
static Var *kernel_binding(Frontend *fe, CXCursor canon, CXCursor decl, Var *v) {
    fe->captured = grow_array(fe->captured, fe->ncaptured, &fe->capcaptured, sizeof *fe->captured, 8);
    fe->captured[fe->ncaptured++] = (VarBinding){canon, v};
    fe_bind(fe, decl, v);
    return v;
}

/* Whether decl is a pointer to const (struct types are shared by every
 * use: their qualifiers live on the uses). */
static bool points_to_const(CXCursor decl) {
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    return t.kind == CXType_Pointer && clang_isConstQualifiedType(clang_getPointeeType(t));
}

static bool points_to_volatile(CXCursor decl) {
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    return t.kind == CXType_Pointer && clang_isVolatileQualifiedType(clang_getPointeeType(t));
}

/* Pointer capture p to a scalar the kernel only reads (`*n`, `*incx`: the
 * arguments Fortran passes, from a caller campcc may not see): a value
 * capture `(*p)` beside it, which libcamp fills, and p null, where p lies
 * in no view (a caller's stack); the kernel reads whichever is there. */
static void value_copy_of(Frontend *fe, Var *p, CXCursor decl) {
    Var *copy = fe_new_var(fe, arena_printf(fe->a, "(*%s)", p->name), p->type->base, VAR_CAPTURE, decl);
    copy->capture = CAPTURE_VALUE;
    copy->value_for = p;
    p->value_copy = copy;
    copy->member = fe->kernel->captures.len;
    vec_push(fe->a, &fe->kernel->captures, copy);
}

/* A variable of the kernel's or helper's own for decl, declared first in
 * its body (fe->privates). */
static Var *own_variable(Frontend *fe, CXCursor ref, CXCursor decl, const char *name) {
    Type *t = fe_type(fe, clang_getCursorType(decl), ref);
    if (!t) return NULL;
    Var *v = fe_new_var(fe, name, t, VAR_LOCAL, decl);
    vec_push(fe->a, &fe->privates, v);
    return v;
}

/* A variable declared outside the kernel and used inside: captured by value
 * (scalars), as an implicit view (arrays with a complete type, and the
 * globals kernels share: v->object, an array of one), or as a pointer the
 * runtime translates through the explicit views (array_view). */
Var *fe_capture(Frontend *fe, CXCursor ref, CXCursor decl) {
    Diag *d = fe->u->diag;
    char *name = fe_spelling(fe, decl);
    if (fe_is_texture_type(fe, clang_getCursorType(decl))) {
        fe_texture_value_error(fe, ref, arena_printf(fe->a, "texture '%s'", name));
        return NULL;
    }
    bool temporary = (fe->kernel || fe->func) && !fe->folding && fe_is_static_temporary(fe, decl);
    if (temporary && !fe->kernel) { /* the helper's own */
        Var *v = own_variable(fe, ref, decl, name);
        if (v) fe_bind(fe, decl, v);
        return v;
    }
    if (!fe->kernel && fe->func && !fe->folding) return global_param(fe, ref, decl, name);
    if (!fe->kernel) {
        diag_error(d, fe_loc(fe, ref), "use of global variable '%s' in a constant's initializer is not supported",
                   name);
        return NULL;
    }
    /* one capture whichever declaration a use names; used outside the block where it was first */
    CXCursor canon = clang_getCanonicalCursor(decl);
    Var *again = binding_of(fe->captured, fe->ncaptured, canon);
    if (again) {
        fe_bind(fe, decl, again);
        return again;
    }
    if (temporary || fe_is_kernel_private(fe, fe->kernel_body, decl)) { /* the thread's own, declared first in the kernel */
        Var *v = own_variable(fe, ref, decl, name);
        if (!v) return NULL;
        vec_push(fe->a, &fe->kernel->named_consts, v);
        return kernel_binding(fe, canon, decl, v);
    }
    /* a host function's parameter declared as an array is a pointer */
    bool array_param = clang_getCursorKind(decl) == CXCursor_ParmDecl && is_array_type(clang_getCursorType(decl));
    Type *t = array_param ? param_type(fe, decl) : fe_type(fe, clang_getCursorType(decl), ref);
    if (!t) return NULL;
    /* `const struct tensor *A` (a host function's parameter, say): the
     * struct A points to, by value, its pointers translated as a captured
     * struct's are (a view of it would hold the host's addresses); the
     * kernel's A points to its copy (fe_capture_copy). So too a pointer to
     * a const struct the kernel only reads members through (`p->gain` of
     * a C API's `const params *p`): wherever the struct lies, even on
     * another file's stack, where no view could be found */
    bool pointee = !array_param && t->kind == TY_PTR && t->base->kind == TY_STRUCT && !t->base->is_union &&
                   (type_holds_pointer(t->base) ||
                    (points_to_const(decl) && fe_only_member_uses(fe->kernel_body, decl)));
    if (pointee) {
        name = arena_printf(fe->a, "(*%s)", name);
        t = t->base;
    }
    Var *v = fe_new_var(fe, name, t, VAR_CAPTURE, decl);
    v->pointee = pointee;
    v->register_storage = clang_Cursor_getStorageClass(decl) == CX_SC_Register;
    if (t->kind != TY_ARRAY && is_shared_global(fe, decl, t)) {
        v->type = t = one_object_array(fe, t);
        v->object = true;
    }
    if (t->kind == TY_ARRAY) {
        if (t->len == -1 && clang_getCanonicalType(clang_getCursorType(decl)).kind == CXType_IncompleteArray) {
            diag_error(d, fe_loc(fe, ref), "array '%s' has no known size; use an explicit view", name);
            return NULL;
        }
        v->capture = CAPTURE_VIEW;
        v->static_storage = clang_getCursorKind(decl) == CXCursor_VarDecl &&
                            clang_Cursor_hasVarDeclGlobalStorage(decl) == 1 && clang_getCursorTLSKind(decl) == CXTLS_None;
        if (v->static_storage) fe_page_align_definition(fe, decl);
        if (!capture_vla_strides(fe, v, ref)) return NULL;
    } else if (t->kind == TY_PTR) {
        v->capture = CAPTURE_POINTER;
        if (clang_getCursorKind(decl) == CXCursor_VarDecl && fe_is_scope_local(decl))
            fe_align_pointer_sources(fe, clang_getCursorSemanticParent(decl));
        if (!capture_vla_strides(fe, v, ref)) return NULL;
        if (type_is_arith(t->base) && !points_to_volatile(decl) && fe_only_reads_through(fe->kernel_body, decl))
            value_copy_of(fe, v, decl);
    } else {
        v->capture = CAPTURE_VALUE;
    }
    v->member = fe->kernel->captures.len;
    vec_push(fe->a, &fe->kernel->captures, v);
    bool raced = false;
    if (t->kind == TY_ARRAY && fe_is_kernel_scratch_array(fe, decl, &raced)) { /* each thread's copy, from the view */
        return kernel_binding(fe, canon, decl, fe_scratch_copy(fe, v, ref));
    }
    if (raced && kernel_may_have_threads(fe->kernel)) {
        diag_warning(d, fe_loc(fe, ref), "-Wkernel-race",
                     "every thread writes '%s' and reads it back at the same elements, as scratch, but the host "
                     "uses it in this function too, so it stays one array the threads share and race on: declare "
                     "it inside the kernel to give each thread its own",
                     name);
        diag_note(d, fe_loc(fe, decl), "'%s' declared here", name);
    }
    return kernel_binding(fe, canon, decl, v);
}

/* ---- amp functions ---------------------------------------------------------- */

typedef struct AnnotationSearch {
    bool amp;
} AnnotationSearch;

static enum CXChildVisitResult find_amp_annotation(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_AnnotateAttr) {
        CXString s = clang_getCursorSpelling(c);
        const char *text = clang_getCString(s);
        if (strncmp(text, "camp_restrict:", 14) == 0 && strstr(text + 14, "amp"))
            ((AnnotationSearch *)data)->amp = true;
        clang_disposeString(s);
    }
    return CXChildVisit_Continue;
}

/* <tgmath.h>'s type-generic functions: clang's header defines each
 * overload, __tg_sqrt(float) and the rest, as a call of <math.h>'s
 * function of that type, which amp code has; its __tg_promote, declared
 * only, is named only inside __typeof__, never called. */
static bool is_type_generic_math(CXCursor decl) {
    CXString s = clang_getCursorSpelling(decl);
    bool yes = !strncmp(clang_getCString(s), "__tg_", 5) &&
               clang_Location_isInSystemHeader(clang_getCursorLocation(decl));
    clang_disposeString(s);
    return yes;
}

bool fe_is_amp_function(CXCursor decl) {
    if (is_type_generic_math(decl)) return true;
    AnnotationSearch s = {false};
    clang_visitChildren(decl, find_amp_annotation, &s);
    CXCursor def = clang_getCursorDefinition(decl);
    if (!s.amp && !clang_Cursor_isNull(def)) clang_visitChildren(def, find_amp_annotation, &s);
    CXCursor canon = clang_getCanonicalCursor(decl);
    if (!s.amp) clang_visitChildren(canon, find_amp_annotation, &s);
    return s.amp;
}

/* An overloadable function (clang's attribute; camp_math.h's vector forms
 * of sqrt, ...) shares its name with others: host C designates it by the
 * name cast to its type, which picks the overload. C mangles only those. */
static const char *host_ref(Frontend *fe, CXCursor def, const char *name) {
    CXString mangled = clang_Cursor_getMangling(def);
    bool overloaded = strcmp(clang_getCString(mangled), name) != 0;
    clang_disposeString(mangled);
    if (!overloaded) return name;
    CXString type = clang_getTypeSpelling(clang_getCursorType(def));
    const char *ref = arena_printf(fe->a, "(__typeof__(%s) *)%s", clang_getCString(type), name);
    clang_disposeString(type);
    return ref;
}

/* The Func for a call to `decl`, lowering its body the first time. */
Func *fe_amp_function(Frontend *fe, CXCursor call, CXCursor decl) {
    Diag *d = fe->u->diag;
    char *name = fe_spelling(fe, decl);
    if (fe_is_memory_function(name)) {
        diag_error(d, fe_loc(fe, call), "'%s' in amp code is a statement of its own: its value is not supported",
                   name);
        return NULL;
    }
    if (!strncmp(name, "__builtin_", 10)) { /* clang's builtins are declared nowhere to point at */
        diag_error(d, fe_loc(fe, call), "'%s' is not supported in amp code", name);
        return NULL;
    }
    if (!fe_is_amp_function(decl)) {
        diag_error(d, fe_loc(fe, call), "call to non-amp function '%s'", name);
        diag_note(d, fe_loc(fe, decl), "'%s' declared here; mark it restrict(amp) to call it from a kernel", name);
        return NULL;
    }
    CXCursor def = clang_getCursorDefinition(decl);
    if (clang_Cursor_isNull(def)) {
        diag_error(d, fe_loc(fe, call), "amp function '%s' is called but not defined in this file", name);
        diag_note(d, fe_loc(fe, decl),
                  "campcc compiles a kernel with the amp functions it calls from its own file: define '%s' "
                  "there, or as a static inline function in a header the files share",
                  name);
        return NULL;
    }
    if (clang_Cursor_isVariadic(def)) {
        diag_error(d, fe_loc(fe, call), "variadic function '%s' is not allowed in amp code", name);
        return NULL;
    }
    for (int i = 0; i < fe->nfuncs; i++)
        if (clang_equalCursors(fe->funcs[i].decl, def)) return fe->funcs[i].func;

    Func *f = arena_alloc(fe->a, sizeof *f);
    f->name = name;
    f->host_ref = host_ref(fe, def, name);
    f->loc = fe_loc(fe, def);
    f->library = strstr(f->loc.file, "camp_math") != NULL;
    f->fragment_op = fe_fragment_op(name, f->loc);
    /* camp_math.h's double-double arithmetic needs each product and sum
     * rounded separately, as in its serial build */
    f->exact_fp = f->library || fe_contract_off(fe, def);
    fe->funcs = grow_array(fe->funcs, fe->nfuncs, &fe->capfuncs, sizeof *fe->funcs, 16);
    fe->funcs[fe->nfuncs++] = (FuncBinding){def, f};
    vec_push(fe->a, &fe->u->funcs, f);

    f->ret = fe_type(fe, clang_getResultType(clang_getCursorType(def)), def);
    if (f->ret && f->ret->kind == TY_ARRAY) unreachable("function returning an array");

    /* Lower the body in a fresh scope: helpers see only their parameters. */
    Kernel *saved_kernel = fe->kernel;
    Func *saved_func = fe->func;
    VarBinding *saved_vars = fe->vars;
    int saved_nvars = fe->nvars, saved_capvars = fe->capvars, saved_depth = fe->loop_depth;
    int saved_break = fe->break_depth;
    fe->kernel = NULL;
    fe->func = f;
    fe->nvars = 0;
    fe->vars = NULL;
    fe->capvars = 0;
    fe->loop_depth = 0;
    fe->break_depth = 0;
    int n = clang_Cursor_getNumArguments(def);
    f->params = arena_alloc(fe->a, sizeof(Var *) * (size_t)(n > 0 ? n : 1));
    PtrVec entry = {0}; /* statements before the body's */
    for (int i = 0; i < n; i++) {
        CXCursor p = clang_Cursor_getArgument(def, (unsigned)i);
        if (fe_is_texture_param_type(fe, clang_getCursorType(p))) { /* each call binds it */
            fe_bind(fe, p, fe_texture_param(fe, p, i));
            continue;
        }
        Var *v = arena_alloc(fe->a, sizeof *v);
        v->name = fe_spelling(fe, p);
        v->type = param_type(fe, p);
        v->loc = fe_loc(fe, p);
        v->kind = VAR_PARAM;
        f->params[f->nparams++] = v;
        fe_bind(fe, p, v);
        /* rows of run-time length: their lengths, from the parameters before it, set first */
        if (v->type) fe_vla_strides(fe, p, v, &entry);
    }
    int nk;
    CXCursor *kids = fe_all_children(fe->a, def, &nk); /* the parameters, attributes, then the body */
    PtrVec saved_privates = fe->privates; /* a kernel's, while it calls this helper */
    fe->privates = (PtrVec){0};
    if (nk > 0 && clang_getCursorKind(kids[nk - 1]) == CXCursor_CompoundStmt)
        f->body = fe_lower_stmt(fe, kids[nk - 1]);
    else
        diag_error(d, f->loc, "cannot find the body of amp function '%s'", name);
    for (int i = 0; i < fe->privates.len; i++) /* its own variables for file-scope temporaries */
        vec_push(fe->a, &entry, fe_decl_stmt(fe, fe->privates.items[i], NULL, def));
    fe->privates = saved_privates;
    if (f->body && entry.len) {
        for (int i = 0; i < f->body->body.len; i++) vec_push(fe->a, &entry, f->body->body.items[i]);
        f->body->body = entry;
    }
    free(fe->vars);
    fe->kernel = saved_kernel;
    fe->func = saved_func;
    fe->vars = saved_vars;
    fe->nvars = saved_nvars;
    fe->capvars = saved_capvars;
    fe->loop_depth = saved_depth;
    fe->break_depth = saved_break;
    return f;
}

/* ---- kernels ---------------------------------------------------------------- */

/* Whether c is a for loop whose first declaration is named `name`: one
 * of camp.h's macros. */
static bool loop_of_macro(CXCursor c, const char *name) {
    if (clang_getCursorKind(c) != CXCursor_ForStmt) return false;
    CXCursor kids[1];
    if (fe_children(c, kids, 1) < 1 || clang_getCursorKind(kids[0]) != CXCursor_DeclStmt) return false;
    CXCursor decl[1];
    if (fe_children(kids[0], decl, 1) < 1 || clang_getCursorKind(decl[0]) != CXCursor_VarDecl) return false;
    CXString s = clang_getCursorSpelling(decl[0]);
    bool yes = strcmp(clang_getCString(s), name) == 0;
    clang_disposeString(s);
    return yes;
}

bool fe_is_pfe_loop(CXCursor c) { return loop_of_macro(c, "camp_pfe_loop_"); }

bool fe_pfe_parts(CXCursor outer, CXCursor *idx_decl, CXCursor *body) {
    CXCursor kids[4], ik[4], decl[1];
    int n = fe_children(outer, kids, 4);
    if (n < 1 || n > 4) return false;
    CXCursor inner = kids[n - 1];
    if (clang_getCursorKind(inner) != CXCursor_ForStmt || fe_children(inner, ik, 4) != 4) return false;
    if (clang_getCursorKind(ik[0]) != CXCursor_DeclStmt || fe_children(ik[0], decl, 1) != 1 ||
        clang_getCursorKind(decl[0]) != CXCursor_VarDecl)
        return false;
    *idx_decl = decl[0];
    *body = ik[3];
    return true;
}

unsigned fe_offset(CXSourceLocation l, unsigned *line) {
    CXFile f;
    unsigned ln, col, off;
    clang_getExpansionLocation(l, &f, &ln, &col, &off);
    if (line) *line = ln;
    return off;
}

size_t fe_literal_end(const char *s, size_t n, size_t i) {
    char quote = s[i];
    for (i++; i < n && s[i] != quote && s[i] != '\n'; i++)
        if (s[i] == '\\' && i + 1 < n && s[i + 1] != '\n') i++;
    return i < n ? i + 1 : n;
}

size_t fe_skip_space(const char *s, size_t n, size_t i) {
    while (i < n) {
        if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
            i++;
        } else if (i + 1 < n && s[i] == '/' && s[i + 1] == '/') { /* to the line's end, past continuations */
            for (i += 2; i < n && !(s[i] == '\n' && s[i - 1] != '\\'); i++) {}
        } else if (i + 1 < n && s[i] == '/' && s[i + 1] == '*') {
            i += 2;
            while (i + 1 < n && !(s[i] == '*' && s[i + 1] == '/')) i++;
            i += 2;
        } else {
            break;
        }
    }
    return i < n ? i : n;
}

/* The text of s[b, e) without surrounding blanks. */
static const char *trimmed_text(Frontend *fe, size_t b, size_t e) {
    const char *s = fe->u->source;
    b = fe_skip_space(s, e, b);
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\n')) e--;
    return arena_strndup(fe->a, s + b, e - b);
}

bool fe_domain_text(Frontend *fe, unsigned begin, const char **view, const char **domain) {
    const char *s = fe->u->source;
    size_t n = fe->u->source_len, i = begin;
    static const char kw[] = "parallel_for_each", on[] = "_on";
    if (i + sizeof kw - 1 > n || memcmp(s + i, kw, sizeof kw - 1) != 0) return false;
    i += sizeof kw - 1;
    bool with_view = i + sizeof on - 1 <= n && memcmp(s + i, on, sizeof on - 1) == 0;
    if (with_view) i += sizeof on - 1;
    i = fe_skip_space(s, n, i);
    if (i >= n || s[i] != '(') return false;
    size_t open = i, commas[2] = {0, 0};
    int depth = 0, ncommas = 0, wanted = with_view ? 2 : 1;
    for (; i < n; i++) {
        char c = s[i];
        if (c == '"' || c == '\'') {
            for (i++; i < n && s[i] != c; i++)
                if (s[i] == '\\') i++;
        } else if (c == '(' || c == '[' || c == '{') depth++;
        else if (c == ')' || c == ']' || c == '}') {
            if (--depth == 0) break;
        } else if (c == ',' && depth == 1 && ncommas < wanted) commas[ncommas++] = i;
    }
    if (ncommas < wanted || i >= n) return false;
    *view = with_view ? trimmed_text(fe, open + 1, commas[0]) : NULL;
    *domain = trimmed_text(fe, commas[wanted - 1] + 1, i);
    return true;
}

static int index_rank(CXType t, bool *tiled, bool *wide) {
    CXType ct = clang_getCanonicalType(t);
    *tiled = *wide = false;
    if (ct.kind == CXType_Int) return 1;
    if (ct.kind == CXType_LongLong || ct.kind == CXType_Long) { /* extent64(n): 64 bits here */
        *wide = clang_Type_getSizeOf(ct) == 8;
        return *wide;
    }
    if (ct.kind == CXType_ExtVector && clang_getCanonicalType(clang_getElementType(ct)).kind == CXType_Int) {
        long long n = clang_getNumElements(ct);
        return n >= 2 && n <= 4 ? (int)n : 0;
    }
    if (ct.kind == CXType_Record) {
        CXString s = clang_getTypeSpelling(ct);
        const char *name = clang_getCString(s);
        int r = 0;
        if (strncmp(name, "tiled_index", 11) == 0 || strncmp(name, "struct tiled_index", 18) == 0) {
            *tiled = true;
            r = name[strlen(name) - 1] - '0';
        }
        clang_disposeString(s);
        return r;
    }
    return 0;
}

/* A kernel of a macro of the dialect's headers (camp_header_kernel_, used
 * in the file): its host compile launches it by the name of the function
 * it is in, which may hold no other. */
static bool header_kernel_function(Frontend *fe, Kernel *k, CXCursor index_decl) {
    k->launch_function = fe_spelling(fe, clang_getCursorSemanticParent(index_decl));
    for (int i = 0; i < fe->u->kernels.len; i++) {
        const Kernel *other = fe->u->kernels.items[i];
        if (other != k && other->launch_function && strcmp(other->launch_function, k->launch_function) == 0) {
            diag_error(fe->u->diag, k->loc, "function '%s' holds two kernels of a header's macro",
                       k->launch_function);
            return false;
        }
    }
    return true;
}

static void lower_kernel(Frontend *fe, CXCursor outer) {
    Unit *u = fe->u;
    Kernel *k = arena_alloc(fe->a, sizeof *k);
    k->index = u->kernels.len;
    k->entry = arena_printf(fe->a, "camp_kernel_%d", k->index);
    k->loc = fe_loc(fe, outer);
    vec_push(fe->a, &u->kernels, k);

    CXCursor idx_decl[1], body;
    if (!fe_pfe_parts(outer, idx_decl, &body)) {
        diag_error(u->diag, k->loc, "malformed parallel_for_each expansion (is camp.h's macro redefined?)");
        return;
    }
    if (clang_getCursorKind(body) == CXCursor_NullStmt) /* as clang says of `for (...);` */
        diag_warning(u->diag, fe_loc(fe, body), "-Wempty-body",
                     "parallel_for_each has an empty body: the ';' right after it ends the kernel, and a block "
                     "that follows runs once, on the host");

    CXSourceRange r = clang_getCursorExtent(outer);
    k->begin_offset = fe_offset(clang_getRangeStart(r), NULL);
    CXSourceLocation body_end = clang_getRangeEnd(clang_getCursorExtent(body));
    k->end_offset = fe_offset(body_end, NULL);
    k->end_loc = presumed(fe, body_end);
    if (clang_getCursorKind(body) != CXCursor_CompoundStmt) {
        /* a single-statement body: take its ';' too */
        size_t i = fe_skip_space(u->source, u->source_len, k->end_offset);
        if (i < u->source_len && u->source[i] == ';') k->end_offset = (unsigned)i + 1;
    }
    CXFile file;
    unsigned line, col, off;
    clang_getExpansionLocation(clang_getRangeStart(r), &file, &line, &col, &off);
    bool in_main_file = clang_File_isEqual(file, fe->main_file);
    /* a header macro's kernel names its index in the header (a kernel of
     * the file's names it in the file, whatever macros its body uses) */
    bool header_kernel = fe_spelled_in_dialect_headers(fe, clang_getCursorLocation(idx_decl[0]));
    if (header_kernel && !in_main_file) {
        diag_error(u->diag, k->loc, "a macro of the dialect's headers that writes kernels (CAMP_REDUCE_DEFINE) "
                                    "must be used in the main source file, not in a header");
        return;
    } else if (header_kernel) {
        if (!header_kernel_function(fe, k, idx_decl[0])) return;
    } else if (!in_main_file) {
        diag_error(u->diag, k->loc, "parallel_for_each must be written in the main source file, not in a header");
        return;
    } else if (!fe_domain_text(fe, k->begin_offset, &k->view_text, &k->domain_text)) {
        /* a macro kernel_macros.c does not expand */
        const char *s = u->source + k->begin_offset;
        diag_error(u->diag, k->loc,
                   "parallel_for_each written by macro '%.*s', which campcc cannot expand (a macro that names itself, "
                   "one of a system header, or one of more than 16 nested in each other)",
                   (int)strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789"), s);
        return;
    }

    k->rank = index_rank(clang_getCursorType(idx_decl[0]), &k->tiled, &k->wide_index);
    if (!k->rank) {
        diag_error(u->diag, k->loc, "the domain of parallel_for_each must be extent(...), extent64(n) or tile(...)");
        return;
    }
    Var *idx = arena_alloc(fe->a, sizeof *idx);
    idx->name = fe_spelling(fe, idx_decl[0]);
    idx->loc = fe_loc(fe, idx_decl[0]);
    idx->kind = VAR_INDEX;
    k->idx = idx;
    if (k->tiled) {
        if (!fe_tile_domain(fe, k, outer, idx_decl[0])) return;
    } else {
        idx->type = fe_type(fe, clang_getCursorType(idx_decl[0]), idx_decl[0]);
    }

    fe->kernel = k;
    fe->kernel_function = fe_spelling(fe, clang_getCursorSemanticParent(idx_decl[0]));
    k->exact_fp = fe_contract_off(fe, clang_getCursorSemanticParent(idx_decl[0]));
    fe->func = NULL;
    fe->nvars = 0;
    fe->ncaptured = 0;
    fe->loop_depth = 0;
    fe->break_depth = 0;
    fe->kernel_body = body;
    fe->kernel_statement = outer;
    fe_warn_omp_before_kernel(fe, outer);
    fe->kernel_index = clang_getCanonicalCursor(idx_decl[0]);
    fe_bind(fe, idx_decl[0], idx);
    if (k->rank == 4) {
        /* the size of index component 1, by which the GPU's z splits into
         * components 0 and 1 (spv_emit.c), from the launch's extent */
        k->folded_extent = new_capture(fe, arena_printf(fe->a, "%s.extent1", idx->name), type_int(4, true), idx->loc);
        k->folded_extent->capture = CAPTURE_VALUE;
        k->folded_extent->host_value = "camp_domain_[1]";
    }
    k->body = fe_with_capture_copies(fe, fe_lower_stmt(fe, body), body);
    fe->kernel = NULL;
}

/* Whether a cursor at the top of the unit may hold a kernel: not a macro
 * or a type (C allows no statement outside a function), nor anything in
 * the dialect's headers, which have none. Most of a unit is those. */
static bool may_hold_kernels(Frontend *fe, CXCursor c) {
    switch (clang_getCursorKind(c)) {
    case CXCursor_MacroDefinition:
    case CXCursor_MacroExpansion:
    case CXCursor_InclusionDirective:
    case CXCursor_TypedefDecl:
    case CXCursor_StructDecl:
    case CXCursor_UnionDecl:
    case CXCursor_EnumDecl: return false;
    default: return !fe_in_dialect_headers(fe, c);
    }
}

/* The expression under its parentheses, casts and implicit conversions. */
static CXCursor bare_expression(CXCursor c) {
    for (;;) {
        enum CXCursorKind kind = clang_getCursorKind(c);
        if (kind != CXCursor_UnexposedExpr && kind != CXCursor_ParenExpr && kind != CXCursor_CStyleCastExpr) return c;
        CXCursor kids[2];
        int n = fe_children(c, kids, 2);
        if (n < 1 || n > 2) return c;
        c = kids[n - 1]; /* a cast's last child is its operand (the first may be its type) */
    }
}

/* The variable that `statement` synchronizes, if it is
 * `array_view_synchronize(NAME);` (camp.h's macro, or the function it
 * calls); else NULL. */
static const char *synchronized_variable(Frontend *fe, CXCursor statement) {
    if (clang_getCursorKind(statement) != CXCursor_CallExpr) return NULL;
    CXCursor callee = clang_getCursorReferenced(statement);
    if (clang_Cursor_isNull(callee)) return NULL;
    char *name = fe_spelling(fe, callee);
    if (strcmp(name, "camp_array_view_synchronize_at") != 0 && strcmp(name, "camp_array_view_synchronize") != 0)
        return NULL;
    if (clang_Cursor_getNumArguments(statement) < 1) return NULL;
    CXCursor arg = bare_expression(clang_Cursor_getArgument(statement, 0));
    if (clang_getCursorKind(arg) != CXCursor_DeclRefExpr) return NULL;
    CXCursor decl = clang_getCursorReferenced(arg);
    if (clang_getCursorKind(decl) != CXCursor_VarDecl && clang_getCursorKind(decl) != CXCursor_ParmDecl) return NULL;
    return fe_spelling(fe, decl);
}

/* Whether `e` is an element access: a[i] or *p. */
static bool element_access(CXCursor e) {
    enum CXCursorKind kind = clang_getCursorKind(e);
    return kind == CXCursor_ArraySubscriptExpr ||
           (kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref);
}

/* The variable an element access `e` (a[i], a[i][j], *p) reaches through,
 * if it names one; else NULL. */
static const char *accessed_variable(Frontend *fe, CXCursor e) {
    for (;;) {
        e = bare_expression(e);
        CXCursor kids[2];
        if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
            CXCursor decl = clang_getCursorReferenced(e);
            enum CXCursorKind dk = clang_getCursorKind(decl);
            return dk == CXCursor_VarDecl || dk == CXCursor_ParmDecl ? fe_spelling(fe, decl) : NULL;
        }
        if (!element_access(e) || fe_children(e, kids, 2) < 1) return NULL;
        e = kids[0]; /* the base */
    }
}

/* Whether `e` leaves its operand unevaluated, or evaluates it without
 * reading an element: sizeof and _Alignof, _Generic (the algorithms
 * library picks its function by `_Generic(&*(p), ...)`), and &a[i] or &*p. */
static bool reads_no_element(CXCursor e) {
    enum CXCursorKind kind = clang_getCursorKind(e);
    return kind == CXCursor_UnaryExpr || kind == CXCursor_GenericSelectionExpr ||
           (kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf);
}

/* Adds to `names` the variables whose elements `e` (an expression, a
 * declaration, a return, or the condition of an if, switch or while)
 * surely reads or writes when it runs: not those only some runs reach (the
 * arms of ?:, the right of && and ||, a statement's body), nor another
 * statement's, nor those it only names (sizeof, _Generic, &a[i]: missing
 * one costs a fault at the access, naming one wrongly a copy back). */
static void surely_accessed(Frontend *fe, CXCursor e, PtrVec *names) {
    enum CXCursorKind kind = clang_getCursorKind(e);
    if (reads_no_element(e)) return;
    if (kind == CXCursor_IfStmt || kind == CXCursor_SwitchStmt || kind == CXCursor_WhileStmt) {
        CXCursor kids[1]; /* the condition, where it comes first (no declaration in it) */
        if (fe_children(e, kids, 1) >= 1 && clang_isExpression(clang_getCursorKind(kids[0])))
            surely_accessed(fe, kids[0], names);
        return;
    }
    if (clang_isStatement(kind) && kind != CXCursor_DeclStmt && kind != CXCursor_ReturnStmt) return;
    if (element_access(e)) {
        const char *name = accessed_variable(fe, e);
        if (name) vec_push(fe->a, names, (void *)name);
    }
    int n = 0;
    CXCursor *kids = fe_all_children(fe->a, e, &n);
    if (kind == CXCursor_ConditionalOperator) n = n > 0 ? 1 : 0;
    if (kind == CXCursor_BinaryOperator && (clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_LAnd ||
                                            clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_LOr))
        n = n > 0 ? 1 : 0;
    for (int i = 0; i < n; i++) surely_accessed(fe, kids[i], names);
}

/* What the statement after the kernel `c` in its block uses on the host
 * right away: the variable it synchronizes (array_view_synchronize), or
 * those whose elements it surely reads or writes; nothing where the
 * kernel is not a statement of a block (a loop's body: the loop would go
 * on before it). */
static NextUse used_next(Frontend *fe, CXCursor c, CXCursor parent) {
    NextUse next = {0};
    if (clang_getCursorKind(parent) != CXCursor_CompoundStmt) return next;
    int n = 0;
    CXCursor *kids = fe_all_children(fe->a, parent, &n);
    /* the cursors of two visits differ: the kernel is the child at its place */
    CXSourceLocation at = clang_getCursorLocation(c);
    for (int i = 0; i + 1 < n; i++) {
        if (!clang_equalLocations(clang_getCursorLocation(kids[i]), at)) continue;
        const char *synchronized = synchronized_variable(fe, kids[i + 1]);
        next.synchronizes = synchronized != NULL;
        if (synchronized) vec_push(fe->a, &next.names, (void *)synchronized);
        else surely_accessed(fe, kids[i + 1], &next.names);
        break;
    }
    return next;
}

/* A tile_static variable of host code (at file scope, or in a function
 * that is not restrict(amp)): memory no tile shares, so an error rather
 * than the plain static variable camp.h's serial build makes of it. The
 * kernels' own are checked where they are lowered (frontend_tile.c). */
static void refuse_host_tile_static(Frontend *fe, CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_VarDecl || fe_in_dialect_headers(fe, c) || !fe_is_tile_static(c)) return;
    CXCursor function = clang_getCursorSemanticParent(c);
    if (clang_getCursorKind(function) == CXCursor_FunctionDecl && fe_is_amp_function(function)) return;
    char *name = fe_spelling(fe, c);
    diag_error(fe->u->diag, fe_loc(fe, c),
               "tile_static variable '%s' in host code: tile_static memory is shared by the threads of a tile, "
               "and is declared in a tiled kernel or a restrict(amp) function",
               name);
}

static enum CXChildVisitResult find_kernels(CXCursor c, CXCursor parent, CXClientData data) {
    Frontend *fe = data;
    refuse_host_tile_static(fe, c);
    if (clang_getCursorKind(parent) == CXCursor_TranslationUnit && !may_hold_kernels(fe, c))
        return CXChildVisit_Continue;
    /* parallel_for_each_on's loop around the kernel's: the statement of the
     * block, whose next statement counts */
    if (loop_of_macro(c, "camp_on_once_")) fe->on_view_next = used_next(fe, c, parent);
    if (fe_is_pfe_loop(c)) {
        lower_kernel(fe, c);
        Kernel *k = fe->u->kernels.items[fe->u->kernels.len - 1];
        NextUse next = loop_of_macro(parent, "camp_on_once_") ? fe->on_view_next : used_next(fe, c, parent);
        /* the captures among them (a name in the kernel's scope is the one in the block's) */
        for (int i = 0; i < k->captures.len; i++) {
            Var *v = k->captures.items[i];
            for (int j = 0; j < next.names.len; j++)
                if (strcmp(v->name, next.names.items[j]) == 0 &&
                    (v->capture == CAPTURE_POINTER || v->capture == CAPTURE_VIEW)) {
                    v->next_use = next.synchronizes ? NEXT_SYNCHRONIZES : NEXT_ACCESSES;
                    break;
                }
        }
        return CXChildVisit_Continue; /* the body is the kernel's */
    }
    return CXChildVisit_Recurse;
}

/* ---- the translation unit ----------------------------------------------------- */

/* The byte ranges of the parallel_for_each statements of the main file
 * (what is in other files is not searched: the headers' code is most of a
 * unit's). */
static enum CXChildVisitResult find_kernel_ranges(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Frontend *fe = data;
    CXFile file;
    clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
    if (!clang_File_isEqual(file, fe->main_file)) return CXChildVisit_Continue;
    if (!fe_is_pfe_loop(c)) return CXChildVisit_Recurse;
    CXSourceRange r = clang_getCursorExtent(c);
    unsigned *range = arena_alloc(fe->a, 2 * sizeof *range);
    range[0] = fe_offset(clang_getRangeStart(r), NULL);
    range[1] = fe_offset(clang_getRangeEnd(r), NULL);
    vec_push(fe->a, &fe->kernel_ranges, range);
    return CXChildVisit_Continue;
}

static bool in_kernel_range(Frontend *fe, CXSourceLocation l) {
    CXFile file;
    unsigned line, col, off;
    clang_getExpansionLocation(l, &file, &line, &col, &off);
    if (!clang_File_isEqual(file, fe->main_file)) return false;
    for (int i = 0; i < fe->kernel_ranges.len; i++) {
        unsigned *range = fe->kernel_ranges.items[i];
        if (off >= range[0] && off < range[1]) return true;
    }
    return false;
}

/* One of clang's diagnostics, as clang prints it: where a macro argument
 * was written, else where the macro was expanded. */
static void print_clang_diagnostic(Frontend *fe, CXDiagnostic dg, DiagLevel level) {
    CXFile file;
    unsigned line, col, off;
    clang_getFileLocation(clang_getDiagnosticLocation(dg), &file, &line, &col, &off);
    SrcLoc loc = {NULL, line, col, false};
    if (file) loc = fe_loc_at(fe, file, line, col);
    /* the message and, as clang writes it, the flag that controls it */
    CXString text = clang_getDiagnosticSpelling(dg);
    CXString option = clang_getDiagnosticOption(dg, NULL);
    const char *opt = clang_getCString(option);
    bool index_type;
    char *message, *said = fe_tidy_clang_text(fe, clang_getCString(text), &index_type);
    if (!opt || !*opt) message = said;
    else if (level == DIAG_ERROR && fe->u->diag->werror && strncmp(opt, "-Werror", 7) != 0)
        message = arena_printf(fe->a, "%s [-Werror,%s]", said, opt);
    else message = arena_printf(fe->a, "%s [%s]", said, opt);
    diag_clang(fe->u->diag, level, loc, message);
    if ((index_type || !strncmp(said, "subscripted value", 17)) && level != DIAG_NOTE)
        fe_note_index_misuse(fe, clang_getCString(text), loc);
    clang_disposeString(text);
    clang_disposeString(option);
}

/* A note that points at a name of camp.h's graphics types (a program's
 * own `norm3` function clashing with camp_texture.h's typedef): how to
 * leave those names out. */
static void note_graphics_name(Frontend *fe, CXDiagnostic note) {
    CXFile file;
    unsigned line, col;
    clang_getFileLocation(clang_getDiagnosticLocation(note), &file, &line, &col, NULL);
    CXString name = clang_getFileName(file);
    const char *path = clang_getCString(name);
    /* by the file's name: a unit with errors is not listed, so where camp.h lies is not known */
    const char *base = path ? strrchr(path, '/') : NULL;
    bool graphics = base && !strcmp(base + 1, "camp_texture.h");
    clang_disposeString(name);
    if (graphics)
        diag_note(fe->u->diag, fe_loc_at(fe, file, line, col),
                  "camp.h declares the graphics types and functions of camp_texture.h (norm, unorm3, ...); "
                  "define CAMP_NO_GRAPHICS before including <camp.h> to leave them out");
}

/* An error on a line that writes `restrict(amp)` or `restrict(cpu, amp)`
 * (a header of helpers included by a file without <camp.h>: clang reads
 * C's `restrict` qualifier there and gives a score of parse errors): a
 * note, once, that <camp.h> defines them. */
static void note_restrict_without_camp_h(Frontend *fe, CXDiagnostic dg, bool *noted) {
    CXFile file;
    unsigned line, col, off;
    clang_getFileLocation(clang_getDiagnosticLocation(dg), &file, &line, &col, &off);
    size_t size;
    const char *text = file ? clang_getFileContents(fe->tu, file, &size) : NULL;
    if (*noted || !text || off > size) return;
    size_t b = off, e = off;
    while (b > 0 && text[b - 1] != '\n') b--;
    while (e < size && text[e] != '\n') e++;
    for (size_t i = b; i + 8 < e; i++) {
        if (strncmp(text + i, "restrict", 8) != 0) continue;
        size_t j = fe_skip_space(text, e, i + 8);
        if (j >= e || text[j] != '(') continue;
        j = fe_skip_space(text, e, j + 1);
        if (j + 3 <= e && (strncmp(text + j, "amp", 3) == 0 || strncmp(text + j, "cpu", 3) == 0)) {
            diag_note(fe->u->diag, fe_loc_at(fe, file, line, (unsigned)(i - b + 1)),
                      "restrict(amp) and restrict(cpu, amp) are C AMP's, which <camp.h> defines: include it in "
                      "this file (or in the header) before the first of them");
            *noted = true;
            return;
        }
    }
}

/* The notes clang attached to a diagnostic. */
static void print_clang_notes(Frontend *fe, CXDiagnostic dg) {
    CXDiagnosticSet notes = clang_getChildDiagnostics(dg);
    unsigned n = clang_getNumDiagnosticsInSet(notes);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic note = clang_getDiagnosticInSet(notes, i);
        print_clang_diagnostic(fe, note, DIAG_NOTE);
        note_graphics_name(fe, note);
        clang_disposeDiagnostic(note);
    }
}

/* Whether the same diagnostic was shown already: a macro that expands its
 * argument several times (parallel_for_each does) repeats its errors. */
static bool already_shown(Frontend *fe, PtrVec *shown, CXDiagnostic dg) {
    CXString s = clang_formatDiagnostic(dg, CXDiagnostic_DisplaySourceLocation | CXDiagnostic_DisplayColumn);
    /* where the macro was used too: two uses of one macro are two errors */
    unsigned line, col;
    clang_getExpansionLocation(clang_getDiagnosticLocation(dg), NULL, &line, &col, NULL);
    char *key = arena_printf(fe->a, "%s @%u:%u", clang_getCString(s), line, col);
    clang_disposeString(s);
    for (int i = 0; i < shown->len; i++)
        if (strcmp(shown->items[i], key) == 0) return true;
    vec_push(fe->a, shown, key);
    return false;
}

/* clang's "non-void function 'main' should return a value", an error. */
static bool is_return_mismatch(CXDiagnostic dg) {
    if (clang_getDiagnosticSeverity(dg) < CXDiagnostic_Error) return false;
    CXString option = clang_getDiagnosticOption(dg, NULL);
    bool mismatch = !strcmp(clang_getCString(option), "-Wreturn-mismatch");
    clang_disposeString(option);
    return mismatch;
}

/* That error for a `return;` in a kernel body, where campcc's own error
 * says what to write instead (restrictions.c: `continue` ends the thread). */
static bool is_kernel_return(Frontend *fe, CXDiagnostic dg) {
    return is_return_mismatch(dg) && in_kernel_range(fe, clang_getDiagnosticLocation(dg));
}

/* clang's diagnostics of the parse. With an error, all of them: the
 * compilation stops there. Otherwise only the warnings inside kernels: the
 * host compiler sees everything else, but a launch where each kernel was.
 * Repeats of a diagnostic are shown once. */
static bool report_clang_diagnostics(Frontend *fe) {
    unsigned n = clang_getNumDiagnostics(fe->tu);
    bool errors = false, returns = false;
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic dg = clang_getDiagnostic(fe->tu, i);
        bool mismatch = is_return_mismatch(dg);
        returns = returns || mismatch;
        errors = errors || (clang_getDiagnosticSeverity(dg) >= CXDiagnostic_Error && !mismatch);
        clang_disposeDiagnostic(dg);
    }
    if (!errors) {
        fe_list_unit(fe);
        fe_visit_unit(fe, find_kernel_ranges, fe);
    }
    for (unsigned i = 0; i < n && returns && !errors; i++) { /* a `return;` outside kernels is an error still */
        CXDiagnostic dg = clang_getDiagnostic(fe->tu, i);
        errors = is_return_mismatch(dg) && !is_kernel_return(fe, dg);
        clang_disposeDiagnostic(dg);
    }
    bool shown = false; /* the last error or warning: its notes follow it */
    bool noted_restrict = false;
    PtrVec seen = {0}, swapped = {0};
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic dg = clang_getDiagnostic(fe->tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(dg);
        if (sev == CXDiagnostic_Note) {
            if (shown) print_clang_diagnostic(fe, dg, DIAG_NOTE), note_graphics_name(fe, dg);
        } else if (is_kernel_return(fe, dg) ||
                   (sev >= CXDiagnostic_Error && fe_swapped_pfe_arguments(fe, dg, &swapped))) {
            shown = false; /* campcc's own error says it */
        } else if (sev != CXDiagnostic_Ignored) {
            shown = (errors || in_kernel_range(fe, clang_getDiagnosticLocation(dg))) && !already_shown(fe, &seen, dg);
            if (shown) {
                print_clang_diagnostic(fe, dg, sev >= CXDiagnostic_Error ? DIAG_ERROR : DIAG_WARNING);
                print_clang_notes(fe, dg);
                if (sev >= CXDiagnostic_Error) note_restrict_without_camp_h(fe, dg, &noted_restrict);
            }
        }
        clang_disposeDiagnostic(dg);
    }
    return !errors;
}

static bool has_errors(CXTranslationUnit tu) {
    unsigned n = clang_getNumDiagnostics(tu);
    bool errors = false;
    for (unsigned i = 0; i < n && !errors; i++) {
        CXDiagnostic dg = clang_getDiagnostic(tu, i);
        errors = clang_getDiagnosticSeverity(dg) >= CXDiagnostic_Error;
        clang_disposeDiagnostic(dg);
    }
    return errors;
}

/* One parse of the user's file, with or without camp_math.h's vector forms. */
static enum CXErrorCode parse_once(Unit *u, CXIndex index, bool vector_math, CXTranslationUnit *tu) {
    int n = u->opts->nclang_args;
    const char **args = arena_alloc(&u->arena, sizeof *args * (size_t)(n + 3));
    memcpy(args, u->opts->clang_args, sizeof *args * (size_t)n);
    if (!vector_math) args[n++] = "-DCAMP_WITHOUT_VECTOR_MATH_=1";
    if (u->opts->prelude_pch[vector_math]) args[n++] = "-include-pch", args[n++] = u->opts->prelude_pch[vector_math];
    const unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing;
    /* standard input: a file of that name, which only libclang sees */
    struct CXUnsavedFile saved = {u->path, u->source, (unsigned long)u->source_len};
    return clang_parseTranslationUnit2(index, u->path, args, n, &saved, u->read_from || u->source_rewritten ? 1 : 0,
                                       flags, tu);
}

/* The user's file as clang sees it. camp_math.h's vector forms (hundreds of
 * overloads) are a third of the parse, and a file that uses none compiles
 * without them: so the first parse leaves them out, and only a file with
 * errors then (a vector math call, or a real error) is parsed again with
 * them, whose diagnostics are the ones reported. A vector argument never
 * converts to a scalar math parameter, so leaving them out cannot change
 * the meaning of a file that compiles. */
static enum CXErrorCode parse(Unit *u, CXIndex index, CXTranslationUnit *tu) {
    enum CXErrorCode err = parse_once(u, index, false, tu);
    u->uses_vector_math = err != CXError_Success || has_errors(*tu);
    if (!u->uses_vector_math) return err;
    if (*tu) clang_disposeTranslationUnit(*tu);
    *tu = NULL;
    return parse_once(u, index, true, tu);
}

/* Whether `name` is a C standard clang 19 knows (LangStandards.def). */
static bool is_c_standard(const char *name) {
    static const char *const names[] = {
        "c89", "c90", "iso9899:1990", "iso9899:199409", "gnu89", "gnu90",
        "c99", "c9x", "iso9899:1999", "iso9899:199x",   "gnu99", "gnu9x",
        "c11", "c1x", "iso9899:2011", "iso9899:201x",   "gnu11", "gnu1x",
        "c17", "c18", "iso9899:2017", "iso9899:2018",   "gnu17", "gnu18",
        "c23", "c2x", "gnu23",        "gnu2x",          "c2y",   "gnu2y",
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(name, names[i])) return true;
    return false;
}

/* Why libclang made no unit. clang's driver refuses a -std= (the last one
 * counts) that names no C standard without a diagnostic libclang passes
 * on: said here in clang's words; other causes only by libclang's code. */
static void report_parse_failure(Unit *u, enum CXErrorCode err) {
    for (int i = u->opts->nclang_args - 1; i >= 0; i--) {
        const char *arg = u->opts->clang_args[i], *eq = strchr(arg, '=');
        if (!eq || (strncmp(arg, "-std=", 5) && strncmp(arg, "--std=", 6))) continue;
        const char *name = eq + 1;
        if (is_c_standard(name)) break;
        static const char *const other_languages[] = {"c++", "gnu++", "cl", "CL", "hlsl"};
        for (size_t l = 0; l < sizeof other_languages / sizeof *other_languages; l++)
            if (!strncmp(name, other_languages[l], strlen(other_languages[l]))) {
                diag_tool_error("invalid argument '%s' not allowed with 'C'", arg);
                return;
            }
        diag_tool_error("invalid value '%s' in '%s'", name, arg);
        return;
    }
    diag_tool_error("cannot parse '%s' (libclang error %d)", u->path, (int)err);
}

bool frontend_run(Unit *u) {
    if (!fe_check_scope_operator(u) || !fe_check_includes(u) || !fe_check_expression_length(u)) return false;
    Frontend fe = {.u = u, .a = &u->arena};
    double t = time_now();
    CXIndex index = clang_createIndex(0, 0);
    enum CXErrorCode err = parse(u, index, &fe.tu);
    /* kernels the program's macros write: expanded in the text, parsed again */
    while (err == CXError_Success && (fe.main_file = clang_getFile(fe.tu, u->path)) && fe_expand_kernel_macros(&fe)) {
        clang_disposeTranslationUnit(fe.tu);
        fe.tu = NULL;
        err = parse(u, index, &fe.tu);
    }
    time_phase_end(TIME_PARSE, t);
    t = time_now();
    bool ok = false;
    if (err != CXError_Success) {
        report_parse_failure(u, err);
    } else {
        fe.main_file = clang_getFile(fe.tu, u->path);
        if (report_clang_diagnostics(&fe)) { /* which lists the unit (unit_cursors.c) */
            fe_find_host_math_use(&fe);
            if (fe_check_restrictions(&fe)) fe_visit_unit(&fe, find_kernels, &fe);
            if (u->diag->errors == 0) fe_lower_matmuls(&fe);
            if (u->diag->errors == 0 && u->kernels.len) {
                fe_find_call_views(&fe);
                fe_find_launch_scopes(&fe);
            }
        }
        ok = u->diag->errors == 0;
    }
    free(fe.vars);
    free(fe.captured);
    free(fe.funcs);
    free(fe.structs);
    free(fe.consts);
    free(fe.math);
    free(fe.searched);
    free(fe.shared);
    free(fe.global_params);
    free(fe.temporaries);
    free(fe.contract_pragmas);
    free(fe.omp_pragmas);
    if (fe.tu) clang_disposeTranslationUnit(fe.tu);
    clang_disposeIndex(index);
    time_phase_end(TIME_FRONTEND, t);
    return ok;
}

/* libclang says "Debian clang version 19.1.7 (3~deb12u1)": the word after
 * "version", or the whole string where there is none. */
const char *frontend_clang_version(Arena *a) {
    CXString s = clang_getClangVersion();
    const char *full = clang_getCString(s), *v = strstr(full, "version ");
    v = v ? v + strlen("version ") : full;
    const char *version = arena_printf(a, "%.*s", (int)strcspn(v, " "), v);
    clang_disposeString(s);
    return version;
}
