/* camp_texture.h — the graphics library (docs/graphics.md): norm and unorm,
 * textures on the accelerator's images, write-only texture views, and PNG
 * files. Included by camp.h; programs include <camp.h>.
 *
 * A texture's handle is a small struct whose type names its element type and
 * rank (texture_float4_2, writeonly_texture_view_unorm_1, ...), so that the
 * calls below pick the typed function through _Generic, as C++ AMP's
 * templates pick theirs. campcc recognises texture_get/texture_set in
 * amp code by the functions they reach (camp_texture_get_<T>_<rank>_) and
 * emits image reads and writes; the serial reference mode runs the bodies
 * below on host memory. */
#ifndef CAMP_TEXTURE_H
#define CAMP_TEXTURE_H

#include "camp.h" /* (which includes this file at its end) */

/* ---- The runtime's calls (libcamp; the serial mode uses the PNG ones) ---- */

/* What a texture's scalar elements are. */
typedef enum camp_texel_kind {
    CAMP_TEXEL_INT = 0,   /* signed integers of 8, 16 or 32 bits */
    CAMP_TEXEL_UINT = 1,  /* unsigned integers of 8, 16 or 32 bits */
    CAMP_TEXEL_FLOAT = 2, /* floats of 16 or 32 bits */
    CAMP_TEXEL_NORM = 3,  /* [-1, 1] in signed integers of 8 or 16 bits (VK_FORMAT_*_SNORM) */
    CAMP_TEXEL_UNORM = 4, /* [0, 1] in unsigned integers of 8 or 16 bits (VK_FORMAT_*_UNORM) */
} camp_texel_kind;

typedef struct camp_texture camp_texture;

/* Reads a PNG file as 8-bit RGBA texels, rows top first: malloc'd
 * width * height * 4 bytes (free them), or NULL after a run-time error
 * naming the file (missing, not a PNG, truncated). */
unsigned char *camp_png_read_at(const char *path, int *width, int *height, const char *file, unsigned line);
/* Writes 8-bit RGBA texels as a PNG file; false after a run-time error. */
bool camp_png_write_at(const char *path, const unsigned char *rgba, int width, int height, const char *file,
                       unsigned line);

#ifdef __CAMPCC__
/* A texture of `rank` (1..3) with extent[0..rank) (most significant first)
 * elements of `channels` (1, 2, 4) scalars of `kind` and `bits` bits, on
 * `view`'s accelerator (NULL: the default view), copied from `src` (packed
 * texels, rows of the last component) unless NULL. NULL after an error. */
camp_texture *camp_texture_new_at(camp_accelerator_view *view, camp_texel_kind kind, int channels, int rank,
                                  const int *extent, unsigned bits, const void *src, const char *file, unsigned line);
/* Copies `bytes` (the texture's whole size) in or out; between two
 * textures of one shape and format. */
void camp_texture_copy_in_at(camp_texture *texture, const void *src, size_t bytes, const char *file, unsigned line);
void camp_texture_copy_out_at(void *dst, const camp_texture *texture, size_t bytes, const char *file, unsigned line);
void camp_texture_copy_at(camp_texture *dst, const camp_texture *src, const char *file, unsigned line);
/* The same copies in or out, returning at once with a future (camp.h): a copy
 * out's bytes are in `dst` when camp_future_wait returns; NULL after an error. */
camp_future *camp_texture_copy_in_async_at(camp_texture *texture, const void *src, size_t bytes, const char *file,
                                           unsigned line);
camp_future *camp_texture_copy_out_async_at(void *dst, const camp_texture *texture, size_t bytes, const char *file,
                                            unsigned line);
void camp_texture_delete_at(camp_texture *texture, const char *file, unsigned line);
/* Its extent (most significant first; 1 beyond its rank), and the bytes of its data. */
void camp_texture_extent(const camp_texture *texture, int extent[3]);
size_t camp_texture_bytes(const camp_texture *texture);
#endif

#ifndef CAMP_RUNTIME_API_ONLY

