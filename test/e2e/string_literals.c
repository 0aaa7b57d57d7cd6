// needs: shaderInt64 shaderInt8
/* String literals in kernels as C has them: indexed ("0123456789abcdef"[d]),
 * pointed to and chosen between (`i ? "odd" : "even"`), passed to a
 * helper, walked to their terminator, with escapes and pieces joined; each
 * a constant in the kernel's module. The serial reference mode prints the
 * same. */
#include <camp.h>
#include <stdio.h>

static int count_of(const char *s, char c) restrict(cpu, amp) {
    int n = 0;
    for (; *s; s++) n += *s == c;
    return n;
}

int main(void) {
    char hex[17] = {0}, words[4][6] = {{0}};
    int counts[4], escapes[8];
    parallel_for_each(i, extent(16)) { hex[i] = "0123456789abcdef"[15 - i]; }
    parallel_for_each(i, extent(4)) {
        const char *w = i % 2 ? "odd" : "even";
        if (i == 3) w = "th" "ree";
        int k = 0;
        do words[i][k] = w[k];
        while (w[k++]);
        counts[i] = count_of("banana bread", "abnr"[i]);
    }
    parallel_for_each(i, extent(8)) { escapes[i] = "\t\n\x41\101\\\"'\0"[i]; }
    printf("%s\n", hex);
    printf("%s %s %s %s\n", words[0], words[1], words[2], words[3]);
    printf("%d %d %d %d\n", counts[0], counts[1], counts[2], counts[3]);
    for (int i = 0; i < 8; i++) printf("%d ", escapes[i]);
    printf("\n");
    return 0;
}
