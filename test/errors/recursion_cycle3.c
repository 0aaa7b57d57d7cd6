// A cycle through three functions is named whole.
#include <camp.h>

int third(int n) restrict(amp);

int first(int n) restrict(amp) { return n > 0 ? third(n - 1) : 0; }
int second(int n) restrict(amp) { return first(n) + 1; }
int third(int n) restrict(amp) { return second(n) * 2; }

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = first(a[i]);
    }
    return a[0];
}
// expect-error: 7:42: recursion is not allowed in amp code: 'first' calls 'third', which calls 'second', which calls 'first'
// expect-note: 6:49: 'third' is called here
// expect-note: 8:41: 'second' is called here
// expect-note: 6:5: 'first' defined here
