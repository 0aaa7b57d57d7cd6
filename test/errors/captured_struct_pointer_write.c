// A helper that changes a struct through its pointer, given the address
// of a struct the kernel captures that holds pointers: the pointer is to
// the thread's copy (such a struct cannot be shared), which C would not
// write, so the write is refused as a write of the capture is; reading
// through &im is fine (e2e/struct_pointers_in_helpers.c).
// expect-error: 13:47: write through a pointer to captured variable 'im': kernels see a copy of its value (it holds pointers) and may not change it; copy it into a local variable and pass that
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { float *data; int w; } image;

static void shrink(image *im) restrict(amp) { im->w -= 1; }

int main(void) {
    float *d = malloc(8 * sizeof *d);
    float out[8];
    array_view(d, 8);
    image im = {d, 8};
    parallel_for_each(i, extent(8)) {
        shrink(&im);
        out[i] = (float)im.w;
    }
    printf("%g\n", out[0]);
    free(d);
    return 0;
}