/* ---- norm and unorm (C++ AMP's norm, unorm and their short vectors) ------
 * Floats held in [-1, 1] and [0, 1]. C has no converting constructors, so
 * the clamp is a call: to_norm(x) and to_unorm(x), element-wise on vectors
 * (NaN becomes 0). Textures of norm and unorm elements store them as
 * VK_FORMAT_*_SNORM and _UNORM integers, which clamp on every write. */
typedef float norm;  /* a name of the program's own? #define CAMP_NO_GRAPHICS before including camp.h */
typedef float unorm; /* the same */
typedef float norm2 __attribute__((ext_vector_type(2)));
typedef float norm3 __attribute__((ext_vector_type(3)));
typedef float norm4 __attribute__((ext_vector_type(4)));
typedef float unorm2 __attribute__((ext_vector_type(2)));
typedef float unorm3 __attribute__((ext_vector_type(3)));
typedef float unorm4 __attribute__((ext_vector_type(4)));

/* x > lo fails for NaN too: NaN goes to 0, as it does into an _UNORM/_SNORM texel */
static inline float camp_clamp_(float x, float lo) restrict(cpu, amp) {
    return x > lo ? (x < 1.0f ? x : 1.0f) : (x != x ? 0.0f : lo);
}
static inline float camp_norm1_(float x) restrict(cpu, amp) { return camp_clamp_(x, -1.0f); }
static inline float2 camp_norm2_(float2 v) restrict(cpu, amp) { return (float2){camp_norm1_(v.x), camp_norm1_(v.y)}; }
static inline float3 camp_norm3_(float3 v) restrict(cpu, amp) {
    return (float3){camp_norm1_(v.x), camp_norm1_(v.y), camp_norm1_(v.z)};
}
static inline float4 camp_norm4_(float4 v) restrict(cpu, amp) {
    return (float4){camp_norm1_(v.x), camp_norm1_(v.y), camp_norm1_(v.z), camp_norm1_(v.w)};
}
static inline float camp_unorm1_(float x) restrict(cpu, amp) { return camp_clamp_(x, 0.0f); }
static inline float2 camp_unorm2_(float2 v) restrict(cpu, amp) { return (float2){camp_unorm1_(v.x), camp_unorm1_(v.y)}; }
static inline float3 camp_unorm3_(float3 v) restrict(cpu, amp) {
    return (float3){camp_unorm1_(v.x), camp_unorm1_(v.y), camp_unorm1_(v.z)};
}
static inline float4 camp_unorm4_(float4 v) restrict(cpu, amp) {
    return (float4){camp_unorm1_(v.x), camp_unorm1_(v.y), camp_unorm1_(v.z), camp_unorm1_(v.w)};
}
#define to_norm(x) (__extension__ _Generic((x), float2: camp_norm2_, float3: camp_norm3_, float4: camp_norm4_, default: camp_norm1_))(x)
#define to_unorm(x) \
    (__extension__ _Generic((x), float2: camp_unorm2_, float3: camp_unorm3_, float4: camp_unorm4_, default: camp_unorm1_))(x)

/* ---- Texture handles -------------------------------------------------------
 * X(name, C type, scalar C type, kind, channels): the element types a
 * texture may have (C++ AMP allows no 3-vectors). */
#define CAMP_TEXTURE_ELEMENTS_(X)                                                                                  \
    X(int, int, int, CAMP_TEXEL_INT, 1) X(int2, int2, int, CAMP_TEXEL_INT, 2) X(int4, int4, int, CAMP_TEXEL_INT, 4) \
    X(uint, unsigned, unsigned, CAMP_TEXEL_UINT, 1) X(uint2, uint2, unsigned, CAMP_TEXEL_UINT, 2)                  \
    X(uint4, uint4, unsigned, CAMP_TEXEL_UINT, 4) X(float, float, float, CAMP_TEXEL_FLOAT, 1)                      \
    X(float2, float2, float, CAMP_TEXEL_FLOAT, 2) X(float4, float4, float, CAMP_TEXEL_FLOAT, 4)                    \
    X(norm, norm, float, CAMP_TEXEL_NORM, 1) X(norm2, norm2, float, CAMP_TEXEL_NORM, 2)                            \
    X(norm4, norm4, float, CAMP_TEXEL_NORM, 4) X(unorm, unorm, float, CAMP_TEXEL_UNORM, 1)                         \
    X(unorm2, unorm2, float, CAMP_TEXEL_UNORM, 2) X(unorm4, unorm4, float, CAMP_TEXEL_UNORM, 4)

