// needs: shaderInt64 subgroupBasic subgroupShuffleRelative
/* Kernels a macro of <camp_algorithms.h> writes (CAMP_REDUCE_DEFINE,
 * CAMP_TRANSFORM_REDUCE_DEFINE) beside the file's own, before and after
 * them, whose bodies start with the dialect's macros: campcc launches the
 * macros' kernels through their functions and replaces the file's own
 * where they are written. The serial reference mode runs the reductions
 * as loops. */
#include <camp_algorithms.h>
#include <stdio.h>

static int larger(int a, int b) restrict(cpu, amp) { return a > b ? a : b; }
static int add(int a, int b) restrict(cpu, amp) { return a + b; }
static int negate(int x) restrict(cpu, amp) { return -x; }
CAMP_REDUCE_DEFINE(int, reduce_larger, larger, -2147483647 - 1)

static int total_negated(const int *a, int n);

int main(void) {
    unsigned count[1] = {0};
    int *a = array_new(int, 1000, NULL);
    parallel_for_each(i, extent(1000)) camp_atomic_fetch_add(&count[0], 1u);
    parallel_for_each(i, extent(1000)) a[i] = (i * 37) % 1000 - 500;
    printf("%u threads, largest %d\n", count[0], camp_reduce_with(reduce_larger, a, 1000));
    parallel_for_each(i, extent(1000)) a[i] = 1000 - i;
    printf("largest %d, sum of negated %d\n", camp_reduce_with(reduce_larger, a, 1000), total_negated(a, 1000));
    array_delete(a);
}

CAMP_TRANSFORM_REDUCE_DEFINE(int, int, sum_negated, negate, add, 0)
static int total_negated(const int *a, int n) { return camp_reduce_with(sum_negated, a, (size_t)n); }
