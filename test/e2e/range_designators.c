// needs: shaderInt64 shaderInt8
// cflags: -Wno-initializer-overrides
/* GNU C's range designators, as decode tables are written (`[0 ... 255] =
 * -1` then the digits), in constants and in a kernel's own arrays; a
 * later designator overrides an earlier one, and a braced list
 * designated again initializes its whole element again, as in C. */
#include <camp.h>
#include <stdio.h>

static const signed char hex_value[256] = {[0 ... 255] = -1, ['0'] = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
                                           ['a'] = 10, 11, 12, 13, 14, 15, ['A'] = 10, 11, 12, 13, 14, 15};
struct point {
    int x, y;
};
static const struct point points[6] = {[1 ... 3].x = 7, [2].y = 5, [4 ... 5] = {1, 2}, [0] = {9}, [5] = {3}};
static const int grid[3][4] = {[0 ... 1][1 ... 2] = 3, [2] = {[0 ... 3] = 8}, [0][0] = 1};
static const int after_range[8] = {[2 ... 4] = 6, 7, 8};

int main(void) {
    const char text[8] = {'7', 'f', 'x', 'A', '0', 'g', '9', 'c'};
    int digits[8], from_points[6], from_grid[12], after[8];
    parallel_for_each(i, extent(8)) {
        digits[i] = hex_value[(unsigned char)text[i]];
        after[i] = after_range[i];
    }
    parallel_for_each(i, extent(6)) {
        int own[5] = {[1 ... 3] = i, [0] = -1, [2] = 100};
        from_points[i] = points[i].x * 10 + points[i].y + own[2] * 1000 + own[3] * 100000;
    }
    parallel_for_each(i, extent(12)) { from_grid[i] = grid[i / 4][i % 4]; }
    for (int i = 0; i < 8; i++) printf("%d ", digits[i]);
    printf("\n");
    for (int i = 0; i < 6; i++) printf("%d ", from_points[i]);
    printf("\n");
    for (int i = 0; i < 12; i++) printf("%d", from_grid[i]);
    printf(" ");
    for (int i = 0; i < 8; i++) printf("%d", after[i]);
    printf("\n");
    return 0;
}