#ifndef __CAMPCC__
/* The serial reference mode's texture: its texels in host memory, packed
 * as on the device (rows of the last index component). */
struct camp_texture {
    unsigned char *data;
    int extent[3]; /* most significant first; 1 beyond the rank */
    int rank, channels;
    unsigned bits;
    camp_texel_kind kind;
};
#endif

/* Handles: the runtime's texture, typed. */
#define CAMP_TEXTURE_HANDLES_(name, T, S, kind, channels)                                                      \
    typedef struct texture_##name##_1 { camp_texture *camp_texture_; } texture_##name##_1;                    \
    typedef struct texture_##name##_2 { camp_texture *camp_texture_; } texture_##name##_2;                    \
    typedef struct texture_##name##_3 { camp_texture *camp_texture_; } texture_##name##_3;                    \
    typedef struct writeonly_texture_view_##name##_1 { camp_texture *camp_texture_; } writeonly_texture_view_##name##_1; \
    typedef struct writeonly_texture_view_##name##_2 { camp_texture *camp_texture_; } writeonly_texture_view_##name##_2; \
    typedef struct writeonly_texture_view_##name##_3 { camp_texture *camp_texture_; } writeonly_texture_view_##name##_3;
CAMP_TEXTURE_ELEMENTS_(CAMP_TEXTURE_HANDLES_)

/* ---- Element access: the serial reference mode's bodies -------------------
 * (campcc replaces the calls in kernels with image reads and writes; on the
 * host, a texture's texels are the accelerator's and these stop.) */

#ifdef __CAMPCC__
static inline void camp_texture_host_access_(void) {
    fprintf(stderr, "camp: texture_get and texture_set work in kernels only; copy a texture out with "
                    "texture_copy_out to read it on the host\n");
    abort();
}
#else
/* The byte offset of a texel, or an abort naming the index outside the extent. */
static inline size_t camp_texel_offset_(const camp_texture *t, int i0, int i1, int i2) {
    const int at[3] = {i0, i1, i2};
    size_t linear = ((size_t)i0 * (size_t)t->extent[1] + (size_t)i1) * (size_t)t->extent[2] + (size_t)i2;
    for (int d = 0; d < 3; d++)
        if (at[d] < 0 || at[d] >= t->extent[d]) {
            fprintf(stderr, "camp: texture index component %d is %d, outside the extent %d\n", d, at[d], t->extent[d]);
            abort();
        }
    return linear * (size_t)t->channels * (t->bits / 8);
}
/* Scalar c of the texel at `offset`, as the device reads it. */
static inline double camp_texel_read_(const camp_texture *t, size_t offset, int c) {
    const unsigned char *p = t->data + offset + (size_t)c * (t->bits / 8);
    bool is_signed = t->kind == CAMP_TEXEL_INT || t->kind == CAMP_TEXEL_NORM;
    double v, top = t->bits == 8 ? (is_signed ? 127.0 : 255.0) : (is_signed ? 32767.0 : 65535.0);
    if (t->kind == CAMP_TEXEL_FLOAT) {
        _Float16 h;
        float f;
        if (t->bits == 16) { memcpy(&h, p, 2); return (double)h; }
        memcpy(&f, p, 4);
        return f;
    }
    if (t->bits == 8) v = is_signed ? (double)*(const int8_t *)p : (double)*p;
    else if (t->bits == 16) { uint16_t u; memcpy(&u, p, 2); v = is_signed ? (double)(int16_t)u : (double)u; }
    else { uint32_t u; memcpy(&u, p, 4); v = is_signed ? (double)(int32_t)u : (double)u; }
    if (t->kind == CAMP_TEXEL_UNORM) return v / top;
    if (t->kind == CAMP_TEXEL_NORM) return v / top < -1.0 ? -1.0 : v / top;
    return v;
}
/* Writes scalar c of the texel at `offset` as the device does: norm and
 * unorm clamped and rounded to the nearest step, integers cut to their bits. */
