/* queue.c — accelerator views: C++ AMP's queues. Commands are recorded into
 * the view's open batch (a command buffer, through replay.c's log, which
 * may find the batch equal to an earlier one whose command buffer is then
 * submitted again) with a barrier only where a
 * command touches memory an earlier one of the batch wrote (or writes
 * memory it read); the batch is submitted when the host must wait, when it
 * grows long, or after every command in immediate mode. Each submission
 * signals the view's timeline semaphore with the batch's serial (one counter
 * to read instead of a fence per batch, and NVIDIA makes the counter visible
 * about 2 µs before a fence); batches are recycled once it has passed them. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <stdatomic.h>
#include <time.h>

/* Automatic mode submits a batch this long even if nobody waits, so that a
 * long loop of kernels keeps the device busy and memory bounded. */
#define CAMP_BATCH_MAX_COMMANDS 1024u

/* At most this many submitted commands wait for the device per view (four
 * full batches in automatic mode): the host, which records faster than a
 * device runs small kernels, waits for the oldest batches rather than run
 * ahead without bound (each batch holds its command buffer's memory and
 * the buffers retired to it). */
#define CAMP_COMMANDS_IN_FLIGHT_MAX (4u * CAMP_BATCH_MAX_COMMANDS)
/* And at most this many batches (immediate mode's hold one command each,
 * but a command buffer's memory comes in chunks larger than a command). */
#define CAMP_BATCHES_IN_FLIGHT_MAX 64u

/* How long a wait polls the semaphore before blocking, unless
 * CAMP_WAIT_POLL_US says otherwise (0: block at once). */
#define CAMP_WAIT_SPIN_NS 1000000LL
/* At most this long while other threads wait for the same device too:
 * threads polling together slowed each other down on an H100 (8 threads
 * of tiny kernels: 32-58 kernels per ms polling 1 ms, 75-77 polling 20 µs;
 * one thread alone loses nothing). 20 µs is about a round trip, so many
 * waits went on to block: at 100 µs 8 threads made 66-78 kernels per ms
 * against 30-62 at 20 µs, 4 threads 35-38 against 16-39 (six rounds of
 * each, one H100 call). */
#define CAMP_WAIT_SPIN_SHARED_NS 100000LL
/* For this long at first a wait on a GPU polls without yielding the core:
 * a yield is a system call, and a round trip noticed a microsecond late
 * is a microsecond longer. A CPU device's own threads need the cores, so
 * there every poll yields. */
#define CAMP_WAIT_TIGHT_NS 50000LL

/* The calling thread's current view (parallel_for_each_on sets it): per
 * thread by nature, so outside camp_rt. */
static _Thread_local camp_accelerator_view *current_view;

/* ---- Batches -------------------------------------------------------------- */

static void batch_release_retired(camp_batch *batch) {
    for (uint32_t i = 0; i < batch->retired_count; i++) camp_buffer_release(&batch->retired[i]);
    batch->retired_count = 0;
}

static void batch_destroy(camp_accelerator_view *q, camp_batch *batch) {
    batch_release_retired(batch);
    free(batch->retired);
    if (batch->copy_bytes) camp_profile_copies_done(batch);
    if (batch->profile) camp_profile_batch_free(q, batch);
    if (batch->commands) vkFreeCommandBuffers(q->dev->device, q->pool, 1, &batch->commands);
    free(batch);
}

/* One command buffer of the view's pool, for a batch. */
static VkCommandBufferAllocateInfo commands_info(const camp_accelerator_view *q) {
    return (VkCommandBufferAllocateInfo){
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
        .commandPool = q->pool,
        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
        .commandBufferCount = 1,
    };
}

/* A spare batch begun as the view is made: a pool's first command buffer
 * cost a program's first copy on an H200 0.43-0.52 ms in its allocation
 * and begin. Where that fails, the first batch is made as any other. */
