// needs: shaderInt64
/* A captured struct whose kernel writes through one of its pointers only:
 * the others are read, so one may lie in a read-only view (an array_view
 * of a pointer to const) though the member is a pointer to non-const, as
 * when a job struct holds the input and the output of a step. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64

typedef struct {
    float *in;
    float *out;
} job;

typedef struct {
    job io;
    float *bias;
    int n;
} layer;

static float add_bias(const layer *l, int i) restrict(amp) { return l->io.in[i] + l->bias[i % l->n]; }

int main(void) {
    float *in = malloc(N * sizeof *in), *out = malloc(N * sizeof *out), *bias = malloc(4 * sizeof *bias);
    float *out2 = malloc(N * sizeof *out2);
    for (int i = 0; i < N; i++) in[i] = (float)(i % 9) - 4.0f;
    for (int i = 0; i < 4; i++) bias[i] = 0.5f * (float)i;
    array_view((const float *)in, N);
    array_view((const float *)bias, 4);
    array_view(out, N);
    array_view(out2, N);

    job s = {in, out};
    parallel_for_each(i, extent(N)) { s.out[i] = 2 * s.in[i]; }

    layer l = {{in, out2}, bias, 4};
    parallel_for_each(i, extent(N)) {
        l.io.out[i] = add_bias(&l, i);
    }
    array_view_synchronize(out);
    array_view_synchronize(out2);

    int bad = 0;
    for (int i = 0; i < N; i++) {
        float want = 2 * ((float)(i % 9) - 4.0f), want2 = (float)(i % 9) - 4.0f + 0.5f * (float)(i % 4);
        if (out[i] != want || out2[i] != want2) {
            if (bad++ < 5) printf("%d: %g %g, want %g %g\n", i, out[i], out2[i], want, want2);
        }
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    free(in), free(out), free(bias), free(out2);
    return bad != 0;
}