static inline void camp_texel_write_(camp_texture *t, size_t offset, int c, double v) {
    unsigned char *p = t->data + offset + (size_t)c * (t->bits / 8);
    bool is_signed = t->kind == CAMP_TEXEL_INT || t->kind == CAMP_TEXEL_NORM;
    uint32_t bits;
    if (t->kind == CAMP_TEXEL_FLOAT) {
        if (t->bits == 16) { _Float16 h = (_Float16)v; memcpy(p, &h, 2); }
        else { float f = (float)v; memcpy(p, &f, 4); }
        return;
    }
    if (t->kind == CAMP_TEXEL_NORM || t->kind == CAMP_TEXEL_UNORM) {
        double top = t->bits == 8 ? (is_signed ? 127.0 : 255.0) : (is_signed ? 32767.0 : 65535.0);
        double clamped = v != v ? 0.0 : v > 1.0 ? 1.0 : v < (is_signed ? -1.0 : 0.0) ? (is_signed ? -1.0 : 0.0) : v;
        double scaled = clamped * top;
        bits = (uint32_t)(int32_t)(scaled < 0 ? scaled - 0.5 : scaled + 0.5);
    } else {
        bits = is_signed ? (uint32_t)(int32_t)v : (uint32_t)v;
    }
    if (t->bits == 8) { uint8_t b = (uint8_t)bits; memcpy(p, &b, 1); }
    else if (t->bits == 16) { uint16_t h = (uint16_t)bits; memcpy(p, &h, 2); }
    else memcpy(p, &bits, 4);
}
#endif

/* camp_texture_get_<name>_<rank>_ and camp_texture_set_<name>_<rank>_: the
 * index's components as i0 (most significant), i1, i2. */
#ifdef __CAMPCC__
#define CAMP_TEXTURE_ACCESS_(name, T, S, R, Idx, i0, i1, i2)                                                       \
    static inline T camp_texture_get_##name##_##R##_(texture_##name##_##R t, Idx idx) {                          \
        (void)t, (void)idx;                                                                                       \
        camp_texture_host_access_();                                                                              \
        return (T){0};                                                                                            \
    }                                                                                                             \
    static inline void camp_texture_set_##name##_##R##_(writeonly_texture_view_##name##_##R v, Idx idx, T value) { \
        (void)v, (void)idx, (void)value;                                                                          \
        camp_texture_host_access_();                                                                              \
    }                                                                                                             \
    static inline void camp_texture_set_texture_##name##_##R##_(texture_##name##_##R t, Idx idx, T value) {      \
        (void)t, (void)idx, (void)value;                                                                          \
        camp_texture_host_access_();                                                                              \
    }
#else
/* texture_set of a texture itself: as on the device, where a kernel reads
 * and writes one storage image of one 32-bit channel (campcc refuses other
 * element types at compile time, libcamp other bits at launch). */
