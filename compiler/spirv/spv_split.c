/* spv_split.c — one SPIR-V module per kernel, cut from the unit's module.
 * The runtime makes a kernel's pipeline from its own module, so a kernel
 * needs from the device only what it uses itself (C++ AMP checks each
 * parallel_for_each on its own), and a pipeline costs what its kernel
 * costs, not what the whole file does.
 *
 * A kernel's module keeps its entry point, what that reaches (functions,
 * variables, types, constants, strings, imports: the closure over id
 * operands, SPIRV-Tools' parser telling ids from literals, spv_parse.h),
 * the names and decorations of what it keeps, and only those capabilities
 * and extensions whose uses it keeps; ids are renumbered densely, so a small kernel's
 * module is small however large the file. Its features (camp_abi.h) follow
 * from what it kept. */
#include "campcc.h"

#include "camp_abi.h"
#include "spv_builder.h"
#include "spv_parse.h"

#include <spirv/unified1/NonSemanticShaderDebugInfo100.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Inst {
    size_t at;         /* first word in the module */
    uint32_t nwords;
    uint32_t opcode;
    uint32_t result;   /* 0: none */
    uint32_t type;     /* its result type, 0: none */
    size_t ids;        /* its id operands' word positions: Module.id_at[ids .. ids + nids] */
    uint32_t nids;
    uint32_t target;   /* annotations and execution modes: the id they apply to */
    uint32_t end;      /* OpFunction: the index of its OpFunctionEnd */
} Inst;

typedef struct Module {
    const uint32_t *words;
    uint32_t bound;
    Inst *insts;
    size_t ninsts, cap;
    size_t *id_at;     /* word positions of id operands, all instructions */
    size_t nid_at, id_cap;
    uint32_t *def;     /* id → 1 + the instruction defining it (0: none) */
    uint32_t *annotated; /* id → 1 + its first annotation */
    uint32_t *next_annotation; /* instruction → 1 + the next one of the same target */
    size_t *entries;   /* the OpEntryPoints' instructions */
    size_t nentries, entries_cap;
    uint32_t *builtin_constants; /* constants decorated BuiltIn (WorkgroupSize) */
    size_t nbuiltin_constants, builtin_cap;
    uint32_t function; /* while parsing: 1 + the OpFunction being read */
} Module;

/* Out of memory is fatal here, as in spv_builder.c. */
static void grow(void **p, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return;
    size_t n = *cap ? *cap * 2 : 256;
    while (n < need) n *= 2;
    *p = realloc(*p, n * size);
    if (!*p) unreachable("out of memory");
    *cap = n;
}

static void *zeroed(size_t n, size_t size) {
    void *p = calloc(n ? n : 1, size);
    if (!p) unreachable("out of memory");
    return p;
}

/* The instructions that apply to an id rather than use it: kept with it. */
static bool applies_to_target(uint32_t opcode) {
    switch (opcode) {
    case SpvOpName: case SpvOpMemberName: case SpvOpDecorate: case SpvOpMemberDecorate: case SpvOpDecorateId:
    case SpvOpDecorateString: case SpvOpMemberDecorateString: case SpvOpExecutionMode: case SpvOpExecutionModeId:
    case SpvOpTypeForwardPointer:
        return true;
    default: return false;
    }
}

static void on_instruction(void *user, const SpvParsedInst *p) {
    Module *m = user;
    grow((void **)&m->insts, &m->cap, m->ninsts + 1, sizeof *m->insts);
    grow((void **)&m->id_at, &m->id_cap, m->nid_at + p->nids, sizeof *m->id_at);
    size_t index = m->ninsts++;
    Inst *in = &m->insts[index];
    *in = (Inst){
        .at = index ? m->insts[index - 1].at + m->insts[index - 1].nwords : SPV_HEADER_WORDS,
        .nwords = p->nwords,
        .opcode = p->opcode,
        .result = p->result,
        .type = p->type,
        .ids = m->nid_at,
        .nids = p->nids,
    };
    for (uint32_t i = 0; i < p->nids; i++) m->id_at[m->nid_at++] = in->at + p->id_offsets[i];
    if (in->result < m->bound) m->def[in->result] = (uint32_t)index + 1;
    if (p->opcode == SpvOpFunction) m->function = (uint32_t)index + 1;
    if (p->opcode == SpvOpFunctionEnd && m->function) m->insts[m->function - 1].end = (uint32_t)index;
    if (applies_to_target(p->opcode)) in->target = m->words[in->at + 1];
    if (p->opcode == SpvOpEntryPoint) {
        grow((void **)&m->entries, &m->entries_cap, m->nentries + 1, sizeof *m->entries);
        m->entries[m->nentries++] = index;
    }
    if (p->opcode == SpvOpDecorate && m->words[in->at + 2] == SpvDecorationBuiltIn) {
        grow((void **)&m->builtin_constants, &m->builtin_cap, m->nbuiltin_constants + 1,
             sizeof *m->builtin_constants);
        m->builtin_constants[m->nbuiltin_constants++] = in->target;
    }
}

