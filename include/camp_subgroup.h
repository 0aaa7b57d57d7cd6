/* camp_subgroup.h — subgroup operations (docs/dialect.md §4.8): the threads
 * of a kernel run in subgroups (a warp, a wavefront, a SIMD vector) that
 * exchange values without memory. Included by camp.h; programs include
 * <camp.h>.
 *
 * campcc recognises the functions below in amp code by their names
 * (camp_subgroup_<operation>_[<type>_]) and emits SPIR-V's
 * OpGroupNonUniform* instructions. On the host (the serial reference mode,
 * restrict(cpu, amp) code) every thread is a subgroup of one: the bodies
 * below are what each operation gives in a subgroup of size 1. */
/* camp.h first: it includes this file in its turn, before camp_fragment.h,
 * which uses these functions (then this include does nothing) */
#include "camp.h"
#ifndef CAMP_SUBGROUP_H
#define CAMP_SUBGROUP_H

/* The number of threads of a subgroup (a power of two), this thread's lane
 * in its subgroup, 0 .. subgroup_size() - 1, and the index of its subgroup
 * among those of its tile (of its workgroup in an untiled kernel). */
#define subgroup_size() camp_subgroup_size_()
#define subgroup_lane() camp_subgroup_lane_()
#define subgroup_id() camp_subgroup_id_()
static inline unsigned camp_subgroup_size_(void) { return 1; }
static inline unsigned camp_subgroup_lane_(void) { return 0; }
static inline unsigned camp_subgroup_id_(void) { return 0; }

/* Votes: whether the condition holds in any, in every active thread of the
 * subgroup; the ballot's bit i (of component i / 32) is lane i's. */
#define subgroup_any(p) camp_subgroup_any_((p))
#define subgroup_all(p) camp_subgroup_all_((p))
#define subgroup_ballot(p) camp_subgroup_ballot_((p))
static inline int camp_subgroup_any_(int p) { return p != 0; }
static inline int camp_subgroup_all_(int p) { return p != 0; }
static inline uint4 camp_subgroup_ballot_(int p) { return (uint4){p != 0, 0, 0, 0}; }

/* The typed functions behind each operation: int, unsigned, long, unsigned
 * long, long long, unsigned long long, float, double and half; the bitwise
 * ones on the integers only. */
#ifdef __FLT16_MAX__
#define CAMP_SUBGROUP_HALF_(op) , half: camp_subgroup_##op##_half_
#else
#define CAMP_SUBGROUP_HALF_(op)
#endif
#define CAMP_SUBGROUP_INTEGERS_(op)                                                                         \
    int: camp_subgroup_##op##_int_, unsigned: camp_subgroup_##op##_uint_, long: camp_subgroup_##op##_long_,  \
    unsigned long: camp_subgroup_##op##_ulong_, long long: camp_subgroup_##op##_llong_,                      \
    unsigned long long: camp_subgroup_##op##_ullong_
