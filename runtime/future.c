/* future.c — asynchronous copies (C++ AMP's copy_async and
 * array_view::synchronize_async, with completion_future): the call records
 * the copy on the accelerator's copy view, an internal accelerator view on
 * a Vulkan queue of its own (of a transfer-only family where the device has
 * one: queue.c's camp_copy_view), submits it and
 * returns a future at once; kernels on the other views run meanwhile.
 * camp_future_wait waits for the copy (and, for a copy out, moves the bytes
 * from staging memory to their destination), then frees the future;
 * camp_future_poll says whether it is done without waiting.
 *
 * A copy in from memory outside views memcpys the source into staging
 * memory before it returns (so the source may change at once); the DMA is
 * what runs asynchronously. Memory inside an explicit view whose pages are
 * imported (transfer.c) is read or written by the DMA itself, with no
 * memcpy on the host: the view's memory must stay as it is until the
 * future is waited, and releasing the view waits for the copy. Where the
 * host copies through a mapping (the map path), the copy is done when the
 * call returns, and so is its future. A marker's future is done when the
 * work its accelerator view had when it was made is. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

struct camp_future {
    camp_accelerator_view *queue; /* NULL: done when made */
    uint64_t serial;              /* the queue's batch that completes it */
    camp_copy_edge later[2];      /* a copy out: bytes in staging, until they reach the host */
    struct camp_future *next;     /* every live future, to check handles */
};

static camp_status future_new(camp_future **out) {
    camp_future *f = calloc(1, sizeof *f);
    if (!f) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    f->next = camp_rt.futures;
    camp_rt.futures = f;
    *out = f;
    return CAMP_OK;
}

static void future_free(camp_future *f) {
    for (camp_future **p = &camp_rt.futures; *p; p = &(*p)->next)
        if (*p == f) {
            *p = f->next;
            break;
        }
    for (int e = 0; e < 2; e++) (void)camp_copy_edge_deliver(&f->later[e], false);
    free(f);
}

/* The copy just recorded on `q` is submitted; `f` completes with it. */
static camp_status submitted(camp_future *f, camp_accelerator_view *q) {
    CAMP_TRY(camp_queue_flush(q));
    f->queue = q;
    f->serial = camp_queue_last_submitted(q);
    return CAMP_OK;
}

static camp_status copy_in(camp_region *region, size_t offset, const void *src, size_t bytes, camp_future **out) {
    camp_future *f = NULL;
    CAMP_TRY(future_new(&f));
    *out = f;
    if (!bytes || region->device.mapped) return camp_region_write(region, offset, src, bytes);
    camp_accelerator_view *q = NULL;
    CAMP_TRY(camp_copy_view(region->device.owner, &q));
    camp_guard_window window;
    uint64_t reading = 0; /* the future's wait covers it */
    camp_status status = camp_guard_open(&window, src, bytes, NULL, false);
    if (status == CAMP_OK)
        status = camp_transfer_in(q, &region->device, region->pad + offset, &region->usage, src, bytes,
                                  camp_view_holding(src, bytes), &reading);
    camp_guard_close(&window);
    CAMP_TRY(status);
    return submitted(f, q);
}

static camp_status copy_out(camp_region *region, size_t offset, void *dst, size_t bytes, camp_future **out) {
    camp_future *f = NULL;
    CAMP_TRY(future_new(&f));
    *out = f;
    if (!bytes || region->device.mapped) return camp_region_read(region, offset, dst, bytes);
    camp_accelerator_view *q = NULL;
    CAMP_TRY(camp_copy_view(region->device.owner, &q));
    /* A destination in a view is settled as by a host write now (its
     * imported pages may be written by the DMA, not the host). */
    camp_guard_window window;
    camp_status status = camp_guard_open(&window, dst, bytes, NULL, true);
    if (status == CAMP_OK)
        status = camp_transfer_out(q, &region->device, region->pad + offset, &region->usage, dst, bytes,
                                   camp_view_holding(dst, bytes), f->later, NULL);
    camp_guard_close(&window);
    CAMP_TRY(status);
    return submitted(f, q);
}