/* Parses the module and links each annotation to its target. */
static bool parse(Module *m, const uint32_t *words, size_t n) {
    if (n < SPV_HEADER_WORDS) return false;
    m->words = words;
    m->bound = words[3];
    m->def = zeroed(m->bound, sizeof *m->def);
    m->annotated = zeroed(m->bound, sizeof *m->annotated);
    if (!spv_parse(words, n, on_instruction, m)) return false;
    m->next_annotation = zeroed(m->ninsts, sizeof *m->next_annotation);
    for (size_t i = m->ninsts; i-- > 0;) {
        uint32_t t = m->insts[i].target;
        if (!t || t >= m->bound) continue;
        m->next_annotation[i] = m->annotated[t];
        m->annotated[t] = (uint32_t)i + 1;
    }
    return true;
}

static void module_free(Module *m) {
    free(m->insts), free(m->id_at), free(m->def), free(m->annotated), free(m->next_annotation);
    free(m->entries), free(m->builtin_constants);
}

/* ---- one kernel's part ---------------------------------------------------- */

/* What one kernel keeps. Stamps (the kernel's number + 1) mark kept
 * instructions, reached ids and renumbered ids without clearing them
 * between kernels. */
typedef struct Cut {
    const Module *m;
    uint32_t stamp;
    uint32_t *inst_kept;  /* per instruction */
    uint32_t *id_reached; /* per id */
    uint32_t *new_id, *new_id_stamp; /* per id: its number in the kernel's module */
    uint32_t next_id;
    size_t *kept;         /* kept instructions; in the module's order once sorted */
    size_t nkept, kept_cap;
    uint32_t *work;       /* reached ids not yet visited */
    size_t nwork, work_cap;
} Cut;

static bool reached(const Cut *c, uint32_t id) { return id && id < c->m->bound && c->id_reached[id] == c->stamp; }

static void reach(Cut *c, uint32_t id) {
    if (!id || id >= c->m->bound || reached(c, id)) return;
    c->id_reached[id] = c->stamp;
    grow((void **)&c->work, &c->work_cap, c->nwork + 1, sizeof *c->work);
    c->work[c->nwork++] = id;
}

/* Keeps instruction i; with `uses`, what its operands name too. */
static void keep(Cut *c, size_t i, bool uses) {
    if (c->inst_kept[i] == c->stamp) return;
    c->inst_kept[i] = c->stamp;
    grow((void **)&c->kept, &c->kept_cap, c->nkept + 1, sizeof *c->kept);
    c->kept[c->nkept++] = i;
    const Inst *in = &c->m->insts[i];
    for (uint32_t k = 0; uses && k < in->nids; k++) reach(c, c->m->words[c->m->id_at[in->ids + k]]);
}

/* Keeps what `id` needs: its definition (a function whole), and what
 * applies to it. */
static void visit(Cut *c, uint32_t id) {
    const Module *m = c->m;
    uint32_t d = m->def[id];
    if (d && m->insts[d - 1].opcode == SpvOpFunction)
        for (size_t i = d - 1; i <= m->insts[d - 1].end; i++) keep(c, i, true);
    else if (d)
        keep(c, d - 1, true);
    for (uint32_t a = m->annotated[id]; a; a = m->next_annotation[a - 1]) keep(c, a - 1, true);
}

static void close_over(Cut *c) {
    while (c->nwork) visit(c, c->work[--c->nwork]);
}

/* The WorkgroupSize built-in is a constant nothing refers to: it goes with
 * the specialization constants it is made of (untiled kernels use them;
 * a tiled kernel's size is its LocalSize mode). */
