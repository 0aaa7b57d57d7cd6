/* heat_multi.c — the heat stencil (heat.h) split over several accelerators
 * of one machine: one strip of rows per accelerator, each driven by a host
 * thread of its own. Each step every strip computes its edge rows first
 * and copies them out into a halo view (host memory every accelerator's
 * copies reach directly), runs its interior kernel meanwhile, and copies
 * its neighbours' edge rows in as soon as they are there: the exchanges of
 * all strips overlap their interiors, all at once. The answer is compared
 * with a serial run on the host.
 *
 *   campcc -O2 heat_multi.c strip.c serial.c options.c -o heat_multi
 *   ./heat_multi [-n SIZE] [-s STEPS] [-a INDEX,INDEX...] [-x]
 *
 * Accelerators: -a's indices (camp-info's; an index given twice gets two
 * strips), else the one CAMP_DEVICE names, else every usable accelerator.
 * The result goes to stdout; the accelerators and timings to stderr. A
 * libcamp error on a strip (a device lost...) stops every strip, each
 * saying so, and the program exits with status 1. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <pthread.h>
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
            if (index >= 0 && index < count && !list[index].is_usable) camp_get_default_accelerator(); /* as below */
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
    /* None usable: libcamp's choice of the default says why (and stops
     * the program), such as a CAMP_SIMULATE profile without Vulkan 1.2. */
    if (n == 0) camp_get_default_accelerator();
    if (n == 0) fail("no usable accelerator (camp-info lists them)", "");
    return n;
}

/* What the strips' threads share: the halo view, 2 edge rows per strip in
 * two halves (even and odd steps), and how far each strip has got. A strip
 * copies its neighbours' rows of step s out of the half of s while they may
 * already write the other; they write this half again at step s + 2, only
 * after seeing this strip's count reach s + 2, which it does after its
 * interior call of step s + 1 has waited for those copies. */
typedef struct exchange {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int published[MAX_STRIPS]; /* steps whose edge rows the strip has in the halo */
    int started;               /* strips past their first step, ready to be timed */
    int failed;                /* the first strip that failed, or -1 */
    float *halo;               /* [2][strips][2][cols] */
    int strips, cols;
} exchange;

static exchange shared = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, {0}, 0, -1, NULL, 0, 0};
static _Thread_local int this_strip = -1; /* the strip the calling thread drives */

/* libcamp's errors (a device lost, out of memory...): the strip says so and
 * stops, and so do the others at their next wait for it. */
static void on_camp_error(const camp_error *error, void *user) {
    (void)user;
    fprintf(stderr, "heat_multi: strip %d: %s\n", this_strip, error->message); /* "camp error: ..." */
    pthread_mutex_lock(&shared.lock);
    if (shared.failed < 0) shared.failed = this_strip;
    pthread_cond_broadcast(&shared.changed);
    pthread_mutex_unlock(&shared.lock);
}

/* Strip k's two edge rows of step `step` in the halo. */
static float *halo_rows(int k, int step) {
    return shared.halo + ((size_t)(step % 2) * shared.strips + (size_t)k) * 2 * shared.cols;
}

/* Whether strip k may take step `step`: its neighbours have published it. */
static bool neighbours_reached(int k, int step) {
    return (k == 0 || shared.published[k - 1] >= step) && (k == shared.strips - 1 || shared.published[k + 1] >= step);
}

static bool all_started(int k, int step) {
    (void)k, (void)step;
    return shared.started == shared.strips;
}

/* Waits until `ready(k, step)` holds; false, with a message saying why,
 * if some strip fails first. */
static bool wait_for(bool (*ready)(int k, int step), int k, int step) {
    pthread_mutex_lock(&shared.lock);
    while (shared.failed < 0 && !ready(k, step)) pthread_cond_wait(&shared.changed, &shared.lock);
    int failed = shared.failed;
    pthread_mutex_unlock(&shared.lock);
    if (failed >= 0 && failed != k)
        fprintf(stderr, "heat_multi: strip %d: stopped at step %d: strip %d failed\n", k, step, failed);
    return failed < 0;
}

