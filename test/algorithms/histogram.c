/* histogram.c — camp_histogram_float, _int and _uint against the same
 * binning on the host (the formulas camp_algorithms.h gives), at every
 * size of checks.h and for bin counts on both sides of the tile_static
 * limit (2048), with values below, at and above the range's ends and NaNs,
 * which count nowhere; on arrays and on views. The integer ranges are
 * [-1000, 3000) and [2^31, 2^32 - 1): bins of several values, and widths
 * whose products with the bin count need 64 bits. */
#include <camp_algorithms.h>
#include <math.h>
#include <string.h>

#include "checks.h"

static void check(size_t n, int bin_count, int on_view) {
    const float lower = -3.0f, upper = 5.0f, scale = (float)bin_count / (upper - lower);
    float *data = malloc((n ? n : 1) * sizeof *data);
    unsigned *want = calloc((size_t)bin_count, sizeof *want), *got = malloc((size_t)bin_count * sizeof *got);
    for (size_t i = 0; i < n; i++) {
        unsigned r = test_random();
        data[i] = r % 97 == 0 ? NAN : r % 89 == 0 ? upper : r % 83 == 0 ? lower : (float)(r >> 8) * 0x1p-21f - 3.5f;
        float x = data[i];
        if (x >= lower && x < upper) {
            int b = (int)((x - lower) * scale);
            want[b < bin_count ? b : bin_count - 1]++;
        }
    }
    memset(got, 0xff, (size_t)bin_count * sizeof *got); /* the call overwrites every bin */
    if (on_view) {
        const float *in = data;
        array_view(in, n ? n : 1);
        array_view(got, bin_count);
        camp_histogram_float(in, n, got, bin_count, lower, upper);
        array_view_release(got);
        array_view_release(in);
    } else {
        float *in = array_new(float, n ? n : 1, data);
        unsigned *bins = array_new(unsigned, bin_count, got);
        future_wait(camp_histogram_float_async(in, n, bins, bin_count, lower, upper));
        array_copy_out(got, bins, bin_count);
        array_delete(bins);
        array_delete(in);
    }
    for (int b = 0; b < bin_count; b++)
        TEST_EXPECT(got[b] == want[b], "histogram of %zu in %d bins (view %d), bin %d: %u, want %u", n, bin_count,
                    on_view, b, got[b], want[b]);
    free(got);
    free(want);
    free(data);
}

/* The integer forms: T's histogram over [lower, upper) against the exact
 * formula, values spread over twice the range around it. */
#define CHECK_INTEGERS(T, name)                                                                                 \
    static void check_##name(size_t n, int bin_count, int on_view, T lower, T upper) {                          \
        T *data = malloc((n ? n : 1) * sizeof *data);                                                          \
        unsigned *want = calloc((size_t)bin_count, sizeof *want), *got = malloc((size_t)bin_count * sizeof *got); \
        unsigned long long width = (unsigned long long)((long long)upper - (long long)lower);                 \
        for (size_t i = 0; i < n; i++) {                                                                       \
            unsigned long long r = (unsigned long long)test_random() << 32 | test_random();                   \
            long long v = (long long)lower - (long long)(width / 2) + (long long)(r % (2 * width));           \
            data[i] = r % 89 == 0 ? upper : r % 83 == 0 ? lower : (T)v;                                      \
            T x = data[i];                                                                                     \
            if (x >= lower && x < upper)                                                                       \
                want[(unsigned long long)((long long)x - (long long)lower) * (unsigned)bin_count / width]++;  \
        }                                                                                                      \
        memset(got, 0xff, (size_t)bin_count * sizeof *got);                                                    \
        if (on_view) {                                                                                         \
            const T *in = data;                                                                                \
            array_view(in, n ? n : 1);                                                                         \
            array_view(got, bin_count);                                                                        \
            camp_histogram(in, n, got, bin_count, lower, upper); /* the type-generic name */                   \
            array_view_release(got);                                                                           \
            array_view_release(in);                                                                            \
        } else {                                                                                               \
            T *in = array_new(T, n ? n : 1, data);                                                             \
            unsigned *bins = array_new(unsigned, bin_count, got);                                              \
            future_wait(camp_histogram_async(in, n, bins, bin_count, lower, upper));                           \
            array_copy_out(got, bins, bin_count);                                                              \
            array_delete(bins);                                                                                \
            array_delete(in);                                                                                  \
        }                                                                                                      \
        for (int b = 0; b < bin_count; b++)                                                                    \
            TEST_EXPECT(got[b] == want[b], #name " histogram of %zu in %d bins (view %d), bin %d: %u, want %u", n, \
                        bin_count, on_view, b, got[b], want[b]);                                               \
        free(got);                                                                                             \
        free(want);                                                                                            \
        free(data);                                                                                            \
    }
CHECK_INTEGERS(int, int)
CHECK_INTEGERS(unsigned, uint)

int main(void) {
    test_expect_int64_refused();
    static const int bin_counts[] = {1, 10, 256, 2048, 2049, 5000};
    for (int s = 0; s < TEST_SIZE_COUNT; s++)
        for (int b = 0; b < (int)(sizeof bin_counts / sizeof *bin_counts); b++) {
            check(test_sizes[s], bin_counts[b], (s + b) % 2);
            check_int(test_sizes[s], bin_counts[b], (s + b + 1) % 2, -1000, 3000);
            check_uint(test_sizes[s], bin_counts[b], (s + b) % 2, 2147483648u, 4294967295u);
        }
    return test_finish("histogram");
}
