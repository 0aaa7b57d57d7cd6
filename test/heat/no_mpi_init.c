/* rank_accelerator_view (samples/heat) before MPI_Init and after
 * MPI_Finalize: a message saying so, no view, no crash. Between them: a
 * view. */
#include "rank_accelerator.h"

static void choose(const char *when) {
    char name[256], error[512];
    camp_accelerator_view *view = rank_accelerator_view(MPI_COMM_WORLD, name, sizeof name, error, sizeof error);
    printf("%s: %s\n", when, view ? "a view" : error);
}

int main(int argc, char **argv) {
    choose("before MPI_Init");
    MPI_Init(&argc, &argv);
    choose("after MPI_Init");
    MPI_Finalize();
    choose("after MPI_Finalize");
    return 0;
}
