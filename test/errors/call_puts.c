// puts is a host function (printf is amp code's own): the note points at
// its declaration.
#include <camp.h>
#include <stdio.h>

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        puts("in a kernel");
        a[i] = 0;
    }
    return a[0];
}
// expect-error: 9:9: call to non-amp function 'puts'
// expect-note: 9:9: amp code has printf, which prints the kernel's lines on the host at the next wait: write printf(...) instead of 'puts'