/* Counts one more of something strips wait for (a step published, a strip
 * started), under the lock, and wakes them. */
static void count_up(int *counter) {
    pthread_mutex_lock(&shared.lock);
    ++*counter;
    pthread_cond_broadcast(&shared.changed);
    pthread_mutex_unlock(&shared.lock);
}

/* Step `step` of strip k: edges first, their copy out under way while the
 * interior runs, then the neighbours' edge rows in. False: some strip failed. */
static bool step(heat_strip *strips, int k, int step) {
    camp_future *edges = heat_strip_edges(&strips[k], halo_rows(k, step));
    heat_strip_interior(&strips[k]);
    future_wait(edges);
    count_up(&shared.published[k]); /* now step + 1 */
    if (!wait_for(neighbours_reached, k, step + 1)) return false;
    const float *above = k > 0 ? halo_rows(k - 1, step) + shared.cols : NULL; /* the last row of strip k-1 */
    const float *below = k < shared.strips - 1 ? halo_rows(k + 1, step) : NULL; /* the first of k+1 */
    heat_strip_finish_step(&strips[k], above, below);
    return true;
}

typedef struct strip_run {
    heat_strip *strips;
    int k, steps;
    double elapsed; /* seconds of the timed steps (all but the first) */
} strip_run;

static void *run_strip(void *arg) {
    strip_run *run = arg;
    int k = run->k;
    this_strip = k;
    camp_accelerator_view *view = run->strips[k].view;
    /* The first step creates the kernels' pipelines: time the others, from
     * when every strip is past it. */
    bool ok = step(run->strips, k, 0);
    camp_accelerator_view_wait(view);
    count_up(&shared.started);
    if (!ok || !wait_for(all_started, k, 1)) return NULL;
    double start = seconds();
    for (int s = 1; s < run->steps && ok; s++) ok = step(run->strips, k, s);
    camp_accelerator_view_wait(view);
    run->elapsed = seconds() - start;
    return NULL;
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
    if (!heat_strip_fits(o.size / n + (o.size % n != 0), o.size))
        fail("a strip of the grid would hold 2^31 cells or more, past its kernels' int indices: name each "
             "accelerator several times (-a 0,0,0,0 gives one accelerator four strips)", "");
    for (int k = 0; k < n; k++) {
        int rows = o.size / n + (k < o.size % n);
        strips[k] = heat_strip_new(views[k], first, rows, o.size, o.size);
        fprintf(stderr, "heat_multi: strip %d: rows %d-%d on accelerator %s\n", k, first, first + rows - 1,
                names[k]);
        first += rows;
    }
    size_t cells = (size_t)o.size * o.size;
    shared.strips = n;
    shared.cols = o.size;
    shared.halo = array_view_new(float, (size_t)2 * n * 2 * o.size);
    float *grid = malloc(cells * sizeof *grid);
    if (!grid) fail("out of host memory", "");

    camp_set_error_handler(on_camp_error, NULL);
    strip_run runs[MAX_STRIPS];
    pthread_t threads[MAX_STRIPS];
    for (int k = 0; k < n; k++) {
        runs[k] = (strip_run){strips, k, o.steps, 0};
        if (pthread_create(&threads[k], NULL, run_strip, &runs[k])) fail("cannot start a strip's thread", "");
    }
    double slowest = 0;
    for (int k = 0; k < n; k++) {
        pthread_join(threads[k], NULL);
        if (runs[k].elapsed > slowest) slowest = runs[k].elapsed;
    }
    if (shared.failed >= 0) return 1; /* each strip has said why it stopped */
    camp_set_error_handler(NULL, NULL); /* from here on, main's errors print and abort */
    if (o.steps > 1) {
        fprintf(stderr, "heat_multi: %d strips, %dx%d, %d steps: %.3f ms per step, %.2f Gcell/s\n", n, o.size,
                o.size, o.steps - 1, 1e3 * slowest / (o.steps - 1), (double)cells * (o.steps - 1) / slowest / 1e9);
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
    array_view_delete(shared.halo);
    return wrong;
}
