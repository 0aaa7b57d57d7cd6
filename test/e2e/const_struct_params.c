/* A C API's `const params *p` whose kernels only read members through it
 * (`p->gain`, `(*p).bias`, `p->weights[k]`): the struct is taken by value
 * at the launch, wherever it lies (here on the stack of a caller in
 * another file, where no view could be found), as a struct holding
 * pointers is (--dump-kernels: "capture '(*p)': value"). */
#include <camp.h>
// also: units/const_struct_params_main.c

typedef struct {
    int gain, bias;
    float weights[4];
} params;

int run_const_struct_params(void);

void scale(const params *p, int *v, int n) {
    array_view(v, n);
    parallel_for_each(i, extent(n)) { v[i] = v[i] * p->gain + (*p).bias; }
    array_view_synchronize(v);
    array_view_release(v);
}

void weigh(const params *p, float *out, int n) {
    array_view(out, n);
    parallel_for_each(i, extent(n)) {
        float s = 0;
        for (int k = 0; k < 4; k++) s += p->weights[k] * (float)(i + k);
        out[i] = s;
    }
    array_view_synchronize(out);
    array_view_release(out);
}

int main(void) { return run_const_struct_params(); }
