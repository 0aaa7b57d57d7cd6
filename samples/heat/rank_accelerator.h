/* rank_accelerator.h — which accelerator an MPI rank drives. */
#ifndef RANK_ACCELERATOR_H
#define RANK_ACCELERATOR_H

#include <camp.h>
#include <mpi.h>

/* A view of this rank's accelerator: with CAMP_DEVICE set, the one it
 * names (ranks may then share it); else the best kind of usable
 * accelerator of this node (discrete GPUs before integrated, virtual and
 * CPU ones), the node's local rank k taking the k-th. Returns NULL after
 * writing why into `error`: MPI not initialised, or more ranks on this
 * node than accelerators; where none is usable, libcamp first reports
 * why (its error handler, if the program installed one, gets the
 * message). `name` gets the accelerator's name. */
camp_accelerator_view *rank_accelerator_view(MPI_Comm comm, char *name, size_t name_size, char *error,
                                             size_t error_size);

#endif