static void keep_builtin_constants(Cut *c) {
    const Module *m = c->m;
    for (size_t b = 0; b < m->nbuiltin_constants; b++) {
        uint32_t d = m->def[m->builtin_constants[b]];
        if (!d || reached(c, m->builtin_constants[b])) continue;
        const Inst *in = &m->insts[d - 1];
        if (in->opcode != SpvOpSpecConstantComposite && in->opcode != SpvOpConstantComposite) continue;
        for (uint32_t k = 0; k < in->nids; k++)
            if (m->id_at[in->ids + k] - in->at >= 3 && reached(c, m->words[m->id_at[in->ids + k]]))
                reach(c, in->result);
    }
    close_over(c);
}

static const Inst *def_of_id(const Module *m, uint32_t id) {
    return id && id < m->bound && m->def[id] ? &m->insts[m->def[id] - 1] : NULL;
}

/* Whether instruction in is an OpExtInst of -g's set (spv_debug.c). */
static bool is_debug_info(const Module *m, const Inst *in) {
    if (in->opcode != SpvOpExtInst) return false;
    const Inst *set = def_of_id(m, m->words[in->at + 3]);
    static const char name[] = "NonSemantic.Shader.DebugInfo.100";
    return set && set->opcode == SpvOpExtInstImport && (set->nwords - 2) * 4 >= sizeof name &&
           !memcmp(m->words + set->at + 2, name, sizeof name);
}

/* -g's debug information that nothing refers to, about what the kernel
 * keeps: the DebugGlobalVariable of a kept tile_static variable, and each
 * DebugSourceContinued after a kept DebugSource (the rest of its text,
 * tied to it by place only). */
static void keep_debug_info(Cut *c) {
    const Module *m = c->m;
    enum { VARIABLE_WORD = 5 + 7 }; /* DebugGlobalVariable's Variable operand */
    for (size_t i = 0; i < m->ninsts && m->insts[i].opcode != SpvOpFunction; i++)
        if (is_debug_info(m, &m->insts[i]) && m->words[m->insts[i].at + 4] == NonSemanticShaderDebugInfo100DebugGlobalVariable &&
            reached(c, m->words[m->insts[i].at + VARIABLE_WORD]))
            keep(c, i, true);
    close_over(c);
    bool source_kept = false;
    for (size_t i = 0; i < m->ninsts && m->insts[i].opcode != SpvOpFunction; i++) {
        if (!is_debug_info(m, &m->insts[i])) continue;
        uint32_t inst = m->words[m->insts[i].at + 4];
        if (inst == NonSemanticShaderDebugInfo100DebugSourceContinued && source_kept) keep(c, i, true);
        else source_kept = inst == NonSemanticShaderDebugInfo100DebugSource && c->inst_kept[i] == c->stamp;
    }
    close_over(c);
}

/* ---- capabilities and features -------------------------------------------- */

typedef struct Uses {
    bool int64, int16, int8, float64, float16;
    bool push8, push16;      /* 8-/16-bit scalars in the push constants */
    bool atomic_float_add;   /* OpAtomicFAddEXT */
    bool atomic_float;       /* a float OpAtomicExchange, Load or Store */
    bool atomic_int64;       /* an atomic on a 64-bit integer in a view */
    bool shared_atomic_int64; /* ... in tile_static memory */
    bool image;              /* OpTypeImage: textures */
    bool storage_image;      /* a storage image: textures written (without a format) */
    uint32_t subgroup;       /* CAMP_FEATURE_SUBGROUP_* of its subgroup operations */
} Uses;

static const Inst *def_of(const Module *m, uint32_t id) {
    return id && id < m->bound && m->def[id] ? &m->insts[m->def[id] - 1] : NULL;
}

/* The widths of the narrow scalars a push-constant type holds in place
 * (pointers lead elsewhere): bit 8 and bit 16 of the result. */
static uint32_t small_ints_in(const Module *m, uint32_t type, int depth) {
    const Inst *t = def_of(m, type);
    if (!t || depth > 64) return 0;
    const uint32_t *w = m->words + t->at;
    switch (t->opcode) {
    case SpvOpTypeInt: case SpvOpTypeFloat: return w[2] == 8 ? 1u << 8 : w[2] == 16 ? 1u << 16 : 0;
    case SpvOpTypeVector: case SpvOpTypeArray: case SpvOpTypeRuntimeArray:
        return small_ints_in(m, w[2], depth + 1);
    case SpvOpTypeStruct: {
        uint32_t bits = 0;
        for (uint32_t k = 2; k < t->nwords; k++) bits |= small_ints_in(m, w[k], depth + 1);
        return bits;
    }
    default: return 0;
    }
}

