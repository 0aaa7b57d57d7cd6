/* heat_mpi.c — the heat stencil (heat.h) over MPI ranks, each driving one
 * accelerator (rank_accelerator.c): rank r owns rows [r*n/p, (r+1)*n/p).
 * Each step a rank computes its edge rows, starts copying them out, runs
 * its interior kernel, and meanwhile sends the edge rows to its
 * neighbours and receives their ghost rows. Rank 0 gathers the grid and
 * compares it with a serial run.
 *
 *   OMPI_CC=campcc mpicc -O2 heat_mpi.c rank_accelerator.c strip.c serial.c options.c -o heat_mpi
 *   mpirun -np 2 ./heat_mpi [-n SIZE] [-s STEPS] [-x]
 *
 * The result goes to stdout; each rank's accelerator and the timings to
 * stderr. Any rank's error stops every rank (MPI_Abort). */
#include "heat.h"
#include "rank_accelerator.h"

enum { UP_TAG = 1, DOWN_TAG = 2 }; /* rows sent to the rank above, to the rank below */

static int rank, ranks;

/* An error only this rank sees: say so and stop every rank. */
static _Noreturn void fail(const char *message) {
    fprintf(stderr, "heat_mpi: rank %d: %s\n", rank, message);
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1); /* MPI_Abort does not return */
}

/* An error every rank sees alike: rank 0 says it once and stops them all;
 * the others wait in a barrier that only the abort ends. */
static _Noreturn void fail_everywhere(const char *message) {
    if (rank == 0) {
        fprintf(stderr, "heat_mpi: %s", message);
        fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    exit(2);
}

/* libcamp's errors (a device lost, out of memory...) stop every rank too. */
static void on_camp_error(const camp_error *error, void *user) {
    (void)user;
    fail(error->message);
}

/* One step; returns the seconds spent waiting for the halo (the edge rows'
 * copy out and the messages, as far as the interior kernel did not hide
 * them; the copies in are waited for on the device). */
static double step(heat_strip *s, float *send, float *above, float *below) {
    int cols = s->cols;
    camp_future *edges = heat_strip_edges(s, send); /* first row, then last row */
    heat_strip_interior(s);
    double start = MPI_Wtime();
    future_wait(edges);
    /* MPI_PROC_NULL at the grid's edges: those calls do nothing. */
    int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank < ranks - 1 ? rank + 1 : MPI_PROC_NULL;
    MPI_Request requests[4];
    MPI_Irecv(above, cols, MPI_FLOAT, up, DOWN_TAG, MPI_COMM_WORLD, &requests[0]);
    MPI_Irecv(below, cols, MPI_FLOAT, down, UP_TAG, MPI_COMM_WORLD, &requests[1]);
    MPI_Isend(send, cols, MPI_FLOAT, up, UP_TAG, MPI_COMM_WORLD, &requests[2]);
    MPI_Isend(send + cols, cols, MPI_FLOAT, down, DOWN_TAG, MPI_COMM_WORLD, &requests[3]);
    MPI_Waitall(4, requests, MPI_STATUSES_IGNORE);
    heat_strip_finish_step(s, up != MPI_PROC_NULL ? above : NULL, down != MPI_PROC_NULL ? below : NULL);
    return MPI_Wtime() - start;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    heat_options o;
    char error[512];
    if (heat_options_parse(argc, argv, false, &o, error, sizeof error)) fail_everywhere(error);
    if (o.size % ranks) {
        snprintf(error, sizeof error,
                 "the grid's %d rows do not divide among %d ranks: run a number of ranks that divides %d, or "
                 "give -n a multiple of %d\n", o.size, ranks, o.size, ranks);
        fail_everywhere(error);
    }
    if (!heat_strip_fits(o.size / ranks, o.size)) {
        snprintf(error, sizeof error,
                 "a rank's %d rows of %d cells would hold 2^31 cells or more, past the kernels' int indices: run "
                 "more ranks\n", o.size / ranks, o.size);
        fail_everywhere(error);
    }
    camp_set_error_handler(on_camp_error, NULL);
    char name[256];
    camp_accelerator_view *view = rank_accelerator_view(MPI_COMM_WORLD, name, sizeof name, error, sizeof error);
    if (!view) fail(error);

    int rows = o.size / ranks, cols = o.size;
    heat_strip s = heat_strip_new(view, rank * rows, rows, o.size, cols);
    /* The halo rows in one view: on a discrete GPU the copies' DMA reads
     * and writes its pages, and MPI sends and receives from them, with no
     * memcpy through staging memory (heat.h). */
    float *rows_view = array_view_new(float, (size_t)4 * cols);
    float *send = rows_view, *above = rows_view + (size_t)2 * cols, *below = rows_view + (size_t)3 * cols;
    float *mine = malloc((size_t)rows * cols * sizeof *mine);
    if (!mine) fail("out of host memory");

    /* The first step creates the kernels' pipelines: time the others. */
    step(&s, send, above, below);
    camp_accelerator_view_wait(view);
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime(), halo = 0;
    for (int i = 1; i < o.steps; i++) halo += step(&s, send, above, below);
    camp_accelerator_view_wait(view);
    double elapsed = MPI_Wtime() - start, slowest, most_halo;
    MPI_Reduce(&elapsed, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(&halo, &most_halo, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

    /* The accelerators' names, in rank order on rank 0's stderr. */
    char *names = rank == 0 ? malloc((size_t)ranks * sizeof name) : NULL;
    MPI_Gather(name, sizeof name, MPI_CHAR, names, sizeof name, MPI_CHAR, 0, MPI_COMM_WORLD);
    heat_strip_copy_out(&s, mine);
    float *grid = rank == 0 ? malloc((size_t)o.size * cols * sizeof *grid) : NULL;
    if (rank == 0 && (!names || !grid)) fail("out of host memory");
    MPI_Gather(mine, rows * cols, MPI_FLOAT, grid, rows * cols, MPI_FLOAT, 0, MPI_COMM_WORLD);
    heat_strip_delete(&s);
    camp_accelerator_view_destroy(view);

    int wrong = 0;
    if (rank == 0) {
        for (int r = 0; r < ranks; r++)
            fprintf(stderr, "heat_mpi: rank %d: rows %d-%d on %s\n", r, r * rows, r * rows + rows - 1,
                    names + (size_t)r * sizeof name);
        if (o.steps > 1) {
            int timed = o.steps - 1;
            fprintf(stderr,
                    "heat_mpi: %d ranks, %dx%d, %d steps: %.3f ms per step (slowest rank), of which %.3f ms waiting "
                    "for the halo; %.2f Gcell/s; %zu halo bytes per rank and step (2 rows out, 2 in)\n",
                    ranks, o.size, o.size, timed, 1e3 * slowest / timed, 1e3 * most_halo / timed,
                    (double)o.size * o.size * timed / slowest / 1e9, (size_t)4 * cols * sizeof(float));
        }
        float *serial = NULL;
        if (o.check) {
            serial = malloc((size_t)o.size * cols * sizeof *serial);
            if (!serial) fail("out of host memory");
            heat_serial(o.size, cols, o.steps, serial);
        }
        wrong = heat_report(o.size, cols, o.steps, grid, serial);
        free(serial);
    }
    free(names);
    free(grid);
    free(mine);
    array_view_delete(rows_view);
    MPI_Finalize();
    return wrong;
}
