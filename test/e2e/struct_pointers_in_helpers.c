// needs: shaderInt64
/* Helpers taking a pointer to a struct that holds pointers, as C code
 * passes an image or a buffer descriptor: `const image *im`. The pointer
 * points to the thread's own copy (a local, an element of a local array,
 * a member of a local struct, a local reached through a pointer variable)
 * or to a captured struct (`&im`, read only: as a capture is), whose
 * pointers are views; the helpers read and write through them, and change
 * a local copy's own members (advance). */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    const float *data;
    int w, h;
    float scale[2];
} image;

typedef struct {
    image a, b;
    float *out;
} pair;

static float at(const image *im, int x, int y) restrict(amp) {
    x = x < 0 ? 0 : x >= im->w ? im->w - 1 : x;
    y = y < 0 ? 0 : y >= im->h ? im->h - 1 : y;
    return im->data[y * im->w + x] * im->scale[x & 1];
}

static float both(const pair *p, int x, int y) restrict(amp) { return at(&p->a, x, y) + at(&p->b, x, y); }

static void advance(image *im) restrict(amp) {
    im->data += im->w; /* the next row: the copy's pointer moves, the struct it was copied from does not */
    im->h -= 1;
}

static void store(pair *p, int i, float v) restrict(amp) { p->out[i] = v; }

static int width(const int *w) restrict(amp) { return *w; }

static float pair_sum(const float *s) restrict(amp) { return s[0] + s[1]; }

int main(void) {
    enum { W = 19, H = 11, N = W * H };
    float *a = malloc(sizeof(float) * N), *b = malloc(sizeof(float) * N), *o = malloc(sizeof(float) * N);
    float *o2 = malloc(sizeof(float) * N);
    if (!a || !b || !o || !o2) return 1;
    for (int i = 0; i < N; i++) {
        a[i] = (float)(i % 7);
        b[i] = (float)(i % 5) * 2.0f;
    }
    array_view(a, N);
    array_view(b, N);
    array_view(o, N);
    array_view(o2, N);
    pair pr = {{a, W, H, {1.0f, 0.5f}}, {b, W, H, {2.0f, 1.0f}}, o};
    parallel_for_each(idx, extent(N)) {
        int x = idx % W, y = idx / W;
        pair p = pr;
        image ims[2] = {pr.a, pr.b};
        image *q = &ims[y & 1];
        float s = both(&p, x, y) + at(q, x + 1, y);
        image shifted = pr.a;
        advance(&shifted);
        s += at(&shifted, x, y);
        store(&p, idx, s);
    }
    image im = {b, W, H, {0.25f, 4.0f}};
    parallel_for_each(idx, extent(N)) {
        int x = idx % W, y = idx / W;
        float s = at(&im, x, y) + (float)width(&im.w) + pair_sum(&im.scale[0]);
        image next = im; /* what the helpers may change: a local copy (a write through &im is an error) */
        advance(&next);
        o2[idx] = s + (float)next.h * 100.0f + at(&next, x, y);
    }
    double sum = 0.0, sum2 = 0.0;
    for (int i = 0; i < N; i++) {
        sum += o[i];
        sum2 += o2[i];
    }
    printf("%g %g %g %g\n", o[0], o[N - 1], sum, sum2);
    printf("%g %g %g\n", o2[0], o2[W + 3], o2[N - 1]);
    printf("%d %d\n", im.w, im.h); /* the host's im is as it was */
    free(a);
    free(b);
    free(o);
    free(o2);
    return 0;
}
