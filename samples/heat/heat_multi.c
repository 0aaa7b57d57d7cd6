/* heat_multi.c — the heat stencil (heat.h) split over several accelerators
 * of one machine, driven from one host thread: one strip of rows per
 * accelerator, the rows at the strips' borders copied between
 * accelerators through host memory each step, while the interior kernels
 * run. The answer is compared with a serial run on the host.
 *
 *   campcc -O2 heat_multi.c strip.c serial.c options.c -o heat_multi
 *   ./heat_multi [-n SIZE] [-s STEPS] [-a INDEX,INDEX...] [-x]
 *
 * Accelerators: -a's indices (camp-info's; an index given twice gets two
 * strips), else the one CAMP_DEVICE names, else every usable accelerator.
 * The result goes to stdout; the accelerators and timings to stderr. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <time.h>

#include "heat.h"

enum { MAX_STRIPS = 16 };

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static _Noreturn void fail(const char *message, const char *detail) {
    fprintf(stderr, "heat_multi: %s%s\n", message, detail);
    exit(1);
}

/* The accelerators of -a, or CAMP_DEVICE's, or all usable ones, as views;
 * returns how many. */
static int open_views(const char *wanted, camp_accelerator_view *views[MAX_STRIPS], char names[][256]) {
    camp_accelerator list[MAX_STRIPS];
    int count = camp_get_accelerators(list, MAX_STRIPS);
    if (count > MAX_STRIPS) count = MAX_STRIPS;
    int n = 0;
    if (wanted) {
        for (const char *p = wanted; *p;) {
            char *end;
            long index = strtol(p, &end, 10);
            if (end == p || (*end && *end != ',')) fail("-a wants accelerator indices such as 0,1: ", wanted);
            if (index < 0 || index >= count || !list[index].is_usable) fail("-a names no usable accelerator: ", p);
            if (n == MAX_STRIPS) fail("-a names more than 16 accelerators", "");
            views[n] = camp_accelerator_create_view(&list[index], CAMP_QUEUING_MODE_AUTOMATIC);
            snprintf(names[n++], 256, "%s", list[index].description);
            p = *end ? end + 1 : end;
        }
    } else if (getenv("CAMP_DEVICE")) {
        camp_accelerator chosen = camp_get_default_accelerator();
        views[n] = camp_accelerator_create_view(&chosen, CAMP_QUEUING_MODE_AUTOMATIC);
        snprintf(names[n++], 256, "%s", chosen.description);
    } else {
        for (int i = 0; i < count; i++) {
            if (!list[i].is_usable) continue;
            views[n] = camp_accelerator_create_view(&list[i], CAMP_QUEUING_MODE_AUTOMATIC);
            snprintf(names[n++], 256, "%s", list[i].description);
        }
    }
    if (n == 0) fail("no usable accelerator (camp-info lists them)", "");
    return n;
}

/* One step of every strip: edges first (their copies out start at once),
 * then the interiors, which run while the edge rows travel through `halo`
 * (2 rows per strip) into the neighbours' ghost rows. */
static void step(heat_strip *strips, int n, float *halo) {
    camp_future *edges[MAX_STRIPS];
    int cols = strips[0].cols;
    for (int k = 0; k < n; k++) edges[k] = heat_strip_edges(&strips[k], halo + (size_t)2 * k * cols);
    for (int k = 0; k < n; k++) heat_strip_interior(&strips[k]);
    for (int k = 0; k < n; k++) future_wait(edges[k]);
    for (int k = 0; k < n; k++) {
        const float *above = k > 0 ? halo + (size_t)(2 * k - 1) * cols : NULL; /* the last row of strip k-1 */
        const float *below = k < n - 1 ? halo + (size_t)(2 * k + 2) * cols : NULL; /* the first of k+1 */
        heat_strip_finish_step(&strips[k], above, below);
    }
}

int main(int argc, char **argv) {
    heat_options o;
    char error[512];
    if (heat_options_parse(argc, argv, true, &o, error, sizeof error)) {
        fputs(error, stderr);
        return 2;
    }
    camp_accelerator_view *views[MAX_STRIPS];
    char names[MAX_STRIPS][256];
    int n = open_views(o.accelerators, views, names);
    if (n > o.size) fail("more accelerators than rows: give -n at least the number of accelerators", "");

    /* Rows shared out as evenly as they go: the first size % n strips get one more. */
    heat_strip strips[MAX_STRIPS];
    int first = 0;
    for (int k = 0; k < n; k++) {
        int rows = o.size / n + (k < o.size % n);
        strips[k] = heat_strip_new(views[k], first, rows, o.size, o.size);
        fprintf(stderr, "heat_multi: strip %d: rows %d-%d on accelerator %s\n", k, first, first + rows - 1,
                names[k]);
        first += rows;
    }
    size_t cells = (size_t)o.size * o.size;
    float *halo = malloc((size_t)2 * n * o.size * sizeof *halo), *grid = malloc(cells * sizeof *grid);
    if (!halo || !grid) fail("out of host memory", "");

    /* The first step creates the kernels' pipelines: time the others. */
    step(strips, n, halo);
    for (int k = 0; k < n; k++) camp_accelerator_view_wait(views[k]);
    double start = seconds();
    for (int s = 1; s < o.steps; s++) step(strips, n, halo);
    for (int k = 0; k < n; k++) camp_accelerator_view_wait(views[k]);
    double elapsed = seconds() - start;
    if (o.steps > 1) {
        fprintf(stderr, "heat_multi: %d strips, %dx%d, %d steps: %.3f ms per step, %.2f Gcell/s\n", n, o.size,
                o.size, o.steps - 1, 1e3 * elapsed / (o.steps - 1), (double)cells * (o.steps - 1) / elapsed / 1e9);
    }

    size_t at = 0;
    for (int k = 0; k < n; k++) {
        heat_strip_copy_out(&strips[k], grid + at);
        at += (size_t)strips[k].rows * o.size;
        heat_strip_delete(&strips[k]);
        camp_accelerator_view_destroy(views[k]);
    }
    float *serial = NULL;
    if (o.check) {
        serial = malloc(cells * sizeof *serial);
        if (!serial) fail("out of host memory", "");
        heat_serial(o.size, o.size, o.steps, serial);
    }
    int wrong = heat_report(o.size, o.size, o.steps, grid, serial);
    free(serial);
    free(grid);
    free(halo);
    return wrong;
}
