/* bench.h — what every kernel benchmark shares, whichever way it is written
 * (a C AMP program, the Vulkan harness's twin, the CUDA twin): its command
 * line, the timing loop, and the one line per measurement that bench/run
 * collects. Plain C that also compiles as C++ (for nvcc).
 *
 * Command line of every benchmark executable:
 *   NAME [--quick] [--size N] [--reps N] [--runs N]
 * --quick: the small size and few repetitions (a smoke test that checks the
 * results; its times mean nothing). --size: the problem's size (each
 * kernel says what N is). --reps: timed repetitions (the median is
 * reported). --runs: kernels run back to back in each repetition.
 *
 * Timing: one warm-up repetition, then `reps` timed ones; a repetition
 * launches (or records) the kernel `runs` times back to back and waits for
 * all of them; its wall time from the first launch to the end of the wait,
 * divided by `runs`, is one sample; the median sample is reported. */
#ifndef BENCH_H
#define BENCH_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct bench_options {
    const char *name; /* the kernel, as in the BENCH line */
    bool quick;
    long long size;
    int reps;
    int runs;
} bench_options;

enum { BENCH_MAX_REPS = 1000 };

static inline void bench_usage(const char *name) {
    fprintf(stderr, "usage: %s [--quick] [--size N] [--reps N] [--runs N]\n", name);
    exit(2);
}

/* The options for kernel `name`: `size` and `runs` by default, `quick_size`
 * and one run per repetition with --quick. */
static inline bench_options bench_parse(int argc, char **argv, const char *name, long long size,
                                        long long quick_size, int runs) {
    bench_options o;
    o.name = name;
    o.quick = false;
    o.size = size;
    o.reps = 7;
    o.runs = runs;
    long long size_arg = 0, reps_arg = 0, runs_arg = 0;
    for (int i = 1; i < argc; i++) {
        long long *value = NULL;
        if (strcmp(argv[i], "--quick") == 0) o.quick = true;
        else if (strcmp(argv[i], "--size") == 0) value = &size_arg;
        else if (strcmp(argv[i], "--reps") == 0) value = &reps_arg;
        else if (strcmp(argv[i], "--runs") == 0) value = &runs_arg;
        else bench_usage(name);
        if (value) {
            char *end = NULL;
            if (i + 1 == argc) bench_usage(name);
            *value = strtoll(argv[++i], &end, 10);
            if (*end || *value < 1) bench_usage(name);
        }
    }
    if (o.quick) o.size = quick_size, o.reps = 3, o.runs = 1;
    if (size_arg) o.size = size_arg;
    if (reps_arg) o.reps = (int)(reps_arg < BENCH_MAX_REPS ? reps_arg : (long long)BENCH_MAX_REPS);
    if (runs_arg) o.runs = (int)(runs_arg < 1000000 ? runs_arg : 1000000);
    return o;
}

/* How many times the kernel runs in all: the warm-up and the timed
 * repetitions (for results that accumulate over runs). */
static inline long long bench_total_runs(const bench_options *o) { return (long long)(o->reps + 1) * o->runs; }

/* Refuses a size the kernel cannot take, with the reason; exits. */
static inline void bench_refuse(const bench_options *o, const char *why) {
    fprintf(stderr, "%s: size %lld refused: %s\n", o->name, o->size, why);
    exit(1);
}

/* Refuses unless `bytes` of device memory fit into `available` (0: unknown,
 * the allocation itself will tell). */
static inline void bench_require_memory(const bench_options *o, double bytes, double available,
                                        const char *device) {
    if (available <= 0 || bytes <= 0.9 * available) return;
    char why[400];
    snprintf(why, sizeof why, "it needs %.0f MiB of device memory and %s has %.0f MiB: give a smaller --size",
             bytes / 1048576.0, device, available / 1048576.0);
    bench_refuse(o, why);
}

