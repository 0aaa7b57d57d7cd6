/* profile.c — CAMP_PROFILE: where a program's time goes. Kernels are timed
 * on the device by timestamp queries written around their dispatches (a
 * query pool per batch, read once the batch is done); copies and waits are
 * timed on the host; pipeline creation is timed around
 * vkCreateComputePipelines, with the pipeline cache's hits from
 * VK_EXT_pipeline_creation_feedback. The table goes to stderr at exit and
 * on camp_profile_print(). CAMP_TRACE (trace.c) gets the same events with
 * their times. Objects and markers get VK_EXT_debug_utils names and labels
 * whenever the instance has the extension. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum profile_mode { PROFILE_OFF, PROFILE_TABLE, PROFILE_CSV };
enum { STATISTICS_TEXT = 512 };
typedef struct camp_kernel_stats {
    const camp_kernel_info *kernel;
    uint64_t launches, timed, total_ns, min_ns, max_ns;
    uint64_t pipelines, pipeline_ns, cache_hits;
    char statistics[STATISTICS_TEXT]; /* the driver's, of its first pipeline ("" where it gives none) */
} kernel_stats;

static _Thread_local uint64_t thread_wait_ns; /* the calling thread's waits so far */

uint64_t camp_profile_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* ---- Settings --------------------------------------------------------------- */

static void print_at_exit(void) {
    if (camp_rt.forked) return; /* the parent's counts and trace file: the parent prints and closes them */
    camp_profile_print();
    camp_trace_close();
}

bool camp_profile_init(void) {
    if (camp_rt.profile.initialised) return camp_rt.profiling;
    camp_rt.profile.initialised = true;
    const char *profile = getenv("CAMP_PROFILE");
    if (profile && *profile && strcmp(profile, "0") != 0) {
        if (strcmp(profile, "1") == 0) camp_rt.profile.mode = PROFILE_TABLE;
        else if (strcmp(profile, "csv") == 0) camp_rt.profile.mode = PROFILE_CSV;
        else
            fprintf(stderr, "camp warning: CAMP_PROFILE=%s is not 1, csv or 0; profiling stays off\n", profile);
    }
    const char *trace = getenv("CAMP_TRACE");
    if (trace && *trace) camp_trace_open(trace);
    camp_rt.profiling = camp_rt.profile.mode != PROFILE_OFF || camp_trace_on();
    /* Registered before the runtime's own camp_shutdown at exit, so it runs
     * after it: every batch is done and read by then. */
    if (camp_rt.profiling) atexit(print_at_exit);
    return camp_rt.profiling;
}

#if defined(__GNUC__)
/* At load, so that the program's first call is traced too. */
__attribute__((constructor)) static void profile_at_load(void) { camp_profile_init(); }
#endif

/* ---- Debug names and labels ------------------------------------------------- */

void camp_debug_name(const camp_device *dev, VkObjectType type, uint64_t handle, const char *name) {
    if (!dev->vk.vkSetDebugUtilsObjectNameEXT) return;
    VkDebugUtilsObjectNameInfoEXT info = {
        .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT,
        .objectType = type,
        .objectHandle = handle,
        .pObjectName = name,
    };
    (void)dev->vk.vkSetDebugUtilsObjectNameEXT(dev->device, &info); /* a name is only a help */
}

/* ---- Device ----------------------------------------------------------------- */

/* ---- Statistics ------------------------------------------------------------- */

/* The kernel's entry in the table (stats_lock held); NULL without memory. */
static kernel_stats *stats_of(const camp_kernel_info *kernel) {
    for (uint32_t i = 0; i < camp_rt.profile.kernel_count; i++)
        if (camp_rt.profile.kernels[i].kernel == kernel) return &camp_rt.profile.kernels[i];
    if (camp_rt.profile.kernel_count == camp_rt.profile.kernel_capacity) {
        uint32_t capacity = camp_rt.profile.kernel_capacity ? camp_rt.profile.kernel_capacity * 2 : 16;
        kernel_stats *grown = realloc(camp_rt.profile.kernels, capacity * sizeof *grown);
        if (!grown) return NULL;
        camp_rt.profile.kernels = grown;
        camp_rt.profile.kernel_capacity = capacity;
    }
    kernel_stats *s = &camp_rt.profile.kernels[camp_rt.profile.kernel_count++];
    memset(s, 0, sizeof *s);
    s->kernel = kernel;
    s->min_ns = UINT64_MAX;
    return s;
}