static void batch_ahead(camp_accelerator_view *q) {
    camp_batch *batch = calloc(1, sizeof *batch);
    if (!batch) return;
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = camp_replay_begin_flags(q),
    };
    VkCommandBufferAllocateInfo info = commands_info(q);
    if (vkAllocateCommandBuffers(q->dev->device, &info, &batch->commands) != VK_SUCCESS) {
        free(batch);
        return;
    }
    if (vkBeginCommandBuffer(batch->commands, &begin) != VK_SUCCESS) {
        batch_destroy(q, batch);
        return;
    }
    batch->begun_empty = true;
    batch->begun_flags = begin.flags;
    batch->next = q->spare;
    q->spare = batch;
}

static camp_status batch_begin(camp_accelerator_view *q) {
    camp_status status = CAMP_OK;
    camp_batch *batch = q->spare;
    if (batch) {
        q->spare = batch->next;
        batch->next = NULL;
    } else {
        batch = calloc(1, sizeof *batch);
        if (!batch) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    }
    VkCommandBufferBeginInfo begin = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
        .flags = camp_replay_batch_begin(q),
    };
    /* Begun already, with these flags (by a batch that then submitted
     * another, as a batch that may be kept is, or as the view was made):
     * as it is. */
    bool ready = batch->begun_empty && batch->begun_flags == begin.flags;
    batch->begun_empty = false;
    /* A batch may have given its command buffer to replay.c for one it kept. */
    if (batch->commands) {
        if (!ready) VK(vkResetCommandBuffer(batch->commands, 0));
    } else {
        VkCommandBufferAllocateInfo info = commands_info(q);
        VK(vkAllocateCommandBuffers(q->dev->device, &info, &batch->commands));
    }
    batch->serial = q->next_serial;
    q->open = batch;
    q->open_commands = 0;
    q->epoch = 1;
    q->bound = VK_NULL_HANDLE;
    if (!ready) VK(vkBeginCommandBuffer(batch->commands, &begin));
    /* No barrier first: the batch before ended with one that orders its
     * commands before every later one of the view (batch_end). */
    return CAMP_OK;
error:
    if (q->open != batch) batch_destroy(q, batch); /* else it stays open, as begun */
    return status;
}

long long camp_elapsed_ns(const struct timespec *since) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - since->tv_sec) * 1000000000LL + (now.tv_nsec - since->tv_nsec);
}

/* Waits until the view's timeline reaches `serial`, and says where it is
 * (*reached): polls it for a while first, because a blocking wait costs tens
 * of microseconds of wake-up latency on some drivers (63 µs against 18 µs
 * on an H100), and most waits (a kernel and a copy) are shorter than that. */
static VkResult poll_device(camp_accelerator_view *q, uint64_t serial, uint64_t *reached, bool *done) {
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    long long tight = q->dev->properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 0 : CAMP_WAIT_TIGHT_NS;
    long long budget = q->dev->poll_ns;
    VkResult result;
    for (;;) {
        result = vkGetSemaphoreCounterValue(q->dev->device, q->timeline, reached);
        if (result < 0 || *reached >= serial) {
            *done = true;
            return result;
        }
        long long elapsed = camp_elapsed_ns(&start);
        if (budget > CAMP_WAIT_SPIN_SHARED_NS && atomic_load(&q->dev->waiting) > 1) budget = CAMP_WAIT_SPIN_SHARED_NS;
        if (elapsed >= budget) return VK_SUCCESS;
        if (elapsed >= tight) sched_yield();
    }
}

static VkResult wait_for_device(camp_accelerator_view *q, uint64_t serial, uint64_t *reached) {
    bool done = false;
    atomic_fetch_add(&q->dev->waiting, 1);
    VkResult result = poll_device(q, serial, reached, &done);
    atomic_fetch_sub(&q->dev->waiting, 1);
    if (done) return result;
    VkSemaphoreWaitInfo info = {
        .sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
        .semaphoreCount = 1,
        .pSemaphores = &q->timeline,
        .pValues = &serial,
    };
    *reached = serial;
    return vkWaitSemaphores(q->dev->device, &info, UINT64_MAX);
}

