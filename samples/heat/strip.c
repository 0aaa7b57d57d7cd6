// needs: shaderInt64
/* strip.c — one strip of the heat grid on one accelerator view: its
 * arrays, its two kernels (edge rows, interior rows) and the copies of its
 * halo (heat.h). */
#include "heat.h"

#include <limits.h>

static float *row_of(float value, int cols) {
    float *row = malloc((size_t)cols * sizeof *row);
    if (!row) {
        fprintf(stderr, "heat: out of host memory\n");
        exit(1);
    }
    for (int c = 0; c < cols; c++) row[c] = value;
    return row;
}

bool heat_strip_fits(int rows, int cols) { return (long long)rows * cols <= INT_MAX; }

heat_strip heat_strip_new(camp_accelerator_view *view, int first, int rows, int total_rows, int cols) {
    heat_strip s = {view, rows, cols, NULL, NULL, NULL, NULL, {NULL, NULL}, 0};
    /* Device-only arrays (no host access): the copies below are what
     * moves between accelerators, as on a discrete GPU. */
    s.u = array_new_on(view, float, (long long)rows * cols, NULL, CAMP_ACCESS_TYPE_NONE);
    s.next = array_new_on(view, float, (long long)rows * cols, NULL, CAMP_ACCESS_TYPE_NONE);
    s.edges = array_new_on(view, float, 2 * cols, NULL, CAMP_ACCESS_TYPE_NONE);
    s.ghosts = array_new_on(view, float, 2 * cols, NULL, CAMP_ACCESS_TYPE_NONE);
    float *start = row_of(HEAT_START, cols);
    for (int r = 0; r < rows; r++) array_copy_in(s.u + (size_t)r * cols, start, cols);
    /* A ghost row at the grid's edge is the fixed outside; one between
     * strips is the neighbour's row, which starts at HEAT_START too. */
    float *above = row_of(first == 0 ? HEAT_TOP : HEAT_START, cols);
    float *below = row_of(first + rows == total_rows ? HEAT_OUTSIDE : HEAT_START, cols);
    array_copy_in(s.ghosts, above, cols);
    array_copy_in(s.ghosts + cols, below, cols);
    free(start);
    free(above);
    free(below);
    return s;
}

/* Every future is waited for exactly once: the ghost rows' copies once
 * the interior kernel is submitted behind the edge kernel that waited for
 * them on the device (so the host's wait holds up no launch), or when the
 * strip ends. */
static void wait_ghost_copies(heat_strip *s) {
    for (int i = 0; i < s->ghost_copies_pending; i++) future_wait(s->ghost_copies[i]);
    s->ghost_copies_pending = 0;
}

void heat_strip_delete(heat_strip *s) {
    wait_ghost_copies(s);
    array_delete(s->u);
    array_delete(s->next);
    array_delete(s->edges);
    array_delete(s->ghosts);
}

camp_future *heat_strip_edges(heat_strip *s, float *out) {
    const float *u = s->u, *ghosts = s->ghosts;
    float *next = s->next, *edges = s->edges;
    int rows = s->rows, cols = s->cols;
    /* Row 0 of the extent is the strip's first row, row 1 its last (the
     * same row when the strip has one). Only this kernel reads the ghost
     * rows and writes `edges`, so the copies of both wait for it alone. */
    parallel_for_each_on(s->view, idx, extent(2, cols)) {
        int r = idx.x == 0 ? 0 : rows - 1, c = idx.y;
        float up = r == 0 ? ghosts[c] : u[(r - 1) * cols + c];
        float down = r == rows - 1 ? ghosts[cols + c] : u[(r + 1) * cols + c];
        float left = c > 0 ? u[r * cols + c - 1] : HEAT_OUTSIDE;
        float right = c < cols - 1 ? u[r * cols + c + 1] : HEAT_OUTSIDE;
        float value = heat_point(up, down, left, right);
        next[r * cols + c] = value;
        edges[idx.x * cols + c] = value;
    }
    camp_accelerator_view_flush(s->view);
    return array_copy_out_async(out, s->edges, 2 * cols);
}

/* The kernel of the rows between the first and the last. */
static void launch_interior(heat_strip *s) {
    const float *u = s->u;
    float *next = s->next;
    int cols = s->cols;
    parallel_for_each_on(s->view, idx, extent(s->rows - 2, cols)) {
        int r = idx.x + 1, c = idx.y;
        float left = c > 0 ? u[r * cols + c - 1] : HEAT_OUTSIDE;
        float right = c < cols - 1 ? u[r * cols + c + 1] : HEAT_OUTSIDE;
        next[r * cols + c] = heat_point(u[(r - 1) * cols + c], u[(r + 1) * cols + c], left, right);
    }
    camp_accelerator_view_flush(s->view);
}

void heat_strip_interior(heat_strip *s) {
    if (s->rows > 2) launch_interior(s);
    wait_ghost_copies(s);
}

void heat_strip_finish_step(heat_strip *s, const float *above, const float *below) {
    if (above) s->ghost_copies[s->ghost_copies_pending++] = array_copy_in_async(s->ghosts, above, s->cols);
    if (below) s->ghost_copies[s->ghost_copies_pending++] = array_copy_in_async(s->ghosts + s->cols, below, s->cols);
    float *t = s->u;
    s->u = s->next;
    s->next = t;
}

void heat_strip_copy_out(const heat_strip *s, float *out) {
    array_copy_out(out, s->u, (long long)s->rows * s->cols);
}
