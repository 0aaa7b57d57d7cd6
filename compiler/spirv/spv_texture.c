/* spv_texture.c — textures (EX_TEXTURE): images of the kernel at its
 * bindings of descriptor set 0, declared without a format (Unknown), so the
 * image's own format (8-bit unorm, 16-bit float, ...) converts on read and
 * write and one kernel serves every bits-per-element choice. Reads are
 * OpImageFetch of a sampled image, writes OpImageWrite of a storage image,
 * samples and gathers OpImageSampleExplicitLod and OpImageGather of a
 * combined image sampler, all of 4-component texels; an index's component
 * 0 (the row) is the image's last coordinate, a sampling coordinate's is x. */
#include "spv_emit.h"

/* One key per image type for e->types (OpTypeImage may not be declared
 * twice): [sampled image, storage image][sampled type: int, uint, float][rank - 1]. */
static const char image_type_keys[2][3][3];

static uint32_t scalar_type(Emitter *e, const TextureInfo *t) {
    return em_type(e, t->element->kind == TY_VECTOR ? t->element->base : t->element);
}

/* Reads go through a sampled image (OpImageFetch needs no format: devices
 * without shaderStorageImageReadWithoutFormat read any format that way, through
 * the texture cache); writes through a storage image. */
static uint32_t image_type(Emitter *e, const TextureInfo *t, bool storage) {
    const Type *scalar = t->element->kind == TY_VECTOR ? t->element->base : t->element;
    int kind = scalar->kind == TY_FLOAT ? 2 : scalar->is_signed ? 0 : 1;
    const void *key = &image_type_keys[storage][kind][t->rank - 1];
    uint32_t id = em_map_get(&e->types, key);
    if (id) return id;
    static const SpvDim dims[] = {SpvDim1D, SpvDim2D, SpvDim3D};
    if (t->rank == 1) spv_capability(&e->b, storage ? SpvCapabilityImage1D : SpvCapabilitySampled1D);
    if (storage) spv_capability(&e->b, SpvCapabilityStorageImageWriteWithoutFormat);
    id = spv_new_id(&e->b);
    /* depth 0, not arrayed, not multisampled; sampled 1 or storage 2 */
    SPV_OP(&e->b.globals, SpvOpTypeImage, id, scalar_type(e, t), dims[t->rank - 1], 0, 0, 0, storage ? 2 : 1,
           SpvImageFormatUnknown);
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
    SPV_OP(&e->b.globals, SpvOpTypeSampledImage, id, image_type(e, t, false));
    em_map_set(&e->types, key, id);
    return id;
}

/* What each binding of a texture is: its type, and its key in e->globals. */
static uint32_t binding_type(Emitter *e, Var *v, TextureOp op) {
    return op == TEXTURE_GET ? image_type(e, v->texture, false)
           : op == TEXTURE_SET ? image_type(e, v->texture, true) : sampled_image_type(e, v->texture);
}
static const void *binding_key(Var *v, TextureOp op) {
    return op == TEXTURE_GET ? (const void *)v : op == TEXTURE_SET ? (const void *)v->texture
                                                                    : (const void *)&v->texture->sample_binding;
}

/* The variable of texture v's binding for op (gathers share the samples'). */
static uint32_t image_var(Emitter *e, Var *v, TextureOp op) {
    if (op == TEXTURE_GATHER) op = TEXTURE_SAMPLE;
    const TextureInfo *t = v->texture;
    uint32_t id = em_map_get(&e->globals, binding_key(v, op));
    if (id) return id;
    SpvBuilder *b = &e->b;
    id = spv_new_id(b);
    SPV_OP(&b->globals, SpvOpVariable, spv_type_pointer(b, SpvStorageClassUniformConstant, binding_type(e, v, op), 0),
           id, SpvStorageClassUniformConstant);
    uint32_t binding = (uint32_t)(op == TEXTURE_GET ? t->read_binding : op == TEXTURE_SET ? t->write_binding
                                                                                          : t->sample_binding);
    spv_decorate(b, id, SpvDecorationDescriptorSet, (const uint32_t[]){0}, 1);
    spv_decorate(b, id, SpvDecorationBinding, &binding, 1);
    if (op == TEXTURE_SET) spv_decorate(b, id, SpvDecorationNonReadable, NULL, 0);
    spv_name(b, id, v->name);
    em_map_set(&e->globals, binding_key(v, op), id);
    return id;
}

int em_texture_vars(Emitter *e, Var *v, uint32_t *out) {
    int n = 0;
    if (v->texture->read_binding >= 0) out[n++] = image_var(e, v, TEXTURE_GET);
    if (v->texture->write_binding >= 0) out[n++] = image_var(e, v, TEXTURE_SET);
    if (v->texture->sample_binding >= 0) out[n++] = image_var(e, v, TEXTURE_SAMPLE);
    return n;
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
    const TextureInfo *t = x->var->texture;
    TextureOp op = (TextureOp)x->ival;
    uint32_t image = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpLoad, binding_type(e, x->var, op == TEXTURE_GATHER ? TEXTURE_SAMPLE : op), image,
           image_var(e, x->var, op));
    uint32_t texel_type = spv_type_vector(&e->b, scalar_type(e, t), 4), texel = spv_new_id(&e->b);
    switch (op) {
    case TEXTURE_GET:
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
