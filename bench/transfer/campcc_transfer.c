/* campcc_transfer — host<->device copies through libcamp, from and to plain
 * malloc'd memory, at sizes from 4 KiB to 1 GiB (not a timed test; see
 * docs/performance.md). Rows, one per measurement (median of `reps`):
 *   name=transfer impl=campcc-h2d / campcc-d2h: array_copy_in / array_copy_out
 *     between a malloc'd buffer and an array;
 *   impl=campcc-view-h2d / campcc-view-d2h: the same with the host buffer
 *     inside an array_view (the import path imports its pages once);
 *   impl=campcc-first-use / campcc-synchronize: an array_view's first use by
 *     a kernel that writes one element (the whole view copied in, the
 *     kernel, the wait) and the array_view_synchronize after it (the whole
 *     view copied back);
 *   name=alloc: array_new + array_delete of 256 MB, the first pair and the
 *     median of the next ones;
 *   name=roundtrip: one tiny kernel + array_view_synchronize of 16 KiB.
 * Every copy is checked (a wrong byte ends the run with status 1).
 * usage: campcc_transfer [--quick] [--max-size BYTES]
 * (--quick: sizes up to 4 MiB, few repetitions: a smoke run for lavapipe) */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *t, int n) {
    qsort(t, (size_t)n, sizeof *t, by_value);
    return t[n / 2];
}

static bool quick;

/* Repetitions: many for small sizes, at least 6 for the largest. */
static int reps_for(size_t bytes) {
    if (quick) return 3;
    if (bytes <= ((size_t)1 << 20)) return 200;
    if (bytes <= ((size_t)16 << 20)) return 40;
    return 6;
}

static void row(const char *name, size_t bytes, const char *impl, double ms, int reps) {
    printf("BENCH name=%s size=%zu impl=%s ms=%.4f value=%.2f unit=GB/s reps=%d\n", name, bytes, impl, ms,
           bytes / (ms * 1e6), reps);
    fflush(stdout);
}

static int failures;

static void check(const unsigned char *got, size_t bytes, unsigned char seed, const char *what) {
    /* Every 4 KiB page's first and last byte, and the very last byte. */
    for (size_t i = 0; i < bytes; i += 4096) {
        size_t last = i + 4095 < bytes ? i + 4095 : bytes - 1;
        if (got[i] != (unsigned char)(i * 31 + seed) || got[last] != (unsigned char)(last * 31 + seed)) {
            fprintf(stderr, "%s of %zu bytes: wrong byte near offset %zu\n", what, bytes, i);
            failures++;
            return;
        }
    }
}

static void fill(unsigned char *p, size_t bytes, unsigned char seed) {
    for (size_t i = 0; i < bytes; i++) p[i] = (unsigned char)(i * 31 + seed);
}

/* array_copy_in and array_copy_out between `host` and an array. */
static void copies(const char *h2d, const char *d2h, unsigned char *host, unsigned char *back, size_t bytes) {
    int reps = reps_for(bytes);
    double *in = malloc((size_t)reps * sizeof *in), *out = malloc((size_t)reps * sizeof *out);
    /* Device memory only, as on a discrete GPU (an integrated GPU would
     * otherwise share its memory with the host and copy by memcpy). */
    unsigned char *array = array_new_on(NULL, unsigned char, bytes, NULL, CAMP_ACCESS_TYPE_NONE);
    array_copy_in(array, host, bytes); /* warm: buffers, staging, imports */
    array_copy_out(back, array, bytes);
    for (int r = 0; r < reps; r++) {
        double t0 = now_ms();
        array_copy_in(array, host, bytes);
        double t1 = now_ms();
        array_copy_out(back, array, bytes);
        double t2 = now_ms();
        in[r] = t1 - t0, out[r] = t2 - t1;
    }
    check(back, bytes, 7, d2h);
    row("transfer", bytes, h2d, median(in, reps), reps);
    row("transfer", bytes, d2h, median(out, reps), reps);
    array_delete(array);
    free(in), free(out);
}

/* A view's first use (copy in + a one-element kernel + wait) and the
 * synchronize that copies it back. */
