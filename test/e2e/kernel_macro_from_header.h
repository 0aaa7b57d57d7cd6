/* A header of the program's with a macro that writes a kernel
 * (e2e/kernel_macro_from_header.c names no kernel itself). */
#define FILL(a, n, v) parallel_for_each(i, extent(n)) { (a)[i] = (v) + i; }
