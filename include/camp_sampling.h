/* camp_sampling.h — sampling textures (docs/graphics.md): samplers, the
 * read-only texture_view_T_N of a float, norm or unorm texture, and
 * texture_sample / texture_gather_* on normalised coordinates. Included by
 * camp_texture.h; programs include <camp.h>.
 *
 * As in C++ AMP (and Direct3D, Vulkan), a coordinate's first component is
 * x, the texture's last index component (its column), normalised to [0, 1]
 * over the extent: (x + 0.5) / width is the centre of texel x. */
#ifndef CAMP_SAMPLING_H
#define CAMP_SAMPLING_H

#include "camp_texture.h"

/* C++ AMP's filter_mode and address_mode. */
typedef enum camp_filter_mode {
    CAMP_FILTER_POINT = 0,  /* the nearest texel */
    CAMP_FILTER_LINEAR = 1, /* the texels around, weighted by distance */
} camp_filter_mode;
typedef enum camp_address_mode {
    CAMP_ADDRESS_WRAP = 0,   /* repeats the texture */
    CAMP_ADDRESS_MIRROR = 1, /* repeats it mirrored every other time */
    CAMP_ADDRESS_CLAMP = 2,  /* the edge texel */
    CAMP_ADDRESS_BORDER = 3, /* the border colour */
} camp_address_mode;

/* C++ AMP's sampler: how a texture_view is sampled. */
typedef struct camp_sampler {
    camp_filter_mode filter;
    camp_address_mode address;
    float border[4]; /* CAMP_ADDRESS_BORDER's colour, RGBA */
} camp_sampler;

#ifndef CAMP_RUNTIME_API_ONLY

/* `camp_sampler s = sampler(CAMP_FILTER_LINEAR, CAMP_ADDRESS_CLAMP)`; the
 * border colour (transparent black unless given) for CAMP_ADDRESS_BORDER:
 * `sampler_border(CAMP_FILTER_POINT, 0, 0, 0, 1)`. Colours other than
 * (0,0,0,0), (0,0,0,1) and (1,1,1,1) need VK_EXT_custom_border_color. */
#define sampler(filter, address) ((camp_sampler){(filter), (address), {0, 0, 0, 0}})
#define sampler_border(filter, r, g, b, a) ((camp_sampler){(filter), CAMP_ADDRESS_BORDER, {(r), (g), (b), (a)}})

/* X(name, C type, channels): the element types that can be sampled. */
#define CAMP_SAMPLED_ELEMENTS_(X)                                                                         \
    X(float, float, 1) X(float2, float2, 2) X(float4, float4, 4) X(norm, norm, 1) X(norm2, norm2, 2)     \
    X(norm4, norm4, 4) X(unorm, unorm, 1) X(unorm2, unorm2, 2) X(unorm4, unorm4, 4)

/* texture_view_<name>_<rank>: C++ AMP's texture_view<const T, N>, made by
 * `texture_view(t)` from a texture of the same type; valid as long as it. */
#define CAMP_SAMPLED_VIEWS_(name, T, channels)                                                             \
    typedef struct texture_view_##name##_1 { camp_texture *camp_texture_; } texture_view_##name##_1;     \
    typedef struct texture_view_##name##_2 { camp_texture *camp_texture_; } texture_view_##name##_2;     \
    typedef struct texture_view_##name##_3 { camp_texture *camp_texture_; } texture_view_##name##_3;     \
    static inline texture_view_##name##_1 camp_texture_sampled_##name##_1_(texture_##name##_1 t) {       \
        return (texture_view_##name##_1){t.camp_texture_};                                               \
    }                                                                                                    \
    static inline texture_view_##name##_2 camp_texture_sampled_##name##_2_(texture_##name##_2 t) {       \
        return (texture_view_##name##_2){t.camp_texture_};                                               \
    }                                                                                                    \
    static inline texture_view_##name##_3 camp_texture_sampled_##name##_3_(texture_##name##_3 t) {       \
        return (texture_view_##name##_3){t.camp_texture_};                                               \
    }
