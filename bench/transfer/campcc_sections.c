// needs: shaderInt64
/* campcc_sections — what a section's synchronize and refresh cost against
 * the whole view's (docs/data-model.md, "Parts of a view"). A rows x cols
 * float view (8192 x 8192, 256 MiB; --quick: 512 x 512) that a kernel
 * rewrites before each measurement; rows, each the median of `reps`:
 *   what=whole:  array_view_synchronize of the view;
 *   what=block:  array_view_section_synchronize of a 1024 x 1024 block
 *                (rows / 8 square with --quick), one run per row;
 *   what=rows:   of 64 whole rows (one contiguous run);
 *   what=strip:  of every row's first 16 columns (rows runs of 64 bytes);
 *   what=refresh-block: array_view_section_refresh of the block after a
 *                host write, and the kernel that reads it.
 * Every synchronize is checked: the section's bytes are the kernel's, the
 * host's others are untouched (a wrong byte ends the run with status 1).
 * It runs with implicit synchronization off (CAMP_IMPLICIT_SYNC=0, set
 * below): the host's resets between rounds would otherwise bring the whole
 * view back, and the section's calls are what is measured.
 * usage: campcc_sections [--quick] [--reps N] */
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
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, by_value);
    return v[n / 2];
}

/* 1 unless the host holds `round` in the block from (r0, c0) and its own
 * -1 everywhere else (the host's copy is reset to -1 before each round). */
static int check(int rows, int cols, float (*m)[cols], int r0, int c0, int h, int w, float round) {
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            bool inside = r >= r0 && r < r0 + h && c >= c0 && c < c0 + w;
            if (m[r][c] != (inside ? round : -1.0f)) {
                fprintf(stderr, "campcc_sections: m[%d][%d] is %g, want %g\n", r, c, m[r][c], inside ? round : -1.0);
                return 1;
            }
        }
    return 0;
}

int main(int argc, char **argv) {
    setenv("CAMP_IMPLICIT_SYNC", "0", 1); /* before libcamp's first call reads it */
    bool quick = false;
    int reps = 7;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) quick = true, reps = 3;
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: campcc_sections [--quick] [--reps N]\n");
            return 2;
        }
    }
    int rows = quick ? 512 : 8192, cols = rows, block = rows / 8;
    float (*m)[cols] = malloc((size_t)rows * sizeof *m);
    double *ms = malloc((size_t)reps * sizeof *ms);
    if (!m || !ms) return 1;
    memset(m, 0, (size_t)rows * sizeof *m);
    array_view(m, rows);
    printf("# %s, %d x %d floats (%zu MiB)\n", camp_default_accelerator_name(), rows, cols,
           (size_t)rows * sizeof *m >> 20);

    struct { const char *what; int r0, c0, h, w; } cases[] = {
        {"whole", 0, 0, rows, cols},
        {"block", rows / 4, cols / 4, block, block},
        {"rows", rows / 2, 0, 64, cols},
        {"strip", 0, 0, rows, 16},
    };
    int failed = 0;
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        for (int rep = 0; rep < reps && !failed; rep++) {
            float round = (float)(k * 100 + rep + 1);
            for (int r = 0; r < rows; r++)
                for (int c = 0; c < cols; c++) m[r][c] = -1;
            parallel_for_each(i, extent(rows, cols)) { m[i[0]][i[1]] = round; }
            camp_accelerator_view_wait(camp_default_view());
            float (*s)[cols] = k == 0 ? m : array_view_section(m, cases[k].r0, cases[k].c0, cases[k].h, cases[k].w);
            double t0 = now_ms();
            if (k == 0) array_view_synchronize(m);
            else array_view_section_synchronize(s);
            ms[rep] = now_ms() - t0;
            if (k != 0) array_view_section_release(s);
            failed = check(rows, cols, m, cases[k].r0, cases[k].c0, cases[k].h, cases[k].w, round);
        }
        if (failed) break;
        printf("name=section what=%s bytes=%zu ms=%.3f\n", cases[k].what,
               (size_t)cases[k].h * cases[k].w * sizeof(float), median(ms, reps));
    }

    /* refresh of the block: host writes, the section copied in, a kernel reads it */
    float (*s)[cols] = array_view_section(m, rows / 4, cols / 4, block, block);
    float sum[1];
    for (int rep = 0; rep < reps && !failed; rep++) {
        for (int r = 0; r < block; r++)
            for (int c = 0; c < block; c++) s[r][c] = (float)rep;
        double t0 = now_ms();
        array_view_section_refresh(s);
        parallel_for_each(i, extent(1)) { sum[i] = s[0][0] + s[block - 1][block - 1]; }
        ms[rep] = now_ms() - t0;
        if (sum[0] != 2.0f * rep) {
            fprintf(stderr, "campcc_sections: the kernel read %g after the refresh, want %g\n", sum[0], 2.0 * rep);
            failed = 1;
        }
    }
    if (!failed)
        printf("name=section what=refresh-block bytes=%zu ms=%.3f\n", (size_t)block * block * sizeof(float),
               median(ms, reps));
    array_view_section_release(s);
    array_view_release(m);
    free(ms);
    free(m);
    return failed;
}
