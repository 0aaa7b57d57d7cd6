/* The other translation unit of implicit_units.c: host code that reads and
 * writes views the first unit made, and a kernel of its own on them. */
#include <camp.h>

double other_sum(const float *v, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s;
}

void other_fill(float *v, int n) {
    for (int i = 0; i < n; i++) v[i] = (float)(i % 31);
}

void other_scale(float *v, int n, float by) {
    parallel_for_each(i, extent(n)) { v[i] = v[i] * by; }
}
