/* driver_link.c — the link step: the user's inputs and link flags in their
 * order, each source replaced by its object, then libcamp (whose own
 * dependency brings in the Vulkan loader) with an rpath to it, preceded by
 * the algorithms library (camp_algorithms.h, a static archive), where an
 * input refers to it (driver_runtime_use.c) and not --no-camp-runtime. */
#include "driver.h"

#include <stdio.h>
#include <unistd.h>

int driver_link(Driver *d) {
    PtrVec args = {0};
    for (int i = 0; i < d->link_items.len; i++) {
        const LinkItem *it = d->link_items.items[i];
        const char *word = !it->input ? it->arg : it->input->is_source ? it->input->object : it->input->path;
        /* an input given after `--` that looks like a flag (`-- -o`) stays an input among the link's flags */
        if (it->input && word[0] == '-' && word[1]) word = arena_printf(&d->arena, "./%s", word);
        vec_push(&d->arena, &args, (void *)word);
    }
    Output o;
    const char *out = output_begin(&o, &d->arena, d->output ? d->output : "a.out", true);
    if (!out) return 1;
    vec_push(&d->arena, &args, "-o");
    vec_push(&d->arena, &args, (void *)out);
    if (d->link_runtime && driver_link_needs_runtime(d)) {
        vec_push(&d->arena, &args, arena_printf(&d->arena, "-L%s", d->lib_dir));
        vec_push(&d->arena, &args, arena_printf(&d->arena, "-Wl,-rpath,%s", d->lib_dir));
        /* an archive: only the calls the program makes; left out where it is
         * not built yet (campcc's own build, before runtime/algorithms/) */
        if (access(arena_printf(&d->arena, "%s/libcamp_algorithms.a", d->lib_dir), F_OK) == 0)
            vec_push(&d->arena, &args, "-lcamp_algorithms");
        vec_push(&d->arena, &args, "-lcamp");
    }
    return output_end(&o, driver_run_host(d, &args) == 0) ? 0 : 1;
}
