// A struct of arrays of the enclosing function is captured by value, as
// every local struct is: past the arguments' 1,024 bytes the error says
// how to make a view of it instead (a pointer to it with array_view(p, 1)).
// expect-error: 19:5: kernel captures need 1576 bytes of arguments; more than 1024 is not supported: 'bank' alone is 1536 bytes, captured by value (make a view of it instead, a pointer p = &bank with array_view(p, 1), and use p in the kernel)
#include <camp.h>
#include <stdio.h>

#define N 64
struct bank {
    double gain[N], offset[N], scale[N];
};

int main(void) {
    struct bank bank;
    double out[N];
    for (int i = 0; i < N; i++) {
        bank.gain[i] = i, bank.offset[i] = 1, bank.scale[i] = 2;
    }
    parallel_for_each(i, extent(N)) { out[i] = bank.gain[i] + bank.offset[i]; }
    printf("%g\n", out[5]);
    return 0;
}
