// needs: shaderInt64
/* Sizes that were fixed capacities of the compiler: a helper with 40
 * parameters (four of them pointers, two into a local array, which pass as
 * a base and an offset each), a block of 600 statements and 100 nested
 * loops in a kernel. */
#include <camp.h>
#include <stdio.h>

#define N 32

static void sum40(int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8, int a9, int a10, int a11, int a12, int a13, int a14, int a15, int a16, int a17, int a18, int a19, int a20, int a21, int a22, int a23, int a24, int a25, int a26, int a27, int a28, int a29, int a30, int a31, int a32, int a33, int a34, int a35, const int *p, const int *q, int *out, const int *r) restrict(amp) {
    *out = a0 * 1 + a1 * 2 + a2 * 3 + a3 * 4 + a4 * 5 + a5 * 6 + a6 * 7 + a7 * 8 + a8 * 9 + a9 * 10 + a10 * 11 + a11 * 12 + a12 * 13 + a13 * 14 + a14 * 15 + a15 * 16 + a16 * 17 + a17 * 18 + a18 * 19 + a19 * 20 + a20 * 21 + a21 * 22 + a22 * 23 + a23 * 24 + a24 * 25 + a25 * 26 + a26 * 27 + a27 * 28 + a28 * 29 + a29 * 30 + a30 * 31 + a31 * 32 + a32 * 33 + a33 * 34 + a34 * 35 + a35 * 36 + p[0] + q[0] * 1000 + r[0];
}

/* 600 statements, in one block */
#define S1 acc = acc * 7 + 1;
#define S10 S1 S1 S1 S1 S1 S1 S1 S1 S1 S1
#define S100 S10 S10 S10 S10 S10 S10 S10 S10 S10 S10
#define S600 S100 S100 S100 S100 S100 S100

/* 100 nested loops, each running once more on odd threads' first level */
#define L1 for (int k = 0; k < 1; k++)
#define L10 L1 L1 L1 L1 L1 L1 L1 L1 L1 L1
#define L100 L10 L10 L10 L10 L10 L10 L10 L10 L10 L10

int main(void) {
    int v[N], res[N], block[N], nested[N];
    for (int i = 0; i < N; i++) v[i] = 5 * i - 3;

    parallel_for_each(i, extent(N)) {
        int local[4] = {i, 2 * i, 3 * i, 4 * i};
        sum40(i + 0, i + 1, i + 2, i + 3, i + 4, i + 5, i + 6, i + 7, i + 8, i + 9, i + 10, i + 11, i + 12, i + 13, i + 14, i + 15, i + 16, i + 17, i + 18, i + 19, i + 20, i + 21, i + 22, i + 23, i + 24, i + 25, i + 26, i + 27, i + 28, i + 29, i + 30, i + 31, i + 32, i + 33, i + 34, i + 35, local, &local[2], &res[i], &v[i]);
    }
    parallel_for_each(i, extent(N)) {
        unsigned acc = (unsigned)i;
        S600
        block[i] = (int)(acc >> 3);
    }
    parallel_for_each(i, extent(N)) {
        int acc = 0;
        for (int round = 0; round <= (i & 1); round++)
            L100 acc += k + round + 1;
        nested[i] = acc;
    }

    unsigned long long checksum = 0; /* wraps, as unsigned arithmetic may */
    for (int i = 0; i < N; i++) checksum = ((checksum * 31 + res[i]) * 31 + block[i]) * 31 + nested[i];
    printf("%d %d %d\n", res[3], block[3], nested[3]);
    printf("checksum %llu\n", checksum);
    return 0;
}
