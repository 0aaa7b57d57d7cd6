// A kernel cannot write a global scalar.
#include <camp.h>

int last_index;

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        last_index = i;
        a[i] = 0;
    }
    return a[0];
}
// expect-error: 9:9: cannot write static or global variable 'last_index' in amp code
// expect-note: 4:5: 'last_index' declared here
