// needs: shaderInt64
/* particle_neighbors — how many particles lie within a radius of each
 * particle, the first step of a particle simulation (molecular dynamics,
 * SPH), with a cell list built from the algorithms library's calls:
 *   1. each particle's cell in a grid of cells as wide as the radius (a kernel);
 *   2. the particles sorted by cell (camp_sort_by_key: their indices move
 *      with the cells, equal cells keep their order);
 *   3. the particles per cell (a kernel with atomics), and each cell's first
 *      place in the sorted order (camp_exclusive_scan of those counts);
 *   4. each particle's neighbours, from the 3 x 3 cells around its own (a kernel);
 *   5. the number of close pairs and the largest neighbourhood
 *      (camp_reduce_sum, camp_reduce_max).
 * Positions are fixed-point integers, so every distance is exact and the
 * result equals the host's brute-force count over all pairs, which it is
 * checked against. */
#include <camp_algorithms.h>
#include <stdio.h>
#include <stdlib.h>

enum {
    PARTICLES = 20000,
    SPACE = 1 << 16,        /* positions in [0, SPACE) x [0, SPACE) */
    RADIUS = 655,           /* about SPACE / 100 */
    CELLS_PER_SIDE = SPACE / RADIUS + 1,
    CELLS = CELLS_PER_SIDE * CELLS_PER_SIDE,
};

/* Within the radius (the squares only once they fit an int). */
static int close_enough(int dx, int dy) restrict(cpu, amp) {
    return dx > -RADIUS && dx < RADIUS && dy > -RADIUS && dy < RADIUS && dx * dx + dy * dy < RADIUS * RADIUS;
}

/* The host's reference: every pair. */
static long long serial_neighbour_total(const int *x, const int *y, int *most) {
    long long total = 0;
    *most = 0;
    for (int i = 0; i < PARTICLES; i++) {
        int mine = 0;
        for (int j = 0; j < PARTICLES; j++) mine += j != i && close_enough(x[i] - x[j], y[i] - y[j]);
        total += mine;
        if (mine > *most) *most = mine;
    }
    return total;
}

int main(void) {
    static int host_x[PARTICLES], host_y[PARTICLES];
    unsigned state = 12345; /* a linear congruential generator */
    for (int i = 0; i < PARTICLES; i++) {
        state = state * 1664525u + 1013904223u;
        host_x[i] = (int)(state >> 16);
        state = state * 1664525u + 1013904223u;
        host_y[i] = (int)(state >> 16);
    }
    const int *x = array_new(int, PARTICLES, host_x), *y = array_new(int, PARTICLES, host_y);
    unsigned *cell = array_new(unsigned, PARTICLES, NULL), *order = array_new(unsigned, PARTICLES, NULL);
    unsigned *in_cell = array_new(unsigned, CELLS, NULL), *cell_start = array_new(unsigned, CELLS, NULL);
    unsigned *neighbours = array_new(unsigned, PARTICLES, NULL);

    /* 1, 2: cells, and the particles in cell order */
    parallel_for_each(i, extent(PARTICLES)) {
        cell[i] = (unsigned)(y[i] / RADIUS * CELLS_PER_SIDE + x[i] / RADIUS);
    }
    camp_sequence(order, PARTICLES, 0u, 1u);
    camp_sort_by_key(cell, order, PARTICLES);

    /* 3: where each cell's particles start in that order */
    camp_fill(in_cell, CELLS, 0u);
    parallel_for_each(i, extent(PARTICLES)) { camp_atomic_fetch_inc(&in_cell[cell[i]]); }
    camp_exclusive_scan(in_cell, cell_start, CELLS);

    /* 4: neighbours from the 3 x 3 cells around each particle's own */
    parallel_for_each(i, extent(PARTICLES)) {
        int me = (int)order[i], cx = x[me] / RADIUS, cy = y[me] / RADIUS;
        unsigned found = 0;
        for (int ny = cy - 1; ny <= cy + 1; ny++) {
            for (int nx = cx - 1; nx <= cx + 1; nx++) {
                if (nx < 0 || ny < 0 || nx >= CELLS_PER_SIDE || ny >= CELLS_PER_SIDE) continue;
                int c = ny * CELLS_PER_SIDE + nx;
                for (unsigned k = cell_start[c]; k < cell_start[c] + in_cell[c]; k++) {
                    int other = (int)order[k];
                    found += other != me && close_enough(x[me] - x[other], y[me] - y[other]);
                }
            }
        }
        neighbours[i] = found;
    }

    /* 5: the totals */
    long long pairs = camp_reduce_sum(neighbours, PARTICLES) / 2;
    unsigned most = camp_reduce_max(neighbours, PARTICLES);

    int serial_most;
    long long serial_pairs = serial_neighbour_total(host_x, host_y, &serial_most) / 2;
    printf("%d particles, radius %d of %d: %lld close pairs, at most %u neighbours\n", PARTICLES, RADIUS, SPACE,
           pairs, most);
    int same = pairs == serial_pairs && (int)most == serial_most;
    printf("%s the serial count over all pairs\n", same ? "equal to" : "DIFFERENT FROM");

    array_delete(neighbours);
    array_delete(cell_start);
    array_delete(in_cell);
    array_delete(order);
    array_delete(cell);
    array_delete((int *)y);
    array_delete((int *)x);
    return same ? 0 : 1;
}
