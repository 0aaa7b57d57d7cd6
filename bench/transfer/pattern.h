/* pattern.h — the bytes vk_transfer moves: 32-bit words that depend on
 * their position and on a seed, so a copy that was skipped, stale (another
 * seed), misplaced or torn is caught by comparing every byte. */
#ifndef PATTERN_H
#define PATTERN_H

#include "host_threads.h"

#include <stddef.h>
#include <stdint.h>

/* Writes the pattern of `seed` over `bytes` (a multiple of 4) at `data`. */
void pattern_fill(host_threads *team, void *data, size_t bytes, uint32_t seed, size_t min_slice);

/* The offset of the first word at `data` that differs from the pattern of
 * `seed`, or SIZE_MAX if all `bytes` match; *got and *wanted: that word. */
size_t pattern_mismatch(host_threads *team, const void *data, size_t bytes, uint32_t seed, size_t min_slice,
                        uint32_t *got, uint32_t *wanted);

#endif
