// needs: shaderInt64 shaderBufferInt64Atomics
/* GCC's __sync builtins in kernels, as OpenMP-era C code has them: a
 * counter by __sync_fetch_and_add, __sync_add_and_fetch with an operand
 * evaluated once, a maximum by a __sync_val_compare_and_swap loop, a flag
 * claimed by __sync_bool_compare_and_swap and __sync_lock_test_and_set,
 * and/or/xor/sub on 64-bit words, __sync_lock_release and
 * __sync_synchronize. The totals do not depend on the threads' order.
 * Printed for comparison with the serial build. */
#include <camp.h>
#include <stdio.h>

#define N 256

static int counter, after, best = -1, claims, firsts;
static unsigned long long bits_and = ~0ull, bits_or, bits_xor;
static long long down = 1000000;
static int locks[8];

static int next_value(int *k) restrict(cpu, amp) { return ++*k; }

int main(void) {
    parallel_for_each(i, extent(N)) {
        __sync_fetch_and_add(&counter, i);
        int k = i;
        int now = __sync_add_and_fetch(&after, next_value(&k) - i); /* adds 1, once */
        (void)now;
        int v = (i * 37) % 251, old = best;
        while (old < v) {
            int seen = __sync_val_compare_and_swap(&best, old, v);
            if (seen == old) break;
            old = seen;
        }
        if (__sync_bool_compare_and_swap(&locks[i % 8], 0, i + 1)) __sync_fetch_and_add(&claims, 1);
        if (__sync_lock_test_and_set(&locks[i % 8], -1) != -1) __sync_fetch_and_add(&firsts, 1);
        __sync_fetch_and_and(&bits_and, ~(1ull << (i % 64)) | (i < 64 ? 0ull : ~0ull));
        __sync_or_and_fetch(&bits_or, 1ull << (i % 61));
        __sync_xor_and_fetch(&bits_xor, (unsigned long long)i * 0x9E3779B97F4A7C15ull);
        __sync_sub_and_fetch(&down, (long long)i);
        __sync_synchronize();
    }
    parallel_for_each(i, extent(8)) { __sync_lock_release(&locks[i]); }
    printf("%d %d %d %d %d %llx %llx %llx %lld %d\n", counter, after, best, claims, firsts, bits_and, bits_or, bits_xor,
           down, locks[0] + locks[7]);
    return 0;
}
