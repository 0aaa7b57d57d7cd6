// needs: shaderInt64
// test: tiled
/* Every camp_atomic_* on int and unsigned, in a view (Device scope) and in
 * tile_static memory (Workgroup scope), from every thread of 4 tiles of
 * 64 (load and store last, by themselves). Final values are order-independent and checked against the host;
 * exchange and compare_exchange are checked through the values they
 * returned: each thread's old value must be unique. */
#include <camp.h>
#include <stdio.h>
#include <string.h>

#define TS 64
enum { N = TS * 4, TILES = N / TS };

enum { ADD, SUB, INC, DEC, MAX, MIN, AND, OR, XOR, XCHG, CAS, NOPS };
static const char *const names[NOPS] = {"add", "sub", "inc", "dec", "max", "min", "and", "or", "xor", "exchange",
                                        "compare_exchange"};

static int bad;

static void expect_int(const char *where, int op, long long got, long long want) {
    if (got != want && bad++ < 10) printf("%s %s: got %lld, want %lld\n", where, names[op], got, want);
}

/* olds[0..n) plus final are init plus 0..n-1, each once */
static void expect_permutation(const char *where, int op, const int *olds, int n, int final, int init) {
    static char seen[N + 1];
    memset(seen, 0, sizeof seen);
    int dup = 0;
    for (int i = 0; i <= n; i++) {
        int v = i < n ? olds[i] : final;
        int slot = v == init ? n : v;
        if (slot < 0 || slot > n || seen[slot]++) dup++;
    }
    if (dup && bad++ < 10) printf("%s %s: old values are not a permutation (%d wrong)\n", where, names[op], dup);
}

static int value(int i) { return (i * 37) % 101 - 50; }

