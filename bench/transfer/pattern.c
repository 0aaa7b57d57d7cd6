/* pattern.c — see pattern.h. Word i of seed s is a bijection of i + s * K
 * (K odd), so two seeds differ at every word and, within 16 GiB, no two
 * positions hold the same word. */
#include "pattern.h"

#include <stdatomic.h>

static uint32_t pattern_word(size_t index, uint32_t seed) {
    uint32_t x = (uint32_t)index + seed * 0x9E3779B1u;
    x ^= x >> 16;
    x *= 0x85EBCA6Bu; /* odd: invertible */
    return x ^ (x >> 13);
}

typedef struct {
    char *data;
    uint32_t seed;
} fill_job;

static void fill_slice(void *arg, size_t begin, size_t end) {
    fill_job *job = arg;
    uint32_t *words = (uint32_t *)(job->data + begin);
    size_t first = begin / 4, count = (end - begin) / 4;
    for (size_t i = 0; i < count; i++) words[i] = pattern_word(first + i, job->seed);
}

void pattern_fill(host_threads *team, void *data, size_t bytes, uint32_t seed, size_t min_slice) {
    fill_job job = {data, seed};
    host_threads_run(team, bytes, min_slice, fill_slice, &job);
}

typedef struct {
    const char *data;
    uint32_t seed;
    _Atomic size_t first_bad;
} check_job;

static void check_slice(void *arg, size_t begin, size_t end) {
    check_job *job = arg;
    const uint32_t *words = (const uint32_t *)(job->data + begin);
    size_t first = begin / 4, count = (end - begin) / 4;
    for (size_t i = 0; i < count; i++) {
        if (words[i] == pattern_word(first + i, job->seed)) continue;
        size_t bad = begin + 4 * i, known = atomic_load(&job->first_bad);
        while (bad < known && !atomic_compare_exchange_weak(&job->first_bad, &known, bad)) {}
        return;
    }
}

size_t pattern_mismatch(host_threads *team, const void *data, size_t bytes, uint32_t seed, size_t min_slice,
                        uint32_t *got, uint32_t *wanted) {
    check_job job = {data, seed, SIZE_MAX};
    host_threads_run(team, bytes, min_slice, check_slice, &job);
    size_t bad = atomic_load(&job.first_bad);
    if (bad != SIZE_MAX) {
        *got = ((const uint32_t *)data)[bad / 4];
        *wanted = pattern_word(bad / 4, seed);
    }
    return bad;
}
