/* The C++ AMP overview's shared-memory example: query the default accelerator, then
 * arrays with different CPU access types. Where the accelerator shares
 * memory with the CPU (lavapipe does), the host reads and writes the
 * arrays in place; otherwise (a discrete GPU, CAMP_SIMULATE=intel-arc:
 * shared_memory.unshared.expected) an array the host would access is
 * refused, and a device-only one is copied. */
#include <camp.h>
#include <stdio.h>

enum { N = 10 };

static void report(const camp_error *e, void *user) {
    (void)user;
    printf("error: %s\n", e->status == CAMP_ERROR_UNSUPPORTED ? "unsupported" : "other");
}

int main(void) {
    camp_accelerator acc = camp_get_default_accelerator();
    camp_accelerator_view *acc_v = camp_default_view();
    if (!acc.supports_cpu_shared_memory) {
        printf("The default accelerator does not support shared memory\n");
        camp_set_error_handler(report, NULL);
        int *arr_rw = array_new_on(acc_v, int, N, NULL, CAMP_ACCESS_TYPE_READ_WRITE);
        printf("an array the host reads and writes: %s\n", arr_rw ? "made" : "refused");
        camp_set_error_handler(NULL, NULL);
        int *arr_none = array_new_on(acc_v, int, N, NULL, CAMP_ACCESS_TYPE_NONE);
        parallel_for_each(i, extent(N)) { arr_none[i] = i * 3; }
        int none[N];
        array_copy_out(none, arr_none, N);
        printf("copied out: %d %d\n", none[1], none[N - 1]);
        array_delete(arr_none);
        return 0;
    }
    printf("default_cpu_access_type is read_write: %d\n", acc.default_cpu_access_type == CAMP_ACCESS_TYPE_READ_WRITE);

    int *arr_w = array_new_on(acc_v, int, N, NULL, CAMP_ACCESS_TYPE_WRITE);      /* written on the CPU */
    int *arr_r = array_new_on(acc_v, int, N, NULL, CAMP_ACCESS_TYPE_READ);       /* read on the CPU */
    int *arr_rw = array_new_on(acc_v, int, N, NULL, CAMP_ACCESS_TYPE_READ_WRITE); /* both */
    int *arr_none = array_new_on(acc_v, int, N, NULL, CAMP_ACCESS_TYPE_NONE);    /* device only */

    for (int i = 0; i < N; i++) arr_w[i] = i, arr_rw[i] = 100;
    parallel_for_each(i, extent(N)) {
        arr_none[i] = arr_w[i] * 3;
        arr_r[i] = arr_none[i] + arr_rw[i];
        arr_rw[i] = arr_rw[i] + 1;
    }
    camp_accelerator_view_wait(acc_v); /* before the host touches shared memory */
    printf("read in place: %d %d; read_write: %d\n", arr_r[0], arr_r[N - 1], arr_rw[4]);
    int none[N];
    array_copy_out(none, arr_none, N); /* a device-only array is copied */
    printf("copied out: %d %d\n", none[1], none[N - 1]);
    array_delete(arr_w);
    array_delete(arr_r);
    array_delete(arr_rw);
    array_delete(arr_none);
    return 0;
}
// needs: shaderInt64
