// ++ on a captured scalar is a write too.
#include <camp.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int count = 0;
    parallel_for_each(i, extent(4)) {
        count++;
        a[i] = count;
    }
    return a[0];
}
// expect-error: 8:9: cannot assign to captured variable 'count'
// expect-note: 6:9: 'count' declared here
