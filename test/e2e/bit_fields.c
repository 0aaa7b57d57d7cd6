// needs: shaderInt64 shaderInt16 shaderInt8 storagePushConstant8
/* Bit-fields in amp code, laid out as the host lays them out: flags and
 * signed fields of structs in a view read and written (kept bits around
 * them untouched), a 40-bit field of a 64-bit unit, _Bool and enum fields,
 * a char sharing the unit's bytes, padding bits and `: 0`, a bit-field in
 * an anonymous struct, a union of a word and its fields (a register), a
 * captured options struct, compound assignments,
 * ++, the value of an assignment (cut to the field's width), a struct
 * returned by value, and whole structs copied. Printed for comparison with
 * the serial build. */
#include <camp.h>
#include <stdio.h>

typedef enum { IDLE, RUN, DONE } state;

typedef struct {
    unsigned kind : 3;
    unsigned live : 1;
    int delta : 12;
    unsigned : 4;
    unsigned rest : 12;
    float weight;
    unsigned long long big : 40;
    _Bool dirty : 1;
    state st : 2;
    unsigned : 0;
    signed char tail : 5;
} cell;

typedef struct {
    unsigned a : 3;
    char b;
    struct {
        unsigned short lo : 4, hi : 9;
    };
} packed;

typedef union { /* a register: the word, or its fields */
    unsigned word;
    struct {
        unsigned lo : 4, mid : 12, hi : 16;
    } f;
} reg;

typedef struct {
    unsigned verbose : 1;
    unsigned mode : 2;
    float dt;
} options;

static cell make(int i) restrict(cpu, amp) {
    cell c = {0};
    c.kind = (unsigned)i;
    c.delta = -i * 3;
    c.big = 0xABCDE00000ull + (unsigned long long)i;
    c.tail = (signed char)(i - 16);
    return c;
}

#define N 32

int main(void) {
    static cell cells[N];
    static packed packs[N];
    static int out[N][6];
    static cell copies[N];
    static reg regs[N];
    static unsigned fields[N];
    for (int i = 0; i < N; i++) {
        cells[i].kind = (unsigned)i % 8;
        cells[i].live = i & 1;
        cells[i].delta = i * 37 - 600;
        cells[i].rest = (unsigned)(i * 99);
        cells[i].weight = 0.5f * i;
        cells[i].big = 0x123456789ull * (unsigned long long)i;
        cells[i].dirty = i % 3 == 0;
        cells[i].st = (state)(i % 3);
        cells[i].tail = (signed char)(i - 16);
        packs[i].a = (unsigned)i % 8;
        packs[i].b = (char)(i + 1);
        packs[i].lo = (unsigned short)(i % 16);
        packs[i].hi = (unsigned short)(i * 13);
        regs[i].word = 0x12345678u * (unsigned)(i + 1);
    }
    options opt = {1, 2, 0.25f};
    parallel_for_each(i, extent(N)) {
        cell c = cells[i];
        c.kind++;
        c.delta /= 2;
        c.rest += 4000;
        c.live = !c.live;
        c.big <<= 2;
        c.dirty = c.st == RUN;
        if (c.st == DONE) c.st = IDLE;
        c.tail -= 3;
        cells[i] = c;
        int assigned = (c.kind = (unsigned)i + 9); /* cut to 3 bits */
        packs[i].a ^= 5;
        packs[i].hi = (unsigned short)(packs[i].hi + packs[i].lo);
        packs[i].b += 2;
        out[i][0] = assigned;
        out[i][1] = c.kind + c.delta + (int)c.rest + packs[i].a + packs[i].b;
        out[i][2] = (int)(c.big % 1000003) + c.dirty * 7 + (int)c.st + c.tail;
        out[i][3] = opt.verbose ? (int)(opt.mode * 10 + opt.dt * 8) : -1;
        out[i][4] = make(i).delta + make(i).tail + (int)(make(i).big >> 20);
        out[i][5] = packs[i].lo * 1000 + packs[i].hi;
        copies[N - 1 - i] = cells[i];
        reg r = regs[i];
        fields[i] = r.f.lo + r.f.mid * 3u + r.f.hi;
        r.f.mid = 0xabcu;
        regs[i].f.lo = (unsigned)i;
        regs[i].f.hi += r.word >> 20;
    }
    for (int i = 0; i < N; i++) printf("%u %08x\n", fields[i], regs[i].word);
    for (int i = 0; i < N; i++) {
        const cell *c = &copies[N - 1 - i];
        printf("%d %d %d %d %d %d | %u %u %d %u %g %llu %d %d %d | %u %d %u %u\n", out[i][0], out[i][1], out[i][2],
               out[i][3], out[i][4], out[i][5], c->kind, c->live, c->delta, c->rest, c->weight, c->big, c->dirty,
               (int)c->st, c->tail, packs[i].a, packs[i].b, packs[i].lo, packs[i].hi);
    }
    return 0;
}
