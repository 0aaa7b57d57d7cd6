/* File-scope pointers to string literals that nothing in the file
 * changes, read in kernels and helpers: `static const char *alphabet =
 * "ACGT";` (was: a launch error, "pointer 'alphabet' ... lies in no
 * view") and `static const char *const` (was refused: "a constant used in
 * amp code cannot hold a pointer"), as they read in a local pointer. The
 * serial reference mode prints the same. */
#include <camp.h>
#include <stdio.h>

static const char *alphabet = "ACGT";
static const char *const COMPLEMENT = "TGCA";
const char *const digits = "0123456789";

static char complement_of(int code) restrict(amp) { return COMPLEMENT[code]; }

int main(void) {
    enum { N = 64 };
    static int codes[N];
    static char seq[N + 1], rev[N + 1], num[N + 1];
    for (int i = 0; i < N; i++) codes[i] = (i * 7 + i / 3) % 4;
    parallel_for_each(i, extent(N)) {
        seq[i] = alphabet[codes[i]];
        rev[N - 1 - i] = complement_of(codes[i]);
        num[i] = *(digits + i % 10);
    }
    printf("%s\n%s\n%s\n", seq, rev, num);
    return 0;
}
