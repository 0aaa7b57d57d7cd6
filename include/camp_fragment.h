/* camp_fragment.h — matrix fragments (docs/dialect.md §4.9): small matrices
 * that the threads of a subgroup hold together and multiply on the
 * device's matrix units (tensor cores), C++ AMP's tiles meeting CUDA's
 * WMMA. Included by camp.h; programs include <camp.h>.
 *
 *     fragment_a(half, 16, 16, 16) a;        A: M×K, here 16×16 halves
 *     fragment_b(half, 16, 16, 16) b;        B: K×N
 *     fragment_acc(float, 16, 16, 16) c;     the accumulator: M×N
 *     fragment_fill(c, 0.0f);
 *     fragment_load(a, p, stride, fragment_row_major);
 *     fragment_mma(c, a, b, c);              c = a × b + c
 *     fragment_store(q, c, stride, fragment_row_major);
 *
 * Every thread of the subgroup reaches each operation with the same
 * arguments. Where the device has cooperative matrices of the shape, campcc
 * emits SPIR-V's OpCooperativeMatrix*NV instructions; elsewhere (lavapipe,
 * and the host's serial reference mode, a subgroup of one thread) the
 * bodies below run: each thread of the subgroup holds the whole fragment,
 * and the stores are shared out among the lanes. campcc recognises the
 * functions by their names, camp_fragment_<operation>_<kind>_<type>_<M>x<N>x<K>_. */
#include "camp.h"
#ifndef CAMP_FRAGMENT_H
#define CAMP_FRAGMENT_H

/* How a fragment lies in memory: element (r, c) at p[r * stride + c]
 * (row-major) or p[c * stride + r] (column-major). A constant. */
enum camp_fragment_layout { fragment_row_major = 0, fragment_col_major = 1 };

/* The shapes and types, M N K, the inputs' type and the accumulator's; the
 * input type decides the accumulator's (a float accumulator takes half
 * inputs, an int one 8-bit integers). */
#ifdef __FLT16_MAX__
#define CAMP_FRAGMENT_HALF_SHAPES_(X) X(16, 16, 16, half, float) X(16, 8, 16, half, float)
#else
#define CAMP_FRAGMENT_HALF_SHAPES_(X)
#endif
#define CAMP_FRAGMENT_SHAPES_(X) CAMP_FRAGMENT_HALF_SHAPES_(X) X(16, 16, 32, int8_t, int)

/* Element i of the inputs packed in order in the 16-byte units p[0],
 * p[1], ... (fragment_load from uint4 memory), by element type. */
static inline int8_t camp_fragment_unit_int8_t_(const uint4 *p, unsigned i) restrict(cpu, amp) {
    int byte = (int)(p[i / 16][i % 16 / 4] >> (i % 4 * 8) & 0xffu);
    return (int8_t)(byte < 128 ? byte : byte - 256);
}
#ifdef __FLT16_MAX__
static inline half camp_fragment_unit_half_(const uint4 *p, unsigned i) restrict(cpu, amp) {
    unsigned h = p[i / 8][i % 8 / 2] >> (i % 2 * 16) & 0xffffu, e = h >> 10 & 31u, m = h & 1023u;
    float zero = 0.0f, v = e == 0    ? (float)m * 0x1p-24f                          /* subnormal */
                           : e < 31 ? (float)(m | 1024u) * (float)(1u << e) * 0x1p-25f /* exact in float */
                           : m      ? zero / zero                                    /* NaN */
                                    : 1.0f / zero;                                   /* infinity */
    return (half)(h & 0x8000u ? -v : v);
}
#endif

#define camp_fragment_name_(kind, T, M, N, K) camp_fragment_##kind##_##T##_##M##x##N##x##K
#define camp_fragment_fn_(op, kind, T, M, N, K) camp_fragment_##op##_##kind##_##T##_##M##x##N##x##K##_
/* The types: fragment_a(T, M, N, K) is an M×K matrix of T, fragment_b(T, M,
 * N, K) a K×N one, fragment_acc(T, M, N, K) the M×N accumulator. */
#define fragment_a(T, M, N, K) struct camp_fragment_name_(a, T, M, N, K)
#define fragment_b(T, M, N, K) struct camp_fragment_name_(b, T, M, N, K)
#define fragment_acc(T, M, N, K) struct camp_fragment_name_(acc, T, M, N, K)

