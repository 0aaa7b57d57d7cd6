/* Arrays of structs that hold pointers the kernel never reads: a mixer's
 * voices (a sample pointer beside a gain and a pan), a mesh table (vertex
 * pointer beside counts), local and file-scope, read and written member
 * by member. The pointers stay the host's (errors/pointers_in_array.c:
 * reading or storing one in a kernel is an error). */
#include <camp.h>
#include <stdio.h>

typedef struct {
    const short *pcm;
    int gain;
    float pan;
} voice;

typedef struct {
    float *vertices;
    int count, first;
} mesh;

static short bank[4][8];
static mesh meshes[3];

int main(void) {
    voice voices[4];
    for (int k = 0; k < 4; k++) voices[k] = (voice){bank[k], k + 1, 0.25f * k};
    int out[8];
    float left[8];
    parallel_for_each(i, extent(8)) {
        int s = 0;
        float l = 0;
        for (int k = 0; k < 4; k++) s += voices[k].gain * i, l += voices[k].pan * (float)i;
        out[i] = s;
        left[i] = l;
    }
    parallel_for_each(k, extent(4)) { voices[k].gain *= 10; }
    float buffer[12];
    for (int m = 0; m < 3; m++) meshes[m] = (mesh){buffer + 4 * m, 4 - m, 4 * m};
    int firsts[3];
    parallel_for_each(m, extent(3)) {
        firsts[m] = meshes[m].first + meshes[m].count;
        meshes[m].count++;
    }
    for (int i = 0; i < 8; i++) printf("%d %g\n", out[i], left[i]);
    for (int k = 0; k < 4; k++) printf("voice %d: gain %d, pcm %s\n", k, voices[k].gain, voices[k].pcm == bank[k] ? "kept" : "changed");
    for (int m = 0; m < 3; m++)
        printf("mesh %d: %d %d %s\n", m, firsts[m], meshes[m].count, meshes[m].vertices == buffer + 4 * m ? "kept" : "changed");
    return 0;
}
