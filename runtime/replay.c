/* replay.c — batches submitted again instead of recorded again.
 *
 * A round trip (a kernel, then a synchronize) records the same commands
 * into every batch: the same barriers, pipeline, push constants (device
 * addresses and captured values), dispatch and copy. Recording them and
 * ending the command buffer is host time the program waits through (about
 * 2 µs per kernel on an H100's host), where a program written against
 * Vulkan records its command buffer once and submits it again. So a view
 * writes the common commands into a log (a few words each) instead of its
 * command buffer; when a batch ends with the very log of the command
 * buffer the view kept from an earlier batch, that command buffer is
 * submitted again: the device runs exactly the commands it would have run
 * had they been recorded anew. Otherwise the log is recorded into the
 * batch's own command buffer, which the view keeps in place of the last.
 *
 * The log holds everything the commands depend on: pipelines, layouts,
 * push-constant bytes, buffer handles and offsets, group counts, barrier
 * masks. What it cannot hold is recorded directly (camp_replay_commands:
 * textures' descriptors and layout changes, sections' many-region copies,
 * profiling's timestamps and labels); such a batch is recorded, log first,
 * and not kept. A kept command buffer is submitted again only once its
 * last submission is done (it is not SIMULTANEOUS_USE), and only while
 * every buffer it names lives: a VkBuffer destroyed since it was recorded
 * (dev->buffers_destroyed, counting them all) ends it, since a handle may
 * come back for another buffer. Pipelines and layouts live as long as the
 * device. CAMP_REPLAY=0 turns it off: every batch is recorded, once, as
 * ONE_TIME_SUBMIT. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(VkBuffer) == sizeof(uint64_t) && sizeof(VkPipeline) == sizeof(uint64_t) &&
                   sizeof(VkPipelineLayout) == sizeof(uint64_t),
               "non-dispatchable handles fit a log word");

/* A command in the log: a header word (its kind, the words after it, and
 * the push constants' size), then its arguments. */
enum command_kind { COMMAND_BARRIER = 1, COMMAND_BIND, COMMAND_PUSH, COMMAND_DISPATCH, COMMAND_COPY };

/* Batches that log more (hundreds of kernels: nothing to gain) are
 * recorded directly from there on, and not kept. */
#define LOG_WORDS_MAX 1024u

struct camp_replay {
    bool enabled;  /* CAMP_REPLAY is not 0 and nothing is profiled */
    bool logging;  /* the open batch's commands go to `log` (else straight to its command buffer) */
    uint64_t *log; /* the open batch's */
    uint32_t count, capacity, emitted; /* words; emitted: recorded into its command buffer */
    /* The command buffer kept from the last batch recorded whole from its log. */
    VkCommandBuffer kept;
    uint64_t *kept_log;
    uint32_t kept_count, kept_capacity; /* kept_count 0: nothing to replay */
    uint64_t kept_serial;               /* the last batch that submitted it */
    uint64_t kept_destroyed;            /* dev->buffers_destroyed when it was recorded */
    uint64_t batches, replayed;         /* ended, and of them submitted again: CAMP_VERBOSE's */
};

camp_status camp_replay_create(camp_accelerator_view *q) {
    camp_replay *r = calloc(1, sizeof *r);
    if (!r) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    const char *knob = getenv("CAMP_REPLAY");
    r->enabled = !(knob && strcmp(knob, "0") == 0);
    q->replay = r;
    return CAMP_OK;
}

void camp_replay_destroy(camp_accelerator_view *q) {
    camp_replay *r = q->replay;
    if (!r) return;
    if (r->batches && q->dev->verbose)
        fprintf(stderr, "camp: accelerator view of device %u: %llu batches, %llu of them submitted again\n",
                q->dev->index, (unsigned long long)r->batches, (unsigned long long)r->replayed);
    if (r->kept) vkFreeCommandBuffers(q->dev->device, q->pool, 1, &r->kept);
    free(r->log);
    free(r->kept_log);
    free(r);
    q->replay = NULL;
}

/* ---- Recording the log --------------------------------------------------- */

