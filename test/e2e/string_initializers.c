// needs: shaderInt64 shaderInt8
/* char arrays initialized from string literals as C allows: with
 * embedded NULs ("ab\0cd", a packed table of strings with offsets),
 * enclosed in braces ({"0123..."}, C17 6.7.9p14), at file scope, as a
 * member of a constant table of structs, and local to a kernel. The
 * bytes after the first NUL read as zeros before (libclang's value of a
 * literal ends at the NUL). Printed for comparison with the serial build. */
#include <camp.h>
#include <stdio.h>

static const char packed[] = "*.c\0src/*\0a?b\0";
static const int starts[] = {0, 4, 10};
static const char hex[] = {"0123456789abcdef"};
static const struct {
    char name[9];
    int id;
} keywords[] = {{"ab\0cd\0ef", 1}, {{"gh"}, 2}};

int main(void) {
    enum { N = 16 };
    char out[4][N];
    parallel_for_each(i, extent(N)) {
        char local[] = "xy\0zw";
        char braced[] = {"wxyz"};
        out[0][i] = i < (int)sizeof packed ? packed[i] : '-';
        out[1][i] = (char)(hex[15 - i] + (i < 9 ? keywords[0].name[i] : keywords[1].name[i - 9]));
        out[2][i] = i < (int)sizeof local ? local[i] : braced[(i - (int)sizeof local) % 4];
        out[3][i] = packed[starts[i % 3] + (i / 3) % 2];
    }
    for (int r = 0; r < 4; r++) {
        for (int i = 0; i < N; i++) printf("%d ", out[r][i]);
        printf("\n");
    }
    return 0;
}
