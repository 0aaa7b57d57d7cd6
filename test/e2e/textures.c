// needs: shaderInt64 shaderStorageImageWriteWithoutFormat
// Textures of every element type (int, uint, float, norm, unorm and their 2-
// and 4-vectors), rank (1, 2, 3) and bits per scalar (8, 16, 32 where the
// kind has them): a kernel reads one texture by index and writes another
// through a writeonly_texture_view; the host checks the texels it copies
// out against the same computation on the CPU. Also: norm/unorm clamping in
// kernels and on writes, copies between textures, copies in.
#include <camp.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* One texture's format and size. */
struct config {
    camp_texel_kind kind;
    int channels;
    unsigned bits;
    int count; /* texels */
};

static size_t bytes_of(const struct config *c) { return (size_t)c->count * (size_t)c->channels * (c->bits / 8); }

static double top_of(const struct config *c) {
    bool is_signed = c->kind == CAMP_TEXEL_NORM;
    return c->bits == 8 ? (is_signed ? 127.0 : 255.0) : (is_signed ? 32767.0 : 65535.0);
}

/* Scalar i of a packed buffer, as a raw integer (or a float's value). */
static double get_raw(const struct config *c, const unsigned char *p, int i) {
    p += (size_t)i * (c->bits / 8);
    bool is_signed = c->kind == CAMP_TEXEL_INT || c->kind == CAMP_TEXEL_NORM;
    if (c->kind == CAMP_TEXEL_FLOAT) {
        if (c->bits == 16) { _Float16 h; memcpy(&h, p, 2); return h; }
        float f; memcpy(&f, p, 4); return f;
    }
    if (c->bits == 8) return is_signed ? *(const signed char *)p : *p;
    if (c->bits == 16) { unsigned short u; memcpy(&u, p, 2); return is_signed ? (short)u : u; }
    unsigned u; memcpy(&u, p, 4); return is_signed ? (double)(int)u : u;
}

static void put_raw(const struct config *c, unsigned char *p, int i, double v) {
    p += (size_t)i * (c->bits / 8);
    if (c->kind == CAMP_TEXEL_FLOAT) {
        if (c->bits == 16) { _Float16 h = (_Float16)v; memcpy(p, &h, 2); }
        else { float f = (float)v; memcpy(p, &f, 4); }
        return;
    }
    int x = (int)v;
    if (c->bits == 8) { signed char b = (signed char)x; memcpy(p, &b, 1); }
    else if (c->bits == 16) { short s = (short)x; memcpy(p, &s, 2); }
    else memcpy(p, &x, 4);
}

/* Inputs that every format holds exactly; the unorm ones reach 0 and the top. */
static void fill(const struct config *c, unsigned char *p) {
    int n = c->count * c->channels;
    for (int i = 0; i < n; i++) {
        int k = (i * 7) % 41;
        double v = c->kind == CAMP_TEXEL_INT ? k - 20 : c->kind == CAMP_TEXEL_UINT ? k
                 : c->kind == CAMP_TEXEL_FLOAT ? (k - 20) / 4.0
                 : c->kind == CAMP_TEXEL_NORM ? (k - 20) * 5 : (i % 5 == 0 ? top_of(c) : k * 6);
        put_raw(c, p, i, v);
    }
}

/* The kernel's operation on one scalar, in raw units: 2v+1, v/2-1/4, -v, 1-v. */
static double expected(const struct config *c, double v) {
    switch (c->kind) {
    case CAMP_TEXEL_INT: case CAMP_TEXEL_UINT: return 2 * v + 1;
    case CAMP_TEXEL_FLOAT: return v * 0.5 - 0.25;
    case CAMP_TEXEL_NORM: return -v;
    default: return top_of(c) - v;
    }
}

static int check(const char *name, int rank, const struct config *c, const unsigned char *in, const unsigned char *out) {
    int n = c->count * c->channels, bad = 0;
    /* float to norm/unorm may round either way: one step */
    double tolerance = c->kind == CAMP_TEXEL_NORM || c->kind == CAMP_TEXEL_UNORM ? 1.0 : 0.0;
    for (int i = 0; i < n; i++) {
        double want = expected(c, get_raw(c, in, i)), got = get_raw(c, out, i);
        if (fabs(got - want) > tolerance && bad++ < 3)
            printf("FAIL %s rank %d, %u bits: scalar %d is %g, not %g\n", name, rank, c->bits, i, got, want);
    }
    return bad != 0;
}

