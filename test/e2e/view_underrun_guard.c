// needs: shaderInt64
// test: unchecked
/* Kernels that write 1 to 8 elements before the start of an array_view and
 * of an array_new array (an index off by k below, as in a[i - k]) do not
 * harm the program: every buffer kernels address starts after guard bytes
 * that no other buffer uses (docs/security.md). On lavapipe, whose device
 * memory is host memory, such writes used to land before the memory's
 * start, in the host heap's bookkeeping ("double free or corruption" or a
 * segfault when libcamp freed the memory), or in the buffer before. The
 * arrays beside them keep their values. The serial reference mode runs the
 * same loops on the host, so there each array has room before it. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef __CAMPCC_HOST_COMPILE__
#define ROOM 0 /* the writes before each array land in libcamp's guard bytes */
#else
#define ROOM 8
#endif

/* v[i] == want(i) for every i, else the mismatches are printed */
static int check(const char *what, int n, const int *v, int step, int plus) {
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (v[i] != step * i + plus && bad++ < 5) printf("%s[%d] = %d, not %d\n", what, i, v[i], step * i + plus);
    return bad;
}

/* The last launch (k = 1) wrote 1 to elements 0..n-2 (none writes n-1). */
static int check_written(const char *what, int n, const int *v) {
    int bad = 0;
    for (int i = 0; i < n - 1; i++)
        if (v[i] != 1 && bad++ < 5) printf("%s[%d] = %d, not 1\n", what, i, v[i]);
    return bad;
}

static int one_size(int n, long *sum) {
    /* first: an array at the start of fresh memory where one fits */
    int *lone_memory = array_new(int, ROOM + n, NULL), *lone = lone_memory + ROOM;
    for (int k = 1; k <= 8; k++) parallel_for_each(i, extent(n)) { lone[i - k] = k; }
    /* arrays just before and after the ones written before their start */
    int *host = malloc(n * sizeof *host), *back = malloc(n * sizeof *back);
    for (int i = 0; i < n; i++) host[i] = 5 * i + 2;
    int *before_b = array_new(int, n, host);
    int *b_memory = array_new(int, ROOM + n, NULL), *b = b_memory + ROOM;
    int *after_b = array_new(int, n, host);
    int *before_a = malloc(n * sizeof *before_a), *after_a = malloc(n * sizeof *after_a);
    int *a_memory = calloc(ROOM + n, sizeof *a_memory), *a = a_memory + ROOM;
    array_view(before_a, n);
    array_view(a, n);
    array_view(after_a, n);
    /* each view's buffer is made at its first launch: in this order */
    parallel_for_each(i, extent(n)) { before_a[i] = 3 * i + 1; }
    parallel_for_each(i, extent(n)) { a[i] = 0; }
    parallel_for_each(i, extent(n)) { after_a[i] = 7 * i + 4; }
    for (int k = 8; k >= 1; k--) {
        parallel_for_each(i, extent(n)) {
            a[i - k] = k;
            b[i - k] = k;
        }
    }
    array_view_synchronize(before_a);
    array_view_synchronize(a);
    array_view_synchronize(after_a);
    int bad = check("before_a", n, before_a, 3, 1) + check("after_a", n, after_a, 7, 4) + check_written("a", n, a);
    array_copy_out(back, before_b, n);
    bad += check("before_b", n, back, 5, 2);
    array_copy_out(back, after_b, n);
    bad += check("after_b", n, back, 5, 2);
    array_copy_out(back, b, n);
    bad += check_written("b", n, back);
    array_copy_out(back, lone, n);
    for (int i = 0; i < n - 1; i++) *sum += back[i] + a[i];
    array_view_release(after_a);
    array_view_release(a);
    array_view_release(before_a);
    array_delete(after_b);
    array_delete(b_memory);
    array_delete(before_b);
    array_delete(lone_memory);
    free(a_memory);
    free(after_a);
    free(before_a);
    free(back);
    free(host);
    return bad;
}

int main(void) {
    /* a 64th of each size is below, between and above the guard's bounds;
     * 5 Mi ints get memory of their own */
    const int sizes[] = {64, 1000, 300000, 5 << 20};
    int bad = 0;
    for (int s = 0; s < 4; s++) {
        long sum = 0;
        bad += one_size(sizes[s], &sum);
        printf("%d elements: checksum %ld\n", sizes[s], sum);
    }
    return bad ? 1 : 0;
}