static void view_first_use(unsigned char *host, size_t bytes) {
    int reps = reps_for(bytes);
    double *in = malloc((size_t)reps * sizeof *in), *out = malloc((size_t)reps * sizeof *out);
    array_view(host, bytes);
    for (int r = -1; r < reps; r++) { /* r = -1 warms up */
        array_view_refresh(host);
        double t0 = now_ms();
        parallel_for_each(i, extent(1)) { host[i] = (unsigned char)7; } /* the byte it already holds */
        camp_accelerator_view_wait(camp_default_view());
        double t1 = now_ms();
        array_view_synchronize(host);
        double t2 = now_ms();
        if (r >= 0) in[r] = t1 - t0, out[r] = t2 - t1;
    }
    array_view_release(host);
    check(host, bytes, 7, "view synchronize");
    row("transfer", bytes, "campcc-first-use", median(in, reps), reps);
    row("transfer", bytes, "campcc-synchronize", median(out, reps), reps);
    free(in), free(out);
}

static void transfers(size_t max_size) {
    unsigned char *host = malloc(max_size), *back = malloc(max_size);
    if (!host || !back) {
        fprintf(stderr, "out of host memory for %zu bytes\n", max_size);
        exit(1);
    }
    fill(host, max_size, 7);
    for (size_t bytes = 4096; bytes <= max_size; bytes *= 4) {
        memset(back, 0, bytes);
        copies("campcc-h2d", "campcc-d2h", host, back, bytes);
        /* The same buffers inside views: their pages may be imported. */
        memset(back, 0, bytes);
        array_view(host, bytes);
        array_view(back, bytes);
        copies("campcc-view-h2d", "campcc-view-d2h", host, back, bytes);
        array_view_release(host);
        array_view_release(back);
        view_first_use(host, bytes);
    }
    free(host), free(back);
}

static void allocations(size_t bytes, int pairs) {
    double first = 0, *t = malloc((size_t)pairs * sizeof *t);
    for (int r = -1; r < pairs; r++) {
        double t0 = now_ms();
        float *a = array_new_on(NULL, float, bytes / sizeof(float), NULL, CAMP_ACCESS_TYPE_NONE);
        array_delete(a);
        double ms = now_ms() - t0;
        if (r < 0) first = ms;
        else t[r] = ms;
    }
    printf("BENCH name=alloc size=%zu impl=campcc-first ms=%.4f value=%.4f unit=ms reps=1\n", bytes, first, first);
    double m = median(t, pairs);
    printf("BENCH name=alloc size=%zu impl=campcc-repeat ms=%.4f value=%.4f unit=ms reps=%d\n", bytes, m, m, pairs);
    free(t);
}

static void round_trips(int trips) {
    enum { N = 4096 };
    float *v = calloc(N, sizeof *v);
    double *t = malloc((size_t)trips * sizeof *t);
    array_view(v, N);
    for (int r = -100; r < trips; r++) {
        double t0 = now_ms();
        parallel_for_each(i, extent(N)) { v[i] = v[i] + 1.0f; }
        array_view_synchronize(v);
        if (r >= 0) t[r] = now_ms() - t0;
    }
    array_view_release(v);
    if (v[0] != 100.0f + trips || v[N - 1] != 100.0f + trips) {
        fprintf(stderr, "round trip: v[0] = %g, want %d\n", v[0], 100 + trips);
        failures++;
    }
    double m = median(t, trips);
    printf("BENCH name=roundtrip size=%zu impl=campcc ms=%.5f value=%.2f unit=us reps=%d\n", N * sizeof *v, m,
           m * 1e3, trips);
    free(t), free(v);
}

int main(int argc, char **argv) {
    size_t max_size = (size_t)1 << 30;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) quick = true;
        else if (strcmp(argv[i], "--max-size") == 0 && i + 1 < argc) max_size = strtoull(argv[++i], NULL, 0);
        else {
            fprintf(stderr, "usage: campcc_transfer [--quick] [--max-size BYTES]\n");
            return 2;
        }
    }
    if (quick && max_size > ((size_t)4 << 20)) max_size = (size_t)4 << 20;
    camp_accelerator acc = camp_get_default_accelerator();
    printf("device: %s; copy path: %s\n", acc.description, camp_accelerator_copy_path(&acc));
    transfers(max_size);
    allocations(quick ? (size_t)16 << 20 : (size_t)256 << 20, quick ? 3 : 20);
    round_trips(quick ? 50 : 2000);
    printf("result check: %s\n", failures ? "WRONG" : "ok");
    return failures != 0;
}
