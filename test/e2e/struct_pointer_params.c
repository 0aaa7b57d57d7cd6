// needs: shaderInt64
/* Host functions taking a pointer to a struct that holds pointers, as
 * library-style C passes a matrix or a tensor: `spmv(const csr *A, ...)`
 * whose kernel reads A->row_ptr[r] and calls helpers with A. The kernel
 * takes the struct A points to by value (its pointers translated, as a
 * captured struct's are), and its A points to that copy; writes go
 * through the struct's pointers into their views. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    int rows;
    const int *row_ptr, *col;
    const float *val;
} csr;

typedef struct {
    float *data;
    int n;
} tensor;

static float row_dot(const csr *A, int r, const float *x) restrict(cpu, amp) {
    float s = 0.0f;
    for (int k = A->row_ptr[r]; k < A->row_ptr[r + 1]; k++) s += A->val[k] * x[A->col[k]];
    return s;
}

static void spmv(const csr *A, const float *x, float *y) {
    parallel_for_each(r, extent(A->rows)) { y[r] = row_dot(A, r, x); }
}

static float get(const tensor *t, int i) restrict(cpu, amp) { return t->data[i]; }

static void scale_into(tensor *dst, const tensor *src, float k) {
    parallel_for_each(i, extent(src->n)) { dst->data[i] = k * get(src, i) + (float)dst->n; }
}

int main(void) {
    enum { N = 6 };
    int *row_ptr = malloc((N + 1) * sizeof *row_ptr), *col = malloc(3 * N * sizeof *col);
    float *val = malloc(3 * N * sizeof *val), *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    if (!row_ptr || !col || !val || !x || !y) return 1;
    int nnz = 0;
    for (int r = 0; r < N; r++) { /* a tridiagonal matrix */
        row_ptr[r] = nnz;
        for (int c = r - 1; c <= r + 1; c++)
            if (c >= 0 && c < N) {
                col[nnz] = c;
                val[nnz++] = c == r ? 2.0f : -1.0f;
            }
        x[r] = (float)(r * r);
    }
    row_ptr[N] = nnz;
    array_view(row_ptr, N + 1);
    array_view(col, nnz);
    array_view(val, nnz);
    array_view(x, N);
    array_view(y, N);
    csr A = {N, row_ptr, col, val};
    spmv(&A, x, y);
    for (int r = 0; r < N; r++) printf("%g ", y[r]);
    printf("\n");

    float *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
    if (!a || !b) return 1;
    for (int i = 0; i < N; i++) a[i] = (float)i;
    array_view(a, N);
    array_view(b, N);
    tensor ta = {a, N}, tb = {b, 100};
    scale_into(&tb, &ta, 3.0f);
    for (int i = 0; i < N; i++) printf("%g ", b[i]);
    printf("\n");
    free(row_ptr);
    free(col);
    free(val);
    free(x);
    free(y);
    free(a);
    free(b);
    return 0;
}
