/* call_site.h — a call's caller, for the errors of the kernels it launches:
 * ALGO_CALL_SITE(call, file, line) first in a function that launches them
 * makes those errors name the program's line (libcamp's
 * camp_library_call_begin) rather than the library's own source, until
 * the function returns. */
#ifndef ALGO_CALL_SITE_H
#define ALGO_CALL_SITE_H
#include <camp.h>

static inline int algo_call_site_begin(const char *call, const char *file, unsigned line) {
    camp_library_call_begin(call, file, line);
    return 0;
}

static inline void algo_call_site_end(const int *site) {
    (void)site;
    camp_library_call_end();
}

/* the cleanup attribute (GCC and clang) ends it on every return */
#define ALGO_CALL_SITE(call, file, line) \
    __attribute__((cleanup(algo_call_site_end))) const int algo_call_site_ = algo_call_site_begin(call, file, line)
#endif
