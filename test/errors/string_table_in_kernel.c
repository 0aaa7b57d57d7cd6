// A table of string literals (an array of pointers) read in a kernel: the
// error says to hold the strings in a 2-D char array, which kernels read.
#include <camp.h>

static const char *const names[] = {"alpha", "beta", "gamma"};

static int length(const char *s) restrict(amp) {
    int n = 0;
    while (s[n]) n++;
    return n;
}

int main(void) {
    int out[3];
    parallel_for_each(i, extent(3)) { out[i] = length(names[i]); }
    return out[0];
}
// expect-error: 15:55: pointers to pointers are not supported in amp code: an array of pointers is one where it is used (a table of strings: hold them in a 2-D char array
