// hgemm_cublas.cu — cuBLAS's half-precision GEMM on hgemm's matrices
// (cublasGemmEx: half inputs, float output, CUBLAS_COMPUTE_32F, the default
// algorithm, which takes the tensor cores): the library's speed that the
// C AMP program and the twins are measured against (impl=cublas).
#include <cublas_v2.h>

#include "hgemm_twin.h"

static cublasHandle_t handle;

static void launch(unsigned n, const __half *a, const __half *b, float *c) {
    // row-major c = a x b is column-major c^T = b^T x a^T
    const float one = 1.0f, zero = 0.0f;
    int m = (int)n;
    if (cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, m, m, &one, b, CUDA_R_16F, m, a, CUDA_R_16F, m, &zero, c,
                     CUDA_R_32F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT) != CUBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "hgemm_cublas: cublasGemmEx failed\n");
        exit(1);
    }
}

int main(int argc, char **argv) {
    if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "hgemm_cublas: cublasCreate failed\n");
        return 1;
    }
    int status = hgemm_twin(argc, argv, "cublas", launch, 1);
    cublasDestroy(handle);
    return status;
}
