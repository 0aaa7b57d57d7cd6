// needs: shaderInt64 shaderInt8
/* campcc_transfer — host<->device copies through libcamp, from and to plain
 * malloc'd memory, at sizes from 4 KiB to 1 GiB (not a timed test; see
 * docs/performance.md). Rows, one per measurement (median of `reps`):
 *   name=transfer impl=campcc-h2d / campcc-d2h: array_copy_in (and the wait
 *     for its last DMA) / array_copy_out between a malloc'd buffer and an
 *     array;
 *   impl=campcc-view-h2d / campcc-view-d2h: the same with the host buffer
 *     inside an array_view (the import path imports its pages once);
 *   impl=campcc-first-use / campcc-synchronize: an array_view's first use by
 *     a kernel that writes one element (the whole view copied in, the
 *     kernel, the wait) and the array_view_synchronize after it (the whole
 *     view copied back);
 *   name=alloc: array_new + array_delete of 256 MB, the first pair and the
 *     median of the next ones;
 *   name=roundtrip: one tiny kernel + array_view_synchronize of 16 KiB;
 *   name=overlap: 1 GiB in 16 chunks through copy in, kernel, copy out:
 *     the copies alone, the kernels alone (made as long as the copies),
 *     the three serially, and pipelined with array_copy_in_async /
 *     array_copy_out_async (chunk k+1 copied in and k-1 out while the
 *     kernel works on chunk k); impl=campcc-ratio is pipelined /
 *     max(copies, kernels); the campcc-view-* rows the same with the
 *     host buffers inside array_views (imported pages);
 *   name=threads size=T: 1000 small kernels, each waited for, from each of
 *     T host threads (1, 2, 4, 8) on accelerator views of their own, in
 *     kernels per ms all together.
 * Every copy is checked (a wrong byte ends the run with status 1).
 * usage: campcc_transfer [--quick] [--max-size BYTES] [--reps N] [--only NAME]
 * (--quick: sizes up to 4 MiB, few repetitions: a smoke run for lavapipe;
 * --reps: repetitions of every transfer size; --only: the rows of one
 * name, to compare settings such as CAMP_COPY_THREADS quickly) */
#include <camp.h>
#include <pthread.h>
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
static int reps_wanted; /* --reps: the same for every size */
static const char *only; /* --only: one kind of row */

static bool runs(const char *name) { return !only || strcmp(only, name) == 0; }

static bool is_row_name(const char *name) {
    static const char *const names[] = {"transfer", "alloc", "roundtrip", "threads", "overlap"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(name, names[i]) == 0) return true;
    return false;
}

