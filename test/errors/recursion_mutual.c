// Mutual recursion: the message names both functions, a note the other call.
#include <camp.h>

int is_odd(int n) restrict(amp);

int is_even(int n) restrict(amp) {
    return n == 0 ? 1 : is_odd(n - 1);
}

int is_odd(int n) restrict(amp) {
    return n == 0 ? 0 : is_even(n - 1);
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = is_even(a[i]);
    }
    return a[0];
}
// expect-error: 11:25: recursion is not allowed in amp code: 'is_even' calls 'is_odd', which calls 'is_even'
// expect-note: 7:25: 'is_odd' is called here
// expect-note: 6:5: 'is_even' defined here
