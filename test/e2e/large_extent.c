// needs: shaderInt64
/* A 1-D extent of 5,000,000 points: more workgroups than one vkCmdDispatch
 * may launch along x on many devices (maxComputeWorkGroupCount[0] is often
 * 65535), so the runtime must split it. Every point must run exactly once.
 *
 * The 20 MB array does not fit the default 8 MB main-thread stack, so the
 * work runs on a thread with a large stack. */
#include <camp.h>
#include <pthread.h>
#include <stdio.h>

#define N 5000000

static void *run(void *arg) {
    int *result = arg;
    int a[N];
    for (int i = 0; i < N; i++) a[i] = i % 1000 - 500;
    int k = 7;

    parallel_for_each(i, extent(N)) {
        a[i] = a[i] * k + i;
    }

    int bad = 0;
    long long checksum = 0;
    for (int i = 0; i < N; i++) {
        int want = (i % 1000 - 500) * k + i;
        if (a[i] != want && bad++ < 10) printf("a[%d] = %d, want %d\n", i, a[i], want);
        checksum += a[i] % 9973;
    }
    printf("last %d\nchecksum %lld\n", a[N - 1], checksum);
    *result = bad != 0;
    return NULL;
}

int main(void) {
    pthread_attr_t attr;
    pthread_t thread;
    int result = 1;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, (size_t)64 << 20);
    if (pthread_create(&thread, &attr, run, &result) != 0) {
        printf("pthread_create failed\n");
        return 1;
    }
    pthread_join(thread, NULL);
    pthread_attr_destroy(&attr);
    return result;
}
