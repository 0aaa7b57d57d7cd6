/* The other unit of extern_shared_global.c: its kernel takes g_max's
 * address, so that kernels share it with the host. */
#include <camp.h>

int g_max;

void find_max(const int *v, int n) {
    array_view(v, n);
    parallel_for_each(i, extent(n)) { camp_atomic_fetch_max(&g_max, v[i]); }
    array_view_release(v);
}
