/* protect_cost — what changing the protection of a view's pages costs:
 * mprotect over 64 and 256 MiB of malloc'd, touched memory (4 KiB pages),
 * of memory given MADV_HUGEPAGE before its first touch, and of memory
 * collapsed into huge pages after it (MADV_COLLAPSE); the best of five
 * calls to each level (docs/performance.md, "Implicit synchronization").
 * build: cc -O2 bench/sync/protect_cost.c -o protect_cost */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif
static double now_us(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }
static void cycle(const char *what, char *p, size_t n) {
    double best[3] = {1e9, 1e9, 1e9};
    int prots[3] = {PROT_NONE, PROT_READ, PROT_READ | PROT_WRITE};
    for (int r = 0; r < 5; r++)
        for (int k = 0; k < 3; k++) {
            double t = now_us();
            if (mprotect(p, n, prots[k])) perror("mprotect");
            t = now_us() - t;
            if (t < best[k]) best[k] = t;
        }
    printf("%-34s %6zu MiB: ->NONE %8.1f us  ->READ %8.1f us  ->RW %8.1f us\n", what, n >> 20, best[0], best[1], best[2]);
}
int main(void) {
    size_t sizes[] = {64u << 20, 256u << 20};
    for (int s = 0; s < 2; s++) {
        size_t n = sizes[s];
        char *m = malloc(n + 4096); memset(m, 1, n + 4096);
        char *p = (char *)(((unsigned long)m + 4095) & ~4095ul);
        cycle("malloc'd, touched", p, n);
        char *h = aligned_alloc(2u << 20, n);
        madvise(h, n, MADV_HUGEPAGE); memset(h, 1, n);
        cycle("2M-aligned, MADV_HUGEPAGE, touched", h, n);
        char *c = aligned_alloc(2u << 20, n); memset(c, 1, n);
        double t = now_us(); int rc = madvise(c, n, MADV_COLLAPSE); t = now_us() - t;
        printf("MADV_COLLAPSE of %zu MiB: rc %d, %.1f us\n", n >> 20, rc, t);
        cycle("2M-aligned, collapsed", c, n);
        free(m); free(h); free(c);
    }
    FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r"); char b[200] = "";
    if (f) { fgets(b, sizeof b, f); fclose(f); } printf("THP: %s", b);
    return 0;
}
