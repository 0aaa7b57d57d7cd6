/* rank_accelerator.c — one accelerator per MPI rank, chosen from the
 * rank's place on its node (rank_accelerator.h). */
#include "rank_accelerator.h"

/* Better kinds first: the order libcamp chooses its default in. */
static const char *const kinds[] = {"discrete GPU", "integrated GPU", "virtual GPU", "CPU"};

static int kind_rank(const camp_accelerator *a) {
    for (int i = 0; i < 4; i++)
        if (strcmp(a->device_type, kinds[i]) == 0) return i;
    return 4;
}

camp_accelerator_view *rank_accelerator_view(MPI_Comm comm, char *name, size_t name_size, char *error,
                                             size_t error_size) {
    int initialised = 0, finalised = 0;
    MPI_Initialized(&initialised);
    MPI_Finalized(&finalised);
    if (!initialised || finalised) {
        snprintf(error, error_size, "MPI is %s: call MPI_Init before choosing the ranks' accelerators",
                 finalised ? "already finalised" : "not initialised");
        return NULL;
    }
    int rank, local, local_size;
    MPI_Comm node;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &local);
    MPI_Comm_size(node, &local_size);
    MPI_Comm_free(&node);

    if (getenv("CAMP_DEVICE")) {
        camp_accelerator chosen = camp_get_default_accelerator();
        snprintf(name, name_size, "%s", chosen.description);
        return camp_accelerator_create_view(&chosen, CAMP_QUEUING_MODE_AUTOMATIC);
    }
    int count = camp_get_accelerators(NULL, 0);
    camp_accelerator *list = calloc(count > 0 ? (size_t)count : 1, sizeof *list);
    if (!list) {
        snprintf(error, error_size, "out of host memory");
        return NULL;
    }
    camp_get_accelerators(list, count);
    int best = 4, usable = 0;
    for (int i = 0; i < count; i++)
        if (list[i].is_usable && kind_rank(&list[i]) < best) best = kind_rank(&list[i]);
    camp_accelerator_view *view = NULL;
    for (int i = 0; i < count && !view; i++) {
        if (!list[i].is_usable || kind_rank(&list[i]) != best) continue;
        if (usable++ == local) {
            snprintf(name, name_size, "%s", list[i].description);
            view = camp_accelerator_create_view(&list[i], CAMP_QUEUING_MODE_AUTOMATIC);
        }
    }
    /* None usable on the node: libcamp's choice of the default says why
     * (such as a CAMP_SIMULATE profile without Vulkan 1.2), to the error
     * handler, or on stderr before it stops the program. */
    if (!usable) camp_get_default_accelerator();
    if (!view) {
        snprintf(error, error_size,
                 "no accelerator for local rank %d of %d on this node: it has %d usable "
                 "accelerator%s%s%s; run at most that many ranks per node, or set CAMP_DEVICE to share one",
                 local, local_size, usable, usable == 1 ? "" : "s", usable && best < 4 ? " of the kind " : "",
                 usable && best < 4 ? kinds[best] : "");
    }
    free(list);
    return view;
}
