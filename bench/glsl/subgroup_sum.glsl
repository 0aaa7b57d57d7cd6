// reduction_subgroup's workgroup sum (reduction_subgroup_tiles.comp and
// reduction_subgroup_final.comp include it): each subgroup adds its
// threads' values, its first thread stores that in sums[gl_SubgroupID],
// and after the barrier the first subgroup adds those; the sum is in the
// first subgroup's threads (0 elsewhere).
shared float sums[TS]; // one per subgroup: TS / gl_SubgroupSize

float workgroup_sum(float v) {
    float subgroup_sum = subgroupAdd(v);
    if (gl_SubgroupInvocationID == 0) sums[gl_SubgroupID] = subgroup_sum;
    barrier();
    float sum = 0.0;
    if (gl_SubgroupID == 0) {
        for (uint i = gl_SubgroupInvocationID; i < TS / gl_SubgroupSize; i += gl_SubgroupSize) sum += sums[i];
        sum = subgroupAdd(sum);
    }
    return sum;
}
