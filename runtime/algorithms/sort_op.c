/* sort_op.c — the host side that the sorts of camp_sort_op.h's macro share
 * with the library: their argument checks and their futures
 * (launch_shape.h). The kernels themselves are the program's, written by
 * the macro in its own file. */
#include <camp_algorithms.h>

#include "launch_shape.h"

bool camp_sort_check_at(const void *data, size_t n, size_t data_size, const char *call, const char *file,
                        unsigned line) {
    return algo_count_fits(n, call, file, line) &&
           (!n || camp_memory_check_at(data, (long long)n, data_size, true, "data", call, file, line));
}

camp_future *camp_sort_queued_(void) { return algo_future(true); }
