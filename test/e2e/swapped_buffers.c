// test: tiled
/* Pointers switched between two local or tile_static arrays, as C
 * double-buffers: a stencil over a private pair swapped through a
 * temporary, a Hillis-Steele scan over a tile_static pair, arrays of
 * different lengths chosen by `?:` and given initializers, a helper
 * given whichever buffer is current, a struct element type. Checked
 * against the same code run on the host. */
#include <camp.h>
#include <stdio.h>

#define N 64
#define T 16

typedef struct {
    int key;
    float weight;
} item;

static float sum4(const float *p) restrict(cpu, amp) { return p[0] + p[1] + p[2] + p[3]; }

static float smoothed(int i) restrict(cpu, amp) {
    float a[8], b[8];
    for (int k = 0; k < 8; k++) a[k] = (float)(i + k * k);
    float *cur = a, *nxt = b;
    for (int step = 0; step < 3; step++) {
        for (int k = 0; k < 8; k++) nxt[k] = 0.5f * cur[k] + 0.25f * (cur[(k + 7) % 8] + cur[(k + 1) % 8]);
        float *t = cur;
        cur = nxt;
        nxt = t;
    }
    return cur[3] + sum4(nxt) + sum4(cur + 4);
}

static float chosen_value(int i) restrict(cpu, amp) {
    float lo[4] = {1.0f, 2.0f, 3.0f}, hi[6] = {[5] = 10.0f};
    float *p = (i & 1) ? hi : lo;
    p[i % 4 == 3 ? 0 : 1] += (float)i;
    return sum4(p) + lo[1] + hi[5] + sum4(hi + 2);
}

static float item_value(int i) restrict(cpu, amp) {
    item even[3] = {{1, 0.5f}, {2, 0.25f}}, odd[3];
    for (int k = 0; k < 3; k++) odd[k] = (item){k * i, 1.0f};
    item *pick = even;
    if (i % 3 == 0) pick = odd;
    return (float)pick[1].key * pick[1].weight + (float)pick[2].key + even[0].weight;
}

int main(void) {
    static float smooth[N], chosen[N], items[N];
    static int scanned[N];
    parallel_for_each(i, extent(N)) {
        smooth[i] = smoothed(i);
        chosen[i] = chosen_value(i);
        items[i] = item_value(i);
    }
    parallel_for_each(t, tile(extent(N), T)) {
        tile_static int ping[T], pong[T];
        int l = t.local;
        ping[l] = t.global % 5 + 1;
        tile_barrier_wait(t.barrier);
        int *in = ping, *out = pong;
        for (int off = 1; off < T; off *= 2) {
            out[l] = in[l] + (l >= off ? in[l - off] : 0);
            tile_barrier_wait(t.barrier);
            int *swap = in;
            in = out;
            out = swap;
        }
        scanned[t.global] = in[l];
    }
    int bad = 0;
    for (int i = 0; i < N; i++) {
        int sum = 0;
        for (int k = i - i % T; k <= i; k++) sum += k % 5 + 1;
        if (smooth[i] != smoothed(i) || chosen[i] != chosen_value(i) || items[i] != item_value(i) || scanned[i] != sum) {
            if (bad++ < 5)
                printf("%d: %g %g, %g %g, %g %g, %d %d\n", i, smooth[i], smoothed(i), chosen[i], chosen_value(i), items[i],
                       item_value(i), scanned[i], sum);
        }
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
