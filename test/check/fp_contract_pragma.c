// Which kernels `#pragma STDC FP_CONTRACT OFF` covers: one in a function
// after the file-scope pragma, until `FP_CONTRACT ON`; one in a function
// holding `#pragma clang fp contract(off)`; not one before the pragma, nor
// one after it was turned on again. (e2e/fp_contract_pragma.c runs them.)
// RUN: --dump-kernels -fsyntax-only %s
// CHECK-LABEL: kernel camp_kernel_0
// CHECK-NOT: float operations
// CHECK-LABEL: kernel camp_kernel_1
// CHECK: float operations: each rounded on its own
// CHECK-LABEL: kernel camp_kernel_2
// CHECK-NOT: float operations
// CHECK-LABEL: kernel camp_kernel_3
// CHECK: float operations: each rounded on its own
#include <camp.h>

static float a[16], b[16];

void before(void) { parallel_for_each(i, extent(16)) b[i] = a[i] * 2 + 1; }

/* "#pragma STDC FP_CONTRACT OFF" in a comment is no pragma */
#pragma STDC FP_CONTRACT OFF

void covered(void) { parallel_for_each(i, extent(16)) b[i] = a[i] * 2 + 1; }

#pragma STDC FP_CONTRACT ON

void after(void) { parallel_for_each(i, extent(16)) b[i] = a[i] * 2 + 1; }

void inside(void) {
#pragma clang fp contract(off)
    parallel_for_each(i, extent(16)) b[i] = a[i] * 2 + 1;
}
