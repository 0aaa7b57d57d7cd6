/* test_future — asynchronous copies: a copy in has read its source when it
 * returns (the source changes at once after), a kernel on the default view
 * sees the bytes the copy view wrote, a copy out and a view's
 * synchronize_async deliver at camp_future_wait or at the camp_future_poll
 * that says done, copies of many sizes overlap with kernels in a chunked
 * loop (from plain memory and from views), a future outlives the array it
 * copied and a view it copied into, and waiting a future twice
 * is an error. Run by every copy path (the meson test). */
#include "test_util.h"

#include <stdlib.h>

static void count_error(const camp_error *e, void *user) {
    if (e->status == CAMP_ERROR_INVALID_ARGUMENT) ++*(int *)user;
}

enum { N = 300000, CHUNKS = 6 };

/* c = a + b with a, b copied in asynchronously, c copied out asynchronously,
 * chunk after chunk: chunk k+1's copies in are issued before chunk k's
 * kernel. `in_views`: a, b and c inside explicit views, whose pages the
 * import path's DMA reads and writes itself (ragged chunk edges through
 * staging); c's view is released before the last copy out is waited. */
static void chunked(bool in_views) {
    uint32_t *a = malloc(CHUNKS * N * sizeof *a), *b = malloc(CHUNKS * N * sizeof *b);
    uint32_t *c = malloc(CHUNKS * N * sizeof *c);
    for (size_t i = 0; i < (size_t)CHUNKS * N; i++) a[i] = (uint32_t)i, b[i] = 3u * (uint32_t)i, c[i] = 0;
    if (in_views) {
        camp_array_view_create(a, CHUNKS * N * sizeof *a, "a");
        camp_array_view_create(b, CHUNKS * N * sizeof *b, "b");
        camp_array_view_create(c, CHUNKS * N * sizeof *c, "c");
    }
    uint32_t *da[2], *db[2], *dc[2];
    for (int s = 0; s < 2; s++) {
        da[s] = camp_array_new(NULL, N * sizeof *a, NULL, CAMP_ACCESS_TYPE_NONE);
        db[s] = camp_array_new(NULL, N * sizeof *a, NULL, CAMP_ACCESS_TYPE_NONE);
        dc[s] = camp_array_new(NULL, N * sizeof *a, NULL, CAMP_ACCESS_TYPE_NONE);
    }
    camp_future *in[2][2] = {{0}}, *out[2] = {0};
    in[0][0] = camp_array_copy_in_async_at(da[0], a, N, sizeof *a, __FILE__, __LINE__);
    in[0][1] = camp_array_copy_in_async_at(db[0], b, N, sizeof *b, __FILE__, __LINE__);
    for (int k = 0; k < CHUNKS; k++) {
        int s = k % 2, t = 1 - s;
        if (k + 1 < CHUNKS) {
            if (out[t]) camp_future_wait(out[t]), out[t] = NULL; /* dc[t] is free again */
            in[t][0] = camp_array_copy_in_async_at(da[t], a + (size_t)(k + 1) * N, N, sizeof *a, __FILE__, __LINE__);
            in[t][1] = camp_array_copy_in_async_at(db[t], b + (size_t)(k + 1) * N, N, sizeof *b, __FILE__, __LINE__);
        }
        camp_future_wait(in[s][0]);
        camp_future_wait(in[s][1]);
        launch_vadd(&test_module, N, da[s], db[s], dc[s], N * sizeof *a);
        out[s] = camp_array_copy_out_async_at(c + (size_t)k * N, dc[s], N, sizeof *c, __FILE__, __LINE__);
    }
    if (in_views) {
        camp_array_view_release(a);
        camp_array_view_release(b);
        camp_array_view_release(c); /* waits for the copies out into c's pages */
    }
    for (int s = 0; s < 2; s++)
        if (out[s]) camp_future_wait(out[s]);
    size_t wrong = 0;
    for (size_t i = 0; i < (size_t)CHUNKS * N; i++) wrong += c[i] != 4u * (uint32_t)i;
    if (wrong) fprintf(stderr, "chunked%s: %zu wrong\n", in_views ? " (views)" : "", wrong);
    CHECK(wrong == 0);
    for (int s = 0; s < 2; s++) camp_array_delete(da[s]), camp_array_delete(db[s]), camp_array_delete(dc[s]);
    free(a), free(b), free(c);
}

int main(void) {
    test_module_init();
    enum { M = 5000 };
    uint32_t src[M], back[M];
    for (int i = 0; i < M; i++) src[i] = (uint32_t)i * 7u;
    uint32_t *x = camp_array_new(NULL, sizeof src, NULL, CAMP_ACCESS_TYPE_NONE);
    camp_future *f = camp_array_copy_in_async_at(x, src, M, sizeof *src, __FILE__, __LINE__);
    CHECK(f != NULL);
    for (int i = 0; i < M; i++) src[i] = 0xDEAD; /* already read */
    camp_future_wait(f);
    /* x = x + x on the default view, after the copy view's write */
    launch_vadd(&test_module, M, x, x, x, sizeof src);
    f = camp_array_copy_out_async_at(back, x, M, sizeof *back, __FILE__, __LINE__);
    while (!camp_future_poll(f)) {}
    int wrong = 0;
    for (int i = 0; i < M; i++) wrong += back[i] != (uint32_t)i * 14u;
    CHECK(wrong == 0);
    camp_future_wait(f);

    /* Waited twice: an error, not a crash. */
    int errors = 0;
    camp_set_error_handler(count_error, &errors);
    camp_future_wait(f);
    camp_set_error_handler(NULL, NULL);
    CHECK(errors == 1);

    /* A future outlives the array it copies out of. */
    memset(back, 0, sizeof back);
    f = camp_array_copy_out_async_at(back, x, M, sizeof *back, __FILE__, __LINE__);
    camp_array_delete(x);
    camp_future_wait(f);
    CHECK(back[M - 1] == (uint32_t)(M - 1) * 14u);

    /* synchronize_async of a view a kernel wrote. */
    uint32_t *v = calloc(M, sizeof *v);
    for (int i = 0; i < M; i++) v[i] = (uint32_t)i;
    camp_array_view_create(v, M * sizeof *v, "v");
    launch_vadd(&test_module, M, v, v, v, M * sizeof *v);
    f = camp_array_view_synchronize_async_at(v, __FILE__, __LINE__);
    camp_future_wait(f);
    wrong = 0;
    for (int i = 0; i < M; i++) wrong += v[i] != 2u * (uint32_t)i;
    CHECK(wrong == 0);
    f = camp_array_view_synchronize_async_at(v, __FILE__, __LINE__); /* nothing to copy */
    CHECK(camp_future_poll(f));
    camp_future_wait(f);
    camp_array_view_release(v);
    free(v);

    chunked(false);
    chunked(true);
    if (test_failures) fprintf(stderr, "test_future: %d checks failed\n", test_failures);
    return test_failures != 0;
}
