/* The caller of e2e/const_struct_params.c's library functions: a file
 * without kernels passing its locals' addresses, as a C API's caller does. */
#include <stdio.h>

typedef struct {
    int gain, bias;
    float weights[4];
} params;

void scale(const params *p, int *v, int n);
void weigh(const params *p, float *out, int n);

int run_const_struct_params(void) {
    int v[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    params p = {3, 1, {0.5f, 1.5f, -2.0f, 4.0f}};
    scale(&p, v, 8);
    float w[8];
    weigh(&p, w, 8);
    for (int i = 0; i < 8; i++) printf("%d %g\n", v[i], w[i]);
    return 0;
}
