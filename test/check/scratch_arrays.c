// Which arrays of the function around a kernel are each thread's scratch
// (a copy of its own, made from the host's) and which stay one shared
// view: scratch written first at the same indices in every thread (loop
// counters, constants, a captured size, a variable assigned only from
// such), read after; shared: one indexed by the thread, by a value read
// from memory or by a variable assigned from the thread's index; one read
// before it is written, or only written; one passed to a helper that
// indexes it by the thread (a helper is looked into as the kernel is: one
// that reads what the kernel wrote at index 0 keeps it scratch), or whose
// element's address is taken; one the host reads after the kernel; one
// another kernel reads first. An array the kernel begins by writing whole
// (a loop over every element, memset) is scratch whatever indexes it
// after; one written only in part first stays shared.
// RUN: --dump-kernels -fsyntax-only %s
// CHECK-LABEL: kernel camp_kernel_0
// CHECK: capture 'w': view of float[4], read (copied into each thread's own: its scratch)
// CHECK: capture 'v': view of float[8], read (copied into each thread's own: its scratch)
// CHECK: capture 'u': view of float[2][3], read (copied into each thread's own: its scratch)
// CHECK-LABEL: kernel camp_kernel_1
// CHECK: capture 'by_thread': view of float[64], read-write,
// CHECK: capture 'by_load': view of float[4], read-write,
// CHECK: capture 'by_derived': view of float[4], read-write,
// CHECK: capture 'read_first': view of float[4], read-write,
// CHECK: capture 'only_written': view of float[4], read-write,
// CHECK: capture 'passed': view of float[4], read (copied into each thread's own: its scratch)
// CHECK: capture 'passed_by_thread': view of float[64], read-write,
// CHECK: capture 'addressed': view of float[4], read-write,
// CHECK-LABEL: kernel camp_kernel_2
// CHECK: capture 'host_reads': view of float[2], read-write,
// CHECK-LABEL: kernel camp_kernel_3
// CHECK: capture 'next_reads': view of float[2], read-write,
// CHECK-LABEL: kernel camp_kernel_5
// CHECK: capture 'cnt': view of int[16], read (copied into each thread's own: its scratch)
// CHECK: capture 'hist': view of int[16], read (copied into each thread's own: its scratch)
// CHECK: capture 'part': view of int[16], read-write,
#include <camp.h>
#include <string.h>

static float in[64], out[64];
static int which[64];

static float first(const float *p) restrict(amp) { return p[0]; }
static float at(const float *p, int k) restrict(amp) { return p[k]; }

void scratch(int n) {
    int k, m;
    float w[4], v[8], u[2][3];
    parallel_for_each(i, extent(64)) {
        for (k = 0; k < 4; k++) w[k] = in[i] + (float)k;
        m = n - 1;
        v[m & 7] = w[3];
        v[0] = w[1];
        u[1][2] = v[0] + v[m & 7];
        out[i] = u[1][2] + w[0];
    }
}

void shared(void) {
    float by_thread[64], by_load[4], by_derived[4], read_first[4], only_written[4], passed[4], addressed[4],
          passed_by_thread[64];
    parallel_for_each(i, extent(64)) {
        by_thread[i] = in[i];
        by_load[which[i] & 3] = in[i];
        int j = i % 4;
        by_derived[j] = in[i];
        if (read_first[0] < 1) read_first[0] = 1;
        only_written[1] = in[i];
        passed[0] = in[i];
        passed_by_thread[3] = in[i];
        addressed[0] = in[i];
        float *p = &addressed[0];
        out[i] = by_thread[i] + by_load[0] + by_derived[0] + first(passed) + at(passed_by_thread, i) + *p;
    }
}

float host_reads_it(void) {
    float host_reads[2];
    parallel_for_each(i, extent(64)) {
        host_reads[0] = in[i];
        out[i] = host_reads[0];
    }
    return host_reads[0];
}

void next_kernel_reads_it(void) {
    float next_reads[2];
    parallel_for_each(i, extent(64)) {
        next_reads[1] = in[i];
        out[i] = next_reads[1];
    }
    parallel_for_each(i, extent(64)) out[i] += next_reads[1];
}

void counted(void) {
    int cnt[16], hist[16], part[16], k;
    parallel_for_each(i, extent(64)) {
        for (k = 0; k < 16; k++) cnt[k] = 0;
        memset(hist, 0, sizeof hist);
        for (int j = 0; j < 8; j++) part[j] = 0;
        cnt[which[i] & 15]++;
        hist[which[(i + 1) & 63] & 15] += 2;
        part[which[i] & 15]++;
        out[i] = (float)(cnt[3] + hist[which[i] & 15] + part[0]);
    }
}
