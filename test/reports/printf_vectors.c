// What only the device's printf prints: vectors (%vN before the
// conversion, components joined by ','), and text with
// characters a C string must escape; printf's own value (0 on the
// device, the count in the serial mode). One thread prints, so the output is
// exact (test/reports/printf_vectors.expected). The host's printf knows
// no %v: clang's -Wformat would warn (docs/debugging.md).
#include <camp.h>
#include <stdio.h>

#pragma clang diagnostic ignored "-Wformat"

int main(void) {
    float4 f[1] = {{1.5f, -2.0f, 0.25f, 8.0f}};
    int2 v[1] = {{-3, 7}};
    uint3 u[1] = {{255, 16, 1}};
    double2 d[1] = {{0.5, 1e10}};
    parallel_for_each(i, extent(4)) {
        if (i == 2) {
            printf("f %.2v4f|%v4g\n", f[0], f[0] * 2.0f);
            printf("v %v2d|%+5v2d|u %v3x|%#v3o\n", v[0], v[0], u[0], u[0]);
            printf("d %.1v2e\n", d[0]);
            printf("tab\there, quote \" backslash \\ and ?\?= stay|%5s|%-3c|\n", "ok", 'z');
            int r = printf("printf's value:"); /* 0 in amp code: the count is the host's to know */
            printf(" %d\n", r);
        }
    }
    return 0;
}