static const char *current_name;
static int current_rank;
static const int counts[] = {0, 37, 35, 60};

#define CONFIG(kind_, channels_, rank_)                                                  \
    const struct config cfg = {kind_, channels_, bits, counts[rank_]};                     \
    unsigned char raw_in[60 * 4 * 4], raw_out[60 * 4 * 4];                                \
    fill(&cfg, raw_in);                                                                   \
    current_rank = rank_
#define FINISH()                                                                          \
    (texture_copy_out(raw_out, out, bytes_of(&cfg)), texture_delete(in), texture_delete(out), \
     check(current_name, current_rank, &cfg, raw_in, raw_out))

struct run {
    const char *name;
    int rank;
    camp_texel_kind kind;
    int (*run)(unsigned bits);
};

static int run_int_1(unsigned bits) {
    CONFIG(CAMP_TEXEL_INT, 1, 1);
    texture_int_1 in = texture_new(int, extent(37), bits, raw_in);
    texture_int_1 out = texture_new(int, extent(37), bits, NULL);
    writeonly_texture_view_int_1 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(37)) {
        int v = texture_get(in, idx);
        texture_set(w, idx, v * 2 + 1);
    }
    return FINISH();
}
static int run_int_2(unsigned bits) {
    CONFIG(CAMP_TEXEL_INT, 1, 2);
    texture_int_2 in = texture_new(int, extent(5, 7), bits, raw_in);
    texture_int_2 out = texture_new(int, extent(5, 7), bits, NULL);
    writeonly_texture_view_int_2 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(5, 7)) {
        int v = texture_get(in, idx);
        texture_set(w, idx, v * 2 + 1);
    }
    return FINISH();
}
static int run_int_3(unsigned bits) {
    CONFIG(CAMP_TEXEL_INT, 1, 3);
    texture_int_3 in = texture_new(int, extent(3, 4, 5), bits, raw_in);
    texture_int_3 out = texture_new(int, extent(3, 4, 5), bits, NULL);
    writeonly_texture_view_int_3 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(3, 4, 5)) {
        int v = texture_get(in, idx);
        texture_set(w, idx, v * 2 + 1);
    }
    return FINISH();
}
static int run_int2_1(unsigned bits) {
    CONFIG(CAMP_TEXEL_INT, 2, 1);
    texture_int2_1 in = texture_new(int2, extent(37), bits, raw_in);
    texture_int2_1 out = texture_new(int2, extent(37), bits, NULL);
    writeonly_texture_view_int2_1 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(37)) {
        int2 v = texture_get(in, idx);
        texture_set(w, idx, v * 2 + 1);
    }
    return FINISH();
}
static int run_int2_2(unsigned bits) {
    CONFIG(CAMP_TEXEL_INT, 2, 2);
    texture_int2_2 in = texture_new(int2, extent(5, 7), bits, raw_in);
    texture_int2_2 out = texture_new(int2, extent(5, 7), bits, NULL);
    writeonly_texture_view_int2_2 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(5, 7)) {
        int2 v = texture_get(in, idx);
        texture_set(w, idx, v * 2 + 1);
    }
    return FINISH();
}
static int run_int2_3(unsigned bits) {
    CONFIG(CAMP_TEXEL_INT, 2, 3);
    texture_int2_3 in = texture_new(int2, extent(3, 4, 5), bits, raw_in);
    texture_int2_3 out = texture_new(int2, extent(3, 4, 5), bits, NULL);
    writeonly_texture_view_int2_3 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(3, 4, 5)) {
        int2 v = texture_get(in, idx);
        texture_set(w, idx, v * 2 + 1);
    }
    return FINISH();
}
static int run_int4_1(unsigned bits) {
    CONFIG(CAMP_TEXEL_INT, 4, 1);
    texture_int4_1 in = texture_new(int4, extent(37), bits, raw_in);
    texture_int4_1 out = texture_new(int4, extent(37), bits, NULL);
    writeonly_texture_view_int4_1 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(37)) {
        int4 v = texture_get(in, idx);
        texture_set(w, idx, v * 2 + 1);
    }
    return FINISH();
}
static int run_int4_2(unsigned bits) {
    CONFIG(CAMP_TEXEL_INT, 4, 2);
    texture_int4_2 in = texture_new(int4, extent(5, 7), bits, raw_in);
    texture_int4_2 out = texture_new(int4, extent(5, 7), bits, NULL);
    writeonly_texture_view_int4_2 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(5, 7)) {
        int4 v = texture_get(in, idx);
        texture_set(w, idx, v * 2 + 1);
    }
    return FINISH();
}
static int run_int4_3(unsigned bits) {
    CONFIG(CAMP_TEXEL_INT, 4, 3);
    texture_int4_3 in = texture_new(int4, extent(3, 4, 5), bits, raw_in);
    texture_int4_3 out = texture_new(int4, extent(3, 4, 5), bits, NULL);
    writeonly_texture_view_int4_3 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(3, 4, 5)) {
        int4 v = texture_get(in, idx);
        texture_set(w, idx, v * 2 + 1);
    }
    return FINISH();
}
static int run_uint_1(unsigned bits) {
    CONFIG(CAMP_TEXEL_UINT, 1, 1);
    texture_uint_1 in = texture_new(uint, extent(37), bits, raw_in);
    texture_uint_1 out = texture_new(uint, extent(37), bits, NULL);
    writeonly_texture_view_uint_1 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(37)) {
        unsigned v = texture_get(in, idx);
        texture_set(w, idx, v * 2u + 1u);
    }
    return FINISH();
}
static int run_uint_2(unsigned bits) {
    CONFIG(CAMP_TEXEL_UINT, 1, 2);
    texture_uint_2 in = texture_new(uint, extent(5, 7), bits, raw_in);
    texture_uint_2 out = texture_new(uint, extent(5, 7), bits, NULL);
    writeonly_texture_view_uint_2 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(5, 7)) {
        unsigned v = texture_get(in, idx);
        texture_set(w, idx, v * 2u + 1u);
    }
    return FINISH();
}
static int run_uint_3(unsigned bits) {
    CONFIG(CAMP_TEXEL_UINT, 1, 3);
    texture_uint_3 in = texture_new(uint, extent(3, 4, 5), bits, raw_in);
    texture_uint_3 out = texture_new(uint, extent(3, 4, 5), bits, NULL);
    writeonly_texture_view_uint_3 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(3, 4, 5)) {
        unsigned v = texture_get(in, idx);
        texture_set(w, idx, v * 2u + 1u);
    }
    return FINISH();
}
static int run_uint2_1(unsigned bits) {
    CONFIG(CAMP_TEXEL_UINT, 2, 1);
    texture_uint2_1 in = texture_new(uint2, extent(37), bits, raw_in);
    texture_uint2_1 out = texture_new(uint2, extent(37), bits, NULL);
    writeonly_texture_view_uint2_1 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(37)) {
        uint2 v = texture_get(in, idx);
        texture_set(w, idx, v * 2u + 1u);
    }
    return FINISH();
}
static int run_uint2_2(unsigned bits) {
    CONFIG(CAMP_TEXEL_UINT, 2, 2);
    texture_uint2_2 in = texture_new(uint2, extent(5, 7), bits, raw_in);
    texture_uint2_2 out = texture_new(uint2, extent(5, 7), bits, NULL);
    writeonly_texture_view_uint2_2 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(5, 7)) {
        uint2 v = texture_get(in, idx);
        texture_set(w, idx, v * 2u + 1u);
    }
    return FINISH();
}
static int run_uint2_3(unsigned bits) {
    CONFIG(CAMP_TEXEL_UINT, 2, 3);
    texture_uint2_3 in = texture_new(uint2, extent(3, 4, 5), bits, raw_in);
    texture_uint2_3 out = texture_new(uint2, extent(3, 4, 5), bits, NULL);
    writeonly_texture_view_uint2_3 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(3, 4, 5)) {
        uint2 v = texture_get(in, idx);
        texture_set(w, idx, v * 2u + 1u);
    }
    return FINISH();
}
static int run_uint4_1(unsigned bits) {
    CONFIG(CAMP_TEXEL_UINT, 4, 1);
    texture_uint4_1 in = texture_new(uint4, extent(37), bits, raw_in);
    texture_uint4_1 out = texture_new(uint4, extent(37), bits, NULL);
    writeonly_texture_view_uint4_1 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(37)) {
        uint4 v = texture_get(in, idx);
        texture_set(w, idx, v * 2u + 1u);
    }
    return FINISH();
}
static int run_uint4_2(unsigned bits) {
    CONFIG(CAMP_TEXEL_UINT, 4, 2);
    texture_uint4_2 in = texture_new(uint4, extent(5, 7), bits, raw_in);
    texture_uint4_2 out = texture_new(uint4, extent(5, 7), bits, NULL);
    writeonly_texture_view_uint4_2 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(5, 7)) {
        uint4 v = texture_get(in, idx);
        texture_set(w, idx, v * 2u + 1u);
    }
    return FINISH();
}
static int run_uint4_3(unsigned bits) {
    CONFIG(CAMP_TEXEL_UINT, 4, 3);
    texture_uint4_3 in = texture_new(uint4, extent(3, 4, 5), bits, raw_in);
    texture_uint4_3 out = texture_new(uint4, extent(3, 4, 5), bits, NULL);
    writeonly_texture_view_uint4_3 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(3, 4, 5)) {
        uint4 v = texture_get(in, idx);
        texture_set(w, idx, v * 2u + 1u);
    }
    return FINISH();
}
static int run_float_1(unsigned bits) {
    CONFIG(CAMP_TEXEL_FLOAT, 1, 1);
    texture_float_1 in = texture_new(float, extent(37), bits, raw_in);
    texture_float_1 out = texture_new(float, extent(37), bits, NULL);
    writeonly_texture_view_float_1 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(37)) {
        float v = texture_get(in, idx);
        texture_set(w, idx, v * 0.5f - 0.25f);
    }
    return FINISH();
}
static int run_float_2(unsigned bits) {
    CONFIG(CAMP_TEXEL_FLOAT, 1, 2);
    texture_float_2 in = texture_new(float, extent(5, 7), bits, raw_in);
    texture_float_2 out = texture_new(float, extent(5, 7), bits, NULL);
    writeonly_texture_view_float_2 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(5, 7)) {
        float v = texture_get(in, idx);
        texture_set(w, idx, v * 0.5f - 0.25f);
    }
    return FINISH();
}
static int run_float_3(unsigned bits) {
    CONFIG(CAMP_TEXEL_FLOAT, 1, 3);
    texture_float_3 in = texture_new(float, extent(3, 4, 5), bits, raw_in);
    texture_float_3 out = texture_new(float, extent(3, 4, 5), bits, NULL);
    writeonly_texture_view_float_3 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(3, 4, 5)) {
        float v = texture_get(in, idx);
        texture_set(w, idx, v * 0.5f - 0.25f);
    }
    return FINISH();
}
static int run_float2_1(unsigned bits) {
    CONFIG(CAMP_TEXEL_FLOAT, 2, 1);
    texture_float2_1 in = texture_new(float2, extent(37), bits, raw_in);
    texture_float2_1 out = texture_new(float2, extent(37), bits, NULL);
    writeonly_texture_view_float2_1 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(37)) {
        float2 v = texture_get(in, idx);
        texture_set(w, idx, v * 0.5f - 0.25f);
    }
    return FINISH();
}
static int run_float2_2(unsigned bits) {
    CONFIG(CAMP_TEXEL_FLOAT, 2, 2);
    texture_float2_2 in = texture_new(float2, extent(5, 7), bits, raw_in);
    texture_float2_2 out = texture_new(float2, extent(5, 7), bits, NULL);
    writeonly_texture_view_float2_2 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(5, 7)) {
        float2 v = texture_get(in, idx);
        texture_set(w, idx, v * 0.5f - 0.25f);
    }
    return FINISH();
}
static int run_float2_3(unsigned bits) {
    CONFIG(CAMP_TEXEL_FLOAT, 2, 3);
    texture_float2_3 in = texture_new(float2, extent(3, 4, 5), bits, raw_in);
    texture_float2_3 out = texture_new(float2, extent(3, 4, 5), bits, NULL);
    writeonly_texture_view_float2_3 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(3, 4, 5)) {
        float2 v = texture_get(in, idx);
        texture_set(w, idx, v * 0.5f - 0.25f);
    }
    return FINISH();
}
static int run_float4_1(unsigned bits) {
    CONFIG(CAMP_TEXEL_FLOAT, 4, 1);
    texture_float4_1 in = texture_new(float4, extent(37), bits, raw_in);
    texture_float4_1 out = texture_new(float4, extent(37), bits, NULL);
    writeonly_texture_view_float4_1 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(37)) {
        float4 v = texture_get(in, idx);
        texture_set(w, idx, v * 0.5f - 0.25f);
    }
    return FINISH();
}
static int run_float4_2(unsigned bits) {
    CONFIG(CAMP_TEXEL_FLOAT, 4, 2);
    texture_float4_2 in = texture_new(float4, extent(5, 7), bits, raw_in);
    texture_float4_2 out = texture_new(float4, extent(5, 7), bits, NULL);
    writeonly_texture_view_float4_2 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(5, 7)) {
        float4 v = texture_get(in, idx);
        texture_set(w, idx, v * 0.5f - 0.25f);
    }
    return FINISH();
}
static int run_float4_3(unsigned bits) {
    CONFIG(CAMP_TEXEL_FLOAT, 4, 3);
    texture_float4_3 in = texture_new(float4, extent(3, 4, 5), bits, raw_in);
    texture_float4_3 out = texture_new(float4, extent(3, 4, 5), bits, NULL);
    writeonly_texture_view_float4_3 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(3, 4, 5)) {
        float4 v = texture_get(in, idx);
        texture_set(w, idx, v * 0.5f - 0.25f);
    }
    return FINISH();
}
static int run_norm_1(unsigned bits) {
    CONFIG(CAMP_TEXEL_NORM, 1, 1);
    texture_norm_1 in = texture_new(norm, extent(37), bits, raw_in);
    texture_norm_1 out = texture_new(norm, extent(37), bits, NULL);
    writeonly_texture_view_norm_1 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(37)) {
        norm v = texture_get(in, idx);
        texture_set(w, idx, -v);
    }
    return FINISH();
}
static int run_norm_2(unsigned bits) {
    CONFIG(CAMP_TEXEL_NORM, 1, 2);
    texture_norm_2 in = texture_new(norm, extent(5, 7), bits, raw_in);
    texture_norm_2 out = texture_new(norm, extent(5, 7), bits, NULL);
    writeonly_texture_view_norm_2 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(5, 7)) {
        norm v = texture_get(in, idx);
        texture_set(w, idx, -v);
    }
    return FINISH();
}
static int run_norm_3(unsigned bits) {
    CONFIG(CAMP_TEXEL_NORM, 1, 3);
    texture_norm_3 in = texture_new(norm, extent(3, 4, 5), bits, raw_in);
    texture_norm_3 out = texture_new(norm, extent(3, 4, 5), bits, NULL);
    writeonly_texture_view_norm_3 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(3, 4, 5)) {
        norm v = texture_get(in, idx);
        texture_set(w, idx, -v);
    }
    return FINISH();
}
static int run_norm2_1(unsigned bits) {
    CONFIG(CAMP_TEXEL_NORM, 2, 1);
    texture_norm2_1 in = texture_new(norm2, extent(37), bits, raw_in);
    texture_norm2_1 out = texture_new(norm2, extent(37), bits, NULL);
    writeonly_texture_view_norm2_1 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(37)) {
        norm2 v = texture_get(in, idx);
        texture_set(w, idx, -v);
    }
    return FINISH();
}
static int run_norm2_2(unsigned bits) {
    CONFIG(CAMP_TEXEL_NORM, 2, 2);
    texture_norm2_2 in = texture_new(norm2, extent(5, 7), bits, raw_in);
    texture_norm2_2 out = texture_new(norm2, extent(5, 7), bits, NULL);
    writeonly_texture_view_norm2_2 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(5, 7)) {
        norm2 v = texture_get(in, idx);
        texture_set(w, idx, -v);
    }
    return FINISH();
}
static int run_norm2_3(unsigned bits) {
    CONFIG(CAMP_TEXEL_NORM, 2, 3);
    texture_norm2_3 in = texture_new(norm2, extent(3, 4, 5), bits, raw_in);
    texture_norm2_3 out = texture_new(norm2, extent(3, 4, 5), bits, NULL);
    writeonly_texture_view_norm2_3 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(3, 4, 5)) {
        norm2 v = texture_get(in, idx);
        texture_set(w, idx, -v);
    }
    return FINISH();
}
static int run_norm4_1(unsigned bits) {
    CONFIG(CAMP_TEXEL_NORM, 4, 1);
    texture_norm4_1 in = texture_new(norm4, extent(37), bits, raw_in);
    texture_norm4_1 out = texture_new(norm4, extent(37), bits, NULL);
    writeonly_texture_view_norm4_1 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(37)) {
        norm4 v = texture_get(in, idx);
        texture_set(w, idx, -v);
    }
    return FINISH();
}
static int run_norm4_2(unsigned bits) {
    CONFIG(CAMP_TEXEL_NORM, 4, 2);
    texture_norm4_2 in = texture_new(norm4, extent(5, 7), bits, raw_in);
    texture_norm4_2 out = texture_new(norm4, extent(5, 7), bits, NULL);
    writeonly_texture_view_norm4_2 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(5, 7)) {
        norm4 v = texture_get(in, idx);
        texture_set(w, idx, -v);
    }
    return FINISH();
}
static int run_norm4_3(unsigned bits) {
    CONFIG(CAMP_TEXEL_NORM, 4, 3);
    texture_norm4_3 in = texture_new(norm4, extent(3, 4, 5), bits, raw_in);
    texture_norm4_3 out = texture_new(norm4, extent(3, 4, 5), bits, NULL);
    writeonly_texture_view_norm4_3 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(3, 4, 5)) {
        norm4 v = texture_get(in, idx);
        texture_set(w, idx, -v);
    }
    return FINISH();
}
static int run_unorm_1(unsigned bits) {
    CONFIG(CAMP_TEXEL_UNORM, 1, 1);
    texture_unorm_1 in = texture_new(unorm, extent(37), bits, raw_in);
    texture_unorm_1 out = texture_new(unorm, extent(37), bits, NULL);
    writeonly_texture_view_unorm_1 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(37)) {
        unorm v = texture_get(in, idx);
        texture_set(w, idx, 1.0f - v);
    }
    return FINISH();
}
static int run_unorm_2(unsigned bits) {
    CONFIG(CAMP_TEXEL_UNORM, 1, 2);
    texture_unorm_2 in = texture_new(unorm, extent(5, 7), bits, raw_in);
    texture_unorm_2 out = texture_new(unorm, extent(5, 7), bits, NULL);
    writeonly_texture_view_unorm_2 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(5, 7)) {
        unorm v = texture_get(in, idx);
        texture_set(w, idx, 1.0f - v);
    }
    return FINISH();
}
static int run_unorm_3(unsigned bits) {
    CONFIG(CAMP_TEXEL_UNORM, 1, 3);
    texture_unorm_3 in = texture_new(unorm, extent(3, 4, 5), bits, raw_in);
    texture_unorm_3 out = texture_new(unorm, extent(3, 4, 5), bits, NULL);
    writeonly_texture_view_unorm_3 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(3, 4, 5)) {
        unorm v = texture_get(in, idx);
        texture_set(w, idx, 1.0f - v);
    }
    return FINISH();
}
static int run_unorm2_1(unsigned bits) {
    CONFIG(CAMP_TEXEL_UNORM, 2, 1);
    texture_unorm2_1 in = texture_new(unorm2, extent(37), bits, raw_in);
    texture_unorm2_1 out = texture_new(unorm2, extent(37), bits, NULL);
    writeonly_texture_view_unorm2_1 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(37)) {
        unorm2 v = texture_get(in, idx);
        texture_set(w, idx, 1.0f - v);
    }
    return FINISH();
}
static int run_unorm2_2(unsigned bits) {
    CONFIG(CAMP_TEXEL_UNORM, 2, 2);
    texture_unorm2_2 in = texture_new(unorm2, extent(5, 7), bits, raw_in);
    texture_unorm2_2 out = texture_new(unorm2, extent(5, 7), bits, NULL);
    writeonly_texture_view_unorm2_2 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(5, 7)) {
        unorm2 v = texture_get(in, idx);
        texture_set(w, idx, 1.0f - v);
    }
    return FINISH();
}
static int run_unorm2_3(unsigned bits) {
    CONFIG(CAMP_TEXEL_UNORM, 2, 3);
    texture_unorm2_3 in = texture_new(unorm2, extent(3, 4, 5), bits, raw_in);
    texture_unorm2_3 out = texture_new(unorm2, extent(3, 4, 5), bits, NULL);
    writeonly_texture_view_unorm2_3 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(3, 4, 5)) {
        unorm2 v = texture_get(in, idx);
        texture_set(w, idx, 1.0f - v);
    }
    return FINISH();
}
static int run_unorm4_1(unsigned bits) {
    CONFIG(CAMP_TEXEL_UNORM, 4, 1);
    texture_unorm4_1 in = texture_new(unorm4, extent(37), bits, raw_in);
    texture_unorm4_1 out = texture_new(unorm4, extent(37), bits, NULL);
    writeonly_texture_view_unorm4_1 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(37)) {
        unorm4 v = texture_get(in, idx);
        texture_set(w, idx, 1.0f - v);
    }
    return FINISH();
}
static int run_unorm4_2(unsigned bits) {
    CONFIG(CAMP_TEXEL_UNORM, 4, 2);
    texture_unorm4_2 in = texture_new(unorm4, extent(5, 7), bits, raw_in);
    texture_unorm4_2 out = texture_new(unorm4, extent(5, 7), bits, NULL);
    writeonly_texture_view_unorm4_2 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(5, 7)) {
        unorm4 v = texture_get(in, idx);
        texture_set(w, idx, 1.0f - v);
    }
    return FINISH();
}
static int run_unorm4_3(unsigned bits) {
    CONFIG(CAMP_TEXEL_UNORM, 4, 3);
    texture_unorm4_3 in = texture_new(unorm4, extent(3, 4, 5), bits, raw_in);
    texture_unorm4_3 out = texture_new(unorm4, extent(3, 4, 5), bits, NULL);
    writeonly_texture_view_unorm4_3 w = writeonly_texture_view(out);
    parallel_for_each(idx, extent(3, 4, 5)) {
        unorm4 v = texture_get(in, idx);
        texture_set(w, idx, 1.0f - v);
    }
    return FINISH();
}
static const struct run runs[] = {
    {"int", 1, CAMP_TEXEL_INT, run_int_1},
    {"int", 2, CAMP_TEXEL_INT, run_int_2},
    {"int", 3, CAMP_TEXEL_INT, run_int_3},
    {"int2", 1, CAMP_TEXEL_INT, run_int2_1},
    {"int2", 2, CAMP_TEXEL_INT, run_int2_2},
    {"int2", 3, CAMP_TEXEL_INT, run_int2_3},
    {"int4", 1, CAMP_TEXEL_INT, run_int4_1},
    {"int4", 2, CAMP_TEXEL_INT, run_int4_2},
    {"int4", 3, CAMP_TEXEL_INT, run_int4_3},
    {"uint", 1, CAMP_TEXEL_UINT, run_uint_1},
    {"uint", 2, CAMP_TEXEL_UINT, run_uint_2},
    {"uint", 3, CAMP_TEXEL_UINT, run_uint_3},
    {"uint2", 1, CAMP_TEXEL_UINT, run_uint2_1},
    {"uint2", 2, CAMP_TEXEL_UINT, run_uint2_2},
    {"uint2", 3, CAMP_TEXEL_UINT, run_uint2_3},
    {"uint4", 1, CAMP_TEXEL_UINT, run_uint4_1},
    {"uint4", 2, CAMP_TEXEL_UINT, run_uint4_2},
    {"uint4", 3, CAMP_TEXEL_UINT, run_uint4_3},
    {"float", 1, CAMP_TEXEL_FLOAT, run_float_1},
    {"float", 2, CAMP_TEXEL_FLOAT, run_float_2},
    {"float", 3, CAMP_TEXEL_FLOAT, run_float_3},
    {"float2", 1, CAMP_TEXEL_FLOAT, run_float2_1},
    {"float2", 2, CAMP_TEXEL_FLOAT, run_float2_2},
    {"float2", 3, CAMP_TEXEL_FLOAT, run_float2_3},
    {"float4", 1, CAMP_TEXEL_FLOAT, run_float4_1},
    {"float4", 2, CAMP_TEXEL_FLOAT, run_float4_2},
    {"float4", 3, CAMP_TEXEL_FLOAT, run_float4_3},
    {"norm", 1, CAMP_TEXEL_NORM, run_norm_1},
    {"norm", 2, CAMP_TEXEL_NORM, run_norm_2},
    {"norm", 3, CAMP_TEXEL_NORM, run_norm_3},
    {"norm2", 1, CAMP_TEXEL_NORM, run_norm2_1},
    {"norm2", 2, CAMP_TEXEL_NORM, run_norm2_2},
    {"norm2", 3, CAMP_TEXEL_NORM, run_norm2_3},
    {"norm4", 1, CAMP_TEXEL_NORM, run_norm4_1},
    {"norm4", 2, CAMP_TEXEL_NORM, run_norm4_2},
    {"norm4", 3, CAMP_TEXEL_NORM, run_norm4_3},
    {"unorm", 1, CAMP_TEXEL_UNORM, run_unorm_1},
    {"unorm", 2, CAMP_TEXEL_UNORM, run_unorm_2},
    {"unorm", 3, CAMP_TEXEL_UNORM, run_unorm_3},
    {"unorm2", 1, CAMP_TEXEL_UNORM, run_unorm2_1},
    {"unorm2", 2, CAMP_TEXEL_UNORM, run_unorm2_2},
    {"unorm2", 3, CAMP_TEXEL_UNORM, run_unorm2_3},
    {"unorm4", 1, CAMP_TEXEL_UNORM, run_unorm4_1},
    {"unorm4", 2, CAMP_TEXEL_UNORM, run_unorm4_2},
    {"unorm4", 3, CAMP_TEXEL_UNORM, run_unorm4_3},
};

