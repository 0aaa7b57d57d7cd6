/* camp-info — lists the accelerators libcamp sees, with C++ AMP's
 * properties, and marks the one kernels run on (CAMP_DEVICE, else the
 * default order). Exit status 1 when there is none. */
#define CAMP_RUNTIME_API_ONLY
#include "camp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *access_name(camp_access_type access) {
    switch (access) {
    case CAMP_ACCESS_TYPE_NONE: return "none";
    case CAMP_ACCESS_TYPE_READ: return "read";
    case CAMP_ACCESS_TYPE_WRITE: return "write";
    case CAMP_ACCESS_TYPE_READ_WRITE: return "read_write";
    default: return "auto";
    }
}

static const char *yes_no(bool b) { return b ? "yes" : "no"; }

/* Errors are shown, not fatal: no Vulkan driver at all, or a
 * camp_accelerator_copy_path that CAMP_COPY_PATH asks the device for a path
 * it lacks (shown in the list). */
static char copy_path_error[1024];
static void keep_error(const camp_error *error, void *user) {
    (void)user;
    snprintf(copy_path_error, sizeof copy_path_error, "%s", error->message);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) {
        printf("usage: camp-info\nLists the Vulkan accelerators campcc programs can use; CAMP_DEVICE "
               "(an index or a name substring) picks the one marked 'default'; CAMP_COPY_PATH "
               "(map, import, staging, bar) the copy path.\n");
        return 0;
    }
    camp_error_handler previous = camp_set_error_handler(keep_error, NULL);
    int count = camp_get_accelerators(NULL, 0);
    camp_set_error_handler(previous, NULL);
    if (count == 0) {
        const char *why = copy_path_error;
        if (!strncmp(why, "camp error: ", 12)) why += 12;
        fprintf(stderr, "camp-info: no Vulkan device%s%s\n", *why ? ": " : "", why);
        return 1;
    }
    camp_accelerator *list = calloc(count > 0 ? (size_t)count : 1, sizeof *list);
    if (!list) return 1;
    count = camp_get_accelerators(list, count);
    for (int i = 0; i < count; i++) {
        const camp_accelerator *a = &list[i];
        printf("accelerator %u%s: %s\n", a->index, a->is_default ? " (default)" : "", a->description);
        printf("  device_path                       %s\n", a->device_path);
        printf("  device_type                       %s\n", a->device_type);
        printf("  dedicated_memory                  %llu KiB\n", a->dedicated_memory);
        printf("  supports_double_precision         %s\n", yes_no(a->supports_double_precision));
        printf("  supports_limited_double_precision %s\n", yes_no(a->supports_limited_double_precision));
        printf("  supports_int64                    %s\n", yes_no(a->supports_int64));
        printf("  preserves_float_subnormals        %s\n", yes_no(a->preserves_float_subnormals));
        printf("  supports_cpu_shared_memory        %s\n", yes_no(a->supports_cpu_shared_memory));
        printf("  is_emulated                       %s\n", yes_no(a->is_emulated));
        if (a->max_loop_iterations) printf("  max_loop_iterations               %u\n", a->max_loop_iterations);
        else printf("  max_loop_iterations               none\n");
        printf("  default_cpu_access_type           %s\n", access_name(a->default_cpu_access_type));
        printf("  usable by campcc                  %s\n", yes_no(a->is_usable));
        copy_path_error[0] = '\0';
        previous = camp_set_error_handler(keep_error, NULL);
        const char *path = camp_accelerator_copy_path(a);
        camp_set_error_handler(previous, NULL);
        printf("  copy_path                         %s\n", path ? path : copy_path_error);
    }
    free(list);
    return 0;
}