/* Repetitions: many for small sizes, at least 6 for the largest. */
static int reps_for(size_t bytes) {
    if (reps_wanted) return reps_wanted;
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
        /* array_copy_in returns once `host` may be reused, its last DMA
         * possibly under way: the h2d time ends when the bytes are there,
         * as the hand-written paths' do, and the d2h time starts clean */
        camp_accelerator_view_wait(camp_default_view());
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

/* The chain's factor and term, 1 and 0, read at run time: a kernel with
 * the constants written in was folded to a copy by the H100's driver (the
 * "kernels alone" took 1 ms whatever the chain's length). */
static volatile float chain_scale = 1.0f, chain_term = 0.0f;

/* out = in, made `iters` times slower by a dependent chain of arithmetic
 * that ends where it started (x * 1 + 0), so the result is checkable. */
static void work(float *out, const float *in, int n, int iters) {
    float scale = chain_scale, term = chain_term;
    parallel_for_each(i, extent(n)) {
        float x = in[i];
        for (int k = 0; k < iters; k++) x = x * scale + term;
        out[i] = x;
    }
}

/* Chunks of `chunk` floats: copy in, kernel, copy out. Serial: each step
 * waits for the one before. Pipelined: chunk k+1's copy in and chunk k-1's
 * copy out run while the kernel works on chunk k (two device buffers each
 * way). The host's parts of the copies (for memory outside views, a
 * memcpy into staging memory in the copy in's call, and out of it in the
 * copy out's future_wait) run while the kernel works: the kernel is
 * submitted (flushed) first, and chunk k-2's copy out is waited for only
 * then (the kernel writing dout[s] waits on the device for that copy's
 * read of it, not the host). Returns ms. */
static double chunks_through(float *host_in, float *host_out, float **din, float **dout, int chunks, int chunk,
                             int iters, bool pipelined) {
    double t0 = now_ms();
    if (!pipelined) {
        for (int k = 0; k < chunks; k++) {
            array_copy_in(din[0], host_in + (size_t)k * chunk, chunk);
            work(dout[0], din[0], chunk, iters);
            array_copy_out(host_out + (size_t)k * chunk, dout[0], chunk);
        }
        return now_ms() - t0;
    }
    camp_future *in[2] = {0}, *out[2] = {0};
    in[0] = array_copy_in_async(din[0], host_in, chunk);
    for (int k = 0; k < chunks; k++) {
        int s = k % 2, t = 1 - s;
        future_wait(in[s]);
        work(dout[s], din[s], chunk, iters);
        camp_accelerator_view_flush(camp_default_view());
        if (k + 1 < chunks) in[t] = array_copy_in_async(din[t], host_in + (size_t)(k + 1) * chunk, chunk);
        if (out[s]) future_wait(out[s]);
        out[s] = array_copy_out_async(host_out + (size_t)k * chunk, dout[s], chunk);
    }
    for (int s = 0; s < 2; s++)
        if (out[s]) future_wait(out[s]);
    return now_ms() - t0;
}

/* One set of overlap rows, named PREFIX-*: the copies alone, the three
 * steps serially and pipelined (after a warm-up of both kinds of copies), and
 * pipelined / max(copies, kernels). */
static void overlap_rows(const char *prefix, float *host_in, float *host_out, float **din, float **dout, int chunks,
                         int chunk, int iters, double kernels) {
    chunks_through(host_in, host_out, din, dout, chunks, chunk, 0, false); /* warm up (and import views) */
    /* and the asynchronous copies' own staging buffers: allocating the two
     * 64 MiB ones of the copies out took 20 ms each on an H100, the first
     * time only (a trace showed them, and ratios of 1.7-3.0 without) */
    chunks_through(host_in, host_out, din, dout, chunks, chunk, 0, true);
    double copies = chunks_through(host_in, host_out, din, dout, chunks, chunk, 0, false);
    double serial = chunks_through(host_in, host_out, din, dout, chunks, chunk, iters, false);
    memset(host_out, 0, (size_t)chunk * chunks * sizeof *host_out);
    double pipelined = chunks_through(host_in, host_out, din, dout, chunks, chunk, iters, true);
    for (size_t i = 0; i < (size_t)chunk * chunks; i += 4093)
        if (host_out[i] != host_in[i]) {
            fprintf(stderr, "overlap (%s): out[%zu] = %g, want %g\n", prefix, i, host_out[i], host_in[i]);
            failures++;
            break;
        }
    size_t bytes = (size_t)chunk * chunks * sizeof(float);
    const char *names[] = {"copies-only", "serial", "pipelined"};
    double ms[] = {copies, serial, pipelined};
    for (int i = 0; i < 3; i++)
        printf("BENCH name=overlap size=%zu impl=%s-%s ms=%.4f value=%.3f unit=ms reps=1\n", bytes, prefix, names[i],
               ms[i], ms[i]);
    double bound = copies > kernels ? copies : kernels;
    printf("BENCH name=overlap size=%zu impl=%s-ratio ms=%.4f value=%.3f unit=x-of-max(copies,kernels) reps=1\n",
           bytes, prefix, pipelined, pipelined / bound);
}

/* The overlap benchmark: the kernel's cost set to about the copies' so
 * that overlap matters most; the host buffers first as plain malloc'd
 * memory (copied through staging), then inside views (their pages
 * imported: the copies are the DMA engine's alone). */
static void overlap(size_t total_bytes, int chunks) {
    int chunk = (int)(total_bytes / sizeof(float) / (size_t)chunks);
    size_t n = (size_t)chunk * chunks;
    float *host_in = malloc(n * sizeof *host_in);
    float *host_out = malloc(n * sizeof *host_out);
    for (size_t i = 0; i < n; i++) host_in[i] = (float)(i % 1000);
    float *din[2], *dout[2];
    for (int s = 0; s < 2; s++) {
        din[s] = array_new_on(NULL, float, chunk, NULL, CAMP_ACCESS_TYPE_NONE);
        dout[s] = array_new_on(NULL, float, chunk, NULL, CAMP_ACCESS_TYPE_NONE);
    }
    chunks_through(host_in, host_out, din, dout, chunks, chunk, 0, false); /* warm up */
    double copies = chunks_through(host_in, host_out, din, dout, chunks, chunk, 0, false);
    /* Kernels alone, calibrated once to the copies' time. */
    int iters = 64;
    double kernels = 0;
    for (int round = 0; round < 3; round++) {
        double t0 = now_ms();
        for (int k = 0; k < chunks; k++) work(dout[k % 2], din[k % 2], chunk, iters);
        camp_accelerator_view_wait(camp_default_view());
        kernels = now_ms() - t0;
        if (round < 2 && kernels > 0) iters = (int)(iters * copies / kernels) + 1;
    }
    printf("BENCH name=overlap size=%zu impl=campcc-kernels-only ms=%.4f value=%.3f unit=ms reps=1\n",
           n * sizeof(float), kernels, kernels);
    overlap_rows("campcc", host_in, host_out, din, dout, chunks, chunk, iters, kernels);
    array_view(host_in, n);
    array_view(host_out, n);
    overlap_rows("campcc-view", host_in, host_out, din, dout, chunks, chunk, iters, kernels);
    array_view_release(host_in);
    array_view_release(host_out);
    for (int s = 0; s < 2; s++) array_delete(din[s]), array_delete(dout[s]);
    free(host_in), free(host_out);
}

/* One host thread's share of the threads benchmark: `launches` small
 * kernels on a view of its own, each waited for. */
typedef struct thread_work {
    int launches;
    bool right;
} thread_work;

static void *thread_main(void *arg) {
    thread_work *w = arg;
    enum { N = 4096 };
    camp_accelerator_view *view = camp_accelerator_create_view(NULL, CAMP_QUEUING_MODE_AUTOMATIC);
    float *v = calloc(N, sizeof *v);
    array_view(v, N);
    for (int l = 0; l < w->launches; l++) {
        parallel_for_each_on(view, i, extent(N)) { v[i] = v[i] + 1.0f; }
        camp_accelerator_view_wait(view);
    }
    array_view_release(v);
    w->right = v[0] == (float)w->launches && v[N - 1] == (float)w->launches;
    free(v);
    camp_accelerator_view_destroy(view);
    return NULL;
}

/* Independent small kernels from 1, 2, 4 and 8 host threads, each on its
 * own accelerator view: kernels per millisecond, all threads together. */
static void threads(int launches) {
    /* Unreported: the first launches allocate memory pools and staging
     * buffers and create the pipeline (tens of milliseconds on an H100). */
    thread_work warm_up = {launches / 10 + 1, false};
    thread_main(&warm_up);
    for (int count = 1; count <= 8; count *= 2) {
        pthread_t id[8];
        thread_work work[8];
        double t0 = now_ms();
        for (int t = 0; t < count; t++) {
            work[t] = (thread_work){launches, false};
            pthread_create(&id[t], NULL, thread_main, &work[t]);
        }
        for (int t = 0; t < count; t++) pthread_join(id[t], NULL);
        double ms = now_ms() - t0;
        for (int t = 0; t < count; t++)
            if (!work[t].right) {
                fprintf(stderr, "threads: thread %d of %d computed wrong values\n", t, count);
                failures++;
            }
        printf("BENCH name=threads size=%d impl=campcc-views ms=%.4f value=%.2f unit=kernels/ms reps=%d\n", count,
               ms, count * launches / ms, launches);
    }
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
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc && atoi(argv[i + 1]) > 0) reps_wanted = atoi(argv[++i]);
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc && is_row_name(argv[i + 1])) only = argv[++i];
        else {
            fprintf(stderr, "usage: campcc_transfer [--quick] [--max-size BYTES] [--reps N] [--only "
                            "transfer|alloc|roundtrip|threads|overlap]\n");
            return 2;
        }
    }
    if (quick && max_size > ((size_t)4 << 20)) max_size = (size_t)4 << 20;
    camp_accelerator acc = camp_get_default_accelerator();
    printf("device: %s; copy path: %s\n", acc.description, camp_accelerator_copy_path(&acc));
    if (runs("transfer")) transfers(max_size);
    if (runs("alloc")) allocations(quick ? (size_t)16 << 20 : (size_t)256 << 20, quick ? 3 : 20);
    if (runs("roundtrip")) round_trips(quick ? 50 : 2000);
    if (runs("threads")) threads(quick ? 50 : 1000);
    if (runs("overlap")) overlap(quick ? (size_t)8 << 20 : (size_t)1 << 30, quick ? 4 : 16);
    printf("result check: %s\n", failures ? "WRONG" : "ok");
    return failures != 0;
}