static inline void camp_texture_check_read_write_(const camp_texture *t) {
    if (t->channels == 1 && t->bits == 32) return;
    fprintf(stderr, "camp: texture_set of a texture of %d channels of %u bits: a kernel writes a texture itself "
                    "only where it has one 32-bit channel; write through a writeonly_texture_view instead\n",
            t->channels, t->bits);
    abort();
}
#define CAMP_TEXTURE_ACCESS_(name, T, S, R, Idx, i0, i1, i2)                                                       \
    static inline T camp_texture_get_##name##_##R##_(texture_##name##_##R t, Idx idx) {                          \
        T value;                                                                                                  \
        S *lanes = (S *)&value;                                                                                   \
        size_t at = camp_texel_offset_(t.camp_texture_, i0, i1, i2);                                              \
        for (int c = 0; c < t.camp_texture_->channels; c++) lanes[c] = (S)camp_texel_read_(t.camp_texture_, at, c); \
        return value;                                                                                             \
    }                                                                                                             \
    static inline void camp_texture_set_##name##_##R##_(writeonly_texture_view_##name##_##R v, Idx idx, T value) { \
        S *lanes = (S *)&value;                                                                                   \
        size_t at = camp_texel_offset_(v.camp_texture_, i0, i1, i2);                                              \
        for (int c = 0; c < v.camp_texture_->channels; c++) camp_texel_write_(v.camp_texture_, at, c, lanes[c]);  \
    }                                                                                                             \
    static inline void camp_texture_set_texture_##name##_##R##_(texture_##name##_##R t, Idx idx, T value) {      \
        camp_texture_check_read_write_(t.camp_texture_);                                                          \
        camp_texture_set_##name##_##R##_((writeonly_texture_view_##name##_##R){t.camp_texture_}, idx, value);    \
    }
#endif
#define CAMP_TEXTURE_ACCESSORS_(name, T, S, kind, channels)                \
    CAMP_TEXTURE_ACCESS_(name, T, S, 1, int, idx, 0, 0)                    \
    CAMP_TEXTURE_ACCESS_(name, T, S, 2, int2, idx[0], idx[1], 0)           \
    CAMP_TEXTURE_ACCESS_(name, T, S, 3, int3, idx[0], idx[1], idx[2])
CAMP_TEXTURE_ELEMENTS_(CAMP_TEXTURE_ACCESSORS_)

/* The _Generic associations of every handle of one kind, each after a
 * comma. A handle of another kind (texture_get of a write-only view) has
 * none: clang reports the type "not compatible with any generic association". */
#define CAMP_TEXTURE_CASES_(name, T, S, kind, channels) \
    , CAMP_TEXTURE_CASE_(name, 1), CAMP_TEXTURE_CASE_(name, 2), CAMP_TEXTURE_CASE_(name, 3)

/* `texture_get(t, idx)`: C++ AMP's texture::operator[] and get(), the
 * element at an index of the texture's rank (int, int2, int3). The index
 * is the macro's variadic part, so a compound literal's commas, as in
 * `(int2){r, c}`, are not taken for the macro's own. */
#define CAMP_TEXTURE_CASE_(name, R) texture_##name##_##R: camp_texture_get_##name##_##R##_
#define texture_get(t, ...) (__extension__ _Generic((t) CAMP_TEXTURE_ELEMENTS_(CAMP_TEXTURE_CASES_)))((t), __VA_ARGS__)

/* `texture_set(v, idx, value)`: C++ AMP's writeonly_texture_view::set, on
 * a write-only view of a texture; and texture::set, on a texture itself,
 * which the kernel may also read (texture_get sees the thread's own
 * writes): only where its element is one int, uint or float of 32 bits.
 * The index and the value are the function's two arguments after the
 * handle, parsed by the compiler rather than split by the preprocessor. */
#define CAMP_TEXTURE_SET_CASE_(name, R)                                          \
    writeonly_texture_view_##name##_##R: camp_texture_set_##name##_##R##_,      \
    texture_##name##_##R: camp_texture_set_texture_##name##_##R##_
#define CAMP_TEXTURE_SET_CASES_(name, T, S, kind, channels) \
    , CAMP_TEXTURE_SET_CASE_(name, 1), CAMP_TEXTURE_SET_CASE_(name, 2), CAMP_TEXTURE_SET_CASE_(name, 3)
#define texture_set(v, ...) (__extension__ _Generic((v) CAMP_TEXTURE_ELEMENTS_(CAMP_TEXTURE_SET_CASES_)))((v), __VA_ARGS__)

/* `writeonly_texture_view(t)`: C++ AMP's writeonly_texture_view<T, N>(t),
 * valid as long as the texture. */