/* The subgroup features an instruction needs (with the basic ones), 0 for
 * one that is no subgroup operation. */
static uint32_t subgroup_class(uint32_t opcode) {
    switch (opcode) {
    case SpvOpGroupNonUniformAny: case SpvOpGroupNonUniformAll: return CAMP_FEATURE_SUBGROUP_VOTE;
    case SpvOpGroupNonUniformBroadcast: case SpvOpGroupNonUniformBallot: return CAMP_FEATURE_SUBGROUP_BALLOT;
    case SpvOpGroupNonUniformShuffle: case SpvOpGroupNonUniformShuffleXor: return CAMP_FEATURE_SUBGROUP_SHUFFLE;
    case SpvOpGroupNonUniformShuffleUp: case SpvOpGroupNonUniformShuffleDown:
        return CAMP_FEATURE_SUBGROUP_SHUFFLE_RELATIVE;
    case SpvOpGroupNonUniformIAdd: case SpvOpGroupNonUniformFAdd: case SpvOpGroupNonUniformSMin:
    case SpvOpGroupNonUniformUMin: case SpvOpGroupNonUniformFMin: case SpvOpGroupNonUniformSMax:
    case SpvOpGroupNonUniformUMax: case SpvOpGroupNonUniformFMax: case SpvOpGroupNonUniformBitwiseAnd:
    case SpvOpGroupNonUniformBitwiseOr: case SpvOpGroupNonUniformBitwiseXor:
        return CAMP_FEATURE_SUBGROUP_ARITHMETIC;
    default: return 0;
    }
}

/* A subgroup operation on 8-, 16- or 64-bit integers or on half needs
 * shaderSubgroupExtendedTypes (double needs only shaderFloat64). */
static bool extended_type(const Inst *type, const uint32_t *words) {
    if (!type) return false;
    uint32_t width = words[type->at + 2];
    return (type->opcode == SpvOpTypeInt && width != 32) || (type->opcode == SpvOpTypeFloat && width == 16);
}

/* An atomic instruction's pointer operand, or 0 for an instruction that is
 * none. */
static uint32_t atomic_pointer(const Inst *in, const uint32_t *w) {
    switch (in->opcode) {
    case SpvOpAtomicStore: return w[1];
    case SpvOpAtomicLoad: case SpvOpAtomicExchange: case SpvOpAtomicCompareExchange: case SpvOpAtomicIIncrement:
    case SpvOpAtomicIDecrement: case SpvOpAtomicIAdd: case SpvOpAtomicISub: case SpvOpAtomicSMin:
    case SpvOpAtomicUMin: case SpvOpAtomicSMax: case SpvOpAtomicUMax: case SpvOpAtomicAnd: case SpvOpAtomicOr:
    case SpvOpAtomicXor: case SpvOpAtomicFAddEXT:
        return w[3];
    default: return 0;
    }
}

/* An atomic on a 64-bit integer (by its memory), or other than an add on
 * a 32-bit float (shader{Buffer,Shared}Float32Atomics): notes it in u. */
static void note_atomic(const Module *m, const Inst *in, uint32_t pointer, Uses *u) {
    const Inst *p = def_of(m, pointer), *pt = p ? def_of(m, p->type) : NULL;
    if (!pt || pt->opcode != SpvOpTypePointer) return;
    const Inst *to = def_of(m, m->words[pt->at + 3]);
    if (!to) return;
    uint32_t width = m->words[to->at + 2];
    if (to->opcode == SpvOpTypeFloat && width == 32 && in->opcode != SpvOpAtomicFAddEXT) u->atomic_float = true;
    if (to->opcode != SpvOpTypeInt || width != 64) return;
    if (m->words[pt->at + 2] == SpvStorageClassWorkgroup) u->shared_atomic_int64 = true;
    else u->atomic_int64 = true;
}

