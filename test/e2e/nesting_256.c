// needs: shaderInt64
// Control flow 256 levels deep, campcc's limit (nesting.c): 128 nested
// ifs around a loop whose body nests 127 more levels of ifs, '?:' and
// '&&' (the SPIR-V validator's time grows with the cube of the depth).
#include <camp.h>
#include <stdio.h>

#define IF4(c) if (i > (c) - 200) if (i < (c) + 200) if (i != (c) + 500) if (i >= 0)
#define IF16(c) IF4(c) IF4(c + 1) IF4(c + 2) IF4(c + 3)
#define IF64(c) IF16(c) IF16(c) IF16(c) IF16(c)
#define IF124(c) IF64(c) IF16(c) IF16(c) IF16(c) IF4(c) IF4(c) IF4(c)

int main(void) {
    int a[64] = {0};
    parallel_for_each(i, extent(64)) {
        IF64(0) IF64(-1)
        for (int k = 0; k < 3; k++)
            IF124(-2) if (i > -3) a[i] += (i & 1) ? (k > 0 && i > 2 ? 2 : 1) : 10;
    }
    int wrong = 0, sum = 0;
    for (int i = 0; i < 64; i++) {
        int want = (i & 1) ? (i > 2 ? 5 : 3) : 30;
        if (a[i] != want) printf("a[%d] = %d, want %d\n", i, a[i], want), wrong++;
        sum += a[i];
    }
    printf("sum %d\n", sum);
    return wrong ? 1 : 0;
}
