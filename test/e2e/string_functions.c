// needs: shaderInt64 shaderInt8
/* <string.h>'s reading functions in kernels: strlen, strnlen, strcmp,
 * strncmp and memcmp over a view of words, a file-scope string
 * literal's pointer, a thread's own char array and 64-bit keys in a view
 * (a hash table's key comparison), against the C library's answers on the
 * host (signs only: C gives memcmp's and strcmp's magnitudes no meaning). */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include <camp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 64

static char words[N][16];
static uint64_t keys[N][2];
static int got[N][7];
static const char *const key = "bravo";

static int sign(int v) restrict(cpu, amp) { return (v > 0) - (v < 0); }

static void answers(int i, int *out) restrict(cpu, amp) {
    char local[8] = "bravo";
    out[0] = (int)strlen(words[i]);
    out[1] = (int)strnlen(words[i], 4);
    out[2] = sign(strcmp(words[i], key));
    out[3] = sign(strncmp(words[i], local, 4));
    out[4] = sign(memcmp(words[i], words[(i + 1) % N], 3));
    out[5] = sign(memcmp(words[i] + 1, key + 1, 3)) + 2 * sign(memcmp(local, words[i], 5));
    out[6] = memcmp(keys[i], keys[i ^ 1], sizeof keys[i]) == 0;
}

int main(void) {
    static const char *names[] = {"alpha", "bravo", "charlie", "delta", "", "bravissimo", "echo", "brav"};
    for (int i = 0; i < N; i++) {
        snprintf(words[i], sizeof words[i], "%s%s", names[i % 8], i % 3 ? "" : "x");
        keys[i][0] = (uint64_t)(i / 2) << 40 | (uint64_t)(i % 5 == 0);
        keys[i][1] = 7;
    }
    parallel_for_each(i, extent(N)) { answers(i, got[i]); }
    int bad = 0;
    for (int i = 0; i < N; i++) {
        int want[7];
        answers(i, want);
        for (int k = 0; k < 7; k++)
            if (got[i][k] != want[k] && bad++ < 5) printf("word %d (\"%s\") answer %d: %d, want %d\n", i, words[i], k, got[i][k], want[k]);
    }
    printf("%d wrong; %d %d %d %d %d %d %d\n", bad, got[5][0], got[5][1], got[5][2], got[5][3], got[5][4], got[5][5], got[5][6]);
    return bad != 0;
}