static uint64_t handle_word(const void *handle) {
    uint64_t word;
    memcpy(&word, handle, sizeof word);
    return word;
}

/* Records the commands of words[0, n) into `commands`. */
static void emit(VkCommandBuffer commands, const uint64_t *words, uint32_t n) {
    for (uint32_t i = 0; i < n;) {
        uint64_t head = words[i];
        const uint64_t *a = words + i + 1;
        switch ((enum command_kind)(head & 0xff)) {
        case COMMAND_BARRIER: {
            VkMemoryBarrier barrier = {
                .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                .srcAccessMask = (VkAccessFlags)a[1],
                .dstAccessMask = (VkAccessFlags)(a[1] >> 32),
            };
            vkCmdPipelineBarrier(commands, (VkPipelineStageFlags)a[0], (VkPipelineStageFlags)(a[0] >> 32), 0, 1,
                                 &barrier, 0, NULL, 0, NULL);
            break;
        }
        case COMMAND_BIND: {
            VkPipeline pipeline;
            memcpy(&pipeline, &a[0], sizeof pipeline);
            vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
            break;
        }
        case COMMAND_PUSH: {
            VkPipelineLayout layout;
            memcpy(&layout, &a[0], sizeof layout);
            vkCmdPushConstants(commands, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, (uint32_t)(head >> 32), &a[1]);
            break;
        }
        case COMMAND_DISPATCH:
            vkCmdDispatch(commands, (uint32_t)a[0], (uint32_t)(a[0] >> 32), (uint32_t)a[1]);
            break;
        case COMMAND_COPY: {
            VkBuffer from, to;
            memcpy(&from, &a[0], sizeof from);
            memcpy(&to, &a[1], sizeof to);
            /* 1 GiB at a time: lavapipe copies a region as one gallium box,
             * whose width is an int (a 2 GiB region read past its buffer) */
            const VkDeviceSize most = (VkDeviceSize)1 << 30;
            for (VkDeviceSize done = 0; done < a[4]; done += most) {
                VkBufferCopy region = {a[2] + done, a[3] + done, a[4] - done < most ? a[4] - done : most};
                vkCmdCopyBuffer(commands, from, to, 1, &region);
            }
            break;
        }
        }
        i += 1 + (uint32_t)((head >> 8) & 0xffff);
    }
}

/* Records what the log holds and not the command buffer yet. */
static void flush(camp_accelerator_view *q) {
    camp_replay *r = q->replay;
    if (r->emitted == r->count) return; /* nothing new (and perhaps no log yet) */
    emit(q->open->commands, r->log + r->emitted, r->count - r->emitted);
    r->emitted = r->count;
}

VkCommandBuffer camp_replay_commands(camp_accelerator_view *q) {
    camp_replay *r = q->replay;
    if (r->logging) {
        flush(q);
        r->logging = false;
    }
    return q->open->commands;
}

/* Room for `n` more words in the log; false when the batch is recorded
 * directly from now on. */
static bool log_room(camp_replay *r, uint32_t n) {
    if (r->count + n <= r->capacity) return true;
    uint32_t capacity = r->capacity ? r->capacity : 256;
    while (capacity < r->count + n) capacity *= 2;
    if (capacity > LOG_WORDS_MAX) return false;
    uint64_t *grown = realloc(r->log, capacity * sizeof *grown);
    if (!grown) return false;
    r->log = grown;
    r->capacity = capacity;
    return true;
}

/* A command of `n` words (header first) into the open batch. */
static void command(camp_accelerator_view *q, const uint64_t *words, uint32_t n) {
    camp_replay *r = q->replay;
    if (r->logging && !log_room(r, n)) camp_replay_commands(q);
    if (!r->logging) {
        emit(q->open->commands, words, n);
        return;
    }
    memcpy(r->log + r->count, words, n * sizeof *words);
    r->count += n;
}

static uint64_t header(enum command_kind kind, uint32_t words, uint32_t extra) {
    return (uint64_t)kind | (uint64_t)words << 8 | (uint64_t)extra << 32;
}

