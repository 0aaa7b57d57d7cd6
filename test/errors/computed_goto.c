// GNU computed goto: the label address is a goto too.
#include <camp.h>

int pick(int x) restrict(amp) {
    void *where = &&one;
    goto *where;
one:
    return x;
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = pick(a[i]);
    }
    return a[0];
}
// expect-error: 5:19: 'goto' is not allowed in amp code
// expect-error: 6:5: 'goto' is not allowed in amp code
