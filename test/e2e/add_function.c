// needs: shaderInt64
/* Kernel-function form: the body calls restrict(amp) functions that take
 * scalars and pointers, return values and call each other. */
#include <camp.h>
#include <stdio.h>

#define N 777

void add_elements(int idx, int *sum, const int *a, const int *b) restrict(amp) {
    sum[idx] = a[idx] + b[idx];
}

int square(int x) restrict(amp) {
    return x * x;
}

int sum_of_squares(int x, int y) restrict(amp) {
    return square(x) + square(y);
}

float lerp(float a, float b, float t) restrict(cpu, amp) {
    return a + (b - a) * t;
}

int main(void) {
    int a[N], b[N], sum[N], sq[N];
    float f[N];
    for (int i = 0; i < N; i++) {
        a[i] = i - 400;
        b[i] = 3 * i + 1;
    }

    parallel_for_each(idx, extent(N)) add_elements(idx, sum, a, b);

    parallel_for_each(idx, extent(N)) {
        sq[idx] = sum_of_squares(a[idx], b[idx] % 100);
    }
    parallel_for_each(idx, extent(N)) {
        f[idx] = lerp(2.0f, 10.0f, 0.25f) * a[idx];
    }

    int bad = 0;
    long long checksum = 0;
    for (int i = 0; i < N; i++) {
        int want_sq = a[i] * a[i] + (b[i] % 100) * (b[i] % 100);
        float want_f = 4.0f * a[i];
        if (sum[i] != a[i] + b[i] || sq[i] != want_sq || f[i] != want_f) {
            if (bad++ < 10) printf("mismatch at %d: sum %d sq %d f %g\n", i, sum[i], sq[i], f[i]);
        }
        checksum += sum[i] + 3LL * sq[i] + (long long)f[i];
    }
    printf("checksum %lld\n", checksum);
    return bad != 0;
}