/* norm and unorm clamp: to_norm/to_unorm in kernels as on the host, and a
 * float written into an 8-bit unorm texture clamps too. */
static int clamping(void) {
    float in[6] = {-2.0f, -0.5f, 0.25f, 1.0f, 3.0f, NAN}, kernel_unorm[6], kernel_norm[6];
    parallel_for_each(i, extent(6)) {
        kernel_unorm[i] = to_unorm(in[i]);
        kernel_norm[i] = to_norm(in[i]);
    }
    const float want_unorm[6] = {0, 0, 0.25f, 1, 1, 0}, want_norm[6] = {-1, -0.5f, 0.25f, 1, 1, 0};
    int bad = 0;
    for (int i = 0; i < 6; i++)
        if (kernel_unorm[i] != want_unorm[i] || kernel_norm[i] != want_norm[i] || to_unorm(in[i]) != want_unorm[i] ||
            to_norm(in[i]) != want_norm[i]) {
            printf("FAIL clamp of %g: unorm %g, norm %g\n", in[i], kernel_unorm[i], kernel_norm[i]);
            bad = 1;
        }
    unorm4 v = to_unorm(((float4){-1.0f, 0.5f, 2.0f, 1.0f}));
    if (v.x != 0 || v.y != 0.5f || v.z != 1 || v.w != 1) printf("FAIL to_unorm of a float4\n"), bad = 1;

    texture_unorm_1 t = texture_new(unorm, extent(4), 8, NULL);
    writeonly_texture_view_unorm_1 w = writeonly_texture_view(t);
    parallel_for_each(i, extent(4)) { texture_set(w, i, (float)i - 1.0f); }   /* -1, 0, 1, 2 */
    unsigned char texels[4];
    texture_copy_out(texels, t, sizeof texels);
    texture_delete(t);
    if (texels[0] != 0 || texels[1] != 0 || texels[2] != 255 || texels[3] != 255)
        printf("FAIL unorm8 writes: %d %d %d %d\n", texels[0], texels[1], texels[2], texels[3]), bad = 1;
    return bad;
}