long long camp_wait_poll_ns(void) {
    const char *knob = getenv("CAMP_WAIT_POLL_US");
    char *end = NULL;
    long long us = knob && *knob ? strtoll(knob, &end, 10) : -1;
    if (knob && *knob && (*end || us < 0 || us > 10000000)) {
        fprintf(stderr, "camp warning: CAMP_WAIT_POLL_US=%s is not a number of microseconds from 0 to 10000000: "
                        "ignored\n", knob);
        us = -1;
    }
    return us < 0 ? CAMP_WAIT_SPIN_NS : us * 1000;
}

/* wait_for_device, timed when profiling (profile.c). */
static VkResult wait_for(camp_accelerator_view *q, uint64_t serial, uint64_t *reached) {
    if (!camp_rt.profiling) return wait_for_device(q, serial, reached);
    uint64_t start = camp_profile_wait_begin();
    VkResult result = wait_for_device(q, serial, reached);
    camp_profile_wait_end(start);
    return result;
}

/* What a wait's VkResult means for the call: a lost device says so in words. */
static camp_status wait_status(VkResult result) {
    camp_status status = CAMP_OK;
    if (result == VK_ERROR_DEVICE_LOST)
        return camp_fail(CAMP_ERROR_DEVICE_LOST, "the device was lost while running kernels");
    VK(result);
error:
    return status;
}

/* Moves the batches at the head of `inflight` that the timeline has
 * `reached` to `spare`. */
static camp_status retire_reached(camp_accelerator_view *q, uint64_t reached) {
    while (q->inflight && q->inflight->serial <= reached) {
        camp_batch *batch = q->inflight;
        q->inflight = batch->next;
        if (!q->inflight) q->inflight_last = NULL;
        q->completed = batch->serial;
        batch_release_retired(batch);
        if (batch->profile) camp_profile_batch_done(q, batch);
        if (batch->copy_bytes) camp_profile_copies_done(batch);
        batch->next = q->spare;
        q->spare = batch;
    }
    return q->dev->loop_budget ? camp_loop_reports_check(q->dev) : CAMP_OK;
}

/* Moves the done batches at the head of `inflight` to `spare`; with `wait`,
 * waits for all of them first. */
static camp_status reap(camp_accelerator_view *q, bool wait) {
    if (!q->inflight) return CAMP_OK;
    uint64_t reached = 0;
    CAMP_TRY(wait_status(wait ? wait_for(q, q->inflight_last->serial, &reached)
                              : vkGetSemaphoreCounterValue(q->dev->device, q->timeline, &reached)));
    return retire_reached(q, reached);
}

/* Waits for the oldest batches while more than CAMP_COMMANDS_IN_FLIGHT_MAX
 * commands or CAMP_BATCHES_IN_FLIGHT_MAX batches are submitted and not
 * done. */
static camp_status bound_inflight(camp_accelerator_view *q) {
    uint32_t commands = 0, batches = 0;
    for (camp_batch *b = q->inflight; b; b = b->next) commands += b->command_count, batches++;
    if (commands <= CAMP_COMMANDS_IN_FLIGHT_MAX && batches <= CAMP_BATCHES_IN_FLIGHT_MAX) return CAMP_OK;
    camp_batch *last_to_wait = q->inflight; /* the newest of the oldest batches to finish */
    commands -= last_to_wait->command_count, batches--;
    while (commands > CAMP_COMMANDS_IN_FLIGHT_MAX || batches > CAMP_BATCHES_IN_FLIGHT_MAX) {
        last_to_wait = last_to_wait->next;
        commands -= last_to_wait->command_count, batches--;
    }
    uint64_t reached = 0;
    CAMP_TRY(wait_status(wait_for(q, last_to_wait->serial, &reached)));
    return retire_reached(q, reached);
}

/* The next submission of `q` waits for `timeline` to reach `value`; false
 * when it waits for CAMP_QUEUE_WAITS_MAX others already. */
static bool add_wait(camp_accelerator_view *q, VkSemaphore timeline, uint64_t value) {
    for (uint32_t i = 0; i < q->wait_count; i++)
        if (q->wait_timelines[i] == timeline) {
            if (q->wait_values[i] < value) q->wait_values[i] = value;
            return true;
        }
    if (q->wait_count == CAMP_QUEUE_WAITS_MAX) return false;
    q->wait_timelines[q->wait_count] = timeline;
    q->wait_values[q->wait_count++] = value;
    return true;
}