/* copy_in or copy_out (`direction`), counted and traced as a copy of the
 * program's when profiling: its host part (a memcpy into staging,
 * recording, the submission); the device's part is on the copy view's
 * track, and a copy out's bytes reach the program in camp_future_wait. */
static camp_status profiled(enum camp_copy_direction direction, camp_region *region, size_t offset, void *host,
                            size_t bytes, camp_future **out) {
    if (!camp_rt.profiling)
        return direction == CAMP_COPY_IN ? copy_in(region, offset, host, bytes, out)
                                         : copy_out(region, offset, host, bytes, out);
    camp_profile_span span = camp_profile_copy_begin(direction, bytes);
    camp_status status = direction == CAMP_COPY_IN ? copy_in(region, offset, host, bytes, out)
                                                   : copy_out(region, offset, host, bytes, out);
    camp_profile_copy_end(direction, bytes, span);
    return status;
}

camp_status camp_future_after(camp_accelerator_view *q, const camp_copy_edge *later, camp_future **out) {
    camp_future *f = NULL;
    camp_status status = future_new(&f);
    if (status != CAMP_OK) {
        if (later) {
            camp_copy_edge unused = *later;
            (void)camp_copy_edge_deliver(&unused, false); /* its staging goes back */
        }
        return status;
    }
    *out = f;
    if (later) f->later[0] = *later;
    return submitted(f, q);
}

void camp_future_discard(camp_future *f) {
    if (f) future_free(f);
}

/* A failed call gives no future: what it made is freed. */
camp_future *camp_future_returned(camp_status status, camp_future *f) {
    if (status != CAMP_OK && f) {
        future_free(f);
        f = NULL;
    }
    camp_unlock_and_report(status);
    return f;
}

camp_future *camp_array_copy_in_async_at(void *array, const void *src, long long count, size_t element_size,
                                         const char *file, unsigned line) {
    camp_lock_at(file, line);
    size_t bytes = 0;
    camp_region *region = NULL;
    camp_future *f = NULL;
    camp_status status = camp_checked_bytes("array_copy_in_async", count, element_size, &bytes);
    if (status == CAMP_OK) status = camp_array_find(array, bytes, "array_copy_in_async", &region);
    if (status == CAMP_OK && !src && bytes)
        status = camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "array_copy_in_async: a null source");
    if (status == CAMP_OK)
        status = profiled(CAMP_COPY_IN, region, (size_t)((char *)array - region->host), (void *)src, bytes, &f);
    return camp_future_returned(status, f);
}

camp_future *camp_array_copy_out_async_at(void *dst, const void *array, long long count, size_t element_size,
                                          const char *file, unsigned line) {
    camp_lock_at(file, line);
    size_t bytes = 0;
    camp_region *region = NULL;
    camp_future *f = NULL;
    camp_status status = camp_checked_bytes("array_copy_out_async", count, element_size, &bytes);
    if (status == CAMP_OK) status = camp_array_find(array, bytes, "array_copy_out_async", &region);
    if (status == CAMP_OK && !dst && bytes)
        status = camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "array_copy_out_async: a null destination");
    if (status == CAMP_OK)
        status = profiled(CAMP_COPY_OUT, region, (size_t)((const char *)array - region->host), dst, bytes, &f);
    return camp_future_returned(status, f);
}

camp_future *camp_array_view_synchronize_async_at(const void *host, const char *file, unsigned line) {
    camp_lock_at(file, line);
    camp_region *region = camp_region_find(host);
    camp_future *f = NULL;
    camp_status status = CAMP_OK;
    if (!region || region->kind != CAMP_REGION_VIEW || (const char *)host == region->host + region->bytes)
        status = camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                           "array_view_synchronize_async(%p): the pointer lies in no array_view", host);
    else if (!region->host_stale)
        status = future_new(&f); /* nothing to copy: done */
    else {
        status = profiled(CAMP_COPY_OUT, region, 0, region->host, region->bytes, &f);
        /* The copy is recorded: a later kernel's writes make it stale again. */
        if (status == CAMP_OK) region->host_stale = false;
    }
    return camp_future_returned(status, f);
}

