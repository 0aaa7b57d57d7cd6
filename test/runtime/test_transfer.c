/* test_transfer — host <-> device copies by every copy path (the meson test
 * runs it with CAMP_COPY_PATH=map, import, staging and bar): array_copy_in/out of
 * odd sizes from unaligned starts to unaligned ends, smaller than a page and
 * larger than the staging ring; views whose first use and synchronize copy
 * megabytes, used again after the host changed them (an import kept from
 * the first copy must see the new bytes); and, on the import and bar paths,
 * that a view copied many times is imported once (counted in CAMP_VERBOSE's
 * lines, which the test reads back from its own stderr), and on the import
 * path that small arrays lie where the host writes them directly; with
 * CAMP_COPY_KERNEL=1, that the copies went through the copy kernel; and
 * array_copy between arrays, larger than one dispatch of the copy kernel
 * covers, in 16-byte and in 4-byte elements. */
#define _POSIX_C_SOURCE 200809L /* setenv, dup2, fileno */
#include "test_util.h"

#include <stdlib.h>

static uint32_t pattern(size_t i, uint32_t seed) { return (uint32_t)(i * 2654435761u) ^ seed; }

/* array_copy_in of `bytes` from `src + skew`, then array_copy_out into a
 * buffer at another skew, at an offset into the array. */
static void check_array_copy(size_t bytes, size_t skew, size_t offset) {
    unsigned char *src = malloc(bytes + 64), *dst = malloc(bytes + 64);
    for (size_t i = 0; i < bytes + 64; i++) src[i] = (unsigned char)pattern(i, (uint32_t)bytes), dst[i] = 0xEE;
    unsigned char *array = camp_array_new(NULL, offset + bytes, NULL, CAMP_ACCESS_TYPE_NONE);
    camp_array_copy_in(array + offset, src + skew, bytes);
    camp_array_copy_out(dst + 3, array + offset, bytes);
    size_t wrong = 0;
    for (size_t i = 0; i < bytes; i++) wrong += dst[3 + i] != src[skew + i];
    if (wrong) fprintf(stderr, "copy of %zu bytes (skew %zu, offset %zu): %zu wrong\n", bytes, skew, offset, wrong);
    CHECK(wrong == 0);
    CHECK(dst[2] == 0xEE && dst[3 + bytes] == 0xEE); /* nothing written around it */
    camp_array_delete(array);
    free(src), free(dst);
}

/* array_copy of `bytes` from `from_offset` into one array to `to_offset`
 * into another, the bytes around the destination untouched. */
static void check_device_copy(size_t bytes, size_t from_offset, size_t to_offset) {
    size_t size = bytes + 64;
    unsigned char *host = malloc(size), *back = malloc(size);
    for (size_t i = 0; i < size; i++) host[i] = (unsigned char)pattern(i, 7);
    unsigned char *from = camp_array_new(NULL, size, host, CAMP_ACCESS_TYPE_NONE);
    memset(host, 0xEE, size);
    unsigned char *to = camp_array_new(NULL, size, host, CAMP_ACCESS_TYPE_NONE);
    camp_array_copy_at(to + to_offset, from + from_offset, (long long)bytes, 1, __FILE__, __LINE__);
    camp_array_copy_out(back, to, size);
    size_t wrong = 0;
    for (size_t i = 0; i < size; i++) {
        bool inside = i >= to_offset && i < to_offset + bytes;
        wrong += back[i] != (inside ? (unsigned char)pattern(i - to_offset + from_offset, 7) : 0xEE);
    }
    if (wrong) fprintf(stderr, "array_copy of %zu bytes (%zu to %zu): %zu wrong\n", bytes, from_offset, to_offset, wrong);
    CHECK(wrong == 0);
    camp_array_delete(from), camp_array_delete(to);
    free(host), free(back);
}

/* c = a + b over views of n elements starting `skew` elements into their
 * allocations, twice, the host changing `a` in between (refresh). */
static void check_views(int n, int skew) {
    uint32_t *a0 = malloc((n + skew) * sizeof *a0), *b0 = malloc((n + skew) * sizeof *b0);
    uint32_t *c0 = malloc((n + skew) * sizeof *c0);
    uint32_t *a = a0 + skew, *b = b0 + skew, *c = c0 + skew;
    for (int i = 0; i < n; i++) a[i] = pattern((size_t)i, 1), b[i] = (uint32_t)i, c[i] = 0;
    camp_array_view_create(a, n * sizeof *a, "a");
    camp_array_view_create(b, n * sizeof *b, "b");
    camp_array_view_create(c, n * sizeof *c, "c");
    for (int round = 0; round < 3; round++) {
        launch_vadd(&test_module, n, a, b, c, n * sizeof *a);
        camp_array_view_synchronize(c);
        int wrong = 0;
        for (int i = 0; i < n; i++) wrong += c[i] != a[i] + b[i];
        if (wrong) fprintf(stderr, "views of %d (skew %d), round %d: %d wrong\n", n, skew, round, wrong);
        CHECK(wrong == 0);
        for (int i = 0; i < n; i++) a[i] += 7;
        camp_array_view_refresh(a);
    }
    camp_array_view_release(a), camp_array_view_release(b), camp_array_view_release(c);
    free(a0), free(b0), free(c0);
}

