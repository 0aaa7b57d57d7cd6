/* spv_texture.c — textures (EX_TEXTURE): images of the kernel at its
 * bindings of descriptor set 0, one per Var, of the kind its access says.
 * Sampled and write-only storage images are declared without a format
 * (Unknown), so the image's own format (8-bit unorm, 16-bit float, ...)
 * converts on read and write and one kernel serves every bits-per-element
 * choice. Reads are OpImageFetch of a sampled image, writes OpImageWrite of
 * a storage image, samples and gathers OpImageSampleExplicitLod and
 * OpImageGather of a combined image sampler, all of 4-component texels; an
 * index's component 0 (the row) is the image's last coordinate, a sampling
 * coordinate's is x.
 *
 * A texture the kernel writes itself (texture_set of the texture, C++
 * AMP's texture::set) is one storage image for reads and writes, so that
 * a read sees the thread's own earlier write (and, after a barrier, its
 * tile's): OpImageRead needs the format in the shader unless the device
 * has shaderStorageImageReadWithoutFormat (lavapipe has not), so it is
 * declared R32f, R32i or R32ui, formats every device reads and writes as
 * storage images, and the runtime checks the texture's format at launch.
 *
 * An amp function's EX_TEXTURE names a use of its texture parameters
 * (Func.textures): each call resolves them to the kernel's textures, whose
 * variables' ids join the Spec key, so the function has one copy per
 * combination of images it is given. */
#include "spv_emit.h"

#include "camp_abi.h"

/* What a binding is, by its access (campcc.h's TextureInfo). */
typedef enum ImageKind {
    IMAGE_SAMPLED,    /* read: OpImageFetch */
    IMAGE_WRITE_ONLY, /* a writeonly_texture_view: OpImageWrite, any format */
    IMAGE_READ_WRITE, /* a texture written with texture_set: OpImageRead and OpImageWrite, one 32-bit channel */
    IMAGE_COMBINED,   /* sampled with a sampler */
} ImageKind;

static ImageKind image_kind(const TextureInfo *t) {
    if (t->access & CAMP_ACCESS_SAMPLE) return IMAGE_COMBINED;
    if (t->access == (CAMP_ACCESS_READ | CAMP_ACCESS_WRITE)) return IMAGE_READ_WRITE;
    return t->access & CAMP_ACCESS_WRITE ? IMAGE_WRITE_ONLY : IMAGE_SAMPLED;
}

/* One key per image type for e->types (OpTypeImage may not be declared
 * twice): [sampled, write-only, read-write][sampled type: int, uint, float][rank - 1]. */
static const char image_type_keys[3][3][3];

static uint32_t scalar_type(Emitter *e, const TextureInfo *t) {
    return em_type(e, t->element->kind == TY_VECTOR ? t->element->base : t->element);
}

/* The OpTypeImage of a sampled (and combined) image, or of a storage image. */
static uint32_t image_type(Emitter *e, const TextureInfo *t, ImageKind kind) {
    const Type *scalar = t->element->kind == TY_VECTOR ? t->element->base : t->element;
    int sampled_type = scalar->kind == TY_FLOAT ? 2 : scalar->is_signed ? 0 : 1;
    int variant = kind == IMAGE_WRITE_ONLY ? 1 : kind == IMAGE_READ_WRITE ? 2 : 0;
    const void *key = &image_type_keys[variant][sampled_type][t->rank - 1];
    uint32_t id = em_map_get(&e->types, key);
    if (id) return id;
    static const SpvDim dims[] = {SpvDim1D, SpvDim2D, SpvDim3D};
    static const SpvImageFormat one_channel[] = {SpvImageFormatR32i, SpvImageFormatR32ui, SpvImageFormatR32f};
    bool storage = variant != 0;
    if (t->rank == 1) spv_capability(&e->b, storage ? SpvCapabilityImage1D : SpvCapabilitySampled1D);
    if (kind == IMAGE_WRITE_ONLY) spv_capability(&e->b, SpvCapabilityStorageImageWriteWithoutFormat);
    id = spv_new_id(&e->b);
    /* depth 0, not arrayed, not multisampled; sampled 1 or storage 2 */
    SPV_OP(&e->b.globals, SpvOpTypeImage, id, scalar_type(e, t), dims[t->rank - 1], 0, 0, 0, storage ? 2 : 1,
           kind == IMAGE_READ_WRITE ? one_channel[sampled_type] : SpvImageFormatUnknown);
    em_map_set(&e->types, key, id);
    return id;
}