void camp_profile_launch_begin(void) {
    const camp_kernel_info *kernel = camp_call.kernel;
    /* Only for the trace: the clock costs a system call on some hosts. */
    if (camp_trace_on()) camp_trace_begin(camp_profile_now(), "launch", kernel->file, kernel->line, kernel->entry);
}

void camp_profile_launch_end(void) {
    if (camp_trace_on()) camp_trace_end(camp_profile_now());
}

/* A host event of the call: at the call's source line, else the kernel's being launched. */
static void begin_call_event(uint64_t now, const char *name, const char *detail) {
    const camp_kernel_info *kernel = camp_call.kernel;
    if (!camp_call.file && kernel) camp_trace_begin(now, name, kernel->file, kernel->line, detail);
    else camp_trace_begin(now, name, camp_call.file, camp_call.line, detail);
}

camp_profile_span camp_profile_copy_begin(enum camp_copy_direction direction, size_t bytes) {
    uint64_t now = camp_profile_now();
    char detail[32];
    snprintf(detail, sizeof detail, "%zu bytes", bytes);
    begin_call_event(now, direction == CAMP_COPY_IN ? "copy in" : "copy out", detail);
    return (camp_profile_span){now, thread_wait_ns};
}

void camp_profile_copy_end(enum camp_copy_direction direction, size_t bytes, camp_profile_span span) {
    uint64_t now = camp_profile_now();
    camp_trace_end(now);
    uint64_t waited = thread_wait_ns - span.waits_before;
    pthread_mutex_lock(&camp_rt.profile.stats_lock);
    camp_rt.profile.copies[direction].count++;
    camp_rt.profile.copies[direction].bytes += bytes;
    camp_rt.profile.copies[direction].ns += now - span.start - waited;
    camp_rt.profile.copies[direction].waited_ns += waited;
    pthread_mutex_unlock(&camp_rt.profile.stats_lock);
}

uint64_t camp_profile_wait_begin(void) {
    uint64_t now = camp_profile_now();
    begin_call_event(now, "wait", NULL);
    return now;
}

void camp_profile_wait_end(uint64_t start) {
    uint64_t now = camp_profile_now();
    camp_trace_end(now);
    thread_wait_ns += now - start;
    pthread_mutex_lock(&camp_rt.profile.stats_lock);
    camp_rt.profile.waits++;
    camp_rt.profile.wait_ns += now - start;
    pthread_mutex_unlock(&camp_rt.profile.stats_lock);
}

void camp_profile_host_span(const char *what, uint64_t start) {
    camp_trace_begin(start, what, camp_call.file, camp_call.line, NULL);
    camp_trace_end(camp_profile_now());
}

/* The driver's statistics of `pipeline`'s first executable (registers,
 * shared memory, instructions: each driver its own), as "name value, ..."
 * in `text`; "" where the driver gives none. */
static void pipeline_statistics(const camp_device *dev, VkPipeline pipeline, char *text, size_t size) {
    text[0] = '\0';
    if (!dev->vk.vkGetPipelineExecutableStatisticsKHR) return;
    VkPipelineExecutableInfoKHR executable = {.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR,
                                              .pipeline = pipeline};
    VkPipelineExecutableStatisticKHR statistics[32];
    uint32_t count = sizeof statistics / sizeof *statistics;
    for (uint32_t i = 0; i < count; i++)
        statistics[i] = (VkPipelineExecutableStatisticKHR){.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR};
    if (dev->vk.vkGetPipelineExecutableStatisticsKHR(dev->device, &executable, &count, statistics) < 0) return;
    size_t used = 0;
    for (uint32_t i = 0; i < count && used < size; i++) {
        const VkPipelineExecutableStatisticKHR *st = &statistics[i];
        const char *comma = used ? ", " : "";
        int n = 0;
        switch (st->format) {
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR:
            n = snprintf(text + used, size - used, "%s%s %s", comma, st->name, st->value.b32 ? "yes" : "no");
            break;
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR:
            n = snprintf(text + used, size - used, "%s%s %lld", comma, st->name, (long long)st->value.i64);
            break;
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR:
            n = snprintf(text + used, size - used, "%s%s %llu", comma, st->name, (unsigned long long)st->value.u64);
            break;
        case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_FLOAT64_KHR:
            n = snprintf(text + used, size - used, "%s%s %g", comma, st->name, st->value.f64);
            break;
        default:
            break;
        }
        if (n < 0) break;
        used += (size_t)n;
    }
}