/* The end of a wait: what the view's kernels reported is printed, if any
 * kernel that reports ran there. */
static camp_status waited(camp_accelerator_view *q) { return q->reports ? camp_reports_drain(q) : CAMP_OK; }

/* ---- Public to the runtime ------------------------------------------------ */

camp_status camp_queue_open(camp_accelerator_view *q) { return q->open ? CAMP_OK : batch_begin(q); }

camp_status camp_queue_commands(camp_accelerator_view *q, VkCommandBuffer *out) {
    CAMP_TRY(camp_queue_open(q));
    *out = camp_replay_commands(q);
    return CAMP_OK;
}

/* What a barrier on `q` waits for (the writes of its stages) and makes
 * them visible to (any access of its stages): a copy view's stages are the
 * transfer stage alone, whose accesses are the transfer ones. */
static VkAccessFlags stage_writes(const camp_accelerator_view *q) {
    bool shaders = q->stages & VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;
    return VK_ACCESS_TRANSFER_WRITE_BIT | (shaders ? VK_ACCESS_SHADER_WRITE_BIT : 0);
}

static VkAccessFlags stage_accesses(const camp_accelerator_view *q) {
    bool shaders = q->stages & VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;
    return stage_writes(q) | VK_ACCESS_TRANSFER_READ_BIT | (shaders ? VK_ACCESS_SHADER_READ_BIT : 0);
}

void camp_queue_barrier(camp_accelerator_view *q) {
    camp_cmd_barrier(q, q->stages, q->stages, stage_writes(q), stage_accesses(q));
    q->epoch++;
}

bool camp_usage_busy(const camp_usage *u) { return u->queue && u->serial > u->queue->completed; }

camp_status camp_usage_wait(camp_usage *u) {
    if (camp_usage_busy(u)) CAMP_TRY(camp_queue_finish_releasing(u->queue));
    return CAMP_OK;
}

camp_status camp_queue_needs_barrier(camp_accelerator_view *q, const camp_usage *u, uint32_t access,
                                     bool *needed) {
    *needed = false;
    if (!camp_usage_busy(u)) return CAMP_OK;
    if (u->queue != q) {
        /* This view's next submission waits on the device for the other
         * view's batch (submitted now if still open), which orders the
         * memory between the two queues without stopping the host, so that
         * copies on one queue overlap kernels on another. Every use of the
         * memory waits for the one before it, so the uses form one chain
         * and a later command on the other view cannot race this one. The
         * host waits only when the submission waits for too many views. */
        camp_accelerator_view *other = u->queue;
        uint64_t serial = u->serial;
        if (other->open && serial >= other->open->serial) CAMP_TRY(camp_queue_flush(other));
        if (add_wait(q, other->timeline, serial)) other->waited_for = true;
        else CAMP_TRY(camp_queue_wait_serial(other, serial));
        return CAMP_OK;
    }
    if (!q->open || u->serial != q->open->serial) return CAMP_OK; /* the barrier ending its batch covers it */
    bool writes = access & CAMP_ACCESS_WRITE;
    *needed = u->write_epoch == q->epoch || (writes && u->read_epoch == q->epoch);
    return CAMP_OK;
}

void camp_queue_use(camp_accelerator_view *q, camp_usage *u, uint32_t access) {
    if (u->queue != q || u->serial != q->open->serial) {
        u->read_epoch = u->write_epoch = 0;
        u->queue = q;
        u->serial = q->open->serial;
    }
    if (access & CAMP_ACCESS_READ) u->read_epoch = q->epoch;
    if (access & CAMP_ACCESS_WRITE) u->write_epoch = q->epoch;
}

