// clang's own errors come with clang's notes.
#include <camp.h>

int twice(int x) restrict(amp) { return 2 * x; }
int twice(int x) restrict(amp) { return x + x; }

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = twice(a[i]);
    }
    return a[0];
}
// expect-error: 5:5: redefinition of 'twice'
// expect-note: 4:5: previous definition is here
