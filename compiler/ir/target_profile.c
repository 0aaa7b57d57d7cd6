/* target_profile.c — `campcc --target-profile=NAME`: what each kernel
 * needs that the devices of the profile NAME (device_profiles.c) lack, as
 * warnings at the kernel (errors under -Werror): the features the runtime
 * would refuse it for at launch, and a tile larger than the profile's
 * workgroups or shared memory. Untiled kernels' workgroups are chosen for
 * the device at launch, so fit any profile. */
#include "campcc.h"

#include "camp_abi.h"
#include "device_profiles.h"

#define FLAG "-Wtarget-profile"

static void check_features(Unit *u, const Kernel *k, const camp_device_profile *p) {
    for (size_t f = 0; f < camp_feature_name_count; f++)
        if (k->features & ~p->features & camp_feature_names[f].bit)
            diag_warning(u->diag, k->loc, FLAG, "the kernel needs %s, which the profile '%s' lacks",
                         camp_feature_names[f].what, p->name);
}

static void check_tile(Unit *u, const Kernel *k, const camp_device_profile *p) {
    uint32_t threads = k->local_size[0] * k->local_size[1] * k->local_size[2];
    if (threads > p->invocations)
        diag_warning(u->diag, k->loc, FLAG,
                     "the kernel's tile has %u threads; the profile '%s' allows %u (maxComputeWorkGroupInvocations)",
                     threads, p->name, p->invocations);
    for (int d = 0; d < 3; d++)
        if (k->local_size[d] > p->workgroup_size[d])
            diag_warning(u->diag, k->loc, FLAG,
                         "the tile size %u of index component %d exceeds the profile '%s''s limit of %u "
                         "(maxComputeWorkGroupSize)",
                         k->local_size[d], k->rank - 1 - d, p->name, p->workgroup_size[d]);
    if (k->tile_static_bytes > p->shared_memory)
        diag_warning(u->diag, k->loc, FLAG,
                     "the kernel's tile_static variables take %u bytes; the profile '%s' allows %u "
                     "(maxComputeSharedMemorySize)",
                     k->tile_static_bytes, p->name, p->shared_memory);
}

bool check_target_profile(Unit *u, const camp_device_profile *p) {
    int errors = u->diag->errors;
    if (p->cannot_run && u->kernels.len)
        diag_warning(u->diag, ((const Kernel *)u->kernels.items[0])->loc, FLAG,
                     "no kernel runs on every device of the profile '%s': %s", p->name, p->cannot_run);
    for (int i = 0; i < u->kernels.len; i++) {
        const Kernel *k = u->kernels.items[i];
        check_features(u, k, p);
        uint32_t pushed = camp_pushed_bytes(k->push_size, k->args_block); /* the range libcamp declares */
        if (pushed > p->push_constants)
            diag_warning(u->diag, k->loc, FLAG,
                         "the kernel's arguments take %u bytes of push constants; the profile '%s' allows %u "
                         "(maxPushConstantsSize)",
                         pushed, p->name, p->push_constants);
        if (k->tiled) check_tile(u, k, p);
    }
    return u->diag->errors == errors;
}
