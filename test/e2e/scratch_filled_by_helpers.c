/* Scratch arrays at the top of the function (OpenMP's `private(w)`) that
 * the kernel first hands to a helper which fills them: a basis filled by
 * a loop in the helper, a cross product written element by element, one
 * filled two helpers deep, one whose helper writes at an index the call
 * passes (the same in every thread). Each thread's own (the threads
 * raced on one array before: 3,584 of 4,096 wrong). Arrays the threads
 * really share stay one array: one a helper writes at the thread's own
 * index (`put(hits, i % 8, 1)`) and the host then reads. The serial
 * reference mode prints the same. */
#include <camp.h>
#include <stdio.h>

enum { N = 4096, K = 4 };

static void basis(float *w, float x) restrict(cpu, amp) {
    for (int k = 0; k < K; k++) w[k] = x * (float)(k + 1);
}

static void cross3(const float *a, const float *b, float *out) restrict(cpu, amp) {
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

static void scaled_basis(float *w, float x, float scale) restrict(cpu, amp) {
    basis(w, x);
    for (int k = 0; k < K; k++) w[k] *= scale;
}

static void set(float *w, int at, float x) restrict(cpu, amp) { w[at] = x; }

static void put(int *hits, int at, int x) restrict(cpu, amp) { hits[at] = x; }

static float sum(const float *w, int n) restrict(cpu, amp) {
    float s = 0;
    for (int k = 0; k < n; k++) s += w[k];
    return s;
}

int main(void) {
    static float in[N], out[N], out2[N], out3[N], out4[N];
    float w[K], c[3], a[3], b[3], v[K], u[2];
    int hits[8] = {0};
    for (int i = 0; i < N; i++) in[i] = (float)(i % 97);
    parallel_for_each(i, extent(N)) {
        basis(w, in[i]);
        out[i] = sum(w, K);
    }
    parallel_for_each(i, extent(N)) {
        a[0] = in[i];
        a[1] = 1;
        a[2] = 2;
        b[0] = 3;
        b[1] = in[i];
        b[2] = 5;
        cross3(a, b, c);
        out2[i] = c[0] + 2 * c[1] + 3 * c[2];
    }
    parallel_for_each(i, extent(N)) {
        scaled_basis(v, in[i], 0.5f);
        out3[i] = sum(v, K);
    }
    const int first = 0;
    parallel_for_each(i, extent(N)) {
        set(u, first, in[i]);
        set(u, first + 1, 2 * in[i]);
        out4[i] = u[0] + u[1];
        put(hits, i % 8, 1);
    }
    int bad = 0, bad2 = 0, bad3 = 0, bad4 = 0;
    for (int i = 0; i < N; i++) {
        float x = in[i];
        bad += out[i] != x * 10;
        float c0 = 1 * 5 - 2 * x, c1 = 2 * 3 - x * 5, c2 = x * x - 1 * 3;
        bad2 += out2[i] != c0 + 2 * c1 + 3 * c2;
        bad3 += out3[i] != x * 5;
        bad4 += out4[i] != 3 * x;
    }
    int seen = 0;
    for (int k = 0; k < 8; k++) seen += hits[k];
    printf("%d %d %d %d wrong, %d of 8 hit\n", bad, bad2, bad3, bad4, seen);
    return 0;
}