static Uses find_uses(const Cut *c) {
    const Module *m = c->m;
    Uses u = {0};
    for (size_t k = 0; k < c->nkept; k++) {
        const Inst *in = &m->insts[c->kept[k]];
        const uint32_t *w = m->words + in->at;
        const Inst *type = def_of(m, in->type);
        if (atomic_pointer(in, w)) note_atomic(m, in, atomic_pointer(in, w), &u);
        switch (in->opcode) {
        case SpvOpTypeInt:
            u.int64 |= w[2] == 64, u.int16 |= w[2] == 16, u.int8 |= w[2] == 8;
            break;
        case SpvOpTypeFloat: u.float64 |= w[2] == 64, u.float16 |= w[2] == 16; break;
        case SpvOpTypePointer:
            if (w[2] == SpvStorageClassPushConstant) {
                uint32_t bits = small_ints_in(m, w[3], 0);
                u.push8 |= (bits >> 8) & 1, u.push16 |= (bits >> 16) & 1;
            }
            break;
        case SpvOpAtomicFAddEXT: u.atomic_float_add = true; break;
        case SpvOpTypeImage: u.image = true, u.storage_image |= w[7] == 2; break;
        case SpvOpDecorate:
            if (w[2] == SpvDecorationBuiltIn && (w[3] == SpvBuiltInSubgroupSize || w[3] == SpvBuiltInSubgroupLocalInvocationId ||
                                                 w[3] == SpvBuiltInSubgroupId))
                u.subgroup |= CAMP_FEATURE_SUBGROUP_BASIC;
            break;
        default:
            if (subgroup_class(in->opcode))
                u.subgroup |= CAMP_FEATURE_SUBGROUP_BASIC | subgroup_class(in->opcode) |
                              (extended_type(type, m->words) ? CAMP_FEATURE_SUBGROUP_EXTENDED_TYPES : 0);
            break;
        }
    }
    return u;
}

/* Whether the kernel keeps a capability of the unit's module: those that
 * come with a use are kept with it; the rest (Shader, addresses, modes)
 * every kernel shares. */
static bool capability_needed(SpvCapability cap, const Uses *u) {
    switch (cap) {
    case SpvCapabilityInt64: return u->int64;
    case SpvCapabilityFloat64: return u->float64;
    case SpvCapabilityFloat16: case SpvCapabilityRoundingModeRTE: return u->float16;
    case SpvCapabilityInt16: return u->int16;
    case SpvCapabilityStorageBuffer16BitAccess: return u->int16 || u->float16;
    case SpvCapabilityInt8: case SpvCapabilityStorageBuffer8BitAccess:
    case SpvCapabilityUniformAndStorageBuffer8BitAccess: return u->int8;
    case SpvCapabilityStoragePushConstant8: return u->push8;
    case SpvCapabilityStoragePushConstant16: return u->push16;
    case SpvCapabilityAtomicFloat32AddEXT: return u->atomic_float_add;
    case SpvCapabilityInt64Atomics: return u->atomic_int64 || u->shared_atomic_int64;
    case SpvCapabilityImage1D: case SpvCapabilitySampled1D: return u->image;
    case SpvCapabilityStorageImageWriteWithoutFormat: return u->storage_image;
    case SpvCapabilityGroupNonUniform: return u->subgroup;
    case SpvCapabilityGroupNonUniformVote: return u->subgroup & CAMP_FEATURE_SUBGROUP_VOTE;
    case SpvCapabilityGroupNonUniformBallot: return u->subgroup & CAMP_FEATURE_SUBGROUP_BALLOT;
    case SpvCapabilityGroupNonUniformShuffle: return u->subgroup & CAMP_FEATURE_SUBGROUP_SHUFFLE;
    case SpvCapabilityGroupNonUniformShuffleRelative: return u->subgroup & CAMP_FEATURE_SUBGROUP_SHUFFLE_RELATIVE;
    case SpvCapabilityGroupNonUniformArithmetic: return u->subgroup & CAMP_FEATURE_SUBGROUP_ARITHMETIC;
    default: return true;
    }
}

static bool extension_needed(const char *name, const Uses *u) {
    if (!strcmp(name, "SPV_EXT_shader_atomic_float_add")) return u->atomic_float_add;
    return true;
}

