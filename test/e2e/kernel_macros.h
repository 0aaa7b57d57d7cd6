/* A header's macro that writes a kernel where it is used (e2e/kernel_macros.c). */
#define HDR_FILL(p, n, val) parallel_for_each(q, extent(n)) { (p)[q] = (val); }
