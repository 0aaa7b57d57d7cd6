/* camp_math/strings.h — <string.h>'s reading functions in amp code:
 * strlen, strnlen, strcmp, strncmp, memcmp and memchr, as the loops they
 * stand for (a byte at a time; comparisons of unsigned char, as C says).
 * camp_precise_<name> serves <name> in amp code, as for <math.h>; the host
 * keeps its C library's. memcmp and memchr step through the bytes of
 * memory with addresses (views, tile_static memory, arrays of chars): a
 * thread's own array of wider elements has no bytes to step through. */
#ifndef CAMP_MATH_STRINGS_H
#define CAMP_MATH_STRINGS_H

#include <stddef.h>

static inline size_t camp_precise_strlen(const char *s) restrict(cpu, amp) {
    size_t n = 0;
    while (s[n]) n++;
    return n;
}

static inline size_t camp_precise_strnlen(const char *s, size_t max) restrict(cpu, amp) {
    size_t n = 0;
    while (n < max && s[n]) n++;
    return n;
}

static inline int camp_precise_strncmp(const char *a, const char *b, size_t n) restrict(cpu, amp) {
    for (size_t i = 0; i < n; i++) {
        unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (x != y) return x < y ? -1 : 1;
        if (!x) return 0;
    }
    return 0;
}

static inline int camp_precise_strcmp(const char *a, const char *b) restrict(cpu, amp) {
    return camp_precise_strncmp(a, b, (size_t)-1);
}

static inline int camp_precise_memcmp(const void *a, const void *b, size_t n) restrict(cpu, amp) {
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
}

static inline void *camp_precise_memchr(const void *s, int c, size_t n) restrict(cpu, amp) {
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n; i++)
        if (p[i] == (unsigned char)c) return (void *)(p + i);
    return NULL;
}

#endif
