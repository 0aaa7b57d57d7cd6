// needs: shaderInt64
// A host function's parameter declared as an array (`float a[8]`,
// `float m[][4]`, `float m[n][n]`) is a pointer, as C adjusts it, and a
// kernel captures it as one, through the explicit view the function makes
// (campcc took `float a[8]` for an array of 8 and stopped at its
// subscript, and `float m[][4]` for an array of unknown size).
#include <camp.h>
#include <stdio.h>

static void twice(float a[8]) {
    array_view(a, 8);
    parallel_for_each(i, extent(8)) { a[i] = a[i] * 2.0f; }
    array_view_synchronize(a);
}

static void thrice(float m[][4], int rows) {
    array_view(m, rows);
    parallel_for_each(i, extent(rows, 4)) { m[i.x][i.y] *= 3.0f; }
    array_view_synchronize(m);
}

static void add_diagonal(int n, float m[n][n]) {
    array_view(m, n);
    parallel_for_each(i, extent(n)) { m[i][i] += 10.0f; }
    array_view_synchronize(m);
}

int main(void) {
    float a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    float m[2][4] = {{1, 1, 1, 1}, {2, 2, 2, 2}};
    float s[3][3] = {{0}};
    int bad = 0;
    twice(a);
    thrice(m, 2);
    add_diagonal(3, s);
    for (int k = 0; k < 8; k++) bad |= a[k] != (float)(k + 1) * 2.0f;
    for (int k = 0; k < 8; k++) bad |= m[k / 4][k % 4] != (float)(k / 4 + 1) * 3.0f;
    for (int k = 0; k < 9; k++) bad |= s[k / 3][k % 3] != (k / 3 == k % 3 ? 10.0f : 0.0f);
    printf(bad ? "wrong\n" : "ok\n");
    return bad;
}
