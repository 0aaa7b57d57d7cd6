/* host_pages.c — private anonymous host memory laid out for transparent
 * huge pages: the staging ring's pages (buffer_ahead.c) and the pages a
 * view's bytes come back into before they replace the view's own
 * (host_guard.c). A huge page is faulted in, pinned or given a protection
 * as one entry: changing the protection of 64 MiB took 4-8 us in huge
 * pages against 1.1 ms in 4 KiB pages on one host. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, madvise */
#include "internal.h"

#include <sys/mman.h>

char *camp_map_huge(size_t bytes, uintptr_t like, int prot) {
    /* mapped a huge page larger, so that a start of the wanted alignment lies in it */
    char *mapped = mmap(NULL, bytes + CAMP_HUGE_PAGE, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) return NULL;
    uintptr_t start = ((uintptr_t)mapped + CAMP_HUGE_PAGE - 1) / CAMP_HUGE_PAGE * CAMP_HUGE_PAGE + like % CAMP_HUGE_PAGE;
    if (start - (uintptr_t)mapped >= CAMP_HUGE_PAGE) start -= CAMP_HUGE_PAGE;
    if (start > (uintptr_t)mapped) munmap(mapped, start - (uintptr_t)mapped);
    munmap((char *)start + bytes, (uintptr_t)mapped + CAMP_HUGE_PAGE - start);
#ifdef MADV_HUGEPAGE
    (void)madvise((void *)start, bytes, MADV_HUGEPAGE); /* a help only: the system may give none */
#endif
    return (char *)start;
}