#define CAMP_TEXTURE_VIEW_OF_(name, T, S, kind, channels)                                                         \
    static inline writeonly_texture_view_##name##_1 camp_texture_view_##name##_1_(texture_##name##_1 t) {       \
        return (writeonly_texture_view_##name##_1){t.camp_texture_};                                            \
    }                                                                                                           \
    static inline writeonly_texture_view_##name##_2 camp_texture_view_##name##_2_(texture_##name##_2 t) {       \
        return (writeonly_texture_view_##name##_2){t.camp_texture_};                                            \
    }                                                                                                           \
    static inline writeonly_texture_view_##name##_3 camp_texture_view_##name##_3_(texture_##name##_3 t) {       \
        return (writeonly_texture_view_##name##_3){t.camp_texture_};                                            \
    }
CAMP_TEXTURE_ELEMENTS_(CAMP_TEXTURE_VIEW_OF_)
#define CAMP_TEXTURE_VIEW_CASE_(name, R) texture_##name##_##R: camp_texture_view_##name##_##R##_
#define CAMP_TEXTURE_VIEW_CASES_(name, T, S, kind, channels) \
    , CAMP_TEXTURE_VIEW_CASE_(name, 1), CAMP_TEXTURE_VIEW_CASE_(name, 2), CAMP_TEXTURE_VIEW_CASE_(name, 3)
#define writeonly_texture_view(t) (__extension__ _Generic((t) CAMP_TEXTURE_ELEMENTS_(CAMP_TEXTURE_VIEW_CASES_)))(t)

/* ---- Creating, copying, releasing (host code) ------------------------------- */

typedef struct camp_extent3_ { int rank, e[3]; } camp_extent3_;
static inline camp_extent3_ camp_extent_of1_(int e) { return (camp_extent3_){1, {e, 1, 1}}; }
static inline camp_extent3_ camp_extent_of2_(int2 e) { return (camp_extent3_){2, {e[0], e[1], 1}}; }
static inline camp_extent3_ camp_extent_of3_(int3 e) { return (camp_extent3_){3, {e[0], e[1], e[2]}}; }
#define camp_extent3_of_(e) (__extension__ _Generic((e), int2: camp_extent_of2_, int3: camp_extent_of3_, default: camp_extent_of1_))(e)

#ifdef __CAMPCC__
#define camp_texture_make_(view, kind, channels, ext, bits, src) \
    camp_texture_new_at((view), (kind), (channels), (ext).rank, (ext).e, (bits), (src), __FILE__, __LINE__)
#else
/* The serial reference mode's checks are the runtime's, in fewer words. */
static inline camp_texture *camp_texture_make_ref_(camp_texel_kind kind, int channels, camp_extent3_ ext, unsigned bits,
                                                   const void *src, const char *file, unsigned line) {
    bool normalized = kind == CAMP_TEXEL_NORM || kind == CAMP_TEXEL_UNORM;
    bool bits_ok = bits == 8 || bits == 16 || (bits == 32 && !normalized);
    size_t count = 1, bytes;
    camp_texture *t;
    if (!bits_ok || (kind == CAMP_TEXEL_FLOAT && bits == 8)) {
        fprintf(stderr, "%s:%u: camp error: texture_new: %u bits per scalar element is not a texture format\n", file,
                line, bits);
        abort();
    }
    for (int d = 0; d < 3; d++) {
        if (ext.e[d] <= 0) {
            fprintf(stderr, "%s:%u: camp error: texture_new: an extent of %d\n", file, line, ext.e[d]);
            abort();
        }
        count *= (size_t)ext.e[d];
    }
    t = malloc(sizeof *t);
    bytes = count * (size_t)channels * (bits / 8);
    if (t) t->data = src ? malloc(bytes) : calloc(1, bytes);
    if (!t || !t->data) {
        fprintf(stderr, "camp: out of host memory\n");
        abort();
    }
    if (src) memcpy(t->data, src, bytes);
    *t = (camp_texture){t->data, {ext.e[0], ext.e[1], ext.e[2]}, ext.rank, channels, bits, kind};
    return t;
}
#define camp_texture_make_(view, kind, channels, ext, bits, src) \
    ((void)(view), camp_texture_make_ref_((kind), (channels), (ext), (bits), (src), __FILE__, __LINE__))