camp_status camp_queue_retire(camp_accelerator_view *q, camp_buffer *buffer) {
    if (!buffer->buffer) return CAMP_OK;
    camp_batch *batch = q->open ? q->open : q->inflight_last;
    if (!batch || batch->serial <= q->completed) {
        camp_buffer_release(buffer);
        return CAMP_OK;
    }
    if (batch->retired_count == batch->retired_capacity) {
        uint32_t capacity = batch->retired_capacity ? batch->retired_capacity * 2 : 8;
        camp_buffer *grown = realloc(batch->retired, capacity * sizeof *grown);
        if (!grown) {
            /* Cannot defer: wait, then free now. */
            CAMP_TRY(camp_queue_finish(q));
            camp_buffer_release(buffer);
            return CAMP_OK;
        }
        batch->retired = grown;
        batch->retired_capacity = capacity;
    }
    batch->retired[batch->retired_count++] = *buffer;
    memset(buffer, 0, sizeof *buffer);
    return CAMP_OK;
}

/* A batch ended and about to be submitted, with what its submission
 * waits for (copied: other calls may add waits to the view meanwhile). */
typedef struct pending_submit {
    camp_batch *batch;
    VkCommandBuffer commands; /* its own, or one replay.c kept */
    VkResult ended;
    VkSemaphore wait_timelines[CAMP_QUEUE_WAITS_MAX];
    uint64_t wait_values[CAMP_QUEUE_WAITS_MAX];
    uint32_t wait_count;
} pending_submit;

/* Ends the open batch and puts it in flight, as if submitted: a wait for
 * it from another thread then waits for its submission too. */
static void batch_end(camp_accelerator_view *q, pending_submit *p) {
    camp_batch *batch = q->open;
    batch->command_count = q->open_commands;
    /* Kernel and copy results must be visible to the host once the batch is
     * done, and to the view's later batches (submissions do not order
     * memory): one barrier for both, last, where the next batch would
     * otherwise begin with one of its own. On an H100 a round trip (a
     * kernel, then a synchronize) submits one barrier fewer, as a program
     * written against Vulkan does. */
    camp_cmd_barrier(q, q->stages, q->stages | VK_PIPELINE_STAGE_HOST_BIT, stage_writes(q),
                     stage_accesses(q) | VK_ACCESS_HOST_READ_BIT);
    p->batch = batch;
    p->commands = camp_replay_batch_end(q, batch, &p->ended);
    q->open = NULL;
    p->wait_count = q->wait_count;
    memcpy(p->wait_timelines, q->wait_timelines, q->wait_count * sizeof *q->wait_timelines);
    memcpy(p->wait_values, q->wait_values, q->wait_count * sizeof *q->wait_values);
    q->wait_count = 0;
    if (camp_rt.profiling) camp_profile_batch_submitted(batch); /* under the lock, just before the submission */
    q->next_serial++;
    if (q->inflight_last) q->inflight_last->next = batch;
    else q->inflight = batch;
    q->inflight_last = batch;
}

/* Submits an ended batch; the caller holds q->submit_lock (so that the
 * view's batches reach its queue in serial order), with or without the
 * runtime lock. Touches nothing of the view another call may change. */
static VkResult batch_submit(camp_accelerator_view *q, pending_submit *p) {
    if (p->ended < 0) return p->ended;
    VkPipelineStageFlags wait_stages[CAMP_QUEUE_WAITS_MAX];
    for (uint32_t i = 0; i < p->wait_count; i++) wait_stages[i] = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
    VkTimelineSemaphoreSubmitInfo values = {
        .sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
        .waitSemaphoreValueCount = p->wait_count,
        .pWaitSemaphoreValues = p->wait_values,
        .signalSemaphoreValueCount = 1,
        .pSignalSemaphoreValues = &p->batch->serial,
    };
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
        .pNext = &values,
        .waitSemaphoreCount = p->wait_count,
        .pWaitSemaphores = p->wait_timelines,
        .pWaitDstStageMask = wait_stages,
        .commandBufferCount = 1,
        .pCommandBuffers = &p->commands,
        .signalSemaphoreCount = 1,
        .pSignalSemaphores = &q->timeline,
    };
    if (camp_faults_lose_submission(q->dev)) return VK_ERROR_DEVICE_LOST;
    return vkQueueSubmit(q->queue, 1, &submit, VK_NULL_HANDLE);
}

/* A batch that was never submitted: its serial is signalled from the host
 * once the batches before it are done (so that threads waiting for it
 * return), and its work is dropped. */