static uint32_t features_of(const Uses *u) {
    return (u->int64 ? CAMP_FEATURE_INT64 : 0) | (u->float64 ? CAMP_FEATURE_FLOAT64 : 0) |
           (u->int16 ? CAMP_FEATURE_INT16 : 0) | (u->int8 ? CAMP_FEATURE_INT8 : 0) |
           (u->atomic_float_add ? CAMP_FEATURE_ATOMIC_FLOAT_ADD : 0) | (u->atomic_float ? CAMP_FEATURE_ATOMIC_FLOAT : 0) |
           (u->storage_image ? CAMP_FEATURE_STORAGE_IMAGE : 0) | (u->float16 ? CAMP_FEATURE_FLOAT16 : 0) |
           (u->push8 ? CAMP_FEATURE_PUSH_CONSTANT8 : 0) | (u->push16 ? CAMP_FEATURE_PUSH_CONSTANT16 : 0) |
           (u->atomic_int64 ? CAMP_FEATURE_INT64_ATOMICS : 0) |
           (u->shared_atomic_int64 ? CAMP_FEATURE_SHARED_INT64_ATOMICS : 0) | u->subgroup;
}

/* Drops the kernel's execution modes for a float width it does not use
 * (spv_emit.c gives them to every kernel of a unit with half or double):
 * `RoundingModeRTE 16` would need a capability the kernel does not
 * declare, `SignedZeroInfNanPreserve 64` a device property it does not
 * need. */
static void drop_unused_width_modes(Cut *c, const Uses *u) {
    size_t n = 0;
    for (size_t k = 0; k < c->nkept; k++) {
        const Inst *in = &c->m->insts[c->kept[k]];
        const uint32_t *w = c->m->words + in->at;
        bool unused = in->opcode == SpvOpExecutionMode &&
                      ((w[2] == SpvExecutionModeRoundingModeRTE && !u->float16) ||
                       (w[2] == SpvExecutionModeSignedZeroInfNanPreserve && w[3] == 64 && !u->float64));
        if (!unused) c->kept[n++] = c->kept[k];
    }
    c->nkept = n;
}

/* ---- writing the kernel's module ------------------------------------------ */

static uint32_t renumber(Cut *c, uint32_t id) {
    if (c->new_id_stamp[id] != c->stamp) {
        c->new_id_stamp[id] = c->stamp;
        c->new_id[id] = c->next_id++;
    }
    return c->new_id[id];
}