void camp_profile_pipeline_created(const camp_device *dev, const camp_kernel_info *kernel, VkPipeline pipeline,
                                   uint64_t start, int cache_hit) {
    char name[512];
    snprintf(name, sizeof name, "%s:%u %s", kernel->file ? kernel->file : "?", kernel->line, kernel->entry);
    camp_debug_name(dev, VK_OBJECT_TYPE_PIPELINE, (uint64_t)pipeline, name);
    if (!camp_rt.profiling) return;
    uint64_t now = camp_profile_now();
    camp_trace_begin(start, "create pipeline", kernel->file, kernel->line, cache_hit > 0 ? "cache hit" : NULL);
    camp_trace_end(now);
    char statistics[STATISTICS_TEXT];
    pipeline_statistics(dev, pipeline, statistics, sizeof statistics);
    pthread_mutex_lock(&camp_rt.profile.stats_lock);
    kernel_stats *s = stats_of(kernel);
    if (s) {
        if (!s->pipelines) memcpy(s->statistics, statistics, sizeof statistics);
        s->pipelines++;
        s->pipeline_ns += now - start;
        s->cache_hits += cache_hit > 0;
    }
    pthread_mutex_unlock(&camp_rt.profile.stats_lock);
}

/* ---- Device timestamps ------------------------------------------------------ */

/* Commands timed per batch; later ones in a fuller batch are counted untimed. */
#define TIMED_PER_BATCH 256u

/* A timed command: a kernel, or (kernel NULL) a copy. */
typedef struct timed_command {
    const camp_kernel_info *kernel;
    uint64_t flow; /* the trace's arrow from the launch to the kernel */
    enum camp_copy_direction direction;
    size_t bytes;
    uint32_t begin_query, end_query; /* its timestamps in the pool */
} timed_command;

struct camp_profile_batch {
    VkQueryPool pool; /* at most two timestamps per timed command */
    uint32_t used;    /* timed commands */
    uint32_t queries; /* timestamps written */
    /* The last timed command's end timestamp (UINT32_MAX: none yet), and
     * the view's open_commands then: a timed command right after it begins
     * at that timestamp instead of writing one of its own (each timestamp
     * cost a tiny kernel a quarter of a microsecond on an H100). */
    uint32_t chain_end, chain_commands;
    uint64_t submitted; /* host time of the submission (the fallback calibration) */
    timed_command timed[TIMED_PER_BATCH];
};

/* The next timestamp of the batch's pool, reset first unless the host
 * resets them when the batch is done. */
static uint32_t next_query(camp_accelerator_view *q, struct camp_profile_batch *p, VkCommandBuffer commands) {
    uint32_t query = p->queries++;
    if (!q->dev->host_query_reset) vkCmdResetQueryPool(commands, p->pool, query, 1);
    return query;
}

/* A slot of the open batch's timestamps, its begin written; UINT32_MAX:
 * untimed (no timestamps on the queue, no memory, or the batch is full). */
static uint32_t timed_begin(camp_accelerator_view *q, VkCommandBuffer commands) {
    camp_batch *batch = q->open;
    if (!q->timestamp_bits) return UINT32_MAX;
    if (!batch->profile) {
        struct camp_profile_batch *p = calloc(1, sizeof *p);
        VkQueryPoolCreateInfo info = {
            .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
            .queryType = VK_QUERY_TYPE_TIMESTAMP,
            .queryCount = 2 * TIMED_PER_BATCH,
        };
        if (!p || vkCreateQueryPool(q->dev->device, &info, NULL, &p->pool) < 0) {
            free(p);
            return UINT32_MAX;
        }
        if (q->dev->host_query_reset) vkResetQueryPool(q->dev->device, p->pool, 0, info.queryCount);
        p->chain_end = UINT32_MAX;
        batch->profile = p;
    }
    struct camp_profile_batch *p = batch->profile;
    if (p->used == TIMED_PER_BATCH) return UINT32_MAX;
    uint32_t slot = p->used++;
    timed_command *t = &p->timed[slot];
    if (p->chain_end != UINT32_MAX && q->open_commands == p->chain_commands + 1) {
        t->begin_query = p->chain_end;
        return slot;
    }
    t->begin_query = next_query(q, p, commands);
    vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, p->pool, t->begin_query);
    return slot;
}

