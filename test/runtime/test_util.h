/* test_util.h — what the runtime tests share: the hand-written kernels of
 * kernels.spvasm as a camp_module_info, CHECK (check.h), and standard
 * error kept in a file for the test to read. */
#ifndef CAMP_TEST_UTIL_H
#define CAMP_TEST_UTIL_H

#define CAMP_RUNTIME_API_ONLY /* the dialect part of camp.h needs clang */
#include "camp.h"
#include "camp_abi.h"
#include "check.h"
#include "kernels_spv.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum { KERNEL_VADD, KERNEL_FILL2D };

/* Push blocks as the generated host code lays them out. */
typedef struct vadd_push {
    camp_push_header header;
    uint64_t a, b, c;
} vadd_push;

typedef struct fill2d_push {
    camp_push_header header;
    uint64_t m;
} fill2d_push;

/* Their captures: three arrays, and one. */
static const camp_kernel_param vadd_params[] = {
    {CAMP_PARAM_OBJECT, offsetof(vadd_push, a), CAMP_ACCESS_READ, 0, 0, "a"},
    {CAMP_PARAM_OBJECT, offsetof(vadd_push, b), CAMP_ACCESS_READ, 0, 0, "b"},
    {CAMP_PARAM_OBJECT, offsetof(vadd_push, c), CAMP_ACCESS_WRITE, 0, 0, "c"},
};
static const camp_kernel_param fill2d_params[] = {
    {CAMP_PARAM_OBJECT, offsetof(fill2d_push, m), CAMP_ACCESS_WRITE, 0, 0, "m"},
};

static camp_kernel_info test_kernels[] = {
    [KERNEL_VADD] = {.entry = "vadd", .file = "vadd.c", .line = 10, .column = 5, .rank = 1,
                     .local_size = {64, 1, 1}, .push_size = sizeof(vadd_push), .params = vadd_params,
                     .param_count = 3},
    [KERNEL_FILL2D] = {.entry = "fill2d", .file = "fill2d.c", .line = 20, .column = 5, .rank = 2,
                       .local_size = {8, 8, 1}, .push_size = sizeof(fill2d_push), .params = fill2d_params,
                       .param_count = 1},
};

static camp_module_info test_module = {
    .abi_version = CAMP_ABI_VERSION,
    .spirv = test_kernels_spv,
    .spirv_words = 0, /* set by test_module_init: a size_t const is no constant expression */
    .kernels = test_kernels,
    .kernel_count = 2,
};

/* Both kernels are entry points of the one hand-written module. */
static inline void test_module_init(void) {
    test_module.spirv_words = test_kernels_spv_words;
    for (int k = 0; k < 2; k++) {
        test_kernels[k].spirv = test_kernels_spv;
        test_kernels[k].spirv_words = test_kernels_spv_words;
    }
}

/* c = a + b over n elements, as generated code would launch it. */
static inline void launch_vadd(camp_module_info *module, int n, uint32_t *a, uint32_t *b, uint32_t *c,
                               size_t bytes_each) {
    const camp_launch_arg args[] = {{a}, {.camp_bytes = bytes_each}, {b}, {.camp_bytes = bytes_each}, {c}, {.camp_bytes = bytes_each}};
    int32_t extent[1] = {n};
    camp_abi_launch(module, KERNEL_VADD, extent, args);
}

/* m[r][c] = r * 1000 + c over rows x cols. */
static inline void launch_fill2d(int rows, int cols, uint32_t *m) {
    const camp_launch_arg args[] = {{m}, {.camp_bytes = (size_t)rows * cols * sizeof *m}};
    int32_t extent[2] = {rows, cols};
    camp_abi_launch(&test_module, KERNEL_FILL2D, extent, args);
}

/* From here on standard error goes to a temporary file, which the test
 * reads (CAMP_VERBOSE's lines) after stderr_capture_end; *saved keeps the
 * real one. */
static FILE *stderr_capture_file;
static int stderr_capture_saved = -1;

/* At an exit while standard error is captured (libcamp's exit(1) on a
 * setting the device cannot honour, such as a CAMP_COPY_PATH it lacks):
 * what was captured goes to the real standard error, the message with it. */
static inline void stderr_capture_show_at_exit(void) {
    if (stderr_capture_saved < 0) return;
    fflush(stderr);
    dup2(stderr_capture_saved, 2);
    rewind(stderr_capture_file);
    char line[512];
    while (fgets(line, sizeof line, stderr_capture_file)) fputs(line, stderr);
}

static inline FILE *stderr_capture_begin(int *saved) {
    static bool at_exit_registered;
    if (!at_exit_registered) at_exit_registered = atexit(stderr_capture_show_at_exit) == 0;
    FILE *log = tmpfile();
    *saved = dup(2);
    CHECK(log && *saved >= 0);
    fflush(stderr);
    dup2(fileno(log), 2);
    stderr_capture_file = log;
    stderr_capture_saved = *saved;
    return log;
}

/* Standard error back to `saved`; the file is left to read. */
static inline void stderr_capture_end(int saved) {
    fflush(stderr);
    dup2(saved, 2);
    stderr_capture_saved = -1;
}

/* Lines of the captured file holding `needle`. */
static inline int count_in(FILE *f, const char *needle) {
    rewind(f);
    char line[512];
    int count = 0;
    while (fgets(line, sizeof line, f)) count += strstr(line, needle) != NULL;
    return count;
}

/* The captured lines shown on standard error, and the file closed. */
static inline void stderr_capture_show(FILE *log) {
    rewind(log);
    char line[512];
    while (fgets(line, sizeof line, log)) fputs(line, stderr);
    fclose(log);
}

/* Resident memory of this process, in bytes. */
static inline size_t resident_bytes(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long size = 0, resident = 0;
    if (!f) return 0;
    if (fscanf(f, "%lu %lu", &size, &resident) != 2) resident = 0;
    fclose(f);
    return resident * (size_t)sysconf(_SC_PAGESIZE);
}

#endif /* CAMP_TEST_UTIL_H */
