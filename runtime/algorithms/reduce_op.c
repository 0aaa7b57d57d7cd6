/* reduce_op.c — the host side that the reductions of camp_reduce_op.h's
 * macros share with the library: their argument checks, their launch
 * shape and their futures (launch_shape.h). The kernels themselves are
 * the program's, written by the macros in its own file. */
#include <camp_algorithms.h>

#include "launch_shape.h"

_Static_assert(CAMP_REDUCE_TILE_ == ALGO_TILE, "the macros' tiles are the library's");

bool camp_reduce_plan_at(const void *data, size_t n, size_t data_size, const void *result, size_t result_size,
                         camp_reduce_plan_ *plan, const char *call, const char *file, unsigned line) {
    if (!algo_count_fits(n, call, file, line) ||
        (n && !camp_memory_check_at(data, (long long)n, data_size, false, "data", call, file, line)) ||
        (result_size && !camp_memory_check_at(result, 1, result_size, true, "result", call, file, line)))
        return false;
    /* each tile at least a round of its subgroups' (4 elements a thread) */
    plan->tiles = n ? algo_tiles(n, ALGO_TILE * CAMP_REDUCE_LANE_ELEMENTS_) : 0;
    plan->chunk = n ? (int)((n + (size_t)plan->tiles - 1) / (size_t)plan->tiles) : 0;
    plan->subgroups = camp_view_has_features(camp_current_view(), CAMP_FEATURE_SUBGROUP_BASIC |
                                                                      CAMP_FEATURE_SUBGROUP_SHUFFLE_RELATIVE);
    return true;
}

camp_future *camp_reduce_queued_(void) { return algo_future(true); }