/* [rank - 1]: the sampled images' OpTypeSampledImage, like image_type_keys. */
static const char sampled_image_keys[3];

static uint32_t sampled_image_type(Emitter *e, const TextureInfo *t) {
    const void *key = &sampled_image_keys[t->rank - 1];
    uint32_t id = em_map_get(&e->types, key);
    if (id) return id;
    id = spv_new_id(&e->b);
    SPV_OP(&e->b.globals, SpvOpTypeSampledImage, id, image_type(e, t, IMAGE_SAMPLED));
    em_map_set(&e->types, key, id);
    return id;
}

/* The type of a kernel texture's binding. */
static uint32_t binding_type(Emitter *e, const Var *v) {
    ImageKind kind = image_kind(v->texture);
    return kind == IMAGE_COMBINED ? sampled_image_type(e, v->texture) : image_type(e, v->texture, kind);
}

/* The UniformConstant variable of a kernel texture's binding. */
static uint32_t image_var(Emitter *e, Var *v) {
    uint32_t id = em_map_get(&e->globals, v);
    if (id) return id;
    SpvBuilder *b = &e->b;
    id = spv_new_id(b);
    SPV_OP(&b->globals, SpvOpVariable, spv_type_pointer(b, SpvStorageClassUniformConstant, binding_type(e, v), 0), id,
           SpvStorageClassUniformConstant);
    uint32_t binding = (uint32_t)v->texture->binding;
    spv_decorate(b, id, SpvDecorationDescriptorSet, (const uint32_t[]){0}, 1);
    spv_decorate(b, id, SpvDecorationBinding, &binding, 1);
    ImageKind kind = image_kind(v->texture);
    if (kind == IMAGE_WRITE_ONLY) spv_decorate(b, id, SpvDecorationNonReadable, NULL, 0);
    /* other threads' writes become visible to a read after a barrier */
    if (kind == IMAGE_READ_WRITE) spv_decorate(b, id, SpvDecorationCoherent, NULL, 0);
    spv_name(b, id, v->name);
    em_map_set(&e->globals, v, id);
    return id;
}

int em_texture_vars(Emitter *e, Var *v, uint32_t *out) {
    out[0] = image_var(e, v);
    return 1;
}

/* The kernel's texture that v is: v itself, or in an amp function the one
 * the call bound its use to. */
static Var *kernel_texture(Emitter *e, Var *v) {
    if (v->texture->param < 0) return v;
    for (int i = 0; e->func && i < e->func->textures.len; i++)
        if (e->func->textures.items[i] == v) return e->texture_args[i];
    unreachable("a texture use of another function");
}

Var **em_texture_args(Emitter *e, Expr *call, uint32_t *key) {
    const Func *f = call->callee;
    if (!f->textures.len) return NULL;
    Var **vars = arena_alloc(&e->u->arena, sizeof(Var *) * (size_t)f->textures.len);
    for (int i = 0; i < f->textures.len; i++) {
        vars[i] = kernel_texture(e, call->texture_args[i]);
        key[i] = image_var(e, vars[i]);
    }
    return vars;
}

uint32_t em_texture_memory(Emitter *e) {
    for (int i = 0; i < e->u->kernels.len; i++) {
        const Kernel *k = e->u->kernels.items[i];
        for (int j = 0; j < k->textures.len; j++)
            if (image_kind(((const Var *)k->textures.items[j])->texture) == IMAGE_READ_WRITE)
                return SpvMemorySemanticsImageMemoryMask;
    }
    return 0;
}

