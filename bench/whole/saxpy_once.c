/* saxpy_once — a whole program as a user writes it: the host makes x and y
 * (malloc'd, 16 Mi floats each by default), views them, runs one kernel,
 * reads y and exits. Timed from the process's start to its exit by
 * bench/whole/run, beside the same program in CUDA (saxpy_once.cu) and in
 * plain Vulkan (vk_saxpy_once.c): the device's opening, the first
 * allocations and copies, the pipeline's creation (and its cache), the
 * kernel and the copy back are all in it.
 *
 *   saxpy_once [elements] */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1 << 24;
    float *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
    if (!x || !y) return 1;
    for (int i = 0; i < n; i++) x[i] = (float)(i % 1000), y[i] = (float)(i % 7);
    array_view(x, n);
    array_view(y, n);
    const float a = 2.0f;
    parallel_for_each(i, extent(n)) { y[i] = a * x[i] + y[i]; }
    long long wrong = 0;
    for (int i = 0; i < n; i++) wrong += y[i] != 2.0f * (float)(i % 1000) + (float)(i % 7);
    printf("saxpy_once camp %d: %lld wrong\n", n, wrong);
    return wrong != 0;
}
