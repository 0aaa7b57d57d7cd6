// needs: shaderInt64
/* Views are synchronized implicitly (docs/data-model.md): the host's first
 * access after a kernel that wrote a view sees the kernel's results, and a
 * kernel after the host wrote a view sees the host's bytes, without
 * array_view_synchronize or array_view_refresh. Each case reads or writes
 * the way programs do — directly, in another function, through memcpy,
 * fwrite and fread, qsort, another thread, beside unrelated data on the
 * same page, under the program's own SIGSEGV handler — on views libcamp
 * protects (a large malloc'd block, pages of their own, static data) and
 * on those it synchronizes at every launch (a small malloc'd block, the
 * stack); views array_view_new makes, written by the host before their
 * first kernel; and shared mappings, anonymous and of a file. The serial
 * reference mode prints the same. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, ftruncate */
#include <camp.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
// cflags: -pthread

#define BIG (1 << 18)   /* 1 MiB of floats: malloc maps it on its own */
#define SMALL 300       /* among other heap objects */

static float statics[BIG];

static double sum(const float *v, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s;
}

static __attribute__((noinline)) float read_elsewhere(const float *v, int i) { return v[i]; }

static void *thread_sum(void *arg) {
    float *v = arg;
    static double result;
    result = sum(v, BIG);
    return &result;
}

static int by_value(const void *a, const void *b) {
    float x = *(const float *)a, y = *(const float *)b;
    return x < y ? -1 : x > y;
}

static void bump(float *v, int n, float by) {
    parallel_for_each(i, extent(n)) { v[i] = v[i] + by; }
}

/* Every way of reading and writing, on one view of n floats. */
static void exercise(const char *what, float *v, int n) {
    for (int i = 0; i < n; i++) v[i] = (float)(i % 97);
    array_view(v, n);
    bump(v, n, 1.0f);
    printf("%s: direct %g %g\n", what, v[0], v[n - 1]);
    bump(v, n, 1.0f);
    printf("%s: another function %g\n", what, read_elsewhere(v, 5));
    bump(v, n, 1.0f);
    float head[4];
    memcpy(head, v, sizeof head);
    printf("%s: memcpy %g %g %g %g\n", what, head[0], head[1], head[2], head[3]);
    bump(v, n, 1.0f);
    FILE *f = tmpfile();
    float *back = malloc((size_t)n * sizeof *back);
    if (!f || !back || fwrite(v, sizeof *v, (size_t)n, f) != (size_t)n) {
        printf("%s: fwrite failed\n", what);
        exit(1);
    }
    rewind(f);
    if (fread(back, sizeof *back, (size_t)n, f) != (size_t)n) exit(1);
    printf("%s: fwrite %.0f\n", what, sum(back, n));
    rewind(f);
    bump(v, n, 1.0f); /* fread into the view: a host write the next kernel sees */
    if (fread(v, sizeof *v, (size_t)n, f) != (size_t)n) exit(1);
    fclose(f);
    free(back);
    bump(v, n, 1.0f);
    printf("%s: fread then kernel %.0f\n", what, sum(v, n));
    bump(v, n, 1.0f);
    qsort(v, (size_t)n, sizeof *v, by_value); /* reads and writes */
    bump(v, n, 1.0f);
    printf("%s: qsort then kernel %g %g\n", what, v[0], v[n - 1]);
    v[1] = 1000.0f; /* a plain host write after a kernel used the view */
    bump(v, n, 1.0f);
    printf("%s: host write then kernel %g\n", what, v[1]);
    array_view_release(v);
}

/* A view in the middle of a block, with the program's own data on the
 * same pages before and after it. */
struct framed {
    int before[7];
    float v[BIG];
    int after[7];
};

static void framed_data(void) {
    struct framed *f = malloc(sizeof *f);
    for (int i = 0; i < 7; i++) f->before[i] = f->after[i] = i;
    for (int i = 0; i < BIG; i++) f->v[i] = 1.0f;
    array_view(f->v, BIG);
    for (int round = 0; round < 3; round++) {
        bump(f->v, BIG, 2.0f);
        f->before[round]++; /* beside the view, not in it */
        f->after[6 - round] += f->before[round];
        printf("framed: round %d %d %d %g %g\n", round, f->before[round], f->after[6 - round], f->v[0],
               f->v[BIG - 1]);
    }
    array_view_release(f->v);
    free(f);
}

