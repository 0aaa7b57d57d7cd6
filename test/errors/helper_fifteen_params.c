// A helper with 15 parameters used to abort campcc (the SPIR-V type
// builder's limit); now a clean error.
#include <camp.h>

int sum15(int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8, int a9, int a10, int a11,
          int a12, int a13, int a14) restrict(amp) {
    return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13 + a14;
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = sum15(a[i], 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14);
    }
    return a[0];
}
// expect-error: 5:5: function with more than 14 parameters
