// sgemm_cublas.cu — cuBLAS's SGEMM (cublasSgemm, FP32, no tensor-core
// math) on sgemm_blocked's matrices: the library's speed that the
// register-blocked sample is measured against (impl=cublas).
#include <cublas_v2.h>

#include "sgemm_twin.h"

static cublasHandle_t handle;

static void launch(unsigned n, const float *a, const float *b, float *c) {
    // row-major c = a x b is column-major c^T = b^T x a^T
    const float one = 1.0f, zero = 0.0f;
    int m = (int)n;
    if (cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, m, m, &one, b, m, a, m, &zero, c, m) != CUBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "sgemm_cublas: cublasSgemm failed\n");
        exit(1);
    }
}

int main(int argc, char **argv) {
    if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) {
        fprintf(stderr, "sgemm_cublas: cublasCreate failed\n");
        return 1;
    }
    cublasSetMathMode(handle, CUBLAS_PEDANTIC_MATH); // FP32 as the kernels compute it
    int status = sgemm_twin(argc, argv, "sgemm_blocked", "cublas", launch, 1, SGEMM_BLOCKED_RUNS);
    cublasDestroy(handle);
    return status;
}