/* A marker (C++ AMP's accelerator_view::create_marker): done when the
 * view's work so far is, which is submitted now, so that polling it sees
 * it finish; a view that has run nothing gives one done at once. */
camp_status camp_future_marker(camp_accelerator_view *view, camp_future **out) {
    camp_accelerator_view *q = view ? view : camp_queue_current();
    bool live = false;
    for (camp_accelerator_view *v = camp_rt.views; v; v = v->next) live |= v == q;
    if (!live)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "camp_accelerator_view_create_marker(%p): not a live "
                                                      "accelerator view", (void *)view);
    camp_future *f = NULL;
    CAMP_TRY(future_new(&f));
    *out = f;
    CAMP_TRY(camp_queue_flush(q));
    uint64_t serial = camp_queue_last_submitted(q);
    if (serial) {
        f->queue = q;
        f->serial = serial;
    }
    return CAMP_OK;
}

/* The live future `f`, or an error. */
static camp_status find_future(const camp_future *f, const char *call) {
    for (camp_future *g = camp_rt.futures; g; g = g->next)
        if (g == f) return CAMP_OK;
    return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s(%p): not a future, or one already waited", call,
                     (const void *)f);
}

/* One edge's bytes into the program's memory, which may lie in a view
 * whose pages implicit synchronization protects (array_view_new's, say):
 * opened for the memcpy. */
static camp_status deliver_edge(camp_copy_edge *edge) {
    if (!edge->bytes) return camp_copy_edge_deliver(edge, true);
    camp_guard_window window;
    camp_status status = camp_guard_open(&window, edge->dst, edge->bytes, NULL, true);
    if (status == CAMP_OK) status = camp_copy_edge_deliver(edge, true);
    camp_guard_close(&window);
    return status;
}

/* The bytes of a done copy out to their destination, over the copy
 * threads: one core's memcpy out of staging memory (4-6 GB/s) was what
 * made a pipeline of asynchronous copies slower than plain copies. */
static camp_status deliver(camp_future *f) {
    bool traced = camp_rt.profiling && (f->later[0].bytes || f->later[1].bytes);
    uint64_t start = traced ? camp_profile_now() : 0;
    camp_status status = CAMP_OK;
    for (int e = 0; e < 2 && status == CAMP_OK; e++) status = deliver_edge(&f->later[e]);
    if (traced) camp_profile_host_span("deliver copy out", start);
    return status;
}

void camp_future_wait(camp_future *f) { camp_future_wait_at(f, NULL, 0); }

bool camp_future_poll(camp_future *f) { return camp_future_poll_at(f, NULL, 0); }

/* A NULL future (the serial reference mode's, or one a call returned after
 * a handled error) is done: waiting for it does nothing, polling says done,
 * so that a loop polling it ends. */
void camp_future_wait_at(camp_future *f, const char *file, unsigned line) {
    if (!f) return;
    camp_lock_at(file, line);
    camp_status status = find_future(f, "camp_future_wait");
    if (status == CAMP_OK && f->queue) status = camp_queue_wait_serial(f->queue, f->serial);
    if (status == CAMP_OK) status = deliver(f);
    if (status == CAMP_OK || status == CAMP_ERROR_DEVICE_LOST) future_free(f);
    camp_unlock_and_report(status);
}

bool camp_future_poll_at(camp_future *f, const char *file, unsigned line) {
    if (!f) return true;
    camp_lock_at(file, line);
    bool done = false;
    camp_status status = find_future(f, "camp_future_poll");
    if (status == CAMP_OK) status = f->queue ? camp_queue_reached(f->queue, f->serial, &done) : CAMP_OK;
    if (status == CAMP_OK && !f->queue) done = true;
    if (status == CAMP_OK && done) status = deliver(f);
    camp_unlock_and_report(status);
    return done;
}

void camp_futures_destroy(void) {
    while (camp_rt.futures) future_free(camp_rt.futures);
}

void camp_futures_forget_queue(camp_accelerator_view *q) {
    for (camp_future *f = camp_rt.futures; f; f = f->next)
        if (f->queue == q) f->queue = NULL; /* q was finished before it goes */
}
