// needs: shaderInt64 shaderInt16
/* memset of a hash table of structs to 0xff in a kernel, as a
 * baby-step giant-step search marks its empty slots (`memset(table, 0xff,
 * sizeof table)` over `struct entry { uint32_t key, j; }`, and a struct
 * holding an array and a nested struct of integers): every integer inside
 * gets the repeated byte (was: refused, "sets elements of 'struct entry'
 * to byte 0 only"). Against the serial run. */
#include <camp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 256
#define SLOTS 16

struct entry {
    uint32_t key, j;
};
struct stats {
    uint16_t hist[3];
    struct {
        int32_t lo, hi;
    } range;
};

static int search(uint32_t id) restrict(cpu, amp) {
    struct entry table[SLOTS];
    struct stats st;
    memset(table, 0xff, sizeof table);
    memset(&st, 0xab, sizeof st);
    for (uint32_t j = 0; j < 6; j++) {
        uint32_t key = (id * 2654435761u + j * 40503u) % 97u, h = key % SLOTS;
        while (table[h].key != 0xffffffffu && table[h].key != key) h = (h + 1) % SLOTS;
        table[h].key = key, table[h].j = j;
    }
    int empty = 0;
    for (int s = 0; s < SLOTS; s++) empty += table[s].j == 0xffffffffu;
    return empty * 1000 + (int)(table[id % SLOTS].key % 1000) + st.hist[id % 3] + (st.range.hi == (int32_t)0xabababab);
}

int main(void) {
    static int out[N];
    int bad = 0;
    parallel_for_each(i, extent(N)) { out[i] = search((uint32_t)i); }
    for (int i = 0; i < N; i++)
        if (out[i] != search((uint32_t)i) && bad++ < 3) printf("out[%d] = %d, expected %d\n", i, out[i], search((uint32_t)i));
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
