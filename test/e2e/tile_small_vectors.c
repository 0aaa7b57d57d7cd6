// needs: shaderInt64 shaderInt16 shaderInt8 shaderFloat16 storagePushConstant8
// test: tiled
/* half and char4 in tile_static memory and narrow members of structs in a
 * view: each thread reads its tile's mirror element across a barrier, and
 * rewrites a half2 member from the struct's half and char4 members.
 * Results checked against the CPU. */
#include <camp.h>
#include <stdio.h>

#define TS 16
enum { N = TS * 8 };

typedef struct texel {
    half weight;  /* 2 bytes, then 2 of padding */
    char4 rgba;   /* 4 bytes */
    short count;  /* 2 bytes, then 2 of padding */
    half2 pair;   /* 4 bytes */
} texel;

int main(void) {
    static half values[N], mirrored[N];
    static texel texels[N];
    char4 bias = {1, -2, 3, -4};
    for (int i = 0; i < N; i++) {
        values[i] = (half)((float)i * 0.375f);
        texels[i] = (texel){(half)((float)(i % 9) * 0.5f), (char4){(char)(i * 3), (char)-i, (char)(i ^ 0x55), 7},
                            (short)(i * 250), (half2){(half)1, (half)-2}};
    }
    parallel_for_each(t, tile(extent(N), TS)) {
        tile_static half sh[TS];
        tile_static char4 sc[TS];
        sh[t.local] = values[t.global] * (half)2;
        sc[t.local] = texels[t.global].rgba + bias;
        tile_barrier_wait(t.barrier);
        int m = TS - 1 - t.local;
        mirrored[t.global] = sh[m] + (half)sc[m].x;
        texel x = texels[t.global];
        x.pair = x.pair.yx * x.weight + (half)x.rgba.y;
        x.count = (short)(x.count + sc[m].w);
        texels[t.global] = x;
    }
    int failures = 0;
    for (int i = 0; i < N; i++) {
        int tile0 = i / TS * TS, m = tile0 + TS - 1 - i % TS;
        half want = (half)((float)m * 0.375f) * (half)2 + (half)(char)((char)(m * 3) + 1);
        char y = (char)-i;
        half w = (half)((float)(i % 9) * 0.5f);
        half2 pair = (half2){(half)-2 * w + (half)y, (half)1 * w + (half)y};
        short count = (short)(i * 250 + 7 - 4);
        if ((mirrored[i] != want || texels[i].pair.x != pair.x || texels[i].pair.y != pair.y ||
             texels[i].count != count || texels[i].rgba.y != y) && failures++ < 10)
            printf("%d: %g %g %g %d, expected %g %g %g %d\n", i, (double)mirrored[i], (double)texels[i].pair.x,
                   (double)texels[i].pair.y, texels[i].count, (double)want, (double)pair.x, (double)pair.y, count);
    }
    printf("sizeof(texel) %zu; %s\n", sizeof(texel), failures ? "FAILED" : "ok");
    return failures != 0;
}