CAMP_SAMPLED_ELEMENTS_(CAMP_SAMPLED_VIEWS_)
#define CAMP_SAMPLED_VIEW_CASES_(name, T, channels)                                                 \
    , texture_##name##_1: camp_texture_sampled_##name##_1_, texture_##name##_2: camp_texture_sampled_##name##_2_, \
    texture_##name##_3: camp_texture_sampled_##name##_3_
/* An integer texture has no such view: clang reports its type "not
 * compatible with any generic association". */
#define texture_view(t) (__extension__ _Generic((t) CAMP_SAMPLED_ELEMENTS_(CAMP_SAMPLED_VIEW_CASES_)))(t)

#ifndef __CAMPCC__
/* The serial reference mode's sampler, as Vulkan samples (one mip level). */
/* Texel i of n along one dimension under the address mode; -1: the border. */
static inline int camp_ref_address_(int i, int n, camp_address_mode mode) {
    switch (mode) {
    case CAMP_ADDRESS_WRAP: return (i % n + n) % n;
    case CAMP_ADDRESS_MIRROR: {
        int t = (i % (2 * n) + 2 * n) % (2 * n);
        return t < n ? t : 2 * n - 1 - t;
    }
    case CAMP_ADDRESS_CLAMP: return i < 0 ? 0 : i >= n ? n - 1 : i;
    default: return i < 0 || i >= n ? -1 : i;
    }
}
/* Channel c of the texel at xyz (x first), addressed by s. */
static inline double camp_ref_fetch_(const camp_texture *t, const camp_sampler *s, const int *xyz, int c) {
    int at[3] = {0, 0, 0}; /* most significant first */
    for (int d = 0; d < t->rank; d++) {
        int i = camp_ref_address_(xyz[d], t->extent[t->rank - 1 - d], s->address);
        if (i < 0) return s->border[c];
        at[t->rank - 1 - d] = i;
    }
    return camp_texel_read_(t, camp_texel_offset_(t, at[0], at[1], at[2]), c);
}
/* The texel at or below u (in texels; a linear filter's u is shifted half a
 * texel first), and how far past it u lies. */
static inline int camp_ref_floor_(double u, double *frac) {
    int i = (int)u - (u < (int)u);
    *frac = u - i;
    return i;
}
static inline void camp_ref_sample_(const camp_texture *t, camp_sampler s, const float *coord, float *out) {
    int base[3];
    double frac[3];
    for (int d = 0; d < t->rank; d++) {
        double u = coord[d] * (double)t->extent[t->rank - 1 - d] - (s.filter == CAMP_FILTER_LINEAR ? 0.5 : 0.0);
        base[d] = camp_ref_floor_(u, &frac[d]);
    }
    for (int c = 0; c < t->channels; c++) {
        double sum = 0;
        if (s.filter == CAMP_FILTER_POINT) {
            out[c] = (float)camp_ref_fetch_(t, &s, base, c);
            continue;
        }
        for (int corner = 0; corner < 1 << t->rank; corner++) {
            int at[3];
            double weight = 1;
            for (int d = 0; d < t->rank; d++) {
                int up = corner >> d & 1;
                at[d] = base[d] + up;
                weight *= up ? frac[d] : 1 - frac[d];
            }
            sum += weight * camp_ref_fetch_(t, &s, at, c);
        }
        out[c] = (float)sum;
    }
}
#endif

/* camp_texture_sample_<name>_<rank>_ and camp_texture_gather_<name>_2_ */
#ifdef __CAMPCC__
#define CAMP_SAMPLE_ACCESS_(name, T, R, Coord)                                                              \
    static inline T camp_texture_sample_##name##_##R##_(texture_view_##name##_##R v, camp_sampler s, Coord coord) { \
        (void)v, (void)s, (void)coord;                                                                      \
        camp_texture_host_access_();                                                                        \
        return (T){0};                                                                                      \
    }
#define CAMP_GATHER_ACCESS_(name, T)                                                                        \
    static inline float4 camp_texture_gather_##name##_2_(texture_view_##name##_2 v, camp_sampler s, float2 coord, \
                                                         int component) {                                   \
        (void)v, (void)s, (void)coord, (void)component;                                                     \
        camp_texture_host_access_();                                                                        \
        return (float4){0};                                                                                 \
    }