/* Timestamps between tiny kernels recorded back to back cost an H100
 * about 0.3 us per kernel (+13% on a 2.3 us kernel), whether one kernel
 * in 1 or in 8 is timed; one in 64 costs about 3%. So a batch's first
 * TIMED_FIRST kernels are timed, then any kernel whose mean so far is at
 * least TIMED_LONG_NS (where the timestamps cost under 2%), and one launch
 * in TIMED_SAMPLE of the others; the table scales the sampled ones. A
 * trace shows every launch on its device track: all are timed. */
#define TIMED_FIRST 16u
#define TIMED_LONG_NS 20000u
#define TIMED_SAMPLE 64u

static bool worth_timing(const camp_accelerator_view *q, const kernel_stats *s) {
    const struct camp_profile_batch *p = q->open->profile;
    if (!p || p->used < TIMED_FIRST || !s || camp_trace_on()) return true;
    if (s->timed && s->total_ns / s->timed >= TIMED_LONG_NS) return true;
    return s->launches % TIMED_SAMPLE == 0;
}

uint32_t camp_profile_kernel_begin(camp_accelerator_view *q, VkCommandBuffer commands) {
    const camp_kernel_info *kernel = camp_call.kernel;
    pthread_mutex_lock(&camp_rt.profile.stats_lock);
    kernel_stats *s = stats_of(kernel);
    if (s) s->launches++;
    bool timed = worth_timing(q, s);
    pthread_mutex_unlock(&camp_rt.profile.stats_lock);
    if (!timed) return UINT32_MAX;
    uint32_t slot = timed_begin(q, commands);
    if (slot == UINT32_MAX) return slot;
    struct camp_profile_batch *p = q->open->profile;
    p->timed[slot].kernel = kernel;
    p->timed[slot].flow = ++camp_rt.profile.flows;
    if (camp_trace_on()) camp_trace_flow(camp_profile_now(), p->timed[slot].flow);
    return slot;
}

/* Bytes of the copies recorded for the device and not done yet (under
 * stats_lock, which also keeps the counter's samples in order). */

static void count_in_flight(int64_t delta) {
    pthread_mutex_lock(&camp_rt.profile.stats_lock);
    camp_rt.profile.copies_in_flight += delta;
    camp_trace_counter("copies in flight", "MiB", (double)camp_rt.profile.copies_in_flight / (1 << 20));
    pthread_mutex_unlock(&camp_rt.profile.stats_lock);
}

void camp_profile_copies_done(camp_batch *batch) {
    count_in_flight(-(int64_t)batch->copy_bytes);
    batch->copy_bytes = 0;
}

uint32_t camp_profile_device_copy_begin(camp_accelerator_view *q, VkCommandBuffer commands,
                                        enum camp_copy_direction direction, size_t bytes) {
    if (camp_trace_on()) { /* the counter is the trace's alone */
        q->open->copy_bytes += bytes;
        count_in_flight((int64_t)bytes);
    }
    uint32_t slot = timed_begin(q, commands);
    if (slot != UINT32_MAX) {
        timed_command *t = &q->open->profile->timed[slot];
        t->kernel = NULL;
        t->flow = 0;
        t->direction = direction;
        t->bytes = bytes;
    }
    return slot;
}

void camp_profile_timed_end(camp_accelerator_view *q, VkCommandBuffer commands, uint32_t slot) {
    if (slot == UINT32_MAX) return;
    struct camp_profile_batch *p = q->open->profile;
    timed_command *t = &p->timed[slot];
    t->end_query = next_query(q, p, commands);
    vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, p->pool, t->end_query);
    p->chain_end = t->end_query;
    p->chain_commands = q->open_commands;
}

void camp_profile_batch_submitted(camp_batch *batch) {
    if (batch->profile) batch->profile->submitted = camp_profile_now();
}

/* Calibrations are this far apart at least: reading the two clocks together
 * cost a round trip on an H100 several microseconds, and the clocks drift
 * apart by far less than a microsecond in this time. */
#define CALIBRATION_EVERY_NS 100000000ull

/* A device tick and the host time it corresponds to: read together through
 * VK_EXT_calibrated_timestamps (at most every CALIBRATION_EVERY_NS), else
 * the batch's first timestamp taken as its submission's host time (the
 * device starts it no earlier; trace.c keeps each queue's events in order). */
