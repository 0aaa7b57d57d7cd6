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
// expect-note: 4:5: campcc compiles a kernel with the amp functions it calls from its own file: define 'elsewhere' there, or as a static inline function in a header the files share
