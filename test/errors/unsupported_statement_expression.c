// A GNU statement expression: not part of the dialect, reported by name.
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = ({ int t = a[i]; t * 2; });
    }
    return a[0];
}
// expect-error: 7:16: unsupported construct 'statement expression' in amp code
