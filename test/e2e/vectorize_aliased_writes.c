// needs: shaderInt64
/* A kernel that campcc vectorizes writes two pointers that the caller
 * makes the same memory: the last write in the body's order wins, as in
 * C (the vectors' stores at the end had a's last); with two memories the
 * kernel runs vectorized as before. A write under a condition after
 * another view's, too. */
#include <camp.h>
#include <stdio.h>

#define N 1030 /* not a whole number of vectors */

static void overwrite(int *a, int *b, int n) {
    parallel_for_each(i, extent(n)) {
        b[i] = 1;
        a[i] = 2;
        b[i] = 3;
    }
}

static void maybe_overwrite(float *a, float *b, int n) {
    parallel_for_each(i, extent(n)) {
        a[i] = (float)i;
        if (i % 3 == 0) b[i] = -1.0f;
    }
}

int main(void) {
    static int same[N], one[N], other[N];
    static float fsame[N], fone[N], fother[N];
    array_view(same, N);
    array_view(one, N);
    array_view(other, N);
    array_view(fsame, N);
    array_view(fone, N);
    array_view(fother, N);
    overwrite(same, same, N);
    overwrite(one, other, N);
    maybe_overwrite(fsame, fsame, N);
    maybe_overwrite(fone, fother, N);
    array_view_synchronize(same);
    array_view_synchronize(one);
    array_view_synchronize(other);
    array_view_synchronize(fsame);
    array_view_synchronize(fone);
    array_view_synchronize(fother);
    long s = 0, o = 0, t = 0;
    double fs = 0, fo = 0, ft = 0;
    for (int i = 0; i < N; i++) {
        s += same[i], o += one[i], t += other[i];
        fs += fsame[i], fo += fone[i], ft += fother[i];
    }
    printf("one memory: %ld (%d %d); two: %ld %ld\n", s, same[0], same[N - 1], o, t);
    printf("one memory: %.1f (%.1f %.1f %.1f); two: %.1f %.1f\n", fs, fsame[0], fsame[1], fsame[3], fo, ft);
    return 0;
}
