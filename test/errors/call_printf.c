// printf is a host function: the note points at its declaration.
#include <camp.h>
#include <stdio.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        printf("%d\n", a[i]);
    }
    return a[0];
}
// expect-error: 8:9: call to non-amp function 'printf'