static int by_position(const void *a, const void *b) {
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* Appends kept instruction i with its ids renumbered; an entry point lists
 * only the interface variables its kernel reaches. */
static void put_inst(Cut *c, size_t i, WordBuf *out) {
    const Module *m = c->m;
    const Inst *in = &m->insts[i];
    size_t start = out->n;
    for (uint32_t k = 0; k < in->nwords; k++) wb_push(out, m->words[in->at + k]);
    for (uint32_t k = 0; k < in->nids; k++) {
        uint32_t *word = &out->w[start + (m->id_at[in->ids + k] - in->at)];
        if (in->opcode != SpvOpEntryPoint || k == 0 || reached(c, *word)) *word = renumber(c, *word);
        else *word = 0; /* an interface variable of other kernels: dropped below */
    }
    if (in->opcode != SpvOpEntryPoint) return;
    size_t n = in->nids > 1 ? m->id_at[in->ids + 1] - in->at : in->nwords; /* the interface, after the name */
    for (size_t k = n; k < in->nwords; k++)
        if (out->w[start + k]) out->w[start + n++] = out->w[start + k];
    out->n = start + n;
    out->w[start] = (uint32_t)n << 16 | SpvOpEntryPoint;
}

/* The kernel of entry point instruction `entry`: its module appended to
 * `out`, its features in *features. */
static void cut_kernel(Cut *c, size_t entry, WordBuf *out, uint32_t *features) {
    const Module *m = c->m;
    c->nkept = 0;
    c->next_id = 1;
    /* roots: the entry function, and what every module keeps */
    reach(c, m->words[m->id_at[m->insts[entry].ids]]);
    for (size_t i = 0; i < m->ninsts && m->insts[i].opcode != SpvOpFunction; i++) {
        uint32_t op = m->insts[i].opcode;
        if (op == SpvOpMemoryModel || op == SpvOpSource || op == SpvOpSourceContinued || op == SpvOpSourceExtension ||
            op == SpvOpModuleProcessed)
            keep(c, i, true);
    }
    close_over(c);
    keep_builtin_constants(c);
    keep_debug_info(c);
    keep(c, entry, false); /* its interface lists the variables of every kernel */

    Uses uses = find_uses(c);
    *features = features_of(&uses);
    drop_unused_width_modes(c, &uses);
    /* each once: the unit's module may repeat one (a builder's set holds only the small ones) */
    uint32_t caps[64];
    size_t ncaps = 0;
    for (size_t i = 0; i < m->ninsts && m->insts[i].opcode != SpvOpMemoryModel; i++) {
        const Inst *in = &m->insts[i];
        uint32_t cap = m->words[in->at + 1];
        if (in->opcode == SpvOpCapability && capability_needed(cap, &uses)) {
            bool seen = false;
            for (size_t k = 0; k < ncaps && !seen; k++) seen = caps[k] == cap;
            if (seen) continue;
            if (ncaps == sizeof caps / sizeof *caps) unreachable("more capabilities than campcc declares");
            caps[ncaps++] = cap;
            keep(c, i, false);
            if (cap == SpvCapabilityCooperativeMatrixNV) *features |= CAMP_FEATURE_COOPERATIVE_MATRIX;
        }
        if (in->opcode == SpvOpExtension && extension_needed((const char *)(m->words + in->at + 1), &uses))
            keep(c, i, false);
    }
    qsort(c->kept, c->nkept, sizeof *c->kept, by_position);

    size_t header = out->n;
    const uint32_t head[SPV_HEADER_WORDS] = {m->words[0], m->words[1], m->words[2], 0, 0};
    for (int k = 0; k < SPV_HEADER_WORDS; k++) wb_push(out, head[k]);
    for (size_t k = 0; k < c->nkept; k++) put_inst(c, c->kept[k], out);
    out->w[header + 3] = c->next_id; /* the bound */
}

/* Whether entry point instruction `ep` is named `name`. */
static bool entry_named(const Module *m, size_t ep, const char *name) {
    const Inst *in = &m->insts[ep];
    size_t len = strlen(name), room = (in->nwords - 3) * sizeof(uint32_t);
    return len < room && memcmp(m->words + in->at + 3, name, len + 1) == 0;
}

/* The entry point of kernel k: the k-th, as spv_emit_module writes them,
 * else found by name. */
static bool find_entry(const Module *m, size_t k, const char *name, size_t *entry) {
    for (size_t e = 0; e < m->nentries; e++) {
        size_t i = m->entries[(k + e) % m->nentries];
        if (entry_named(m, i, name)) {
            *entry = i;
            return true;
        }
    }
    return false;
}

/* Cuts the modules of the `count` kernels from words[0 .. n), appending
 * them to `out`. */
static bool split(const uint32_t *words, size_t n, Kernel **kernels, int count, WordBuf *out) {
    Module m = {0};
    bool ok = parse(&m, words, n);
    if (ok) {
        Cut c = {
            .m = &m,
            .inst_kept = zeroed(m.ninsts, sizeof *c.inst_kept),
            .id_reached = zeroed(m.bound, sizeof *c.id_reached),
            .new_id = zeroed(m.bound, sizeof *c.new_id),
            .new_id_stamp = zeroed(m.bound, sizeof *c.new_id_stamp),
        };
        for (int k = 0; ok && k < count; k++) {
            Kernel *kernel = kernels[k];
            size_t entry;
            ok = find_entry(&m, (size_t)k, kernel->entry, &entry);
            if (!ok) break;
            c.stamp = (uint32_t)k + 1;
            kernel->spirv_offset = out->n;
            cut_kernel(&c, entry, out, &kernel->features);
            kernel->spirv_words = out->n - kernel->spirv_offset;
        }
        free(c.inst_kept), free(c.id_reached), free(c.new_id), free(c.new_id_stamp), free(c.kept), free(c.work);
    }
    module_free(&m);
    return ok;
}

static void split_failed(Unit *u) {
    fprintf(stderr, "campcc: internal error: cannot split the SPIR-V module for '%s' into its kernels\n", u->path);
    u->diag->errors++;
}

bool spv_split_kernels(Unit *u) {
    WordBuf out = {0};
    if (!split(u->spirv, u->spirv_words, (Kernel **)u->kernels.items, u->kernels.len, &out)) {
        split_failed(u);
        wb_free(&out);
        return false;
    }
    free(u->kernel_spirv);
    u->kernel_spirv = out.w;
    u->kernel_spirv_words = out.n;
    return true;
}

bool spv_recut_kernel(Unit *u, Kernel *k, const uint32_t *words, size_t n, WordBuf *out) {
    bool ok = split(words, n, &k, 1, out);
    if (!ok) split_failed(u);
    return ok;
}
