/* A codec's bit reader: a struct of a `const uint8_t *` and a position
 * that restrict(amp) helpers advance through a pointer, reading a
 * read-only view (array_view of a pointer to const). The helpers write the
 * reader, never the bytes its pointer to const reaches, so the kernel only
 * reads the view (the launch refused it as a write before). */
#include <camp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    const uint8_t *buf;
    unsigned pos; /* in bits */
} bit_reader;

static unsigned get_bits(bit_reader *br, int n) restrict(cpu, amp) {
    unsigned v = 0;
    for (int i = 0; i < n; i++, br->pos++) v = v << 1 | (br->buf[br->pos >> 3] >> (7 - (br->pos & 7)) & 1);
    return v;
}

static void skip_bits(bit_reader *br, int n) restrict(cpu, amp) { br->pos += (unsigned)n; }

int main(void) {
    enum { BLOCKS = 40, BLOCK_BYTES = 6 };
    uint8_t *bytes = malloc(BLOCKS * BLOCK_BYTES);
    for (int i = 0; i < BLOCKS * BLOCK_BYTES; i++) bytes[i] = (uint8_t)(i * 37 + 11);
    const uint8_t *in = bytes;
    array_view(in, BLOCKS * BLOCK_BYTES);
    unsigned fields[BLOCKS][4];
    parallel_for_each(b, extent(BLOCKS)) {
        bit_reader br = {in + b * BLOCK_BYTES, 0};
        fields[b][0] = get_bits(&br, 5);
        skip_bits(&br, 3);
        fields[b][1] = get_bits(&br, 12);
        fields[b][2] = get_bits(&br, 7);
        fields[b][3] = get_bits(&br, 13);
    }
    for (int b = 0; b < BLOCKS; b += 3)
        printf("%d: %u %u %u %u\n", b, fields[b][0], fields[b][1], fields[b][2], fields[b][3]);
    free(bytes);
    return 0;
}
