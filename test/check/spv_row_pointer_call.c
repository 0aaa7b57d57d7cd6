// A row or member of a local object passed to a function: SPIR-V lets a
// call pass a pointer into Function memory only as the variable itself, so
// the call passes the object (m, p), the row's index at run time and the
// offset into the part; a struct's member index is a constant of the
// callee's copy, which rebuilds the part's access chain on entry.
// RUN: -O0 -S %s -o -
// CHECK: OpFunctionCall %void %scale_row %m %{{[0-9]+}} %int_0 %int_2
// CHECK: OpFunctionCall %void %set %p %{{[0-9]+}} %{{[0-9]+}}
// CHECK: %scale_row = OpFunction
// CHECK-NEXT: [[M:%[0-9]+]] = OpFunctionParameter %_ptr_Function__arr__arr_int_uint_4_uint_4
// CHECK-NEXT: [[ROW:%[0-9]+]] = OpFunctionParameter %int
// CHECK-NEXT: OpFunctionParameter %int
// CHECK-NEXT: OpFunctionParameter %int
// CHECK: OpAccessChain %_ptr_Function__arr_int_uint_4 [[M]] [[ROW]]
// CHECK: %set = OpFunction
// CHECK-NEXT: [[P:%[0-9]+]] = OpFunctionParameter %_ptr_Function_pair
// CHECK: OpAccessChain %_ptr_Function__arr_int_uint_2 [[P]] %uint_1
#include <camp.h>

typedef struct pair { int a; int b[2]; } pair;

static void scale_row(int *row, int s) restrict(amp) { row[1] *= s; }
static void set(int *x, int v) restrict(amp) { *x = v; }

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int m[4][4] = {{0}};
        pair p = {0, {0, 0}};
        scale_row(m[i % 4], 2);
        set(&p.b[1], i);
        v[i] = m[0][1] + p.b[1];
    }
    return v[0];
}
