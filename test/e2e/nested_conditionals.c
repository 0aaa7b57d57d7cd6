/* A chain of 40 conditional operators, each nested in the middle
 * operand of the one before (min(i, 40) as a decision chain): campcc's
 * nesting check visited a middle operand twice, 2^40 visits, and never
 * finished compiling it. */
#include <camp.h>
#include <stdio.h>

int main(void) {
    int a[64];
    parallel_for_each(i, extent(64)) {
        a[i] = i > 0 ? i > 1 ? i > 2 ? i > 3 ? i > 4 ? i > 5 ? i > 6 ? i > 7 ? i > 8 ? i > 9 ?
               i > 10 ? i > 11 ? i > 12 ? i > 13 ? i > 14 ? i > 15 ? i > 16 ? i > 17 ? i > 18 ? i > 19 ?
               i > 20 ? i > 21 ? i > 22 ? i > 23 ? i > 24 ? i > 25 ? i > 26 ? i > 27 ? i > 28 ? i > 29 ?
               i > 30 ? i > 31 ? i > 32 ? i > 33 ? i > 34 ? i > 35 ? i > 36 ? i > 37 ? i > 38 ? i > 39 ? 40
               : 39 : 38 : 37 : 36 : 35 : 34 : 33 : 32 : 31 : 30
               : 29 : 28 : 27 : 26 : 25 : 24 : 23 : 22 : 21 : 20
               : 19 : 18 : 17 : 16 : 15 : 14 : 13 : 12 : 11 : 10
               : 9 : 8 : 7 : 6 : 5 : 4 : 3 : 2 : 1 : 0;
    }
    int sum = 0;
    for (int i = 0; i < 64; i++) sum += a[i];
    printf("%d %d %d\n", a[7], a[63], sum);
    return 0;
}
