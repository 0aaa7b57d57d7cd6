/* The other unit of shared_globals.c: it defines the grid the kernels
 * there write, and reads and writes it on the host. */
struct grid {
    float cells[64];
    int generation;
};
struct grid grid;

double other_grid_sum(void) {
    double s = 0;
    for (int i = 0; i < 64; i++) s += grid.cells[i];
    return s;
}

void other_grid_reset(int generation) {
    for (int i = 0; i < 64; i++) grid.cells[i] = (float)i;
    grid.generation = generation;
}