/* One fragment type (rows × cols of T) and its functions. */
#define CAMP_FRAGMENT_TYPE_(kind, T, M, N, K, rows, cols)                                                          \
    struct camp_fragment_name_(kind, T, M, N, K) { T x[(rows) * (cols)]; };                                       \
    static inline void camp_fragment_fn_(fill, kind, T, M, N, K)(                             \
        struct camp_fragment_name_(kind, T, M, N, K) *f, T v) restrict(cpu, amp) {                                \
        for (int i = 0; i < (rows) * (cols); i++) f->x[i] = v;                                                     \
    }                                                                                                              \
    static inline void camp_fragment_fn_(load, kind, T, M, N, K)(                             \
        struct camp_fragment_name_(kind, T, M, N, K) *f, const T *p, unsigned stride, int layout)                 \
        restrict(cpu, amp) {                                                                                       \
        for (unsigned r = 0; r < (rows); r++)                                                                      \
            for (unsigned c = 0; c < (cols); c++)                                                                  \
                f->x[r * (cols) + c] = layout == fragment_col_major ? p[c * stride + r] : p[r * stride + c];      \
    }                                                                                                              \
    static inline int camp_fragment_fn_(length, kind, T, M, N, K)(                            \
        const struct camp_fragment_name_(kind, T, M, N, K) *f) restrict(cpu, amp) {                               \
        (void)f;                                                                                                   \
        return (rows) * (cols);                                                                                    \
    }                                                                                                              \
    static inline T camp_fragment_fn_(get, kind, T, M, N, K)(                                 \
        const struct camp_fragment_name_(kind, T, M, N, K) *f, int i) restrict(cpu, amp) {                        \
        return f->x[i];                                                                                            \
    }                                                                                                              \
    static inline void camp_fragment_fn_(set, kind, T, M, N, K)(                              \
        struct camp_fragment_name_(kind, T, M, N, K) *f, int i, T v) restrict(cpu, amp) {                         \
        f->x[i] = v;                                                                                               \
    }

/* An input fragment's load from 16-byte units (fragment_load of a uint4 pointer). */
#define CAMP_FRAGMENT_LOAD16_FN_(kind, T, M, N, K, rows, cols)                                                     \
    static inline void camp_fragment_fn_(load16, kind, T, M, N, K)(                                                \
        struct camp_fragment_name_(kind, T, M, N, K) *f, const uint4 *p, unsigned stride, int layout)             \
        restrict(cpu, amp) {                                                                                       \
        for (unsigned r = 0; r < (rows); r++)                                                                      \
            for (unsigned c = 0; c < (cols); c++)                                                                  \
                f->x[r * (cols) + c] =                                                                             \
                    camp_fragment_unit_##T##_(p, layout == fragment_col_major ? c * stride + r : r * stride + c);   \
    }

/* An accumulator's store (the lanes of the subgroup share the elements out)
 * and the multiply-add d = a × b + c. */
#define CAMP_FRAGMENT_SHAPE_(M, N, K, In, Acc)                                                                     \
    CAMP_FRAGMENT_TYPE_(a, In, M, N, K, M, K)                                                                      \
    CAMP_FRAGMENT_LOAD16_FN_(a, In, M, N, K, M, K)                                                                 \
    CAMP_FRAGMENT_TYPE_(b, In, M, N, K, K, N)                                                                      \
    CAMP_FRAGMENT_LOAD16_FN_(b, In, M, N, K, K, N)                                                                 \
    CAMP_FRAGMENT_TYPE_(acc, Acc, M, N, K, M, N)                                                                   \
    static inline void camp_fragment_fn_(store, acc, Acc, M, N, K)(                             \
        Acc *p, const struct camp_fragment_name_(acc, Acc, M, N, K) *f, unsigned stride, int layout)              \
        restrict(cpu, amp) {                                                                                       \
        for (unsigned e = subgroup_lane(); e < (M) * (N); e += subgroup_size()) {                                 \
            unsigned r = e / (N), c = e % (N);                                                                     \
            p[layout == fragment_col_major ? c * stride + r : r * stride + c] = f->x[e];                           \
        }                                                                                                          \
    }                                                                                                              \
    static inline void camp_fragment_fn_(mma, acc, Acc, M, N, K)(                               \
        struct camp_fragment_name_(acc, Acc, M, N, K) *d, const struct camp_fragment_name_(a, In, M, N, K) *a,    \
        const struct camp_fragment_name_(b, In, M, N, K) *b, const struct camp_fragment_name_(acc, Acc, M, N, K) *c) \
        restrict(cpu, amp) {                                                                                       \
        for (int r = 0; r < (M); r++)                                                                              \
            for (int col = 0; col < (N); col++) {                                                                  \
                Acc s = c->x[r * (N) + col];                                                                       \
                for (int k = 0; k < (K); k++) s += (Acc)a->x[r * (K) + k] * (Acc)b->x[k * (N) + col];              \
                d->x[r * (N) + col] = s;                                                                           \
            }                                                                                                      \
    }
CAMP_FRAGMENT_SHAPES_(CAMP_FRAGMENT_SHAPE_)

/* _Generic's associations, one per fragment type that has the operation. */
#define CAMP_FRAGMENT_OF_ALL_(op, M, N, K, In, Acc)                                                                \
    , struct camp_fragment_name_(a, In, M, N, K) *: camp_fragment_fn_(op, a, In, M, N, K),  \
      struct camp_fragment_name_(b, In, M, N, K) *: camp_fragment_fn_(op, b, In, M, N, K),  \
      struct camp_fragment_name_(acc, Acc, M, N, K) *: camp_fragment_fn_(op, acc, Acc, M, N, K)
