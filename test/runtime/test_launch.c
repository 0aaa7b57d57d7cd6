/* test_launch — kernels run by camp_abi_launch compute the right values:
 * small and odd 1-D extents, a grid larger than maxComputeWorkGroupCount
 * (split into several dispatches), an empty extent (and a negative one,
 * an error), views that alias the same host memory, 2-D extents (GPU
 * x = the last extent component), and a view the statement after its
 * launch synchronizes, whose pages the launch leaves open. */
#include "test_util.h"

#include <stdlib.h>

static void check_vadd(int n) {
    uint32_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
    for (int i = 0; i < n; i++) a[i] = (uint32_t)i * 3u, b[i] = 7u + (uint32_t)i, c[i] = 0xdeadbeef;
    launch_vadd(&test_module, n, a, b, c, n * sizeof *a);
    int wrong = 0;
    for (int i = 0; i < n; i++)
        if (c[i] != (uint32_t)i * 4u + 7u && wrong++ < 5)
            fprintf(stderr, "vadd n=%d: c[%d] = %u, expected %u\n", n, i, c[i], (uint32_t)i * 4u + 7u);
    CHECK(wrong == 0);
    CHECK(a[n - 1] == (uint32_t)(n - 1) * 3u); /* read-only views are not written back */
    free(a), free(b), free(c);
}

static void count_error(const camp_error *e, void *user) {
    if (e->status == CAMP_ERROR_INVALID_ARGUMENT) ++*(int *)user;
}

/* An empty extent runs nothing; a negative one is an error. */
static void check_empty_extent(void) {
    uint32_t a[4] = {1, 2, 3, 4}, b[4] = {1, 1, 1, 1}, c[4] = {9, 9, 9, 9};
    launch_vadd(&test_module, 0, a, b, c, sizeof a);
    int errors = 0;
    camp_set_error_handler(count_error, &errors);
    launch_vadd(&test_module, -3, a, b, c, sizeof a);
    camp_set_error_handler(NULL, NULL);
    CHECK(errors == 1);
    for (int i = 0; i < 4; i++) CHECK(c[i] == 9);
}

/* a[i] = a[i] + b[i] through two views of a; and c[i] = x[i] + x[i+1]
 * through overlapping views of x at different offsets. */
static void check_aliasing(void) {
    enum { N = 1000 };
    static uint32_t a[N], b[N], x[N + 1], c[N];
    for (int i = 0; i < N; i++) a[i] = (uint32_t)i, b[i] = 100u;
    for (int i = 0; i <= N; i++) x[i] = (uint32_t)i * (uint32_t)i;
    launch_vadd(&test_module, N, a, b, a, sizeof a);
    for (int i = 0; i < N; i++) CHECK(a[i] == (uint32_t)i + 100u);
    launch_vadd(&test_module, N, x, x + 1, c, N * sizeof *x);
    int wrong = 0;
    for (int i = 0; i < N; i++) wrong += c[i] != (uint32_t)(i * i + (i + 1) * (i + 1));
    CHECK(wrong == 0);
    CHECK(x[N] == N * N);
}

/* m[r][c] = r * 1000 + c over an extent of rows x cols. */
static void check_fill2d(int rows, int cols) {
    size_t n = (size_t)rows * cols;
    uint32_t *m = malloc(n * sizeof *m);
    for (size_t i = 0; i < n; i++) m[i] = 0xdeadbeef;
    launch_fill2d(rows, cols, m);
    int wrong = 0;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            if (m[(size_t)r * cols + c] != (uint32_t)(r * 1000 + c) && wrong++ < 5)
                fprintf(stderr, "fill2d %dx%d: m[%d][%d] = %u\n", rows, cols, r, c, m[(size_t)r * cols + c]);
    CHECK(wrong == 0);
    free(m);
}

/* The permissions of the page at p in /proc/self/maps ("rw-", "---"...). */
static void page_permissions(const void *p, char out[4]) {
    FILE *maps = fopen("/proc/self/maps", "r");
    unsigned long from, to;
    char perms[8];
    strcpy(out, "?");
    while (maps && fscanf(maps, "%lx-%lx %7s%*[^\n]", &from, &to, perms) == 3)
        if ((unsigned long)p >= from && (unsigned long)p < to) snprintf(out, 4, "%.3s", perms);
    if (maps) fclose(maps);
}

/* CAMP_ACCESS_SYNCHRONIZED_NEXT (campcc sets it on a capture the next
 * statement synchronizes) leaves the view's pages as they are at the
 * launch; CAMP_ACCESS_USED_NEXT (on a capture whose elements the next
 * statement reads or writes) has the launch synchronize the view too.
 * Without either, a launch that writes a view libcamp protects closes its
 * pages until the host's first access. Each gives the kernel's results. */
static void check_synchronized_next(void) {
    enum { N = 4096 }; /* 16 KiB: pages of its own, which implicit synchronization protects */
    static camp_kernel_param params[2][3];
    camp_kernel_info kernels[2];
    for (int k = 0; k < 2; k++) {
        memcpy(params[k], vadd_params, sizeof vadd_params);
        params[k][2].access |= k ? CAMP_ACCESS_USED_NEXT : CAMP_ACCESS_SYNCHRONIZED_NEXT;
        kernels[k] = test_kernels[KERNEL_VADD];
        kernels[k].params = params[k];
    }
    camp_module_info module = test_module;
    module.kernels = kernels;
    module.kernel_count = 2;
    module.runtime_state = NULL;
    uint32_t *a = aligned_alloc(4096, N * sizeof *a), *b = aligned_alloc(4096, N * sizeof *b),
             *c = aligned_alloc(4096, N * sizeof *c);
    for (int i = 0; i < N; i++) a[i] = (uint32_t)i, b[i] = 1u, c[i] = 0;
    camp_array_view_create(c, N * sizeof *c, "c");
    char perms[4];
    for (int round = 0; round < 6; round++) {
        b[0] = (uint32_t)round;
        const camp_launch_arg args[] = {{a}, {.camp_bytes = N * sizeof *a}, {b}, {.camp_bytes = N * sizeof *a},
                                        {c}, {.camp_bytes = N * sizeof *a}};
        camp_abi_launch(&module, (camp_u32)(round % 2), (const int32_t[]){N}, args);
        page_permissions(c, perms);
        CHECK(perms[0] == 'r'); /* open, or read-only as the last synchronize left it */
        if (round % 2 == 0) camp_array_view_synchronize(c);
        CHECK(c[0] == (uint32_t)round && c[N - 1] == (uint32_t)N);
    }
    launch_vadd(&test_module, N, a, b, c, N * sizeof *a); /* the same kernel, without the mark */
    page_permissions(c, perms);
    CHECK(strcmp(perms, "---") == 0 || getenv("CAMP_IMPLICIT_SYNC"));
    CHECK(c[0] == 5u && c[N - 1] == (uint32_t)N); /* the host's access synchronizes */
    camp_array_view_release(c);
    free(a), free(b), free(c);
}

int main(void) {
    test_module_init();
    check_vadd(5);
    check_vadd(1000);   /* not a multiple of the workgroup size 64 */
    check_vadd(64);
    check_vadd(65535 * 64 + 1000); /* more groups than lavapipe's 65535: split */
    check_vadd(5);      /* again, through cached buffers and pipeline */
    check_empty_extent();
    check_aliasing();
    check_fill2d(1, 1);
    check_fill2d(37, 53);
    check_fill2d(65535 * 8 + 3, 2); /* split along y */
    check_synchronized_next();
    if (test_failures) fprintf(stderr, "test_launch: %d checks failed\n", test_failures);
    return test_failures != 0;
}