static camp_status submit_failed(camp_accelerator_view *q, uint64_t serial, VkResult result) {
    camp_replay_forget(q); /* it may be what failed */
    uint64_t reached = 0;
    if (wait_for(q, serial - 1, &reached) >= 0) {
        VkSemaphoreSignalInfo signal = {
            .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO,
            .semaphore = q->timeline,
            .value = serial,
        };
        (void)vkSignalSemaphore(q->dev->device, &signal);
    }
    for (camp_batch **b = &q->inflight, *previous = NULL; *b; previous = *b, b = &(*b)->next)
        if ((*b)->serial == serial) {
            camp_batch *batch = *b;
            *b = batch->next;
            if (q->inflight_last == batch) q->inflight_last = previous;
            batch_destroy(q, batch);
            break;
        }
    (void)reap(q, false);
    /* The batches before it are done (waited above), and it is gone. */
    if (q->completed < serial && (!q->inflight || q->inflight->serial > serial)) q->completed = serial;
    return wait_status(result);
}

camp_status camp_queue_flush(camp_accelerator_view *q) {
    /* Nothing recorded (camp_queue_finish may have opened it early). */
    if (!q->open || !q->open_commands) return reap(q, false);
    CAMP_TRY(camp_process_check()); /* a forked child: never run, its wait would never return */
    pending_submit p;
    batch_end(q, &p);
    pthread_mutex_lock(q->submit_lock);
    VkResult result = batch_submit(q, &p);
    pthread_mutex_unlock(q->submit_lock);
    if (result < 0) return submit_failed(q, p.batch->serial, result); /* never submitted: not reaped */
    camp_at_exit_again();
    CAMP_TRY(reap(q, false));
    return bound_inflight(q);
}

camp_status camp_queue_wait_serial(camp_accelerator_view *q, uint64_t serial) {
    if (serial <= q->completed) return waited(q);
    if (q->open && serial >= q->open->serial) CAMP_TRY(camp_queue_flush(q));
    uint64_t reached = 0;
    CAMP_TRY(wait_status(wait_for(q, serial, &reached)));
    CAMP_TRY(retire_reached(q, reached));
    return waited(q);
}

uint64_t camp_queue_last_submitted(const camp_accelerator_view *q) {
    /* next_serial is the open batch's, or the next one's when none is open. */
    return q->next_serial - 1;
}

camp_status camp_queue_reached(camp_accelerator_view *q, uint64_t serial, bool *done) {
    CAMP_TRY(reap(q, false));
    *done = serial <= q->completed;
    return CAMP_OK;
}

camp_status camp_queue_finish_releasing(camp_accelerator_view *q) {
    if (q->open && q->open_commands) {
        CAMP_TRY(camp_process_check()); /* as camp_queue_flush */
        /* Submitted without the runtime lock, so that threads on other
         * views record, submit and wait meanwhile; the queue's submit
         * lock, taken first, keeps the view's batches in serial order.
         * batch_submit reads only what no other call changes. */
        pending_submit p;
        batch_end(q, &p);
        uint64_t serial = p.batch->serial;
        pthread_mutex_lock(q->submit_lock);
        q->waiters++;
        pthread_mutex_unlock(&camp_rt.lock);
        VkResult submitted = batch_submit(q, &p);
        pthread_mutex_unlock(q->submit_lock);
        pthread_mutex_lock(&camp_rt.lock);
        q->waiters--;
        if (submitted < 0) return submit_failed(q, serial, submitted);
        camp_at_exit_again();
    }
    /* Open the next batch while the device works: resetting and beginning
     * a command buffer took 2-3 us of an H100 round trip, hidden here. */
    if (!q->open && q->inflight) CAMP_TRY(batch_begin(q));
    if (!q->inflight) return waited(q);
    uint64_t serial = q->inflight_last->serial, reached = 0;
    /* wait_for reads only what never changes (the device, the semaphore). */
    q->waiters++;
    pthread_mutex_unlock(&camp_rt.lock);
    VkResult result = wait_for(q, serial, &reached);
    pthread_mutex_lock(&camp_rt.lock);
    q->waiters--;
    CAMP_TRY(wait_status(result));
    /* What the wait saw reached: no second read of the timeline. */
    CAMP_TRY(retire_reached(q, reached));
    return waited(q);
}

