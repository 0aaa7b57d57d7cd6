/* host_threads.h — a fixed team of host threads that share out one byte
 * range: the memcpy, fill and check work of vk_transfer's paths, spread over
 * cores as a runtime copying for a program would spread it. */
#ifndef HOST_THREADS_H
#define HOST_THREADS_H

#include <stddef.h>

/* Work on bytes [begin, end) of the job's range. */
typedef void host_slice_fn(void *arg, size_t begin, size_t end);

typedef struct host_threads host_threads;

/* A team of `count` threads, the calling thread included (count >= 1). */
host_threads *host_threads_start(int count);
void host_threads_stop(host_threads *team);
int host_threads_count(const host_threads *team);

/* Runs `fn` over [0, bytes) in slices of at least `min_slice` bytes (slices
 * start at multiples of 4096), one per thread at most, the first on the
 * calling thread; returns when every slice is done. */
void host_threads_run(host_threads *team, size_t bytes, size_t min_slice, host_slice_fn *fn, void *arg);

/* memcpy over the team. */
void host_threads_copy(host_threads *team, void *dst, const void *src, size_t bytes, size_t min_slice);

#endif