/* array_view_new's views (in huge pages from 2 MiB): the host's writes
 * before the first kernel and after one. */
static void made_view(const char *what, int n) {
    float *v = array_view_new(float, n);
    for (int i = 0; i < n; i++) v[i] = (float)(i % 89);
    bump(v, n, 1.0f);
    printf("%s: host writes then kernel %.0f\n", what, sum(v, n));
    v[2] = 500.0f;
    bump(v, n, 1.0f);
    printf("%s: host write after a kernel %g %.0f\n", what, v[2], sum(v, n));
    array_view_delete(v);
}

/* A view large enough that, on a GPU, its copies go by DMA straight from
 * and into its pages from the second on, and its copy back is made in
 * parts, the pages of each opened while the next arrives: every element
 * checked after each kernel, read by the fault and by
 * array_view_synchronize, written by the host between. */
#define PARTS (6 << 20) /* 24 MiB of unsigned */

static void copied_in_parts(void) {
    unsigned *v = malloc(PARTS * sizeof *v), *expected = malloc(PARTS * sizeof *expected);
    if (!v || !expected) exit(1);
    for (unsigned i = 0; i < PARTS; i++) v[i] = expected[i] = i;
    array_view(v, PARTS);
    for (unsigned round = 0; round < 4; round++) {
        parallel_for_each(i, extent(PARTS)) { v[i] = v[i] * 3u + round; }
        if (round % 2) array_view_synchronize(v);
        long long wrong = 0;
        for (unsigned i = 0; i < PARTS; i++) {
            expected[i] = expected[i] * 3u + round;
            wrong += v[i] != expected[i];
        }
        unsigned at = (round * 1000003u + 17u) % PARTS;
        v[at] = expected[at] = round; /* the next kernel sees it */
        printf("parts: round %u, %lld wrong\n", round, wrong);
    }
    array_view_release(v);
    free(v);
    free(expected);
}

static volatile sig_atomic_t own_faults;
static void own_handler(int signal) {
    (void)signal;
    own_faults++;
}

int main(void) {
    float *big = malloc(BIG * sizeof *big);
    exercise("large block", big, BIG);
    free(big);

    float *small = malloc(SMALL * sizeof *small);
    exercise("small block", small, SMALL);
    free(small);

    float stack[SMALL];
    exercise("stack", stack, SMALL);

    exercise("static data", statics, BIG);

    float *paged = aligned_alloc(4096, BIG * sizeof *paged);
    exercise("own pages", paged, BIG);

    /* another thread reads what a kernel wrote */
    for (int i = 0; i < BIG; i++) paged[i] = 1.0f;
    array_view(paged, BIG);
    bump(paged, BIG, 1.0f);
    pthread_t thread;
    void *result;
    pthread_create(&thread, NULL, thread_sum, paged);
    pthread_join(thread, &result);
    printf("thread: %.0f\n", *(double *)result);
    array_view_release(paged);
    free(paged);

    framed_data();
    copied_in_parts();

    /* memory shared with other processes or a file */
    float *shared = mmap(NULL, BIG * sizeof *shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    FILE *backing = tmpfile();
    if (shared == MAP_FAILED || !backing || ftruncate(fileno(backing), BIG * sizeof(float)) != 0) return 1;
    float *filed = mmap(NULL, BIG * sizeof *filed, PROT_READ | PROT_WRITE, MAP_SHARED, fileno(backing), 0);
    if (filed == MAP_FAILED) return 1;
    exercise("shared mapping", shared, BIG);
    exercise("file mapping", filed, BIG);
    munmap(shared, BIG * sizeof *shared);
    munmap(filed, BIG * sizeof *filed);
    fclose(backing);

    made_view("array_view_new large", 4 * BIG);
    made_view("array_view_new small", SMALL);

    /* the program's own SIGSEGV handler, installed before and after views */
    signal(SIGSEGV, own_handler);
    float *late = malloc(BIG * sizeof *late);
    exercise("own handler", late, BIG);
    signal(SIGSEGV, own_handler);
    exercise("own handler again", late, BIG);
    free(late);
    printf("the program's handler ran %d times\n", (int)own_faults);
    return 0;
}