camp_status camp_queue_finish(camp_accelerator_view *q) {
    CAMP_TRY(camp_queue_flush(q));
    /* Open the next batch while the device works: resetting and beginning a
     * command buffer took 2-3 us of an H100 round trip, hidden here. */
    if (!q->open && q->inflight) CAMP_TRY(batch_begin(q));
    CAMP_TRY(reap(q, true));
    return waited(q);
}

camp_status camp_queue_recorded(camp_accelerator_view *q) {
    q->open_commands++;
    if (q->mode == CAMP_QUEUING_MODE_IMMEDIATE || q->open_commands >= CAMP_BATCH_MAX_COMMANDS)
        return camp_queue_flush(q);
    return CAMP_OK;
}

camp_accelerator_view *camp_queue_current(void) {
    return current_view ? current_view : camp_rt.main->default_view;
}

/* ---- Creation and destruction ------------------------------------------- */

/* A view on `queue` of `family`, submitting under `submit_lock`. */
static camp_status queue_create(camp_device *dev, camp_queuing_mode mode, uint32_t family, VkQueue queue,
                                pthread_mutex_t *submit_lock, camp_accelerator_view **out) {
    camp_accelerator_view *q = calloc(1, sizeof *q);
    if (!q) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    q->dev = dev;
    q->queue = queue;
    q->submit_lock = submit_lock;
    bool copy_only = family != dev->queue_family;
    q->stages = VK_PIPELINE_STAGE_TRANSFER_BIT | (copy_only ? 0 : VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);
    q->timestamp_bits = copy_only ? dev->copy_timestamp_bits : dev->timestamp_bits;
    q->mode = mode;
    q->next_serial = 1;
    VkCommandPoolCreateInfo pool = {
        .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
        .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
        .queueFamilyIndex = family,
    };
    VkSemaphoreTypeCreateInfo timeline = {
        .sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
        .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE,
    };
    VkSemaphoreCreateInfo semaphore = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, .pNext = &timeline};
    camp_status status = camp_replay_create(q);
    if (status != CAMP_OK) {
        free(q);
        return status;
    }
    VK(vkCreateCommandPool(dev->device, &pool, NULL, &q->pool));
    VK(vkCreateSemaphore(dev->device, &semaphore, NULL, &q->timeline));
    batch_ahead(q);
    q->next = camp_rt.views;
    camp_rt.views = q;
    *out = q;
    return CAMP_OK;
error:
    if (q->pool) vkDestroyCommandPool(dev->device, q->pool, NULL);
    camp_replay_destroy(q);
    free(q);
    return status;
}

camp_status camp_queue_create(camp_device *dev, camp_queuing_mode mode, camp_accelerator_view **out) {
    /* The default view (the first) has queue 0; the others share the rest. */
    uint32_t made = dev->views_made++;
    uint32_t index = made == 0 || dev->queue_count == 1 ? 0 : 1 + (made - 1) % (dev->queue_count - 1);
    return queue_create(dev, mode, dev->queue_family, dev->queues[index], &dev->submit_locks[index], out);
}

camp_status camp_copy_view(camp_device *dev, camp_accelerator_view **out) {
    if (!dev->copy_view && dev->copy_family == dev->queue_family)
        CAMP_TRY(camp_queue_create(dev, CAMP_QUEUING_MODE_IMMEDIATE, &dev->copy_view));
    if (!dev->copy_view)
        CAMP_TRY(queue_create(dev, CAMP_QUEUING_MODE_IMMEDIATE, dev->copy_family, dev->copy_queue,
                              &dev->copy_submit_lock, &dev->copy_view));
    *out = dev->copy_view;
    return CAMP_OK;
}

