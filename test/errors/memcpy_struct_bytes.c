// memcpy between a byte buffer and a struct in amp code: the error names
// the struct and says to copy each scalar member as bytes and words.
#include <camp.h>
#include <string.h>

typedef struct {
    float scale;
    int zero;
} qparams;

int main(void) {
    unsigned char raw[4 * sizeof(qparams)] = {0};
    float res[4];
    parallel_for_each(i, extent(4)) {
        qparams q;
        memcpy(&q, raw + i * sizeof(qparams), sizeof q);
        res[i] = q.scale * (float)q.zero;
    }
    return res[0] != 0;
}
// expect-error: 16:9: memcpy in amp code between bytes and a struct ('qparams') is not supported: copy each scalar member on its own
