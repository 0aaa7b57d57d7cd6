// An amp function returning a pointer into the caller's local array (an
// argmax): refused at the return, with what to return instead.
#include <camp.h>

static int *largest(int *a, int n) restrict(amp) {
    int *best = a;
    for (int k = 1; k < n; k++)
        if (a[k] > *best) best = &a[k];
    return best;
}

int main(void) {
    int out[32];
    parallel_for_each(i, extent(32)) {
        int v[4] = {i, 3 * i % 7, 5, i % 3};
        out[i] = *largest(v, 4);
    }
    return out[0];
}
// expect-error: 9:12: an amp function cannot return a pointer into local or tile_static memory (here, where a call passes such memory): return the element's index, or its value, instead
