/* texture_new.c — texture_new, the public call that makes a texture: on a
 * view of the started runtime (the default one where none is named); the
 * texture itself is texture.c's. */
#include "internal.h"

camp_texture *camp_texture_new_at(camp_accelerator_view *view, camp_texel_kind kind, int channels, int rank,
                                  const int *extent, unsigned bits, const void *src, const char *file, unsigned line) {
    camp_lock_at(file, line);
    camp_texture *t = NULL;
    camp_status status = camp_runtime_start();
    if (status == CAMP_OK) status = camp_view_or_default(view, "texture_new_on", &view);
    if (status == CAMP_OK) status = camp_texture_create(view, kind, channels, rank, extent, bits, src, &t);
    camp_unlock_and_report(status);
    return t;
}
