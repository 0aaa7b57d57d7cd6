/* An accelerator's default CPU access type (C++ AMP's
 * accelerator::set_default_cpu_access_type): what array_new's
 * CAMP_ACCESS_TYPE_AUTO gives. lavapipe shares memory: READ_WRITE by
 * default, so arrays are used in place; NONE makes them device-only
 * (copied in and out); AUTO restores the default; an unknown type is an
 * error. An accelerator without shared memory (a discrete GPU,
 * CAMP_SIMULATE=intel-arc: cpu_access.unshared.expected) has NONE, and
 * refuses READ_WRITE. */
#include <camp.h>
#include <stdio.h>

enum { N = 256 };

static const char *name(camp_access_type t) {
    return (const char *[]){"none", "read", "write", "read_write", "auto"}[t];
}

/* Whether the host may read the memory at p: its mapping's permissions in
 * /proc/self/maps (a device-only array's pointer is an inaccessible
 * reservation). */
static int host_readable(const void *p) {
    FILE *maps = fopen("/proc/self/maps", "r");
    unsigned long from, to;
    char perms[8];
    int readable = -1;
    while (maps && fscanf(maps, "%lx-%lx %7s%*[^\n]", &from, &to, perms) == 3)
        if ((unsigned long)p >= from && (unsigned long)p < to) readable = perms[0] == 'r';
    if (maps) fclose(maps);
    return readable;
}

static void report(const camp_error *e, void *user) {
    (void)user;
    printf("error: %s\n", e->status == CAMP_ERROR_INVALID_ARGUMENT ? "invalid argument"
                          : e->status == CAMP_ERROR_UNSUPPORTED    ? "unsupported"
                                                                   : "other");
}

int main(void) {
    camp_accelerator acc = camp_get_default_accelerator();
    printf("default: %s\n", name(acc.default_cpu_access_type));                       /* read_write */

    int src[N], back[N];
    for (int i = 0; i < N; i++) src[i] = i;
    printf("set none: %d\n", camp_accelerator_set_default_cpu_access_type(&acc, CAMP_ACCESS_TYPE_NONE));
    printf("now: %s\n", name(camp_get_default_accelerator().default_cpu_access_type));  /* none */
    int *a = array_new(int, N, src);                                                     /* device only */
    printf("host may read it: %d\n", host_readable(a));                                  /* 0 */
    parallel_for_each(i, extent(N)) { a[i] = a[i] * 3; }
    array_copy_out(back, a, N);
    printf("device-only array: %d %d\n", back[1], back[N - 1]);                         /* 3 765 */
    array_delete(a);

    camp_accelerator_set_default_cpu_access_type(&acc, CAMP_ACCESS_TYPE_AUTO);
    printf("auto again: %s\n", name(camp_get_default_accelerator().default_cpu_access_type));
    int *b = array_new(int, N, src);                                                     /* in place */
    printf("host may read it: %d\n", host_readable(b));                                  /* 1 */
    parallel_for_each(i, extent(N)) { b[i] += 1; }
    if (acc.supports_cpu_shared_memory) {
        camp_accelerator_view_wait(camp_default_view());
        printf("after the kernel: %d %d\n", b[0], b[N - 1]);                             /* 1 256 */
    } else {
        array_copy_out(back, b, N);
        printf("after the kernel: %d %d\n", back[0], back[N - 1]);
    }
    array_delete(b);

    camp_set_error_handler(report, NULL);
    printf("set 9: %d\n", camp_accelerator_set_default_cpu_access_type(&acc, (camp_access_type)9));
    printf("set read_write: %d\n", camp_accelerator_set_default_cpu_access_type(&acc, CAMP_ACCESS_TYPE_READ_WRITE));
    return 0;
}
// needs: shaderInt64