static inline size_t camp_texture_bytes(const camp_texture *t) {
    return (size_t)t->extent[0] * (size_t)t->extent[1] * (size_t)t->extent[2] * (size_t)t->channels * (t->bits / 8);
}
static inline void camp_texture_extent(const camp_texture *t, int extent[3]) { memcpy(extent, t->extent, sizeof t->extent); }
static inline void camp_texture_copy_in_at(camp_texture *t, const void *src, size_t bytes, const char *file, unsigned line) {
    if (bytes != camp_texture_bytes(t)) {
        fprintf(stderr, "%s:%u: camp error: texture_copy_in: %zu bytes for a texture of %zu\n", file, line, bytes,
                camp_texture_bytes(t));
        abort();
    }
    memcpy(t->data, src, bytes);
}
static inline void camp_texture_copy_out_at(void *dst, const camp_texture *t, size_t bytes, const char *file, unsigned line) {
    if (bytes != camp_texture_bytes(t)) {
        fprintf(stderr, "%s:%u: camp error: texture_copy_out: %zu bytes for a texture of %zu\n", file, line, bytes,
                camp_texture_bytes(t));
        abort();
    }
    memcpy(dst, t->data, bytes);
}
static inline camp_future *camp_texture_copy_in_async_at(camp_texture *t, const void *src, size_t bytes,
                                                         const char *file, unsigned line) {
    camp_texture_copy_in_at(t, src, bytes, file, line);
    return NULL;
}
static inline camp_future *camp_texture_copy_out_async_at(void *dst, const camp_texture *t, size_t bytes,
                                                          const char *file, unsigned line) {
    camp_texture_copy_out_at(dst, t, bytes, file, line);
    return NULL;
}
static inline void camp_texture_copy_at(camp_texture *dst, const camp_texture *src, const char *file, unsigned line) {
    if (memcmp(dst->extent, src->extent, sizeof dst->extent) || dst->kind != src->kind || dst->bits != src->bits ||
        dst->channels != src->channels) {
        fprintf(stderr, "%s:%u: camp error: texture_copy: the textures differ in extent or format\n", file, line);
        abort();
    }
    memcpy(dst->data, src->data, camp_texture_bytes(src));
}
static inline void camp_texture_delete_at(camp_texture *t, const char *file, unsigned line) {
    (void)file, (void)line;
    if (t) free(t->data);
    free(t);
}
#endif

/* `texture_T_N t = texture_new(T, extent, bits, src)`: C++ AMP's
 * texture<T, N>(extent, bits_per_scalar_element) and (extent, src, bytes,
 * bits): extent(n), extent(r, c) or extent(d, r, c) elements of type T
 * (int, uint, float, norm, unorm and their 2- and 4-vectors), each scalar of
 * `bits` bits (8, 16 or 32; norm and unorm 8 or 16; float 16 or 32), on the
 * default accelerator, copied from `src` (packed texels) unless it is NULL. */
#define texture_new(T, ext, bits, src) texture_new_on(NULL, T, ext, bits, src)
#define texture_new_on(view, T, ext, bits, src) \
    camp_texture_typed_(T, ext, camp_texture_make_((view), CAMP_TEXEL_KIND_##T##_, CAMP_TEXEL_CHANNELS_##T##_, \
                                                   camp_extent3_of_(ext), (bits), (src)))