/* texture_copy_in, texture_copy and texture_copy_out round-trip; a kernel
 * reads a 3-D int texture that was copied from another. */
static int copies(void) {
    int data[2][3][4], back[2][3][4], sums[2][3][4];
    for (int i = 0; i < 24; i++) (&data[0][0][0])[i] = i * i - 100;
    texture_int_3 a = texture_new(int, extent(2, 3, 4), 32, NULL), b = texture_new(int, extent(2, 3, 4), 32, NULL);
    texture_copy_in(a, data, sizeof data);
    texture_copy(b, a);
    parallel_for_each(idx, extent(2, 3, 4)) {
        sums[idx[0]][idx[1]][idx[2]] = texture_get(b, idx) + idx[0] * 100 + idx[1] * 10 + idx[2];
    }
    texture_copy_out(back, b, sizeof back);
    texture_delete(a);
    texture_delete(b);
    int bad = memcmp(back, data, sizeof data) != 0;
    for (int d = 0; d < 2; d++)
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 4; c++) bad |= sums[d][r][c] != data[d][r][c] + d * 100 + r * 10 + c;
    if (bad) printf("FAIL copies\n");
    return bad;
}

int main(void) {
    int failed = 0, checked = 0;
    for (size_t i = 0; i < sizeof runs / sizeof *runs; i++) {
        const unsigned all_bits[3] = {8, 16, 32};
        for (int b = 0; b < 3; b++) {
            unsigned bits = all_bits[b];
            camp_texel_kind k = runs[i].kind;
            if ((k == CAMP_TEXEL_FLOAT && bits == 8) || ((k == CAMP_TEXEL_NORM || k == CAMP_TEXEL_UNORM) && bits == 32))
                continue;
            current_name = runs[i].name;
            failed += runs[i].run(bits);
            checked++;
        }
    }
    failed += clamping();
    failed += copies();
    printf("%d texture formats and ranks checked, %d failed\n", checked, failed);
    return failed != 0;
}