/* __extension__: C99 programs take C11's _Generic quietly, as clang does */
#define CAMP_SUBGROUP_ANY_TYPE_(op, x)                                                                      \
    (__extension__ _Generic((x), CAMP_SUBGROUP_INTEGERS_(op), float: camp_subgroup_##op##_float_,          \
                            double: camp_subgroup_##op##_double_ CAMP_SUBGROUP_HALF_(op)))
#define CAMP_SUBGROUP_INT_TYPE_(op, x) (__extension__ _Generic((x), CAMP_SUBGROUP_INTEGERS_(op)))
/* the operations complex numbers have too (broadcast, shuffles, sums): each part on its own */
#define CAMP_SUBGROUP_COMPLEX_TYPE_(op, x)                                                                  \
    (__extension__ _Generic((x), CAMP_SUBGROUP_INTEGERS_(op), float: camp_subgroup_##op##_float_,          \
                            double: camp_subgroup_##op##_double_ CAMP_SUBGROUP_HALF_(op),                   \
                            float _Complex: camp_subgroup_##op##_cfloat_,                                   \
                            double _Complex: camp_subgroup_##op##_cdouble_))

/* x in the thread of lane `lane`, a constant (the same for the whole subgroup). */
#define subgroup_broadcast(x, lane) CAMP_SUBGROUP_COMPLEX_TYPE_(broadcast, x)((x), (lane))
/* x in the thread of lane `lane % subgroup_size()`, which may differ between threads. */
#define subgroup_shuffle(x, lane) CAMP_SUBGROUP_COMPLEX_TYPE_(shuffle, x)((x), (lane))
/* x in lane - delta, lane + delta, lane ^ mask; this thread's own x where
 * that lane is outside the subgroup. */
#define subgroup_shuffle_up(x, delta) CAMP_SUBGROUP_COMPLEX_TYPE_(shuffle_up, x)((x), (delta))
#define subgroup_shuffle_down(x, delta) CAMP_SUBGROUP_COMPLEX_TYPE_(shuffle_down, x)((x), (delta))
#define subgroup_shuffle_xor(x, mask) CAMP_SUBGROUP_COMPLEX_TYPE_(shuffle_xor, x)((x), (mask))

/* Over the active threads of the subgroup: the reduction (every thread gets
 * it), the inclusive scan (lanes up to this one) and the exclusive scan
 * (lanes before this one; the operation's identity in the first). */
#define subgroup_reduce_add(x) CAMP_SUBGROUP_COMPLEX_TYPE_(reduce_add, x)((x))
#define subgroup_reduce_min(x) CAMP_SUBGROUP_ANY_TYPE_(reduce_min, x)((x))
#define subgroup_reduce_max(x) CAMP_SUBGROUP_ANY_TYPE_(reduce_max, x)((x))
#define subgroup_reduce_and(x) CAMP_SUBGROUP_INT_TYPE_(reduce_and, x)((x))
#define subgroup_reduce_or(x) CAMP_SUBGROUP_INT_TYPE_(reduce_or, x)((x))
#define subgroup_reduce_xor(x) CAMP_SUBGROUP_INT_TYPE_(reduce_xor, x)((x))
#define subgroup_inclusive_add(x) CAMP_SUBGROUP_COMPLEX_TYPE_(inclusive_add, x)((x))
#define subgroup_inclusive_min(x) CAMP_SUBGROUP_ANY_TYPE_(inclusive_min, x)((x))
#define subgroup_inclusive_max(x) CAMP_SUBGROUP_ANY_TYPE_(inclusive_max, x)((x))
#define subgroup_inclusive_and(x) CAMP_SUBGROUP_INT_TYPE_(inclusive_and, x)((x))
#define subgroup_inclusive_or(x) CAMP_SUBGROUP_INT_TYPE_(inclusive_or, x)((x))
#define subgroup_inclusive_xor(x) CAMP_SUBGROUP_INT_TYPE_(inclusive_xor, x)((x))
#define subgroup_exclusive_add(x) CAMP_SUBGROUP_COMPLEX_TYPE_(exclusive_add, x)((x))
#define subgroup_exclusive_min(x) CAMP_SUBGROUP_ANY_TYPE_(exclusive_min, x)((x))
#define subgroup_exclusive_max(x) CAMP_SUBGROUP_ANY_TYPE_(exclusive_max, x)((x))
#define subgroup_exclusive_and(x) CAMP_SUBGROUP_INT_TYPE_(exclusive_and, x)((x))
#define subgroup_exclusive_or(x) CAMP_SUBGROUP_INT_TYPE_(exclusive_or, x)((x))
#define subgroup_exclusive_xor(x) CAMP_SUBGROUP_INT_TYPE_(exclusive_xor, x)((x))

/* A subgroup of one thread: every lane named is this thread's own (or
 * outside the subgroup), every reduction and inclusive scan is x, every
 * exclusive scan the identity: 0 for add, the type's largest value for min
 * (+infinity for floats), its smallest for max, all ones for and. */
#define CAMP_SUBGROUP_DEFINE_(T, name, lowest, highest)                                                         \
    static inline T camp_subgroup_broadcast_##name##_(T x, unsigned lane) { (void)lane; return x; }            \
    static inline T camp_subgroup_shuffle_##name##_(T x, unsigned lane) { (void)lane; return x; }              \
    static inline T camp_subgroup_shuffle_up_##name##_(T x, unsigned delta) { (void)delta; return x; }         \
    static inline T camp_subgroup_shuffle_down_##name##_(T x, unsigned delta) { (void)delta; return x; }       \
    static inline T camp_subgroup_shuffle_xor_##name##_(T x, unsigned mask) { (void)mask; return x; }          \
    static inline T camp_subgroup_reduce_add_##name##_(T x) { return x; }                                      \
    static inline T camp_subgroup_reduce_min_##name##_(T x) { return x; }                                      \
    static inline T camp_subgroup_reduce_max_##name##_(T x) { return x; }                                      \
    static inline T camp_subgroup_inclusive_add_##name##_(T x) { return x; }                                   \
    static inline T camp_subgroup_inclusive_min_##name##_(T x) { return x; }                                   \
    static inline T camp_subgroup_inclusive_max_##name##_(T x) { return x; }                                   \
    static inline T camp_subgroup_exclusive_add_##name##_(T x) { (void)x; return 0; }                          \
    static inline T camp_subgroup_exclusive_min_##name##_(T x) { (void)x; return highest; }                    \
    static inline T camp_subgroup_exclusive_max_##name##_(T x) { (void)x; return lowest; }
#define CAMP_SUBGROUP_DEFINE_BITWISE_(T, name)                                                                 \
    static inline T camp_subgroup_reduce_and_##name##_(T x) { return x; }                                      \
    static inline T camp_subgroup_reduce_or_##name##_(T x) { return x; }                                       \
    static inline T camp_subgroup_reduce_xor_##name##_(T x) { return x; }                                      \
    static inline T camp_subgroup_inclusive_and_##name##_(T x) { return x; }                                   \
    static inline T camp_subgroup_inclusive_or_##name##_(T x) { return x; }                                    \
    static inline T camp_subgroup_inclusive_xor_##name##_(T x) { return x; }                                   \
    static inline T camp_subgroup_exclusive_and_##name##_(T x) { (void)x; return (T)~(T)0; }                    \
    static inline T camp_subgroup_exclusive_or_##name##_(T x) { (void)x; return 0; }                           \
    static inline T camp_subgroup_exclusive_xor_##name##_(T x) { (void)x; return 0; }
CAMP_SUBGROUP_DEFINE_(int, int, -__INT_MAX__ - 1, __INT_MAX__)
CAMP_SUBGROUP_DEFINE_(unsigned, uint, 0u, ~0u)
CAMP_SUBGROUP_DEFINE_(long, long, -__LONG_MAX__ - 1, __LONG_MAX__)
CAMP_SUBGROUP_DEFINE_(unsigned long, ulong, 0ul, ~0ul)
CAMP_SUBGROUP_DEFINE_(long long, llong, -__LONG_LONG_MAX__ - 1, __LONG_LONG_MAX__)
CAMP_SUBGROUP_DEFINE_(unsigned long long, ullong, 0ull, ~0ull)
CAMP_SUBGROUP_DEFINE_(float, float, -__builtin_inff(), __builtin_inff())
CAMP_SUBGROUP_DEFINE_(double, double, -__builtin_inf(), __builtin_inf())
#ifdef __FLT16_MAX__
CAMP_SUBGROUP_DEFINE_(half, half, (half)-__builtin_inff(), (half)__builtin_inff())
#endif
CAMP_SUBGROUP_DEFINE_BITWISE_(int, int)
CAMP_SUBGROUP_DEFINE_BITWISE_(unsigned, uint)
CAMP_SUBGROUP_DEFINE_BITWISE_(long, long)
CAMP_SUBGROUP_DEFINE_BITWISE_(unsigned long, ulong)
CAMP_SUBGROUP_DEFINE_BITWISE_(long long, llong)
CAMP_SUBGROUP_DEFINE_BITWISE_(unsigned long long, ullong)

/* Complex numbers (C's layout: the real part, then the imaginary): the
 * operation on each part, in amp code two of the device's. */
#define CAMP_SUBGROUP_COMPLEX_LANE_(T, R, name, op, part_op)                                                   \
    static inline T camp_subgroup_##op##_##name##_(T x, unsigned lane) restrict(cpu, amp) {                     \
        T r = 0;                                                                                                \
        __real__ r = camp_subgroup_##part_op##_##R##_(__real__ x, lane);                                        \
        __imag__ r = camp_subgroup_##part_op##_##R##_(__imag__ x, lane);                                        \
        return r;                                                                                               \
    }
#define CAMP_SUBGROUP_COMPLEX_SUM_(T, R, name, op)                                                             \
    static inline T camp_subgroup_##op##_##name##_(T x) restrict(cpu, amp) {                                    \
        T r = 0;                                                                                                \
        __real__ r = camp_subgroup_##op##_##R##_(__real__ x);                                                   \
        __imag__ r = camp_subgroup_##op##_##R##_(__imag__ x);                                                   \
        return r;                                                                                               \
    }
#define CAMP_SUBGROUP_COMPLEX_(T, R, name)                                                                     \
    CAMP_SUBGROUP_COMPLEX_LANE_(T, R, name, broadcast, shuffle) /* the lane is a parameter here */             \
    CAMP_SUBGROUP_COMPLEX_LANE_(T, R, name, shuffle, shuffle)                                                  \
    CAMP_SUBGROUP_COMPLEX_LANE_(T, R, name, shuffle_up, shuffle_up)                                            \
    CAMP_SUBGROUP_COMPLEX_LANE_(T, R, name, shuffle_down, shuffle_down)                                        \
    CAMP_SUBGROUP_COMPLEX_LANE_(T, R, name, shuffle_xor, shuffle_xor)                                          \
    CAMP_SUBGROUP_COMPLEX_SUM_(T, R, name, reduce_add)                                                         \
    CAMP_SUBGROUP_COMPLEX_SUM_(T, R, name, inclusive_add)                                                      \
    CAMP_SUBGROUP_COMPLEX_SUM_(T, R, name, exclusive_add)
CAMP_SUBGROUP_COMPLEX_(float _Complex, float, cfloat)
CAMP_SUBGROUP_COMPLEX_(double _Complex, double, cdouble)
#undef CAMP_SUBGROUP_COMPLEX_
#undef CAMP_SUBGROUP_COMPLEX_LANE_
#undef CAMP_SUBGROUP_COMPLEX_SUM_
#undef CAMP_SUBGROUP_DEFINE_
#undef CAMP_SUBGROUP_DEFINE_BITWISE_

#endif /* CAMP_SUBGROUP_H */