/* The image coordinate of an index: its components in reverse (x first). */
static uint32_t coordinate(Emitter *e, const TextureInfo *t, Expr *index) {
    uint32_t value = em_expr(e, index);
    if (t->rank == 1) return value;
    uint32_t i32 = spv_type_int(&e->b, 32, true), type = spv_type_vector(&e->b, i32, (uint32_t)t->rank);
    uint32_t id = spv_new_id(&e->b);
    if (t->rank == 2) SPV_OP(&e->code, SpvOpVectorShuffle, type, id, value, value, 1, 0);
    else SPV_OP(&e->code, SpvOpVectorShuffle, type, id, value, value, 2, 1, 0);
    return id;
}

/* A value of type `element` from a 4-component texel, or padded into one. */
static uint32_t from_texel(Emitter *e, const Type *element, uint32_t texel) {
    uint32_t id = spv_new_id(&e->b), type = em_type(e, element);
    if (element->kind != TY_VECTOR) SPV_OP(&e->code, SpvOpCompositeExtract, type, id, texel, 0);
    else if (element->len == 2) SPV_OP(&e->code, SpvOpVectorShuffle, type, id, texel, texel, 0, 1);
    else return texel;
    return id;
}

static uint32_t to_texel(Emitter *e, const Type *element, uint32_t value, uint32_t texel_type) {
    if (element->kind == TY_VECTOR && element->len == 4) return value;
    uint32_t id = spv_new_id(&e->b);
    if (element->kind != TY_VECTOR) {
        uint32_t zero = spv_const_null(&e->b, em_type(e, element));
        SPV_OP(&e->code, SpvOpCompositeConstruct, texel_type, id, value, zero, zero, zero);
    } else {
        uint32_t zeros = spv_const_null(&e->b, em_type(e, element));
        SPV_OP(&e->code, SpvOpVectorShuffle, texel_type, id, value, zeros, 0, 1, 2, 3);
    }
    return id;
}

uint32_t em_texture(Emitter *e, Expr *x) {
    Var *v = kernel_texture(e, x->var);
    const TextureInfo *t = v->texture;
    TextureOp op = (TextureOp)x->ival;
    uint32_t image = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpLoad, binding_type(e, v), image, image_var(e, v));
    uint32_t texel_type = spv_type_vector(&e->b, scalar_type(e, t), 4), texel = spv_new_id(&e->b);
    switch (op) {
    case TEXTURE_GET:
        if (image_kind(t) == IMAGE_READ_WRITE)
            SPV_OP(&e->code, SpvOpImageRead, texel_type, texel, image, coordinate(e, t, x->args[0]));
        else
            SPV_OP(&e->code, SpvOpImageFetch, texel_type, texel, image, coordinate(e, t, x->args[0]),
                   SpvImageOperandsLodMask, spv_const_bits(&e->b, spv_type_int(&e->b, 32, true), 0, 32));
        return from_texel(e, x->type, texel);
    case TEXTURE_SET: {
        uint32_t coord = coordinate(e, t, x->args[0]), value = em_expr(e, x->args[1]);
        SPV_OP(&e->code, SpvOpImageWrite, image, coord, to_texel(e, x->args[1]->type, value, texel_type));
        return 0;
    }
    case TEXTURE_SAMPLE:
        /* a kernel has no derivatives: level 0, the texture's one */
        SPV_OP(&e->code, SpvOpImageSampleExplicitLod, texel_type, texel, image, em_expr(e, x->args[0]),
               SpvImageOperandsLodMask, spv_const_bits(&e->b, spv_type_float(&e->b, 32), 0, 32));
        return from_texel(e, x->type, texel);
    case TEXTURE_GATHER:
        SPV_OP(&e->code, SpvOpImageGather, texel_type, texel, image, em_expr(e, x->args[0]),
               spv_const_bits(&e->b, spv_type_int(&e->b, 32, true), (uint64_t)x->args[1]->ival, 32));
        return texel;
    }
    unreachable("a texture operation");
}
