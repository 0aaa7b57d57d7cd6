// needs: shaderInt64 shaderFloat64 subgroupBasic subgroupShuffle subgroupArithmetic
/* Subgroup operations on float complex and double complex (each part on
 * its own): broadcast, shuffle_xor, reduce_add and the inclusive and
 * exclusive sums of 100 threads (the last subgroup partly filled), checked
 * on the host against the subgroups the threads report. Integer-valued
 * parts: the sums are exact in any order. The serial mode (subgroups of
 * one thread) prints the same. */
#include <camp.h>
#include <complex.h>
#include <stdio.h>

enum { N = 100 };

int main(void) {
    float complex fin[N], fsum[N], fincl[N], fexcl[N], fbcast[N], fxor[N];
    double complex dsum[N], dincl[N];
    unsigned lane[N], size[N];
    for (int i = 0; i < N; i++) fin[i] = (float)i + (float)(2 * i) * I;
    parallel_for_each(i, extent(N)) {
        float complex v = fin[i];
        double complex w = (double)crealf(v) - 3.0 * (double)cimagf(v) * I;
        lane[i] = subgroup_lane();
        size[i] = subgroup_size();
        fsum[i] = subgroup_reduce_add(v);
        fincl[i] = subgroup_inclusive_add(v);
        fexcl[i] = subgroup_exclusive_add(v);
        fbcast[i] = subgroup_broadcast(v, 0);
        fxor[i] = subgroup_shuffle_xor(v, 1);
        dsum[i] = subgroup_reduce_add(w);
        dincl[i] = subgroup_inclusive_add(w);
    }
    int bad = 0;
    for (int i = 0; i < N; i++) {
        int first = i - (int)lane[i], end = first + (int)size[i] < N ? first + (int)size[i] : N;
        float complex s = 0, incl = 0;
        double complex ds = 0, dincl_ref = 0;
        for (int k = first; k < end; k++) {
            double complex w = (double)k - 6.0 * k * I;
            s += fin[k], ds += w;
            if (k <= i) incl += fin[k], dincl_ref += w;
        }
        int partner = first + (int)(lane[i] ^ 1u);
        bad += fsum[i] != s || fincl[i] != incl || fexcl[i] != incl - fin[i] || fbcast[i] != fin[first] ||
               dsum[i] != ds || dincl[i] != dincl_ref || (partner < end && fxor[i] != fin[partner]);
    }
    printf("complex subgroup operations: %d of %d threads wrong\n", bad, N);
    return 0;
}