/* Forgets uses of `q` by regions and staging: `q` is done and about to go. */
static void forget_uses(camp_accelerator_view *q) {
    for (uint32_t i = 0; i < camp_rt.region_count; i++)
        if (camp_rt.regions[i]->usage.queue == q) memset(&camp_rt.regions[i]->usage, 0, sizeof(camp_usage));
    /* Its timeline goes with it: no submission may wait for it. */
    for (camp_accelerator_view *other = camp_rt.views; other; other = other->next)
        for (uint32_t i = 0; i < other->wait_count;)
            if (other->wait_timelines[i] == q->timeline) {
                other->wait_timelines[i] = other->wait_timelines[--other->wait_count];
                other->wait_values[i] = other->wait_values[other->wait_count];
            } else {
                i++;
            }
}

/* Waits until every queue of the device has finished with every
 * submission, each queue under its submit lock. A view's own timeline
 * reaching its last serial is not enough before destroying that timeline
 * where other views' submissions waited for it: lavapipe's queue thread,
 * still handling such a submission after the wait was satisfied, crashed
 * on the destroyed semaphore. */
static void device_idle(camp_device *dev) {
    for (uint32_t i = 0; i < dev->queue_count; i++) {
        pthread_mutex_lock(&dev->submit_locks[i]);
        (void)vkQueueWaitIdle(dev->queues[i]); /* a lost device: destroy anyway */
        pthread_mutex_unlock(&dev->submit_locks[i]);
    }
    if (dev->copy_family != dev->queue_family) {
        pthread_mutex_lock(&dev->copy_submit_lock);
        (void)vkQueueWaitIdle(dev->copy_queue);
        pthread_mutex_unlock(&dev->copy_submit_lock);
    }
}

/* Lets the runtime lock go for a moment: threads waiting for a view
 * without it come back for it. */
static void let_waiters_back(void) {
    pthread_mutex_unlock(&camp_rt.lock);
    sched_yield();
    pthread_mutex_lock(&camp_rt.lock);
}

void camp_queue_drain(camp_accelerator_view *q) {
    (void)camp_queue_finish(q); /* a lost device: destroy anyway */
    /* Threads still waiting for it without the lock come back first. */
    while (q->waiters) let_waiters_back();
    (void)reap(q, true);
    if (q->waited_for) device_idle(q->dev);
    if (q->open) {
        camp_batch *open = q->open;
        q->open = NULL;
        batch_destroy(q, open);
    }
    while (q->inflight) {
        camp_batch *batch = q->inflight;
        q->inflight = batch->next;
        batch_destroy(q, batch);
    }
    while (q->spare) {
        camp_batch *batch = q->spare;
        q->spare = batch->next;
        batch_destroy(q, batch);
    }
}

static bool any_waiters(void) {
    for (const camp_accelerator_view *q = camp_rt.views; q; q = q->next)
        if (q->waiters) return true;
    return false;
}

void camp_queues_await_waiters(void) {
    while (any_waiters()) let_waiters_back();
}

void camp_queue_destroy(camp_accelerator_view *q) {
    forget_uses(q);
    camp_reports_destroy(q);
    camp_replay_destroy(q);
    vkDestroyCommandPool(q->dev->device, q->pool, NULL);
    vkDestroySemaphore(q->dev->device, q->timeline, NULL);
    for (camp_accelerator_view **p = &camp_rt.views; *p; p = &(*p)->next)
        if (*p == q) {
            *p = q->next;
            break;
        }
    free(q);
}

/* ---- Live views and the thread's current view ------------------------------ */

static bool is_view(const camp_accelerator_view *view) {
    for (const camp_accelerator_view *q = camp_rt.views; q; q = q->next)
        if (q == view) return true;
    return false;
}

camp_status camp_view_check(const camp_accelerator_view *view, const char *call) {
    if (!is_view(view))
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s: %p is not a live accelerator view", call,
                         (const void *)view);
    return CAMP_OK;
}

camp_status camp_view_or_default(camp_accelerator_view *view, const char *call, camp_accelerator_view **out) {
    if (view && !is_view(view))
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s: not a live accelerator view", call);
    *out = view ? view : camp_rt.main->default_view;
    return CAMP_OK;
}

camp_accelerator_view *camp_set_current_view(camp_accelerator_view *view) {
    camp_accelerator_view *previous = current_view;
    current_view = view;
    return previous;
}

camp_accelerator_view *camp_current_view(void) { return current_view; }
