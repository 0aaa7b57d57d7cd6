/* element_type.h — the element type a file of the algorithms library is
 * compiled for: meson compiles reduce.c and scan.c once per type, with one
 * of -DALGO_INT, -DALGO_UINT, -DALGO_INT64, -DALGO_UINT64, -DALGO_FLOAT,
 * -DALGO_DOUBLE (a parallel_for_each must be written in the .c file
 * itself, so the kernels are instantiated by the command line, not by a
 * macro). It gives algo_t, its identities for min and max, and
 * ALGO_NAME(f), f's exported name for the type (f_TYPE_at). */
#ifndef ALGO_ELEMENT_TYPE_H
#define ALGO_ELEMENT_TYPE_H

#if defined(ALGO_INT)
typedef int algo_t;
#define ALGO_TYPE_NAME int
#define ALGO_LOWEST (-__INT_MAX__ - 1)
#define ALGO_HIGHEST __INT_MAX__
#elif defined(ALGO_UINT)
typedef unsigned algo_t;
#define ALGO_TYPE_NAME uint
#define ALGO_LOWEST 0u
#define ALGO_HIGHEST (~0u)
#elif defined(ALGO_INT64)
typedef long long algo_t;
#define ALGO_TYPE_NAME int64
#define ALGO_LOWEST (-__LONG_LONG_MAX__ - 1)
#define ALGO_HIGHEST __LONG_LONG_MAX__
#elif defined(ALGO_UINT64)
typedef unsigned long long algo_t;
#define ALGO_TYPE_NAME uint64
#define ALGO_LOWEST 0ull
#define ALGO_HIGHEST (~0ull)
#elif defined(ALGO_FLOAT)
typedef float algo_t;
#define ALGO_TYPE_NAME float
#define ALGO_LOWEST (-camp_uint_as_float(0x7f800000u))
#define ALGO_HIGHEST camp_uint_as_float(0x7f800000u)
#elif defined(ALGO_DOUBLE)
typedef double algo_t;
#define ALGO_TYPE_NAME double
#define ALGO_LOWEST (-CAMP_INFINITY)
#define ALGO_HIGHEST CAMP_INFINITY
#else
#error "compile with one of -DALGO_INT, -DALGO_UINT, -DALGO_INT64, -DALGO_UINT64, -DALGO_FLOAT, -DALGO_DOUBLE"
#endif

#define ALGO_PASTE_(f, type, form) f##_##type##form##_at
#define ALGO_PASTE(f, type, form) ALGO_PASTE_(f, type, form)
#define ALGO_NAME(f) ALGO_PASTE(f, ALGO_TYPE_NAME, )
/* f_TYPE_async_at: the form that returns a future */
#define ALGO_ASYNC_NAME(f) ALGO_PASTE(f, ALGO_TYPE_NAME, _async)
/* camp_algo_f_TYPE_portable: the version of kernel-launching function f
 * built with -DALGO_PORTABLE (tile_static memory, no subgroup operations),
 * which the default build calls on devices without subgroup arithmetic. */
#define ALGO_PORTABLE_PASTE_(f, type) camp_algo_##f##_##type##_portable
#define ALGO_PORTABLE_PASTE(f, type) ALGO_PORTABLE_PASTE_(f, type)
#define ALGO_PORTABLE_NAME(f) ALGO_PORTABLE_PASTE(f, ALGO_TYPE_NAME)
/* and the function of a kernel file built with -DALGO_KEYS_ONLY (sort.c's
 * pass by ranks without values) */
#define ALGO_KEYS_PASTE_(f, type) camp_algo_##f##_##type##_keys
#define ALGO_KEYS_PASTE(f, type) ALGO_KEYS_PASTE_(f, type)
#define ALGO_KEYS_NAME(f) ALGO_KEYS_PASTE(f, ALGO_TYPE_NAME)
#define ALGO_STRING_(x) #x
#define ALGO_STRING(x) ALGO_STRING_(x)
/* "f_TYPE" and "f_TYPE_async", the names the caller wrote, for messages */
#define ALGO_CALL(f) #f "_" ALGO_STRING(ALGO_TYPE_NAME)
#define ALGO_ASYNC_CALL(f) #f "_" ALGO_STRING(ALGO_TYPE_NAME) "_async"

#endif
