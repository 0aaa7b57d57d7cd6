// OpenMP pragmas that order OpenMP's threads mean nothing in a kernel,
// and the atomic forms campcc cannot do: each an error at its statement
// that says what to write instead (e2e/omp_atomic.c: the forms it does).
#include <camp.h>

int main(void) {
    int hist[4] = {0}, count[16] = {0};
    short small[4] = {0};
    double scale[4] = {1, 1, 1, 1};
    parallel_for_each(i, extent(16)) {
#pragma omp critical
        hist[i % 4]++;
        int old;
#pragma omp atomic capture
        old = count[i]++;
#pragma omp atomic
        scale[i % 4] *= 2.0;
#pragma omp atomic
        small[i % 4] += 1;
#pragma omp atomic
        count[i] = count[i] - 1 + i;
#pragma omp atomic read
        count[i]++;
        (void)old;
    }
    return hist[0] + count[0] + small[0] + (int)scale[0];
}
// expect-error: 12:9: '#pragma omp critical' has no meaning in a kernel, whose threads are not OpenMP's: combine the threads' values with camp_atomic_* (or '#pragma omp atomic' before the update), or with a reduction (camp_reduce_sum) after the kernel; tile_barrier_wait orders the threads of a tile
// expect-error: 15:9: '#pragma omp atomic capture' is not supported in amp code: camp_atomic_* return the value before the update (`v = camp_atomic_fetch_add(&x, e);`), camp_atomic_compare_exchange compares
// expect-error: 17:9: the statement after '#pragma omp atomic' must be an update in amp code: `x++`, `x--`, `x += e` (or -=, &=, |=, ^=), `x = x + e`
// expect-error: 19:9: '#pragma omp atomic' in amp code works on 4- and 8-byte integers (+ - & | ^), float and double (+ -): the device's atomic operations
// expect-error: 21:9: the statement after '#pragma omp atomic' must be an update in amp code: `x++`, `x--`, `x += e` (or -=, &=, |=, ^=), `x = x + e`
// expect-error: 23:9: the statement after '#pragma omp atomic read' must be `v = x;` in amp code
