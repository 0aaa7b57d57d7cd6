// A captured struct is a copy: its members are read-only.
#include <camp.h>

struct params {
    int scale;
    int offset;
};

int main(void) {
    int a[4] = {1, 2, 3, 4};
    struct params p = {2, 1};
    parallel_for_each(i, extent(4)) {
        p.offset = a[i];
        a[i] = a[i] * p.scale;
    }
    return a[0];
}
// expect-error: 13:9: cannot assign to captured variable 'p'
// expect-note: 11:19: 'p' declared here
