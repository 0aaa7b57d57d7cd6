// An amp function that is declared but not defined in the file.
#include <camp.h>

int elsewhere(int x) restrict(amp);

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = elsewhere(a[i]);
    }
    return a[0];
}
// expect-error: 9:16: amp function 'elsewhere' is called but not defined in this file
