/* heat.h — a 2-D heat (Jacobi) stencil cut into strips of rows, shared by
 * the multi-accelerator sample (heat_multi.c) and the MPI sample
 * (heat_mpi.c).
 *
 * The grid has ROWS x COLS cells, all updated each step; outside it the
 * temperature is fixed: HEAT_TOP above row 0, HEAT_OUTSIDE elsewhere. A
 * strip owns a band of rows on one accelerator; the rows just above and
 * below it (its ghost rows) come from its neighbours each step. */
#ifndef HEAT_H
#define HEAT_H

#include <camp.h>

#define HEAT_TOP 1.0f
#define HEAT_OUTSIDE 0.25f
#define HEAT_START 0.5f

/* One cell's next value from its four neighbours. Kernels and the serial
 * run call this same function, so both round alike: the strips' answer
 * must equal the serial one bit for bit (every value stays within
 * [HEAT_OUTSIDE, HEAT_TOP], so no device flushes a subnormal). */
static inline float heat_point(float up, float down, float left, float right) restrict(cpu, amp) {
    return (up + down + left + right) * 0.25f;
}

/* A band of `rows` rows of `cols` cells on one accelerator view. */
typedef struct heat_strip {
    camp_accelerator_view *view;
    int rows, cols;
    float *u, *next; /* rows x cols: this step's values and the next step's */
    float *edges;    /* 2 x cols: the next step's first and last rows, for the neighbours */
    float *ghosts;   /* 2 x cols: the rows above and below the strip */
    camp_future *ghost_copies[2]; /* copies into `ghosts` not yet waited for */
    int ghost_copies_pending;
} heat_strip;

/* The strip of rows [first, first + rows) of a grid of `cols` columns,
 * at HEAT_START, its ghost rows those of the fixed outside (those of the
 * grid's edges stay so; the others are replaced each step). */
heat_strip heat_strip_new(camp_accelerator_view *view, int first, int rows, int total_rows, int cols);
/* Whether a strip of rows x cols cells fits its kernels, which index a
 * cell as r * cols + c in int: at most 2^31 - 1 cells (a grid of 65,536²
 * takes four strips or more: more accelerators, an accelerator named
 * several times, more MPI ranks). */
bool heat_strip_fits(int rows, int cols);
void heat_strip_delete(heat_strip *s);

/* A step in two halves, so that the halo exchange can overlap the interior:
 * heat_strip_edges launches the kernel of the strip's first and last rows
 * and starts copying them out (into host memory `out`, 2 x cols floats:
 * first row, last row); heat_strip_interior launches the kernel of the
 * rows between, then waits for the previous step's ghost copies (below).
 * Both are submitted before they return.
 *
 * `out` and the ghost rows' sources are best kept in an explicit view
 * (array_view_new): on a discrete GPU its pages are imported by every
 * accelerator that copies them, and the copies' DMA reads and writes them
 * with no memcpy through staging memory on the host. */
camp_future *heat_strip_edges(heat_strip *s, float *out);
void heat_strip_interior(heat_strip *s);
/* Starts copying the new ghost rows in (`above`, `below`: cols floats, or
 * NULL to keep that ghost row) and makes the next step's values current.
 * The next step's edge kernel waits for the copies on the device, not the
 * host; the next heat_strip_interior waits for their futures, and until
 * then `above` and `below` must keep their bytes (a copy from an imported
 * view reads them while it runs). */
void heat_strip_finish_step(heat_strip *s, const float *above, const float *below);
/* The strip's current values into `out` (rows x cols floats). */
void heat_strip_copy_out(const heat_strip *s, float *out);

/* The serial run of the whole grid on the host: `steps` steps from the
 * start into `out` (rows x cols floats). */
void heat_serial(int rows, int cols, int steps, float *out);

/* Prints the result lines both samples print: the grid's checksum and
 * whether `grid` equals `serial` bit for bit. Returns 0 if it does. */
int heat_report(int rows, int cols, int steps, const float *grid, const float *serial);

/* The samples' command line: -n SIZE (a SIZE x SIZE grid), -s STEPS,
 * -x (skip the serial run, for sizes where it takes long) and, where
 * `accelerators` is allowed, -a LIST (accelerator indices, "0,1"). */
typedef struct heat_options {
    int size, steps;
    bool check;
    const char *accelerators; /* NULL: not given */
} heat_options;

/* Fills `o` (defaults: -n 64 -s 200, checked); on a bad argument writes a
 * message with the usage into `error` and returns nonzero. */
int heat_options_parse(int argc, char **argv, bool accelerators, heat_options *o, char *error, size_t size);

#endif