static inline double bench_now_ms(void) {
    struct timespec t;
    timespec_get(&t, TIME_UTC); /* C11 and C++17 */
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static inline int bench_by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Runs `repetition` (which runs the kernel o->runs times and waits) once to
 * warm up and o->reps times timed; the median time of one kernel, in ms. */
static inline double bench_measure(const bench_options *o, void (*repetition)(void *context), void *context) {
    static double samples[BENCH_MAX_REPS];
    repetition(context);
    for (int r = 0; r < o->reps; r++) {
        double start = bench_now_ms();
        repetition(context);
        samples[r] = (bench_now_ms() - start) / o->runs;
    }
    qsort(samples, (size_t)o->reps, sizeof *samples, bench_by_value);
    return o->reps % 2 ? samples[o->reps / 2] : (samples[o->reps / 2 - 1] + samples[o->reps / 2]) / 2;
}

/* The measurement's line with more `keys` ("key=value ...", or ""):
 * `value` is `amount` (bytes or operations of one kernel) per second, in
 * units of `scale` (1e9: GB/s, 1e12: TFLOP/s). */
static inline void bench_report_keys(const bench_options *o, const char *size, const char *impl, double ms,
                                     double amount, double scale, const char *unit, const char *keys) {
    printf("BENCH name=%s size=%s impl=%s ms=%.6g value=%.6g unit=%s reps=%d%s%s\n", o->name, size, impl, ms,
           amount / (ms * 1e-3) / scale, unit, o->reps, *keys ? " " : "", keys);
    fflush(stdout);
}

static inline void bench_report(const bench_options *o, const char *size, const char *impl, double ms,
                                double amount, double scale, const char *unit) {
    bench_report_keys(o, size, impl, ms, amount, scale, unit, "");
}

/* `n` as a size token: "64Mi", "64Ki", or the number. */
static inline const char *bench_count_token(long long n, char *buffer, size_t size) {
    if (n % (1 << 20) == 0) snprintf(buffer, size, "%lldMi", n >> 20);
    else if (n % (1 << 10) == 0) snprintf(buffer, size, "%lldKi", n >> 10);
    else snprintf(buffer, size, "%lld", n);
    return buffer;
}

/* The exit status of a program that cannot run on this device at all (a
 * twin of hardware the device lacks): bench/run notes it under its tables
 * instead of counting a failure. 77, as meson's and automake's test
 * harnesses read it. */
enum { BENCH_SKIPPED = 77 };

static inline void bench_skip(const bench_options *o, const char *impl, const char *why) {
    fprintf(stderr, "%s (%s): skipped: %s\n", o->name, impl, why);
    exit(BENCH_SKIPPED);
}

/* A wrong result: names the first wrong element and exits without a time. */
static inline void bench_wrong(const bench_options *o, const char *impl, const char *element, double got,
                               double want) {
    fprintf(stderr, "%s (%s): WRONG result at %s: got %.9g, expected %.9g\n", o->name, impl, element, got, want);
    exit(1);
}

/* Whether `got` is within `tolerance` of `want` (absolute). */
static inline bool bench_close(double got, double want, double tolerance) {
    double d = got - want;
    return (d < 0 ? -d : d) <= tolerance;
}

/* A small deterministic pseudo-random integer in [0, range) for element i
 * of input `stream`: the same data for every implementation. */
static inline unsigned bench_hash(unsigned long long i, unsigned stream, unsigned range) {
    unsigned long long x = i * 0x9E3779B97F4A7C15ull + stream * 0xBF58476D1CE4E5B9ull;
    x ^= x >> 31;
    x *= 0x94D049BB133111EBull;
    x ^= x >> 29;
    return (unsigned)(x % range);
}

/* The element (*i, *j) of an n x n matrix that sample s of a check
 * compares: the four corners first, then pseudo-random ones. */
static inline void bench_matrix_sample(int s, long long n, long long *i, long long *j) {
    *i = s < 4 ? (s & 1) * (n - 1) : bench_hash((unsigned long long)s, 11, (unsigned)n);
    *j = s < 4 ? (s >> 1) * (n - 1) : bench_hash((unsigned long long)s, 12, (unsigned)n);
}

/* Memory, or a message and exit. */
static inline void *bench_alloc(const bench_options *o, size_t bytes) {
    void *p = malloc(bytes ? bytes : 1);
    if (!p) bench_refuse(o, "out of host memory");
    return p;
}

#endif
