// needs: shaderInt64 shaderFloat64 shaderInt16 shaderInt8
/* restrict(amp) and restrict(cpu, amp) helpers: scalar parameters of every
 * width, struct parameters (by value: the callee's changes stay local) and
 * struct returns, vector parameters and vector returns, static inline
 * helpers, helpers calling helpers, and a restrict(cpu, amp) helper whose
 * result the host checks too. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 300

typedef struct range { int lo, hi; } range;
typedef struct stats { long long sum; int count; float mean4; } stats;

static inline int clamp(int v, int lo, int hi) restrict(amp) {
    return v < lo ? lo : v > hi ? hi : v;
}

static int widths(signed char c, short s, unsigned u, long long ll, double d) restrict(amp) {
    return c + s + (int)(u % 1000u) + (int)(ll / 1000000) + (int)d;
}

static range widen(range r, int by) restrict(amp) {
    r.lo -= by; /* a copy: the caller's struct is unchanged */
    r.hi += by;
    return r;
}

static stats summarize(const int *v, int n) restrict(amp) {
    stats s = {0, 0, 0.0f};
    for (int k = 0; k < n; k++) {
        s.sum += v[k];
        s.count++;
    }
    s.mean4 = (float)s.sum / 4.0f;
    return s;
}

static int in_range(range r, int v) restrict(amp) {
    return v >= r.lo && v <= r.hi;
}

static float4 scale_add(float4 v, float k, float4 add) restrict(amp) {
    return v * k + add;
}

static int2 minmax(int4 v) restrict(amp) {
    int2 r = {v.x, v.x};
    for (int k = 1; k < 4; k++) {
        r.x = v[k] < r.x ? v[k] : r.x;
        r.y = v[k] > r.y ? v[k] : r.y;
    }
    return r;
}

int poly(int x) restrict(cpu, amp) {
    return (x * x - 3 * x + 7) % 1009;
}

int main(void) {
    int in[N], clamped[N], wid[N], ranges[N], sums[N], mm[N], polys[N];
    float means[N];
    float4 vecs[N];
    for (int i = 0; i < N; i++) in[i] = (i * 7919) % 1001 - 500;

    /* Scalar parameters of several widths, static inline helpers. */
    parallel_for_each(i, extent(N)) {
        clamped[i] = clamp(in[i], -200, 300);
        wid[i] = widths((signed char)(i % 100), (short)(in[i] * 30), (unsigned)i * 2654435761u,
                        (long long)in[i] * 12345678, (double)in[i] * 0.25);
    }
    /* Struct parameters by value and struct returns. */
    parallel_for_each(i, extent(N)) {
        range r = {-i, i};
        range w = widen(r, 50);
        ranges[i] = in_range(r, in[i]) + 2 * in_range(w, in[i]) + 4 * (r.lo == -i) + w.hi * 8;
        int window[5] = {in[i], in[(i + 1) % N], in[(i + 2) % N], i, -i};
        stats s = summarize(window, 2 + i % 4);
        sums[i] = (int)s.sum * 10 + s.count;
        means[i] = s.mean4;
    }
    /* Vector parameters and vector returns. */
    parallel_for_each(i, extent(N)) {
        float4 v = {(float)i, (float)in[i] * 0.5f, -1.0f, 0.25f};
        vecs[i] = scale_add(v, 0.75f, (float4){1.0f, 2.0f, 3.0f, (float)i});
        int2 m = minmax((int4){in[i], in[(i * 3) % N], i - 150, 17});
        mm[i] = m.x * 10000 + m.y;
    }
    /* A restrict(cpu, amp) helper; the host computes it as well below. */
    parallel_for_each(i, extent(N)) {
        polys[i] = poly(in[i]) - poly(i);
    }

    int host_agrees = 1;
    for (int i = 0; i < N; i++) host_agrees &= polys[i] == poly(in[i]) - poly(i);
    print_array("%d", clamped, N);
    print_array("%d", wid, N);
    print_array("%d", ranges, N);
    print_array("%d", sums, N);
    print_array("%a", means, N);
    for (int i = 0; i < N; i++) printf("%a %a %a %a\n", vecs[i].x, vecs[i].y, vecs[i].z, vecs[i].w);
    print_array("%d", mm, N);
    print_array("%d", polys, N);
    printf("host agrees: %d\n", host_agrees);
    return 0;
}
