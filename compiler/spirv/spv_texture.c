/* spv_texture.c — textures (EX_TEXTURE): images of the kernel at its
 * bindings of descriptor set 0, declared without a format (Unknown), so the
 * image's own format (8-bit unorm, 16-bit float, ...) converts on read and
 * write and one kernel serves every bits-per-element choice. Reads are
 * OpImageFetch of a sampled image, writes OpImageWrite of a storage image,
 * of 4-component texels; the index's component 0 (the row) is the image's
 * last coordinate. */
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

/* The variable of texture v's binding for reads (!storage) or writes. */
static uint32_t image_var(Emitter *e, Var *v, bool storage) {
    const TextureInfo *t = v->texture;
    const void *key = storage ? (const void *)t : (const void *)v;
    uint32_t id = em_map_get(&e->globals, key);
    if (id) return id;
    SpvBuilder *b = &e->b;
    id = spv_new_id(b);
    SPV_OP(&b->globals, SpvOpVariable, spv_type_pointer(b, SpvStorageClassUniformConstant, image_type(e, t, storage), 0),
           id, SpvStorageClassUniformConstant);
    uint32_t binding = (uint32_t)(storage ? t->write_binding : t->read_binding);
    spv_decorate(b, id, SpvDecorationDescriptorSet, (const uint32_t[]){0}, 1);
    spv_decorate(b, id, SpvDecorationBinding, &binding, 1);
    if (storage) spv_decorate(b, id, SpvDecorationNonReadable, NULL, 0);
    spv_name(b, id, v->name);
    em_map_set(&e->globals, key, id);
    return id;
}

int em_texture_vars(Emitter *e, Var *v, uint32_t *out) {
    int n = 0;
    if (v->texture->read_binding >= 0) out[n++] = image_var(e, v, false);
    if (v->texture->write_binding >= 0) out[n++] = image_var(e, v, true);
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

/* The element's components from a 4-component texel, or padded into one. */
static uint32_t from_texel(Emitter *e, const TextureInfo *t, uint32_t texel) {
    uint32_t id = spv_new_id(&e->b), type = em_type(e, t->element);
    if (t->element->kind != TY_VECTOR) SPV_OP(&e->code, SpvOpCompositeExtract, type, id, texel, 0);
    else if (t->element->len == 2) SPV_OP(&e->code, SpvOpVectorShuffle, type, id, texel, texel, 0, 1);
    else return texel;
    return id;
}

static uint32_t to_texel(Emitter *e, const TextureInfo *t, uint32_t value, uint32_t texel_type) {
    if (t->element->kind == TY_VECTOR && t->element->len == 4) return value;
    uint32_t zero = spv_const_null(&e->b, scalar_type(e, t)), id = spv_new_id(&e->b);
    if (t->element->kind != TY_VECTOR) {
        SPV_OP(&e->code, SpvOpCompositeConstruct, texel_type, id, value, zero, zero, zero);
    } else {
        uint32_t zeros = spv_const_null(&e->b, em_type(e, t->element));
        SPV_OP(&e->code, SpvOpVectorShuffle, texel_type, id, value, zeros, 0, 1, 2, 3);
    }
    return id;
}

uint32_t em_texture(Emitter *e, Expr *x) {
    const TextureInfo *t = x->var->texture;
    bool write = x->ival;
    uint32_t image = spv_new_id(&e->b);
    SPV_OP(&e->code, SpvOpLoad, image_type(e, t, write), image, image_var(e, x->var, write));
    uint32_t coord = coordinate(e, t, x->args[0]);
    uint32_t texel_type = spv_type_vector(&e->b, scalar_type(e, t), 4);
    if (!write) {
        uint32_t texel = spv_new_id(&e->b);
        SPV_OP(&e->code, SpvOpImageFetch, texel_type, texel, image, coord, SpvImageOperandsLodMask,
               spv_const_bits(&e->b, spv_type_int(&e->b, 32, true), 0, 32));
        return from_texel(e, t, texel);
    }
    uint32_t value = em_expr(e, x->args[1]);
    SPV_OP(&e->code, SpvOpImageWrite, image, coord, to_texel(e, t, value, texel_type));
    return 0;
}
