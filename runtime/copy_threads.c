/* copy_threads.c — memcpy spread over several threads: one core copies far
 * less than the memory system and the bus carry (about 10 GB/s against
 * 30-50 GB/s on a PCIe 5 host), so large copies into and out of staging
 * memory are cut into parts, up to four per thread (none under 256 KiB
 * into staging memory, 64 KiB out of it), which the threads take as they
 * come. The calling thread copies parts too and returns when every part is
 * done.
 *
 * CAMP_COPY_THREADS=N sets the number of threads (1: the caller alone);
 * the default is one per online CPU, at most 16 (on the H100 host, 16
 * threads moved 46-51 GB/s into staging memory against 38-41 with 8).
 *
 * On x86-64, copies out of staging memory into the program's are written
 * with non-temporal stores: the bytes go to memory without first reading
 * the destination's lines into the caches (a copy this large does not stay
 * in them anyway), which leaves the host memory's bandwidth to the DMA that
 * fills the staging memory meanwhile. Copies into staging memory keep
 * memcpy: the DMA reads them next, from the caches where they still are.
 * CAMP_COPY_STREAM=0 uses memcpy for every copy, =1 streams every copy. */
#define _POSIX_C_SOURCE 200809L /* sysconf, clock_gettime */
#include "internal.h"

#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__x86_64__)
#include <emmintrin.h>
#endif

/* Below this, one memcpy: waking threads costs more than it saves. */
#define PARALLEL_ABOVE ((size_t)1 << 20)
/* Parts of copies into staging (or device) memory are at least this
 * large: a 1 MiB copy in is 4 parts, not one per thread. On an H100,
 * copies in of 1 MiB from malloc'd memory went at 17.1-17.4 GB/s against
 * 15.6-16.6 in 16 parts; copies out, whose DMA shares the memory with the
 * threads' streaming stores, went slower in fewer parts (4 MiB 16.3-16.6
 * against 19.5-19.6), so theirs may be smaller. */
#define PART_MIN_IN ((size_t)256 << 10)
#define PART_MIN_OUT ((size_t)64 << 10)
/* Parts per thread at most: the threads take parts as they come (the
 * caller first), so a thread that wakes late takes fewer, or none. */
#define PARTS_PER_THREAD 4u
#define MAX_THREADS 16
/* Parts start on page boundaries of the destination. */
#define PART_ALIGNMENT 4096u
/* How long threads told a copy is coming (camp_copy_threads_ready) stay
 * awake for it, polling, before they sleep again; and how long the caller
 * polls for the helpers' parts before it sleeps. Sleeping threads' wake-ups
 * were part of the memcpy phase of a 1 MiB copy out of staging on an H100
 * host (the DMA and its wait about 48 µs, the memcpy after it 37 µs);
 * woken early, such copies went at 12.8-13.3 GB/s against 7.0-11.4. */
#define READY_POLL_NS 200000LL
#define DONE_POLL_NS 100000LL
/* Only for copies up to this size: larger ones take long enough that a
 * wake-up is little of them, and 15 threads polling beside the DMA and
 * the caller's own poll slowed 8 MiB chunks down (copies out of 64 MiB
 * 20-45 GB/s against 44-45). */
#define READY_MAX ((size_t)4 << 20)

struct camp_copy_threads {
    pthread_mutex_t lock;
    pthread_cond_t work, done;
    pthread_t threads[MAX_THREADS];
    uint32_t thread_count; /* helper threads, besides the caller */
    _Atomic uint64_t generation; /* a new copy for the helpers */
    uint64_t readied;      /* camp_copy_threads_ready calls: a copy comes soon */
    /* The copy's generation (high half) and its next part to take (low
     * half): a helper still holding an older copy takes nothing. */
    _Atomic uint64_t ticket;
    _Atomic uint32_t finished; /* the copy's parts copied */
    bool stop;
    int stream_knob; /* CAMP_COPY_STREAM: 0 or 1, else -1 (the caller says) */
    struct copy_job {
        char *dst;
        const char *src;
        size_t bytes, part; /* parts of `part` bytes, the last shorter */
        uint32_t parts, generation;
        bool stream; /* written with non-temporal stores */
    } job;           /* under the lock */
};

#if defined(__x86_64__)
/* memcpy with non-temporal stores of 64 bytes at a time. */
static void stream_copy(char *dst, const char *src, size_t bytes) {
    size_t head = (16u - ((uintptr_t)dst & 15u)) & 15u;
    if (head > bytes) head = bytes;
    memcpy(dst, src, head);
    dst += head, src += head, bytes -= head;
    for (; bytes >= 64; dst += 64, src += 64, bytes -= 64) {
        __m128i a = _mm_loadu_si128((const __m128i *)src), b = _mm_loadu_si128((const __m128i *)(src + 16));
        __m128i c = _mm_loadu_si128((const __m128i *)(src + 32)), d = _mm_loadu_si128((const __m128i *)(src + 48));
        _mm_stream_si128((__m128i *)dst, a);
        _mm_stream_si128((__m128i *)(dst + 16), b);
        _mm_stream_si128((__m128i *)(dst + 32), c);
        _mm_stream_si128((__m128i *)(dst + 48), d);
    }
    _mm_sfence(); /* the stores are visible before the part is reported done */
    memcpy(dst, src, bytes);
}
#endif

/* A large copy's bytes, as the pool copies them. */
static void copy_bytes(bool stream, char *dst, const char *src, size_t bytes) {
#if defined(__x86_64__)
    if (stream) {
        stream_copy(dst, src, bytes);
        return;
    }
#else
    (void)stream;
#endif
    memcpy(dst, src, bytes);
}

