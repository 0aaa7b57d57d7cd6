/* camp_math/strings.h — <string.h>'s reading functions in amp code:
 * strlen, strnlen, strcmp, strncmp and memcmp, as the loops they stand
 * for (a byte at a time; comparisons of unsigned char, as C says).
 * camp_precise_<name> serves <name> in amp code, as for <math.h>; the host
 * keeps its C library's. memcmp steps through the bytes of memory with
 * addresses (views) and through chars (a thread's own or tile_static
 * array of char, a string literal): a thread's own array of another type
 * has no chars to step through. (memchr, which
 * returns a pointer without const to memory given as const, would need a
 * cast that -Wcast-qual reports in every program that includes camp.h.) */
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

/* Through `const char *`: a pointer into a thread's own memory may only go
 * back to its own type from `void *`, and text is char. */
static inline int camp_precise_memcmp(const void *a, const void *b, size_t n) restrict(cpu, amp) {
    const char *x = (const char *)a, *y = (const char *)b;
    for (size_t i = 0; i < n; i++) {
        unsigned char p = (unsigned char)x[i], q = (unsigned char)y[i];
        if (p != q) return p < q ? -1 : 1;
    }
    return 0;
}

#endif