static void calibrate(camp_device *dev, const struct camp_profile_batch *p, uint64_t first_tick, uint64_t *tick,
                      uint64_t *host) {
    if (dev->vk.vkGetCalibratedTimestampsEXT && dev->anchor_host &&
        p->submitted < dev->anchor_host + CALIBRATION_EVERY_NS) {
        *tick = dev->anchor_tick;
        *host = dev->anchor_host;
        return;
    }
    if (dev->vk.vkGetCalibratedTimestampsEXT) {
        VkCalibratedTimestampInfoEXT info[2] = {
            {.sType = VK_STRUCTURE_TYPE_CALIBRATED_TIMESTAMP_INFO_EXT, .timeDomain = VK_TIME_DOMAIN_DEVICE_EXT},
            {.sType = VK_STRUCTURE_TYPE_CALIBRATED_TIMESTAMP_INFO_EXT, .timeDomain = VK_TIME_DOMAIN_CLOCK_MONOTONIC_EXT},
        };
        uint64_t values[2], deviation;
        if (dev->vk.vkGetCalibratedTimestampsEXT(dev->device, 2, info, values, &deviation) >= 0) {
            *tick = dev->anchor_tick = values[0];
            *host = dev->anchor_host = values[1];
            return;
        }
    }
    *tick = first_tick;
    *host = p->submitted;
}

void camp_profile_batch_done(camp_accelerator_view *q, camp_batch *batch) {
    struct camp_profile_batch *p = batch->profile;
    uint32_t used = p->used, queries = p->queries;
    p->used = p->queries = 0;
    p->chain_end = UINT32_MAX;
    if (!used) return;
    camp_device *dev = q->dev;
    uint64_t ticks[2 * TIMED_PER_BATCH];
    VkResult read = vkGetQueryPoolResults(dev->device, p->pool, 0, queries, sizeof ticks, ticks, sizeof *ticks,
                                          VK_QUERY_RESULT_64_BIT);
    if (dev->host_query_reset) vkResetQueryPool(dev->device, p->pool, 0, queries);
    if (read != VK_SUCCESS) return;
    uint64_t mask = q->timestamp_bits >= 64 ? UINT64_MAX : (UINT64_C(1) << q->timestamp_bits) - 1;
    double period = dev->properties.limits.timestampPeriod; /* ns per tick */
    uint64_t anchor_tick, anchor_host;
    calibrate(dev, p, ticks[0] & mask, &anchor_tick, &anchor_host);
    for (uint32_t i = 0; i < used; i++) {
        const timed_command *c = &p->timed[i];
        uint64_t begin = ticks[c->begin_query] & mask, end = ticks[c->end_query] & mask;
        uint64_t ns = end > begin ? (uint64_t)((double)(end - begin) * period) : 0;
        double offset = ((double)(int64_t)(begin - anchor_tick)) * period;
        uint64_t start = (uint64_t)((double)anchor_host + offset);
        if (!c->kernel) {
            char name[64];
            snprintf(name, sizeof name, "copy %s %zu bytes", c->direction == CAMP_COPY_IN ? "in" : "out", c->bytes);
            camp_trace_device(q, dev->name, name, NULL, 0, 0, start, ns);
            continue;
        }
        pthread_mutex_lock(&camp_rt.profile.stats_lock);
        kernel_stats *s = stats_of(c->kernel);
        if (s) {
            s->timed++;
            s->total_ns += ns;
            if (ns < s->min_ns) s->min_ns = ns;
            if (ns > s->max_ns) s->max_ns = ns;
        }
        pthread_mutex_unlock(&camp_rt.profile.stats_lock);
        camp_trace_device(q, dev->name, c->kernel->entry, c->kernel->file, c->kernel->line, c->flow, start, ns);
    }
}

void camp_profile_batch_free(camp_accelerator_view *q, camp_batch *batch) {
    vkDestroyQueryPool(q->dev->device, batch->profile->pool, NULL);
    free(batch->profile);
    batch->profile = NULL;
}

/* ---- The table ---------------------------------------------------------------- */

/* Device time of all the kernel's launches: the mean of the timed ones
 * times the launches (the same as their sum when every launch is timed). */
static double total_ns(const kernel_stats *s) {
    return s->timed ? (double)s->total_ns / (double)s->timed * (double)s->launches : 0;
}

static int by_total(const void *a, const void *b) {
    double x = total_ns(a), y = total_ns(b);
    return x < y ? 1 : x > y ? -1 : 0;
}

static double ms(double ns) { return ns / 1e6; }

