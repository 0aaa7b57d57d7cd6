// A GNU statement expression: not part of the dialect, reported by name,
// with what to write instead; one a macro makes names the macro.
#include <camp.h>

#define SAT16(x) ({ int v_ = (x); v_ > 32767 ? 32767 : v_ < -32768 ? -32768 : v_; })

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = ({ int t = a[i]; t * 2; });
        a[i] += SAT16(a[i] * 40000);
    }
    return a[0];
}
// expect-error: 10:16: unsupported construct 'statement expression' in amp code: write it as a static inline function marked restrict(cpu, amp)
// expect-error: 11:17: unsupported construct 'statement expression' in amp code: write the macro 'SAT16' as a static inline function
