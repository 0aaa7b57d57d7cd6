// needs: shaderInt64
/* A kernel's local array whose length is a const int (`const int K = 3;
 * float top[K];`): C calls it variable-length, clang folds it, and campcc
 * takes it as an array of that length, sizeof included (memset over it,
 * sizeof top / sizeof top[0]). Printed for comparison with the serial
 * build (a length that differs per thread stays an error:
 * errors/vla_in_kernel.c). */
#include <camp.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    enum { N = 8 };
    float out[N];
    parallel_for_each(i, extent(N)) {
        const int K = 3;
        float top[K];
        memset(top, 0, sizeof top);
        for (int k = 0; k < K; k++) top[k] += (float)(i * k);
        out[i] = top[0] + top[1] + top[2] + (float)(sizeof top / sizeof top[0]);
    }
    for (int i = 0; i < N; i++) printf("%g\n", out[i]);
    return 0;
}