static void print_kernel(const kernel_stats *s) {
    const camp_kernel_info *k = s->kernel;
    char where[512];
    snprintf(where, sizeof where, "%s:%u", k->file ? k->file : "?", k->line);
    uint64_t mean = s->timed ? s->total_ns / s->timed : 0, min = s->timed ? s->min_ns : 0;
    if (camp_rt.profile.mode == PROFILE_CSV)
        fprintf(stderr, "kernel,%s,%s,%llu,%llu,%.6f,%.6f,%.6f,%.6f,%llu,%.6f,%llu,,,\n", where, k->entry,
                (unsigned long long)s->launches, (unsigned long long)s->timed, ms(total_ns(s)), ms(mean), ms(min),
                ms(s->max_ns), (unsigned long long)s->pipelines, ms(s->pipeline_ns),
                (unsigned long long)s->cache_hits);
    else
        fprintf(stderr, "%-32s %-16s %8llu %12.3f %10.3f %10.3f %10.3f %6llu %9.3f %5llu\n", where, k->entry,
                (unsigned long long)s->launches, ms(total_ns(s)), ms(mean), ms(min), ms(s->max_ns),
                (unsigned long long)s->pipelines, ms(s->pipeline_ns), (unsigned long long)s->cache_hits);
}

/* The driver's statistics of each kernel's pipeline, in the table's
 * order, where it gave any (the table's alone: CSV rows have fixed columns). */
static void print_statistics(const kernel_stats *sorted, uint32_t count) {
    if (camp_rt.profile.mode == PROFILE_CSV) return;
    for (uint32_t i = 0; sorted && i < count; i++) {
        const kernel_stats *s = &sorted[i];
        if (!s->statistics[0]) continue;
        fprintf(stderr, "  %s:%u %s: %s\n", s->kernel->file ? s->kernel->file : "?", s->kernel->line,
                s->kernel->entry, s->statistics);
    }
}

static void print_copies(enum camp_copy_direction d) {
    const char *name = d == CAMP_COPY_IN ? "host to device" : "device to host";
    const struct camp_copy_stats *c = &camp_rt.profile.copies[d];
    double seconds = (double)c->ns / 1e9;
    double rate = seconds > 0 ? (double)c->bytes / seconds / 1e9 : 0;
    if (camp_rt.profile.mode == PROFILE_CSV)
        fprintf(stderr, "copy,%s,,%llu,,%.6f,,,,,,,%llu,%.3f,%.6f\n", name, (unsigned long long)c->count, ms(c->ns),
                (unsigned long long)c->bytes, rate, ms(c->waited_ns));
    else
        fprintf(stderr, "copies %-14s %8llu copies %14llu bytes %12.3f ms %9.2f GB/s, and %.3f ms waiting in them\n",
                name, (unsigned long long)c->count, (unsigned long long)c->bytes, ms(c->ns), rate, ms(c->waited_ns));
}

void camp_profile_print(void) {
    camp_profile_state *ps = &camp_rt.profile;
    if (ps->mode == PROFILE_OFF) return;
    pthread_mutex_lock(&ps->stats_lock);
    kernel_stats *sorted = malloc((ps->kernel_count ? ps->kernel_count : 1) * sizeof *sorted);
    if (sorted) {
        memcpy(sorted, ps->kernels, ps->kernel_count * sizeof *sorted);
        qsort(sorted, ps->kernel_count, sizeof *sorted, by_total);
    }
    if (ps->mode == PROFILE_CSV)
        fprintf(stderr, "what,where,entry,launches,timed,total_ms,mean_ms,min_ms,max_ms,pipelines,pipeline_ms,"
                        "cache_hits,bytes,gb_per_s,waited_ms\n");
    else
        fprintf(stderr,
                "camp profile (device times of kernels; host times of copies, waits and pipeline creation)\n"
                "%-32s %-16s %8s %12s %10s %10s %10s %6s %9s %5s\n",
                "kernel", "entry", "launches", "total ms", "mean ms", "min ms", "max ms", "pipes", "pipe ms", "hits");
    for (uint32_t i = 0; sorted && i < ps->kernel_count; i++) print_kernel(&sorted[i]);
    print_statistics(sorted, ps->kernel_count);
    print_copies(CAMP_COPY_IN);
    print_copies(CAMP_COPY_OUT);
    if (ps->mode == PROFILE_CSV)
        fprintf(stderr, "wait,host,,%llu,,%.6f,,,,,,,,,\n", (unsigned long long)ps->waits, ms(ps->wait_ns));
    else
        fprintf(stderr, "host blocked in waits %8llu waits %12.3f ms\n", (unsigned long long)ps->waits,
                ms(ps->wait_ns));
    pthread_mutex_unlock(&ps->stats_lock);
    fflush(stderr);
    free(sorted);
}