#else
#define CAMP_SAMPLE_ACCESS_(name, T, R, Coord)                                                              \
    static inline T camp_texture_sample_##name##_##R##_(texture_view_##name##_##R v, camp_sampler s, Coord coord) { \
        float lanes[4];                                                                                     \
        T value;                                                                                            \
        camp_ref_sample_(v.camp_texture_, s, (const float *)&coord, lanes);                                 \
        memcpy(&value, lanes, sizeof value);                                                                \
        return value;                                                                                       \
    }
/* The four texels a linear filter blends, in Vulkan's (and Direct3D's)
 * order: (x0, y1), (x1, y1), (x1, y0), (x0, y0). */
#define CAMP_GATHER_ACCESS_(name, T)                                                                        \
    static inline float4 camp_texture_gather_##name##_2_(texture_view_##name##_2 v, camp_sampler s, float2 coord, \
                                                         int component) {                                   \
        const camp_texture *t = v.camp_texture_;                                                            \
        double frac;                                                                                        \
        int x0 = camp_ref_floor_(coord.x * (double)t->extent[1] - 0.5, &frac);                              \
        int y0 = camp_ref_floor_(coord.y * (double)t->extent[0] - 0.5, &frac);                              \
        const int corners[4][2] = {{x0, y0 + 1}, {x0 + 1, y0 + 1}, {x0 + 1, y0}, {x0, y0}};                 \
        float4 g;                                                                                           \
        for (int i = 0; i < 4; i++) g[i] = (float)camp_ref_fetch_(t, &s, corners[i], component);           \
        return g;                                                                                           \
    }
#endif
#define CAMP_SAMPLE_ACCESSORS_(name, T, channels)                                        \
    CAMP_SAMPLE_ACCESS_(name, T, 1, float) CAMP_SAMPLE_ACCESS_(name, T, 2, float2)       \
    CAMP_SAMPLE_ACCESS_(name, T, 3, float3) CAMP_GATHER_ACCESS_(name, T)
CAMP_SAMPLED_ELEMENTS_(CAMP_SAMPLE_ACCESSORS_)

/* `texture_sample(v, s, coord)`: C++ AMP's texture_view::sample, the
 * view's element at a normalised coordinate (float, float2, float3: x
 * first) as sampler s filters and addresses it. */
#define CAMP_SAMPLE_CASES_(name, T, channels)                                                    \
    , texture_view_##name##_1: camp_texture_sample_##name##_1_,                                  \
    texture_view_##name##_2: camp_texture_sample_##name##_2_,                                    \
    texture_view_##name##_3: camp_texture_sample_##name##_3_
#define texture_sample(v, s, ...) \
    (__extension__ _Generic((v) CAMP_SAMPLED_ELEMENTS_(CAMP_SAMPLE_CASES_)))((v), (s), (__VA_ARGS__))

/* `texture_gather_red(v, s, coord)` (and _green, _blue, _alpha): C++ AMP's
 * gather_red ...: one component of the four texels a linear filter of a
 * rank-2 view would blend at coord, as a float4 in the order (x0, y1),
 * (x1, y1), (x1, y0), (x0, y0). */
#define CAMP_GATHER_CASES_(name, T, channels) , texture_view_##name##_2: camp_texture_gather_##name##_2_
#define camp_texture_gather_(v, s, component, coord) \
    (__extension__ _Generic((v) CAMP_SAMPLED_ELEMENTS_(CAMP_GATHER_CASES_)))((v), (s), (coord), (component))
#define texture_gather_red(v, s, ...) camp_texture_gather_(v, s, 0, (__VA_ARGS__))
#define texture_gather_green(v, s, ...) camp_texture_gather_(v, s, 1, (__VA_ARGS__))
#define texture_gather_blue(v, s, ...) camp_texture_gather_(v, s, 2, (__VA_ARGS__))
#define texture_gather_alpha(v, s, ...) camp_texture_gather_(v, s, 3, (__VA_ARGS__))

#endif /* CAMP_RUNTIME_API_ONLY */
#endif /* CAMP_SAMPLING_H */
