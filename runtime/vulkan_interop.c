/* vulkan_interop.c — other Vulkan code (VkFFT, a renderer) on campcc's
 * memory: the Vulkan objects behind an accelerator view, the buffer behind
 * part of an array or a view, and the view's queue lent to the program's
 * own submissions (docs/algorithms.md, "VkFFT and other Vulkan libraries").
 *
 * Ordering: every batch libcamp submits ends with a full memory barrier
 * (queue.c), which orders it before anything submitted to the queue after
 * it; so lending the queue submits what the view has recorded. Giving it
 * back records a full barrier first in the view's next batch, which orders
 * everything submitted meanwhile before campcc's later work, and makes the
 * memory handed out wait for that batch: its timeline value is signalled
 * only once everything submitted to the queue before it is done. */
#include "internal.h"

/* The view whose queue the calling thread holds, as the program named it
 * (NULL: the default view) and as resolved; at most one at a time. */
static _Thread_local camp_accelerator_view *lent_view, *lent_as;

camp_vulkan_context camp_vulkan_context_at(camp_accelerator_view *view, const char *file, unsigned line) {
    camp_lock_at(file, line);
    camp_vulkan_context context = {0};
    camp_status status = camp_runtime_start();
    if (status == CAMP_OK) status = camp_view_or_default(view, "camp_vulkan_context", &view);
    if (status == CAMP_OK) {
        context.instance = camp_rt.instance;
        context.physical_device = view->dev->physical;
        context.device = view->dev->device;
        context.queue = view->queue;
        context.queue_family = view->dev->queue_family;
    }
    camp_unlock_and_report(status);
    return context;
}

/* The copy view shares queue 0 where the device has no transfer-only
 * family, under a lock of its own: lending that queue takes both. */
static pthread_mutex_t *second_lock(const camp_accelerator_view *q) {
    camp_device *dev = q->dev;
    return dev->copy_queue == q->queue && q->submit_lock != &dev->copy_submit_lock ? &dev->copy_submit_lock : NULL;
}

static camp_status lend(camp_accelerator_view *view, camp_accelerator_view **out) {
    CAMP_TRY(camp_runtime_start());
    CAMP_TRY(camp_view_or_default(view, "camp_vulkan_queue_acquire", out));
    if (lent_as)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "camp_vulkan_queue_acquire: this thread holds a view's queue already; "
                         "camp_vulkan_queue_release it first");
    /* what the view recorded goes first; its batch's last barrier orders it before the program's */
    return camp_queue_flush(*out);
}

void camp_vulkan_queue_acquire_at(camp_accelerator_view *view, const char *file, unsigned line) {
    camp_lock_at(file, line);
    camp_accelerator_view *q = NULL;
    camp_status status = lend(view, &q);
    camp_unlock_and_report(status);
    if (status != CAMP_OK) return;
    /* Taken without the runtime lock: a call of another thread that holds
     * it and submits to this queue waits for the release, which takes
     * the submit lock's release first. */
    pthread_mutex_lock(q->submit_lock);
    if (second_lock(q)) pthread_mutex_lock(second_lock(q));
    lent_view = view;
    lent_as = q;
}

/* After the program's submissions: a barrier first in the view's next batch,
 * and the memory handed out for the queue waits for that batch; views the
 * host cannot watch come back now, as after a launch. */
static camp_status take_back(camp_accelerator_view *q) {
    CAMP_TRY(camp_queue_open(q));
    camp_queue_barrier(q);
    for (uint32_t i = 0; i < camp_rt.region_count; i++)
        if (camp_rt.regions[i]->lent_to == q) /* after the barrier: the view's own commands need none */
            camp_queue_use(q, &camp_rt.regions[i]->usage, 0);
    CAMP_TRY(camp_queue_recorded(q)); /* the barrier counts as a command: the batch is submitted */
    for (uint32_t i = 0; i < camp_rt.region_count; i++) {
        camp_region *region = camp_rt.regions[i];
        if (region->lent_to != q) continue;
        region->lent_to = NULL;
        CAMP_TRY(camp_region_settle_eager(region));
    }
    return CAMP_OK;
}

void camp_vulkan_queue_release_at(camp_accelerator_view *view, const char *file, unsigned line) {
    camp_accelerator_view *q = lent_as;
    /* NULL names the default view (camp_rt.main is set before any view is made) */
    bool held = q && (view == lent_view || view == q || (!view && q == camp_rt.main->default_view));
    if (held) {
        if (second_lock(q)) pthread_mutex_unlock(second_lock(q));
        pthread_mutex_unlock(q->submit_lock);
        lent_view = lent_as = NULL;
    }
    camp_lock_at(file, line);
    camp_status status = held ? take_back(q)
                              : camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                                          "camp_vulkan_queue_release(%p): this thread did not acquire that view's "
                                          "queue (camp_vulkan_queue_acquire)",
                                          (void *)view);
    camp_unlock_and_report(status);
}

/* Makes the region's device buffer current on q's device and, unless the
 * view is read-only, counts it as written there (the host's next access
 * brings it back, as after a kernel). */
static camp_status hand_out(camp_region *region, const void *p, size_t bytes, camp_accelerator_view *q) {
    if (region->kind == CAMP_REGION_VIEW) {
        uint32_t access = region->read_only ? CAMP_ACCESS_READ : CAMP_ACCESS_READ | CAMP_ACCESS_WRITE;
        camp_launch_view use = {.host = p, .bytes = bytes, .access = access, .name = region->name};
        CAMP_TRY(camp_region_prepare(region, q, &use));
        if (!region->read_only) {
            camp_region_used(region, CAMP_ACCESS_WRITE);
            region->writer_file = camp_call.file;
            region->writer_line = camp_call.line;
        }
        CAMP_TRY(camp_region_copied(region));
    }
    /* another view's work on it: done before the program's (this view's is ordered by the acquire) */
    if (region->usage.queue != q) CAMP_TRY(camp_usage_wait(&region->usage));
    region->lent_to = q;
    return CAMP_OK;
}

camp_vulkan_buffer camp_vulkan_buffer_at(camp_accelerator_view *view, const void *p, long long count,
                                         size_t element_size, const char *file, unsigned line) {
    camp_lock_at(file, line);
    camp_vulkan_buffer out = {0};
    camp_region *region = NULL;
    size_t bytes = 0;
    camp_status status = camp_runtime_start();
    if (status == CAMP_OK) status = camp_view_or_default(view, "camp_vulkan_buffer", &view);
    if (status == CAMP_OK && view == lent_as)
        status = camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                           "camp_vulkan_buffer: the view's queue is acquired by this thread; ask for buffers "
                           "before camp_vulkan_queue_acquire (a copy in may need the queue)");
    if (status == CAMP_OK)
        status = camp_range_find(p, count, element_size, false, "the pointer", "camp_vulkan_buffer", view->dev,
                                 &region, &bytes);
    if (status == CAMP_OK) status = hand_out(region, p, bytes, view);
    if (status == CAMP_OK) {
        out.buffer = region->device.buffer;
        out.offset = region->device.base + region->pad + (size_t)((const char *)p - region->host);
        out.size = bytes;
    }
    camp_unlock_and_report(status);
    return out;
}
