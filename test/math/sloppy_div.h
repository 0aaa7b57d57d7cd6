/* sloppy_div.h — force-included into a second build of accuracy.c: every
 * double division of the library (CAMP_MATH_DIV) comes out up to 2 ulps
 * off, as Vulkan allows (OpFDiv: 2.5 ulps) and NVIDIA's doubles do, so the
 * test shows that the bounds hold without a correctly rounded division. */
#ifndef CAMP_MATH_TEST_SLOPPY_DIV_H
#define CAMP_MATH_TEST_SLOPPY_DIV_H

#include <math.h>
#include <stdint.h>
#include <string.h>

/* a / b moved by -2..2 ulps, the amount taken from the quotient's bits. */
static inline double math_test_sloppy_div(double a, double b) {
    double q = a / b;
    uint64_t bits;
    int k;
    if (q == 0.0 || !isfinite(q))
        return q;
    memcpy(&bits, &q, sizeof bits);
    k = (int)((bits >> 3) % 5u) - 2;
    for (; k > 0; k--)
        q = nextafter(q, INFINITY);
    for (; k < 0; k++)
        q = nextafter(q, -INFINITY);
    return q;
}
#define CAMP_MATH_DIV(a, b) math_test_sloppy_div((a), (b))

#endif /* CAMP_MATH_TEST_SLOPPY_DIV_H */
