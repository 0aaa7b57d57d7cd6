// cflags: -Wall -Werror=unused-variable -Werror=unused-but-set-variable
/* Arrays of the function around a kernel that every thread uses as its
 * scratch, as code written before C99 declares them at the top of the
 * function (`float w[4];`, an element's `xe[3]`, a stiffness `ke[3][3]`):
 * the kernel writes them at indices that are the same in every thread
 * before it reads them, and the host does not read them, so each thread
 * has its own, starting from the host's values (`p[3] = 1` set before the
 * kernel is seen by every thread). Arrays the host reads after the kernel
 * (a one-thread sum, a flag only written, an output at the thread's index)
 * stay shared. Every result is compared with the serial run (a tiled
 * kernel's scratch: scratch_arrays_tiled.c). */
#include <camp.h>
#include <stdio.h>

#define N 64

typedef struct {
    float x, y;
} point;

static float in[N], out[N], out2[N], out3[N];

static void element_stiffness(void) {
    int i, j, k;
    float ke[3][3], xe[3];
    point pe[3];
    for (i = 0; i < N; i++) in[i] = (float)(i % 7) - 2.5f;
    parallel_for_each(e, extent(N)) {
        for (k = 0; k < 3; k++) {
            xe[k] = in[(e + k) % N];
            pe[k].x = xe[k] * 2;
            pe[k].y = (float)k;
        }
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) ke[i][j] = xe[i] * xe[j] + pe[i].y * pe[j].x;
        float s = 0;
        for (i = 0; i < 3; i++) s += ke[i][i] - ke[i][(i + 1) % 3];
        out[e] = s;
    }
}

static void homogeneous(void) {
    float p[4], m[4] = {0.5f, -1, 2, 3};
    p[3] = 1; /* the host's w, which each thread's copy starts with */
    parallel_for_each(i, extent(N)) {
        p[0] = in[i];
        p[1] = in[i] * in[i];
        p[2] = -in[i];
        out2[i] = m[0] * p[0] + m[1] * p[1] + m[2] * p[2] + m[3] * p[3];
    }
}

static void two_kernels_one_scratch(void) {
    int k;
    float w[4];
    parallel_for_each(i, extent(N)) {
        for (k = 0; k < 4; k++) w[k] = in[i] * (float)(k + 1);
        out3[i] = w[0] + w[1] + w[2] + w[3];
    }
    parallel_for_each(i, extent(N)) {
        for (k = 3; k >= 0; k--) w[3 - k] = out3[i] - (float)k;
        out3[i] = w[0] * w[3];
    }
}

/* shared: the host reads them after the kernel */
static void shared_arrays(void) {
    float total[1], at_thread[N];
    int flag[1] = {0};
    parallel_for_each(i, extent(1)) {
        total[0] = 0;
        for (int k = 0; k < N; k++) total[0] += in[k];
    }
    parallel_for_each(i, extent(N)) {
        at_thread[i] = in[i] * 3;
        out[i] = at_thread[i] + 1;
        if (in[i] > 3) flag[0] = 1;
    }
    float sum = 0;
    for (int i = 0; i < N; i++) sum += at_thread[i];
    printf("total %.3f, flag %d, at_thread %.3f\n", total[0], flag[0], sum);
}

static double checksum(const float *a) {
    double s = 0;
    for (int i = 0; i < N; i++) s += a[i] * (double)(i % 5 + 1);
    return s;
}

int main(void) {
    element_stiffness();
    homogeneous();
    two_kernels_one_scratch();
    printf("stiffness %.4f\nhomogeneous %.4f\ntwo kernels %.4f\n", checksum(out), checksum(out2), checksum(out3));
    shared_arrays();
    printf("after %.4f\n", checksum(out));
    return 0;
}