#define CAMP_FRAGMENT_FILL_(M, N, K, In, Acc) CAMP_FRAGMENT_OF_ALL_(fill, M, N, K, In, Acc)
#define CAMP_FRAGMENT_LOAD_(M, N, K, In, Acc) CAMP_FRAGMENT_OF_ALL_(load, M, N, K, In, Acc)
/* (an accumulator has no load from 16-byte units: its typed load, which
 * clang then refuses the uint4 pointer, rather than no association, which
 * it would report even where the pointer is typed) */
#define CAMP_FRAGMENT_LOAD16_(M, N, K, In, Acc)                                                                    \
    , struct camp_fragment_name_(a, In, M, N, K) *: camp_fragment_fn_(load16, a, In, M, N, K),                    \
      struct camp_fragment_name_(b, In, M, N, K) *: camp_fragment_fn_(load16, b, In, M, N, K),                    \
      struct camp_fragment_name_(acc, Acc, M, N, K) *: camp_fragment_fn_(load, acc, Acc, M, N, K)
#define CAMP_FRAGMENT_LENGTH_(M, N, K, In, Acc) CAMP_FRAGMENT_OF_ALL_(length, M, N, K, In, Acc)
#define CAMP_FRAGMENT_GET_(M, N, K, In, Acc) CAMP_FRAGMENT_OF_ALL_(get, M, N, K, In, Acc)
#define CAMP_FRAGMENT_SET_(M, N, K, In, Acc) CAMP_FRAGMENT_OF_ALL_(set, M, N, K, In, Acc)
#define CAMP_FRAGMENT_OF_ACC_(op, M, N, K, In, Acc)                                                                \
    , struct camp_fragment_name_(acc, Acc, M, N, K) *: camp_fragment_fn_(op, acc, Acc, M, N, K)
#define CAMP_FRAGMENT_STORE_(M, N, K, In, Acc) CAMP_FRAGMENT_OF_ACC_(store, M, N, K, In, Acc)
#define CAMP_FRAGMENT_MMA_(M, N, K, In, Acc) CAMP_FRAGMENT_OF_ACC_(mma, M, N, K, In, Acc)
/* __extension__: C99 programs take C11's _Generic quietly, as clang does */
#define CAMP_FRAGMENT_PICK_(f, ASSOCIATIONS) (__extension__ _Generic(&(f) CAMP_FRAGMENT_SHAPES_(ASSOCIATIONS)))

/* Every element of f set to v. */
#define fragment_fill(f, v) CAMP_FRAGMENT_PICK_(f, CAMP_FRAGMENT_FILL_)(&(f), (v))
/* f read from p: element (r, c) at p[r * stride + c] (fragment_row_major) or
 * p[c * stride + r] (fragment_col_major); stride counts elements. p may
 * also be a uint4 pointer, to memory holding the elements packed in
 * 16-byte units (tile_static memory a tile fills with 16-byte copies):
 * stride still counts elements, a multiple of the elements in 16 bytes. */
#define fragment_load(f, p, stride, layout)                                                                       \
    (__extension__ _Generic((p), const uint4 *: CAMP_FRAGMENT_PICK_(f, CAMP_FRAGMENT_LOAD16_),                    \
                            uint4 *: CAMP_FRAGMENT_PICK_(f, CAMP_FRAGMENT_LOAD16_),                               \
                            default: CAMP_FRAGMENT_PICK_(f, CAMP_FRAGMENT_LOAD_)))(&(f), (p), (stride), (layout))
/* Accumulator f written to p, laid out as fragment_load reads it. */
#define fragment_store(p, f, stride, layout) CAMP_FRAGMENT_PICK_(f, CAMP_FRAGMENT_STORE_)((p), &(f), (stride), (layout))
/* d = a × b + c (d may be c). */
#define fragment_mma(d, a, b, c) CAMP_FRAGMENT_PICK_(d, CAMP_FRAGMENT_MMA_)(&(d), &(a), &(b), &(c))
/* The elements this thread holds, 0 .. fragment_length(f) - 1, for
 * element-wise work (which element of the matrix each one is depends on the
 * device): their number, element i, element i set to v. */
#define fragment_length(f) CAMP_FRAGMENT_PICK_(f, CAMP_FRAGMENT_LENGTH_)(&(f))
#define fragment_get(f, i) CAMP_FRAGMENT_PICK_(f, CAMP_FRAGMENT_GET_)(&(f), (i))
#define fragment_set(f, i, v) CAMP_FRAGMENT_PICK_(f, CAMP_FRAGMENT_SET_)(&(f), (i), (v))

#endif /* CAMP_FRAGMENT_H */
