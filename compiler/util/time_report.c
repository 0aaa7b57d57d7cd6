/* time_report.c — -ftime-report: the wall time of each phase of campcc's
 * work, summed over its inputs, printed to stderr at the end as clang's flag
 * prints its own (docs/performance.md shows a table and reads it). */
#include "campcc.h"

#include <stdio.h>
#include <time.h>

static const char *const phase_names[TIME_PHASES] = {
    [TIME_PARSE] = "libclang parse (source and headers)",
    [TIME_FRONTEND] = "kernels: lowering, checks, layout",
    [TIME_EMIT] = "SPIR-V emission",
    [TIME_VALIDATE] = "SPIR-V validation",
    [TIME_OPTIMIZE] = "SPIR-V optimizer",
    [TIME_HOST_EMIT] = "host C emission",
    [TIME_HOST] = "host compiler (compile and link)",
};

static bool enabled;
static double totals[TIME_PHASES], started;

double time_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

void time_report_enable(void) {
    enabled = true;
    started = time_now();
}

void time_phase_end(TimePhase phase, double start) {
    if (enabled) totals[phase] += time_now() - start;
}

void time_report_print(void) {
    if (!enabled) return;
    double total = time_now() - started, counted = 0;
    fprintf(stderr, "===-------------------------------------------------------------------------===\n");
    fprintf(stderr, "                        campcc phases (wall time)\n");
    fprintf(stderr, "===-------------------------------------------------------------------------===\n");
    for (int i = 0; i < TIME_PHASES; i++) {
        counted += totals[i];
        fprintf(stderr, "  %8.4f s %5.1f%%  %s\n", totals[i], total > 0 ? 100 * totals[i] / total : 0.0, phase_names[i]);
    }
    fprintf(stderr, "  %8.4f s %5.1f%%  %s\n", total - counted, total > 0 ? 100 * (total - counted) / total : 0.0,
            "the rest (start-up, files, the driver)");
    fprintf(stderr, "  %8.4f s 100.0%%  total\n", total);
}