int main(void) {
    int g[NOPS] = {0, 0, 0, N, -1000, 1000, -1, 0, 0, -7, 0};
    unsigned gu[NOPS] = {0, 0, 0, N, 0, 0xffffffffu, 0xffffffffu, 0, 0, 7, 0};
    int olds_x[N], olds_c[N], tile_out[TILES][NOPS], tile_olds_x[N], tile_olds_c[N];
    unsigned utile_out[TILES][NOPS];

    parallel_for_each(t, tile(extent(N), TS)) {
        int i = t.global, v = (i * 37) % 101 - 50;
        unsigned u = 0x80000000u + (unsigned)i * 977u;
        /* views */
        camp_atomic_fetch_add(&g[ADD], i + 1);
        camp_atomic_fetch_sub(&g[SUB], i);
        camp_atomic_fetch_inc(&g[INC]);
        camp_atomic_fetch_dec(&g[DEC]);
        camp_atomic_fetch_max(&g[MAX], v);
        camp_atomic_fetch_min(&g[MIN], v);
        camp_atomic_fetch_and(&g[AND], ~(1 << (i % 31)));
        camp_atomic_fetch_or(&g[OR], 1 << (i % 31));
        camp_atomic_fetch_xor(&g[XOR], i * 3);
        olds_x[i] = camp_atomic_exchange(&g[XCHG], i);
        int expected = 0;
        while (!camp_atomic_compare_exchange(&g[CAS], &expected, expected + 1)) {}
        olds_c[i] = expected;
        camp_atomic_fetch_add(&gu[ADD], u);
        camp_atomic_fetch_sub(&gu[SUB], u);
        camp_atomic_fetch_inc(&gu[INC]);
        camp_atomic_fetch_dec(&gu[DEC]);
        camp_atomic_fetch_max(&gu[MAX], u);
        camp_atomic_fetch_min(&gu[MIN], u);
        camp_atomic_fetch_and(&gu[AND], ~(1u << (i % 32)));
        camp_atomic_fetch_or(&gu[OR], 1u << (i % 32));
        camp_atomic_fetch_xor(&gu[XOR], u);

        /* tile_static */
        tile_static int s[NOPS];
        tile_static unsigned su[NOPS];
        if (t.local == 0) {
            for (int k = 0; k < NOPS; k++) s[k] = su[k] = 0;
            s[DEC] = TS;
            su[DEC] = TS;
            s[MAX] = -1000;
            s[MIN] = 1000;
            s[AND] = -1;
            su[MIN] = su[AND] = 0xffffffffu;
            s[XCHG] = -7;
        }
        tile_barrier_wait(t.barrier);
        int l = t.local;
        camp_atomic_fetch_add(&s[ADD], l + 1);
        camp_atomic_fetch_sub(&s[SUB], l);
        camp_atomic_fetch_inc(&s[INC]);
        camp_atomic_fetch_dec(&s[DEC]);
        camp_atomic_fetch_max(&s[MAX], v);
        camp_atomic_fetch_min(&s[MIN], v);
        camp_atomic_fetch_and(&s[AND], ~(1 << (l % 31)));
        camp_atomic_fetch_or(&s[OR], 1 << (l % 31));
        camp_atomic_fetch_xor(&s[XOR], l * 3);
        tile_olds_x[i] = camp_atomic_exchange(&s[XCHG], l);
        int e = 0;
        while (!camp_atomic_compare_exchange(&s[CAS], &e, e + 1)) {}
        tile_olds_c[i] = e;
        camp_atomic_fetch_add(&su[ADD], u);
        camp_atomic_fetch_inc(&su[INC]);
        camp_atomic_fetch_dec(&su[DEC]);
        camp_atomic_fetch_max(&su[MAX], u);
        camp_atomic_fetch_min(&su[MIN], u);
        camp_atomic_fetch_and(&su[AND], ~(1u << (l % 32)));
        camp_atomic_fetch_or(&su[OR], 1u << (l % 32));
        camp_atomic_fetch_xor(&su[XOR], u);
        tile_barrier_wait(t.barrier);
        if (t.local < NOPS) {
            tile_out[t.tile][t.local] = s[t.local];
            utile_out[t.tile][t.local] = su[t.local];
        }
    }

    /* the host's answers */
    long long add = 0, sub = 0;
    int mx = -1000, mn = 1000, x = 0;
    unsigned uadd = 0, umx = 0, umn = 0xffffffffu, ux = 0;
    for (int i = 0; i < N; i++) {
        unsigned u = 0x80000000u + (unsigned)i * 977u;
        add += i + 1;
        sub -= i;
        mx = value(i) > mx ? value(i) : mx;
        mn = value(i) < mn ? value(i) : mn;
        x ^= i * 3;
        uadd += u;
        umx = u > umx ? u : umx;
        umn = u < umn ? u : umn;
        ux ^= u;
    }
    expect_int("int view", ADD, g[ADD], add);
    expect_int("int view", SUB, g[SUB], sub);
    expect_int("int view", INC, g[INC], N);
    expect_int("int view", DEC, g[DEC], 0);
    expect_int("int view", MAX, g[MAX], mx);
    expect_int("int view", MIN, g[MIN], mn);
    expect_int("int view", AND, g[AND], (int)0x80000000u);
    expect_int("int view", OR, g[OR], 0x7fffffff);
    expect_int("int view", XOR, g[XOR], x);
    expect_permutation("int view", XCHG, olds_x, N, g[XCHG], -7);
    expect_int("int view", CAS, g[CAS], N);
    expect_permutation("int view", CAS, olds_c, N, N, N);
    expect_int("unsigned view", ADD, gu[ADD], uadd);
    expect_int("unsigned view", SUB, gu[SUB], (unsigned)-uadd);
    expect_int("unsigned view", INC, gu[INC], N);
    expect_int("unsigned view", DEC, gu[DEC], 0);
    expect_int("unsigned view", MAX, gu[MAX], umx);
    expect_int("unsigned view", MIN, gu[MIN], umn);
    expect_int("unsigned view", AND, gu[AND], 0);
    expect_int("unsigned view", OR, gu[OR], 0xffffffffu);
    expect_int("unsigned view", XOR, gu[XOR], ux);
    for (int tile = 0; tile < TILES; tile++) {
        long long tadd = 0, tsub = 0;
        int tmx = -1000, tmn = 1000, tx = 0;
        unsigned tuadd = 0, tumx = 0, tumn = 0xffffffffu, tux = 0;
        for (int l = 0; l < TS; l++) {
            int i = tile * TS + l;
            unsigned u = 0x80000000u + (unsigned)i * 977u;
            tadd += l + 1;
            tsub -= l;
            tmx = value(i) > tmx ? value(i) : tmx;
            tmn = value(i) < tmn ? value(i) : tmn;
            tx ^= l * 3;
            tuadd += u;
            tumx = u > tumx ? u : tumx;
            tumn = u < tumn ? u : tumn;
            tux ^= u;
        }
        const int *o = tile_out[tile];
        const unsigned *uo = utile_out[tile];
        expect_int("int tile_static", ADD, o[ADD], tadd);
        expect_int("int tile_static", SUB, o[SUB], tsub);
        expect_int("int tile_static", INC, o[INC], TS);
        expect_int("int tile_static", DEC, o[DEC], 0);
        expect_int("int tile_static", MAX, o[MAX], tmx);
        expect_int("int tile_static", MIN, o[MIN], tmn);
        expect_int("int tile_static", AND, o[AND], (int)0x80000000u);
        expect_int("int tile_static", OR, o[OR], 0x7fffffff);
        expect_int("int tile_static", XOR, o[XOR], tx);
        expect_permutation("int tile_static", XCHG, tile_olds_x + tile * TS, TS, o[XCHG], -7);
        expect_int("int tile_static", CAS, o[CAS], TS);
        expect_permutation("int tile_static", CAS, tile_olds_c + tile * TS, TS, TS, TS);
        expect_int("unsigned tile_static", ADD, uo[ADD], tuadd);
        expect_int("unsigned tile_static", INC, uo[INC], TS);
        expect_int("unsigned tile_static", DEC, uo[DEC], 0);
        expect_int("unsigned tile_static", MAX, uo[MAX], tumx);
        expect_int("unsigned tile_static", MIN, uo[MIN], tumn);
        expect_int("unsigned tile_static", AND, uo[AND], 0);
        expect_int("unsigned tile_static", OR, uo[OR], 0xffffffffu);
        expect_int("unsigned tile_static", XOR, uo[XOR], tux);
    }
    /* load and store, whole values: tile_static memory stored and read
     * after a barrier by the next thread, a view stored and read back */
    int stored[N];
    unsigned read_back[N];
    parallel_for_each(t, tile(extent(N), TS)) {
        tile_static int s[TS];
        camp_atomic_store(&s[t.local], (t.global * 37) % 101 - 50);
        tile_barrier_wait(t.barrier);
        camp_atomic_store(&stored[t.global], camp_atomic_load(&s[(t.local + 1) % TS]) * 2);
        camp_atomic_store(&read_back[t.global], 0x80000000u + (unsigned)t.global);
        read_back[t.global] += camp_atomic_load((const unsigned *)&read_back[t.global]);
    }
    for (int i = 0; i < N; i++) {
        int next = i / TS * TS + (i % TS + 1) % TS;
        if (stored[i] != value(next) * 2 && bad++ < 10) printf("store/load %d: got %d\n", i, stored[i]);
        if (read_back[i] != 2u * (0x80000000u + (unsigned)i) && bad++ < 10)
            printf("store/load unsigned %d: got %u\n", i, read_back[i]);
    }
    printf("atomics on int and unsigned, views and tile_static: %s\n", bad ? "MISMATCH" : "ok");
    return bad != 0;
}