#define camp_texture_typed_(T, ext, made) \
    (__extension__ _Generic((ext), int2: (texture_##T##_2){made}, int3: (texture_##T##_3){made}, default: (texture_##T##_1){made}))
#define CAMP_TEXEL_CONSTANTS_(name, T, S, kind, channels) \
    enum { CAMP_TEXEL_KIND_##name##_ = kind, CAMP_TEXEL_CHANNELS_##name##_ = channels };
CAMP_TEXTURE_ELEMENTS_(CAMP_TEXEL_CONSTANTS_)

/* `texture_unorm4_2 t = texture_load_png(path)`: a PNG file as a texture of
 * unorm4 (8-bit RGBA) texels, rows top first; a file that is missing or not
 * a PNG is a run-time error naming the file and the line. */
static inline texture_unorm4_2 camp_texture_load_png_at(const char *path, const char *file, unsigned line) {
    int width = 0, height = 0;
    unsigned char *rgba = camp_png_read_at(path, &width, &height, file, line);
    camp_texture *t;
    if (!rgba) return (texture_unorm4_2){NULL};
    t = camp_texture_make_(NULL, CAMP_TEXEL_UNORM, 4, camp_extent_of2_((int2){height, width}), 8u, rgba);
    free(rgba);
    return (texture_unorm4_2){t};
}
#define texture_load_png(path) camp_texture_load_png_at((path), __FILE__, __LINE__)
/* `texture_save_png(t, path)`: writes a texture_unorm4_2 of 8-bit texels as a PNG file. */
static inline bool camp_texture_save_png_at(texture_unorm4_2 t, const char *path, const char *file, unsigned line) {
    int extent[3];
    size_t bytes = camp_texture_bytes(t.camp_texture_);
    unsigned char *rgba = malloc(bytes);
    bool ok;
    if (!rgba) return false;
    camp_texture_extent(t.camp_texture_, extent);
    camp_texture_copy_out_at(rgba, t.camp_texture_, bytes, file, line);
    ok = camp_png_write_at(path, rgba, extent[1], extent[0], file, line);
    free(rgba);
    return ok;
}
#define texture_save_png(t, path) camp_texture_save_png_at((t), (path), __FILE__, __LINE__)

/* `texture_extent(t)`: C++ AMP's t.extent, an int, int2 or int3 of its rank. */
static inline int camp_texture_extent1_(const camp_texture *t) {
    int e[3];
    camp_texture_extent(t, e);
    return e[0];
}
static inline int2 camp_texture_extent2_(const camp_texture *t) {
    int e[3];
    camp_texture_extent(t, e);
    return (int2){e[0], e[1]};
}
static inline int3 camp_texture_extent3_(const camp_texture *t) {
    int e[3];
    camp_texture_extent(t, e);
    return (int3){e[0], e[1], e[2]};
}
#define CAMP_TEXTURE_EXTENT_CASES_(name, T, S, kind, channels)                                             \
    , texture_##name##_1: camp_texture_extent1_, texture_##name##_2: camp_texture_extent2_,               \
    texture_##name##_3: camp_texture_extent3_
#define texture_extent(t) (__extension__ _Generic((t) CAMP_TEXTURE_ELEMENTS_(CAMP_TEXTURE_EXTENT_CASES_)))((t).camp_texture_)

/* C++ AMP's copy(src, bytes, texture), copy(texture, dst, bytes), copy(texture, texture). */
#define texture_copy_in(t, src, bytes) camp_texture_copy_in_at((t).camp_texture_, (src), (bytes), __FILE__, __LINE__)
#define texture_copy_out(dst, t, bytes) camp_texture_copy_out_at((dst), (t).camp_texture_, (bytes), __FILE__, __LINE__)
#define texture_copy(dst, src) camp_texture_copy_at((dst).camp_texture_, (src).camp_texture_, __FILE__, __LINE__)
/* C++ AMP's copy_async(src, bytes, texture), copy_async(texture, dst, bytes): a camp_future *. */
#define texture_copy_in_async(t, src, bytes) \
    camp_texture_copy_in_async_at((t).camp_texture_, (src), (bytes), __FILE__, __LINE__)
#define texture_copy_out_async(dst, t, bytes) \
    camp_texture_copy_out_async_at((dst), (t).camp_texture_, (bytes), __FILE__, __LINE__)
/* Frees the texture (its write-only views end with it). */
#define texture_delete(t) camp_texture_delete_at((t).camp_texture_, __FILE__, __LINE__)
/* The bytes of its texels: what texture_copy_in and texture_copy_out take. */
#define texture_bytes(t) camp_texture_bytes((t).camp_texture_)

#endif /* CAMP_RUNTIME_API_ONLY */

/* Samplers and texture_view: sampling */
#include "camp_sampling.h"
#endif /* CAMP_TEXTURE_H */
