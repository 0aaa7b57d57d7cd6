// needs: shaderInt64
/* A kernel takes the address of a variable of the function around it, as
 * C passes structs to functions: a struct passed by address to
 * restrict(amp) helpers that read it and one that writes a member, a
 * struct parameter of the host function, a scalar counted by atomics
 * through its address; the host writes the struct between two kernels
 * and reads what a kernel wrote after them, and a second call's struct
 * (another stack frame) is the one its kernels see. Such a variable is
 * shared with the kernels as an object of its own, as arrays are. */
#include <camp.h>
#include <stdio.h>

typedef struct {
    int relu;
    float bias;
    float scale[3];
} Layer;

typedef struct {
    float lo, hi;
} Range;

static float affine(const Layer *p, float x) restrict(amp) { return x * p->scale[1] + p->bias; }
static void bump(Layer *p, int i) restrict(amp) {
    if (i == 0) p->scale[2] += 1.0f;
}
static int inside(const Range *r, float x) restrict(amp) { return x >= r->lo && x < r->hi; }

static float layer(float bias, float *out, int n) {
    Layer p = {1, bias, {1, 2, 3}};
    parallel_for_each(i, extent(n)) {
        float v = affine(&p, (float)i);
        if (p.relu && v < 0.0f) v = 0.0f;
        out[i] = v;
    }
    p.scale[1] = 10.0f; /* the next kernel sees the host's write */
    parallel_for_each(i, extent(n)) {
        out[i] += affine(&p, 1.0f);
        bump(&p, i);
    }
    return p.scale[2]; /* the kernel's write */
}

static int count_inside(Range r, const float *x, int n) {
    int hits = 0;
    parallel_for_each(i, extent(n)) {
        if (inside(&r, x[i])) camp_atomic_fetch_add(&hits, 1);
    }
    return hits;
}

/* another frame over the stack the first call used */
static float scribble(void) {
    volatile float junk[64];
    for (int i = 0; i < 64; i++) junk[i] = -1.0f;
    return junk[7];
}

int main(void) {
    enum { N = 6 };
    float out[N], x[100];
    array_view(out, N);
    for (int i = 0; i < 100; i++) x[i] = (float)i;
    array_view(x, 100);
    float s = layer(-5.0f, out, N);
    for (int i = 0; i < N; i++) printf("%g ", out[i]);
    printf("| %g\n", s);
    scribble();
    s = layer(1.0f, out, N);
    for (int i = 0; i < N; i++) printf("%g ", out[i]);
    printf("| %g\n", s);
    printf("%d %d\n", count_inside((Range){10, 20}, x, 100), count_inside((Range){0, 55.5f}, x, 100));
    return 0;
}