void camp_cmd_barrier(camp_accelerator_view *q, VkPipelineStageFlags from, VkPipelineStageFlags to,
                      VkAccessFlags from_access, VkAccessFlags to_access) {
    uint64_t words[] = {header(COMMAND_BARRIER, 2, 0), from | (uint64_t)to << 32,
                        from_access | (uint64_t)to_access << 32};
    command(q, words, 3);
}

void camp_cmd_bind(camp_accelerator_view *q, VkPipeline pipeline) {
    uint64_t words[] = {header(COMMAND_BIND, 1, 0), handle_word(&pipeline)};
    command(q, words, 2);
}

void camp_cmd_push(camp_accelerator_view *q, VkPipelineLayout layout, const void *bytes, uint32_t size) {
    uint64_t words[2 + CAMP_PUSH_MAX / 8] = {0}; /* the tail of the last word zero: logs compare whole words */
    uint32_t n = 2 + (size + 7) / 8;
    words[0] = header(COMMAND_PUSH, n - 1, size);
    words[1] = handle_word(&layout);
    memcpy(&words[2], bytes, size);
    command(q, words, n);
}

void camp_cmd_dispatch(camp_accelerator_view *q, uint32_t x, uint32_t y, uint32_t z) {
    uint64_t words[] = {header(COMMAND_DISPATCH, 2, 0), x | (uint64_t)y << 32, z};
    command(q, words, 3);
}

void camp_cmd_copy(camp_accelerator_view *q, VkBuffer from, VkDeviceSize from_offset, VkBuffer to,
                   VkDeviceSize to_offset, VkDeviceSize bytes) {
    uint64_t words[] = {header(COMMAND_COPY, 5, 0), handle_word(&from), handle_word(&to), from_offset, to_offset,
                        bytes};
    command(q, words, 6);
}

/* ---- Batches ----------------------------------------------------------------- */

VkCommandBufferUsageFlags camp_replay_begin_flags(const camp_accelerator_view *q) {
    /* A command buffer that may be kept is submitted more than once. */
    return q->replay->enabled && !camp_rt.profiling ? 0 : VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
}

VkCommandBufferUsageFlags camp_replay_batch_begin(camp_accelerator_view *q) {
    camp_replay *r = q->replay;
    r->logging = r->enabled && !camp_rt.profiling;
    r->count = r->emitted = 0;
    return camp_replay_begin_flags(q);
}

/* Whether the kept command buffer records what the open batch logged,
 * and may be submitted now. */
static bool replayable(const camp_accelerator_view *q) {
    const camp_replay *r = q->replay;
    return r->logging && r->kept_count == r->count && r->kept_serial <= q->completed &&
           r->kept_destroyed == q->dev->buffers_destroyed &&
           (r->count == 0 || memcmp(r->kept_log, r->log, r->count * sizeof *r->log) == 0);
}

VkCommandBuffer camp_replay_batch_end(camp_accelerator_view *q, camp_batch *batch, VkResult *ended) {
    camp_replay *r = q->replay;
    r->batches++;
    if (replayable(q)) {
        /* The batch's own command buffer stays begun and empty, for its next use. */
        batch->begun_empty = true;
        batch->begun_flags = 0;
        r->kept_serial = batch->serial;
        r->replayed++;
        *ended = VK_SUCCESS;
        return r->kept;
    }
    flush(q);
    *ended = vkEndCommandBuffer(batch->commands);
    if (!r->logging || *ended < 0) return batch->commands;
    /* Kept in place of the last kept one, which the batch takes: done
     * when the batch is (submitted before it), it is reset at reuse. */
    VkCommandBuffer commands = batch->commands;
    batch->commands = r->kept;
    r->kept = commands;
    uint64_t *log = r->kept_log;
    uint32_t capacity = r->kept_capacity;
    r->kept_log = r->log, r->kept_capacity = r->capacity, r->kept_count = r->count;
    r->log = log, r->capacity = capacity, r->count = r->emitted = 0;
    r->kept_serial = batch->serial;
    r->kept_destroyed = q->dev->buffers_destroyed;
    return commands;
}

void camp_replay_forget(camp_accelerator_view *q) { q->replay->kept_count = 0; }
