/* first_copy — a program's first large copy in, as programs meet it: the
 * device opens (a first small array), the host prepares its data (fills a
 * matrix), then copies it in. Where copies go through the staging ring,
 * its 64 MiB of pinned memory is allocated and faulted in by a thread of
 * its own from the device's opening on (runtime/buffer_ahead.c), beside
 * the host's work; CAMP_STAGING_AHEAD=0 allocates it at the copy instead,
 * as before. Prints the three times, then two later copies of the same
 * bytes into new arrays (the steady state), in ms; BENCH lines as bench/run reads.
 *
 *   first_copy [MiB]      (default 64) */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    size_t mib = argc > 1 ? (size_t)atoi(argv[1]) : 64, n = mib << 18; /* floats */
    const char *ahead = getenv("CAMP_STAGING_AHEAD");
    const char *impl = ahead && ahead[0] == '0' ? "ring-at-first-copy" : "ring-ahead";
    double t0 = now_ms();
    int *tiny = array_new(int, 4, NULL);
    double t1 = now_ms();
    float *host = malloc(n * sizeof *host);
    if (!host) return 1;
    for (size_t i = 0; i < n; i++) host[i] = (float)(i % 1000);
    double t2 = now_ms();
    float *a = array_new(float, (long long)n, host);
    camp_accelerator_view_wait(camp_default_view());
    double t3 = now_ms();
    printf("BENCH name=first_copy_open size=%zu impl=%s ms=%.3f value=%.3f unit=ms reps=1\n", n * sizeof *host, impl,
           t1 - t0, t1 - t0);
    printf("BENCH name=first_copy_host_work size=%zu impl=%s ms=%.3f value=%.3f unit=ms reps=1\n", n * sizeof *host,
           impl, t2 - t1, t2 - t1);
    printf("BENCH name=first_copy_in size=%zu impl=%s ms=%.3f value=%.3f unit=ms reps=1\n", n * sizeof *host, impl,
           t3 - t2, t3 - t2);
    /* The steady state: later copies of the same bytes into new arrays. */
    for (int k = 2; k <= 3; k++) {
        double t4 = now_ms();
        float *b = array_new(float, (long long)n, host);
        camp_accelerator_view_wait(camp_default_view());
        double t5 = now_ms();
        printf("BENCH name=first_copy_later%d size=%zu impl=%s ms=%.3f value=%.3f unit=ms reps=1\n", k, n * sizeof *host,
               impl, t5 - t4, t5 - t4);
        array_delete(b);
    }
    array_delete(a);
    array_delete(tiny);
    free(host);
    return 0;
}
