// A kernel with matrix fragments gets a second module, its fragments as
// SPV_NV_cooperative_matrix's cooperative matrices and the fragment
// functions' calls as their instructions (validated like every module);
// --dump-kernels lists the shapes it multiplies and what that module has.
// A kernel without fragments gets none.
// RUN: --dump-kernels %s -o /dev/null
// CHECK-LABEL: kernel camp_kernel_0
// CHECK: matrix fragments: 16x16x16, half inputs, float accumulator (line 31)
// CHECK: matrix fragments: 16x16x32, int8_t inputs, int accumulator (line 40)
// CHECK: cooperative-matrix module
// CHECK-NEXT: capabilities: {{.*}}CooperativeMatrixNV
// CHECK-NEXT: instructions: OpCooperativeMatrixLoadNV x4 OpCooperativeMatrixStoreNV x2 OpCooperativeMatrixMulAddNV x2 OpCooperativeMatrixLengthNV x1
// CHECK-LABEL: kernel camp_kernel_1
// CHECK-NOT: cooperative
#include <camp.h>
#include <stdint.h>

static half a[256], b[256];
static float c[256];
static int8_t ia[512], ib[512];
static int ic[256];

int main(void) {
    parallel_for_each(t, tile(extent(32), 32)) {
        fragment_a(half, 16, 16, 16) fa;
        fragment_b(half, 16, 16, 16) fb;
        fragment_acc(float, 16, 16, 16) acc;
        fragment_fill(acc, 0.0f);
        fragment_load(fa, a, 16, fragment_row_major);
        fragment_load(fb, b, 16, fragment_col_major);
        fragment_mma(acc, fa, fb, acc);
        for (int i = 0; i < fragment_length(acc); i++) fragment_set(acc, i, fragment_get(acc, i) + 1.0f);
        fragment_store(c, acc, 16, fragment_row_major);
        fragment_a(int8_t, 16, 16, 32) ja;
        fragment_b(int8_t, 16, 16, 32) jb;
        fragment_acc(int, 16, 16, 32) jacc;
        fragment_load(ja, ia, 32, fragment_row_major);
        fragment_load(jb, ib, 16, fragment_row_major);
        fragment_fill(jacc, 0);
        fragment_mma(jacc, ja, jb, jacc);
        fragment_store(ic, jacc, 16, fragment_row_major);
    }
    parallel_for_each(t, tile(extent(32), 32)) { c[t.global] = 1.0f; }
    return 0;
}
