// %n would write through a pointer from the host's printf: refused.
#include <camp.h>
#include <stdio.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        int n;
        printf("%d%n\n", a[i], &n);
        a[i] = n;
    }
    return a[0];
}
// expect-error: 9:16: argument 1 of printf: the format has '%n'
