/* Arrays that kernels pass to amp functions which only read them are not
 * copied back: campcc follows the calls (a pointer to non-const is not
 * enough to count as written). copies_back.py runs this with CAMP_PROFILE=1
 * and wants y's two copies back, 512 bytes, and nothing of A or x. A
 * pointer to non-const into a read-only view may be passed to a function
 * that reads it; passed to one that writes it, the launch fails. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 64 };
static float A[N][N], x[N], y[N];

static float dot(float *row, float *v, int n) restrict(amp) {
    float s = 0;
    for (int j = 0; j < n; j++) s += row[j] * v[j];
    return s;
}

static float row_dot(float (*m)[N], int i, float *v) restrict(amp) { return dot(m[i], v, N); }

static void put(float *p, float v) restrict(amp) { *p = v; }

/* The message without its addresses and the file's path. */
static void report(const camp_error *e, void *user) {
    (void)user;
    const char *m = strstr(e->message, "the kernel");
    printf("error at line %u: ", e->line);
    for (; m && *m; m++) {
        if (m[0] == '0' && m[1] == 'x') {
            fputs("ADDR", stdout);
            for (m += 2; m[1] && strchr("0123456789abcdef", m[1]); m++) {}
            continue;
        }
        putchar(*m);
    }
    putchar('\n');
}

int main(void) {
    for (int i = 0; i < N; i++) {
        x[i] = 1;
        for (int j = 0; j < N; j++) A[i][j] = (float)(i + j);
    }
    parallel_for_each(i, extent(N)) { put(&y[i], row_dot(A, i, x)); }
    printf("y: %g %g\n", y[0], y[63]); /* 2016 6048 */

    float *data = malloc(N * sizeof *data);
    for (int i = 0; i < N; i++) data[i] = (float)i;
    const float *in = data;
    array_view(in, N); /* read-only */
    parallel_for_each(i, extent(N)) { y[i] = dot(data, x, N) + data[i]; }
    printf("y: %g %g\n", y[0], y[63]); /* 2016 2079 */

    camp_set_error_handler(report, NULL);
    parallel_for_each(i, extent(N)) { put(&data[i], 0); } /* line 57: writes the read-only view */
    camp_set_error_handler(NULL, NULL);
    array_view_release(in);
    printf("data: %g %g\n", data[0], data[63]); /* 0 63 */
    free(data);
    return 0;
}
// needs: shaderInt64
