// needs: shaderInt64
/* Pointers in kernels and helpers: a pointer to a row of a 2-D view
 * (`int *row = &m[i][0]`), pointers into private local arrays, the same
 * helper called with a view pointer and with a local-array pointer, helpers
 * writing through pointers (out-parameters, including to a local scalar),
 * C `restrict`-qualified pointer parameters, pointer arithmetic, pointer
 * differences and comparisons within one array, and pointers to structs. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define R 96
#define C 8

typedef struct acc { int sum; int max; } acc;

static int sum_n(const int *p, int n) restrict(amp) {
    int s = 0;
    for (int k = 0; k < n; k++) s += p[k] * (k + 1);
    return s;
}

static void scale_into(int *restrict dst, const int *restrict src, int n, int k) restrict(amp) {
    for (int j = 0; j < n; j++) dst[j] = src[j] * k;
}

static void accumulate(acc *a, const int *begin, const int *end) restrict(amp) {
    for (const int *p = begin; p < end; p++) {
        a->sum += *p;
        if (*p > a->max) a->max = *p;
    }
}

static void divmod(int a, int b, int *q, int *r) restrict(cpu, amp) {
    *q = a / b;
    *r = a % b;
}

int main(void) {
    int m[R][C], scaled[R][C];
    int from_view[R], from_local[R], mixed[R], accs[R], diffs[R], qr[R];
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++) m[r][c] = (r * 31 + c * 17) % 101 - 50;

    /* A row pointer into a 2-D view, and the same helper on a local array. */
    parallel_for_each(i, extent(R)) {
        int *row = &m[i][0];
        from_view[i] = sum_n(row, C) + sum_n(row + 2, 3) + sum_n(&m[(i + 1) % R][1], C - 1);
        int local[C];
        for (int c = 0; c < C; c++) local[c] = row[C - 1 - c] * 2;
        from_local[i] = sum_n(local, C) + sum_n(&local[4], 4);
    }
    /* restrict-qualified parameters: view to view, view to local, local to view. */
    parallel_for_each(i, extent(R)) {
        scale_into(scaled[i], m[i], C, i % 5 - 2);
        int tmp[C];
        scale_into(tmp, m[(i + 3) % R], C, 3);
        scale_into(&scaled[i][C / 2], tmp, C / 2, -1);
        mixed[i] = tmp[0] + tmp[C - 1] + scaled[i][0];
    }
    /* A pointer to a local struct, and begin/end pointers into a view and a local array. */
    parallel_for_each(i, extent(R)) {
        acc a = {0, -1000};
        accumulate(&a, &m[i][0], &m[i][C]);
        int local[3] = {i, -i, 2 * i};
        accumulate(&a, local, local + 3);
        accs[i] = a.sum * 1000 + a.max;
    }
    /* Pointer differences and comparisons; out-parameters to local scalars. */
    parallel_for_each(i, extent(R)) {
        int *first = &m[i][0], *last = &m[i][C - 1];
        int *hit = first;
        while (hit < last && *hit < 20) hit++;
        int local[6] = {0};
        int *mid = local + 3;
        diffs[i] = (int)(hit - first) * 100 + (int)(last - first) * 10 + (int)(mid - local) +
                   (hit == last) * 1000 + (mid > local) * 10000;
        int q, r;
        divmod(m[i][1] * 7, i % 9 - 4 == 0 ? 5 : i % 9 - 4, &q, &r);
        qr[i] = q * 100 + r;
    }

    print_array("%d", from_view, R);
    print_array("%d", from_local, R);
    print_array2("%d", scaled, R, C);
    print_array("%d", mixed, R);
    print_array("%d", accs, R);
    print_array("%d", diffs, R);
    print_array("%d", qr, R);
    return 0;
}
