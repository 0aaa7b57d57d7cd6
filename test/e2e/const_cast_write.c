/* A pointer to const made a pointer to non-const again and written through
 * in a helper: the write reaches the memory (and comes back to the host),
 * though the struct that carries the pointer declares it const
 * (e2e/bit_reader_read_only.c: without such a cast the memory is only read). */
#include <camp.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    const uint8_t *buf;
    unsigned at;
} cursor;

static void mark(cursor *c, uint8_t v) restrict(amp) { ((uint8_t *)c->buf)[c->at++] = v; }

int main(void) {
    uint8_t bytes[32] = {0};
    const uint8_t *in = bytes;
    parallel_for_each(i, extent(8)) {
        cursor c = {in + 4 * i, 1};
        mark(&c, (uint8_t)(i + 1));
        mark(&c, (uint8_t)(i + 100));
    }
    for (int i = 0; i < 32; i++) printf("%d%c", bytes[i], i % 8 == 7 ? '\n' : ' ');
    return 0;
}
