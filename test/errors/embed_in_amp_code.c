// C23's #embed in a table that amp code reads is refused: libclang shows
// the directive's bytes as one expression worth only the first byte, so
// the kernel's copy of the table held the first byte and zeros.
// flags: -std=c23
#include <camp.h>

static const unsigned char global_table[] = {
#embed "embed_in_amp_code.c" limit(8)
};

static int peek(int i) restrict(amp) { return global_table[i]; }

int main(void) {
    int a[8] = {0};
    parallel_for_each(i, extent(8)) {
        static const struct { int n; unsigned char bytes[8]; } local_table = {8,
#embed "embed_in_amp_code.c" limit(8)
        };
        a[i] = local_table.bytes[i] + peek(i);
    }
    return a[0];
}
// expect-error: 8:1: '#embed' is not supported in amp code
// expect-error: 17:1: '#embed' is not supported in amp code
// expect-errors: 2