/* Copies parts of `job` as long as any is left to take and no newer copy
 * has begun. */
static void copy_parts(struct camp_copy_threads *t, const struct copy_job *job) {
    uint64_t ticket = atomic_load(&t->ticket);
    while ((uint32_t)(ticket >> 32) == job->generation && (uint32_t)ticket < job->parts) {
        if (!atomic_compare_exchange_weak(&t->ticket, &ticket, ticket + 1)) continue;
        size_t start = (size_t)(uint32_t)ticket * job->part;
        size_t n = job->bytes - start < job->part ? job->bytes - start : job->part;
        copy_bytes(job->stream, job->dst + start, job->src + start, n);
        atomic_fetch_add(&t->finished, 1);
        ticket = atomic_load(&t->ticket);
    }
}

/* Polls, yielding the core, until *value is no longer `was` or `ns` pass. */
static void poll_change_64(_Atomic uint64_t *value, uint64_t was, long long ns) {
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    while (atomic_load(value) == was && camp_elapsed_ns(&start) < ns) sched_yield();
}

static void *helper(void *arg) {
    struct camp_copy_threads *t = arg;
    uint64_t seen = 0, readied = 0;
    pthread_mutex_lock(&t->lock);
    for (;;) {
        while (!t->stop && t->generation == seen && t->readied == readied) pthread_cond_wait(&t->work, &t->lock);
        if (t->stop) break;
        if (t->generation == seen) { /* a copy comes soon: awake for it */
            readied = t->readied;
            pthread_mutex_unlock(&t->lock);
            poll_change_64(&t->generation, seen, READY_POLL_NS);
            pthread_mutex_lock(&t->lock);
            continue;
        }
        seen = t->generation;
        struct copy_job job = t->job;
        pthread_mutex_unlock(&t->lock);
        copy_parts(t, &job);
        pthread_mutex_lock(&t->lock);
        pthread_cond_signal(&t->done); /* the caller may wait for the parts this thread copied */
    }
    pthread_mutex_unlock(&t->lock);
    return NULL;
}

static uint32_t threads_wanted(void) {
    const char *knob = getenv("CAMP_COPY_THREADS");
    long n = knob && *knob ? strtol(knob, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
    if (!(knob && *knob) && n > 16) n = 16;
    if (n < 1) n = 1;
    if (n > MAX_THREADS + 1) n = MAX_THREADS + 1;
    return (uint32_t)n;
}

camp_status camp_copy_threads_start(struct camp_copy_threads **out) {
    struct camp_copy_threads *t = calloc(1, sizeof *t);
    if (!t) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->work, NULL);
    pthread_cond_init(&t->done, NULL);
    const char *stream = getenv("CAMP_COPY_STREAM");
    t->stream_knob = stream && *stream ? strcmp(stream, "0") != 0 : -1;
    uint32_t wanted = threads_wanted() - 1;
    for (uint32_t i = 0; i < wanted; i++) {
        if (pthread_create(&t->threads[i], NULL, helper, t) != 0) break; /* fewer helpers: slower, still right */
        t->thread_count++;
    }
    *out = t;
    return CAMP_OK;
}

void camp_copy_threads_stop(struct camp_copy_threads *t) {
    if (!t) return;
    pthread_mutex_lock(&t->lock);
    t->stop = true;
    pthread_cond_broadcast(&t->work);
    pthread_mutex_unlock(&t->lock);
    for (uint32_t i = 0; i < t->thread_count; i++) pthread_join(t->threads[i], NULL);
    pthread_cond_destroy(&t->work);
    pthread_cond_destroy(&t->done);
    pthread_mutex_destroy(&t->lock);
    free(t);
}

void camp_parallel_memcpy(struct camp_copy_threads *t, void *dst, const void *src, size_t bytes, bool to_program) {
    if (!t || bytes < PARALLEL_ABOVE) {
        memcpy(dst, src, bytes);
        return;
    }
    bool stream = t->stream_knob >= 0 ? t->stream_knob : to_program;
    size_t part = bytes / ((t->thread_count + 1) * PARTS_PER_THREAD), least = to_program ? PART_MIN_OUT : PART_MIN_IN;
    if (part < least) part = least;
    part = (part + PART_ALIGNMENT - 1) / PART_ALIGNMENT * PART_ALIGNMENT;
    if (part >= bytes) {
        copy_bytes(stream, dst, src, bytes);
        return;
    }
    pthread_mutex_lock(&t->lock);
    t->generation++;
    t->job = (struct copy_job){dst, src, bytes, part, (uint32_t)((bytes + part - 1) / part), (uint32_t)t->generation,
                               stream};
    atomic_store(&t->finished, 0);
    atomic_store(&t->ticket, (uint64_t)t->job.generation << 32);
    struct copy_job job = t->job;
    pthread_cond_broadcast(&t->work);
    pthread_mutex_unlock(&t->lock);
    copy_parts(t, &job);
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    while (atomic_load(&t->finished) < job.parts && camp_elapsed_ns(&start) < DONE_POLL_NS) sched_yield();
    pthread_mutex_lock(&t->lock);
    while (atomic_load(&t->finished) < job.parts) pthread_cond_wait(&t->done, &t->lock);
    pthread_mutex_unlock(&t->lock);
}

void camp_copy_threads_ready(struct camp_copy_threads *t, size_t bytes) {
    if (!t || !t->thread_count || bytes < PARALLEL_ABOVE || bytes > READY_MAX) return;
    pthread_mutex_lock(&t->lock);
    t->readied++;
    pthread_cond_broadcast(&t->work);
    pthread_mutex_unlock(&t->lock);
}