/* array_copy_in/out whose host side lies in a view: the import path's
 * cached pages, with the host changing them between copies. */
static void check_copies_through_view(size_t n) {
    uint32_t *host = malloc(n * sizeof *host), *back = malloc(n * sizeof *back);
    camp_array_view_create(host, n * sizeof *host, "host");
    camp_array_view_create(back, n * sizeof *back, "back");
    uint32_t *array = camp_array_new(NULL, n * sizeof *host, NULL, CAMP_ACCESS_TYPE_NONE);
    for (uint32_t round = 0; round < 4; round++) {
        for (size_t i = 0; i < n; i++) host[i] = pattern(i, round);
        camp_array_copy_in(array, host, n * sizeof *host);
        camp_array_copy_out(back, array, n * sizeof *back);
        size_t wrong = 0;
        for (size_t i = 0; i < n; i++) wrong += back[i] != pattern(i, round);
        CHECK(wrong == 0);
    }
    camp_array_delete(array);
    camp_array_view_release(host), camp_array_view_release(back);
    free(host), free(back);
}

int main(void) {
    test_module_init();
    const char *path = getenv("CAMP_COPY_PATH");
    bool import = path && strcmp(path, "import") == 0, bar = path && strcmp(path, "bar") == 0;
    /* Keep CAMP_VERBOSE's lines to count imports; show them at the end. */
    setenv("CAMP_VERBOSE", "1", 1);
    int saved_stderr;
    FILE *log = stderr_capture_begin(&saved_stderr);

    const size_t sizes[] = {1, 3, 4095, 4096, 4097, 65537, (1u << 20) + 13, (3u << 20) + 5, (37u << 20) + 3};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) check_array_copy(sizes[s], s % 5, (s * 7) % 33);
    check_views(1000, 1);
    check_views((1 << 20) + 17, 3);
    check_copies_through_view((size_t)(2 << 20) + 11);
    /* one dispatch of the copy kernel covers 65,535 x 64 elements */
    check_device_copy((size_t)65535 * 64 * 16 + 48, 16, 32);
    check_device_copy((size_t)65535 * 64 * 4 + 12, 4, 8);

    stderr_capture_end(saved_stderr);
    int imports = count_in(log, "imported");
    int small_in_bar = count_in(log, "buffers under 16 MiB in host-visible device memory");
    int copy_kernels = count_in(log, "copies by a compute kernel");
    int copy_kernel_declined = count_in(log, "no copy kernel (it needs 64-bit integers (shaderInt64)");
    int bar_imports = count_in(log, "copies by bar, importing views");
    stderr_capture_show(log);
    /* Imported once each, however often they were copied: the large views
     * a, b, c and the view pair of the copies, with import and with bar
     * where the device imports (whose copies in write through the mapping
     * only where no import serves them). lavapipe imports; a device of a
     * CAMP_SIMULATE profile without VK_EXT_external_memory_host does not. */
    fprintf(stderr, "test_transfer (%s): %d imports\n", path ? path : "default", imports);
    if (bar && !getenv("CAMP_SIMULATE")) CHECK(bar_imports == 1);
    CHECK(imports == (import || (bar && bar_imports) ? 5 : 0));
    /* On the import path, with memory the host can map across the whole
     * device (lavapipe's, as a resizable BAR), the arrays below 16 MiB lie
     * there: their copies in above went through the mapping. */
    if (import) CHECK(small_in_bar == 1);
    /* CAMP_COPY_KERNEL=1: copies on the views that run kernels are
     * dispatches of libcamp's copy kernel (made once); by default only on
     * discrete GPUs (so not on lavapipe); =0 never. A device without
     * 64-bit integers cannot run it (a CAMP_SIMULATE profile's: lavapipe
     * has them): asked for, libcamp says so and copies by vkCmdCopyBuffer. */
    const char *copy_kernel = getenv("CAMP_COPY_KERNEL");
    bool discrete = strcmp(camp_get_default_accelerator().device_type, "discrete GPU") == 0;
    bool by_kernel = copy_kernel && *copy_kernel ? strcmp(copy_kernel, "0") != 0 : discrete;
    if (!getenv("CAMP_SIMULATE")) CHECK(copy_kernel_declined == 0);
    CHECK(copy_kernels + copy_kernel_declined == (by_kernel ? 1 : 0));
    if (test_failures) fprintf(stderr, "test_transfer: %d checks failed\n", test_failures);
    return test_failures != 0;
}
