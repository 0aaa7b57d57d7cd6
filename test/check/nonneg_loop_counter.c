// A for loop's counter that starts non-negative and only steps up is never
// negative; one that steps down, or that the body writes, may be.
// RUN: --dump-ir=nonneg -c %s -o /dev/null
// CHECK: decl up: int = 0 ; nonneg
// CHECK: decl down: int = 8
// CHECK-NOT: ; nonneg
// CHECK: decl written: int = 0
// CHECK-NOT: ; nonneg
// CHECK: (assign = (index
#include <camp.h>

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int s = 0;
        for (int up = 0; up < 8; up += 2) s += up / 2;
        for (int down = 8; down > 0; down--) s += down / 2;
        for (int written = 0; written < 8; written++) {
            s += written / 2;
            written += 0;
        }
        v[i] = s;
    }
    return v[0];
}
