/* host_threads.c — see host_threads.h. Workers sleep on a condition variable
 * between jobs rather than spin: on a CPU Vulkan device (lavapipe) the
 * driver's own threads need the cores. The lock taken when a slice ends also
 * orders its stores (including write-combined stores into mapped device
 * memory) before the caller returns. */
#define _POSIX_C_SOURCE 200809L
#include "host_threads.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SLICE_ALIGNMENT = 4096 };

typedef struct {
    host_threads *team;
    int index;
} worker;

struct host_threads {
    pthread_mutex_t lock;
    pthread_cond_t start, done;
    unsigned long generation; /* counts jobs; a change wakes the workers */
    bool stopping;
    int count;
    /* The current job. */
    host_slice_fn *fn;
    void *arg;
    size_t bytes, slice_bytes;
    int slices, pending; /* pending: worker slices not yet finished */
    pthread_t *threads;  /* count - 1 workers */
    worker *workers;
};

static void check(int error, const char *call) {
    if (!error) return;
    fprintf(stderr, "host_threads: %s: %s\n", call, strerror(error));
    exit(1);
}

static void run_slice(host_threads *team, int index) {
    size_t begin = (size_t)index * team->slice_bytes;
    size_t end = begin + team->slice_bytes < team->bytes ? begin + team->slice_bytes : team->bytes;
    if (begin < end) team->fn(team->arg, begin, end);
}

static void *work(void *arg) {
    worker *self = arg;
    host_threads *team = self->team;
    unsigned long seen = 0;
    pthread_mutex_lock(&team->lock);
    for (;;) {
        while (team->generation == seen && !team->stopping) pthread_cond_wait(&team->start, &team->lock);
        if (team->stopping) break;
        seen = team->generation;
        if (self->index >= team->slices) continue; /* this job has fewer slices than threads */
        pthread_mutex_unlock(&team->lock);
        run_slice(team, self->index);
        pthread_mutex_lock(&team->lock);
        if (--team->pending == 0) pthread_cond_signal(&team->done);
    }
    pthread_mutex_unlock(&team->lock);
    return NULL;
}

host_threads *host_threads_start(int count) {
    if (count < 1) return NULL;
    host_threads *team = calloc(1, sizeof *team);
    if (!team) return NULL;
    team->count = count;
    team->threads = calloc((size_t)count, sizeof *team->threads);
    team->workers = calloc((size_t)count, sizeof *team->workers);
    if (!team->threads || !team->workers) return NULL;
    check(pthread_mutex_init(&team->lock, NULL), "pthread_mutex_init");
    check(pthread_cond_init(&team->start, NULL), "pthread_cond_init");
    check(pthread_cond_init(&team->done, NULL), "pthread_cond_init");
    for (int i = 1; i < count; i++) {
        team->workers[i] = (worker){team, i};
        check(pthread_create(&team->threads[i], NULL, work, &team->workers[i]), "pthread_create");
    }
    return team;
}

void host_threads_stop(host_threads *team) {
    pthread_mutex_lock(&team->lock);
    team->stopping = true;
    pthread_cond_broadcast(&team->start);
    pthread_mutex_unlock(&team->lock);
    for (int i = 1; i < team->count; i++) check(pthread_join(team->threads[i], NULL), "pthread_join");
    pthread_cond_destroy(&team->done);
    pthread_cond_destroy(&team->start);
    pthread_mutex_destroy(&team->lock);
    free(team->workers);
    free(team->threads);
    free(team);
}

int host_threads_count(const host_threads *team) { return team->count; }

void host_threads_run(host_threads *team, size_t bytes, size_t min_slice, host_slice_fn *fn, void *arg) {
    size_t wanted = min_slice ? bytes / min_slice : bytes;
    int slices = wanted < 1 ? 1 : wanted < (size_t)team->count ? (int)wanted : team->count;
    size_t slice_bytes = (bytes + (size_t)slices - 1) / (size_t)slices;
    slice_bytes = (slice_bytes + SLICE_ALIGNMENT - 1) / SLICE_ALIGNMENT * SLICE_ALIGNMENT;
    slices = slice_bytes ? (int)((bytes + slice_bytes - 1) / slice_bytes) : 1;
    if (slices <= 1) { /* not worth waking anyone */
        if (bytes) fn(arg, 0, bytes);
        return;
    }
    pthread_mutex_lock(&team->lock);
    team->fn = fn;
    team->arg = arg;
    team->bytes = bytes;
    team->slice_bytes = slice_bytes;
    team->slices = slices;
    team->pending = slices - 1;
    team->generation++;
    pthread_cond_broadcast(&team->start);
    pthread_mutex_unlock(&team->lock);
    run_slice(team, 0);
    pthread_mutex_lock(&team->lock);
    while (team->pending > 0) pthread_cond_wait(&team->done, &team->lock);
    pthread_mutex_unlock(&team->lock);
}

typedef struct {
    char *dst;
    const char *src;
} copy_job;

static void copy_slice(void *arg, size_t begin, size_t end) {
    copy_job *job = arg;
    memcpy(job->dst + begin, job->src + begin, end - begin);
}

void host_threads_copy(host_threads *team, void *dst, const void *src, size_t bytes, size_t min_slice) {
    copy_job job = {dst, src};
    host_threads_run(team, bytes, min_slice, copy_slice, &job);
}
