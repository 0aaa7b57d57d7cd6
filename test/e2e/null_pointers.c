// needs: shaderInt64 shaderInt8
/* Null pointers in kernels and helpers, and pointer variables whose first
 * assignment comes after a use in the source (in a loop): pointers into
 * views and into local arrays compared with NULL and 0, null stored in a
 * pointer variable and tested with `if (p)`, `?:` with a null side, null
 * passed to a helper that tests it; pointers into views converted to
 * integers and to _Bool. */
#include <camp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define N 64

static int value_or(const int *p, int fallback) restrict(amp) {
    return p != NULL ? *p : fallback;
}

int main(void) {
    int a[N], from_view[N], from_local[N], from_helper[N], later[N], as_integer[N];
    for (int i = 0; i < N; i++) a[i] = 3 * i - 7;

    parallel_for_each(i, extent(N)) {
        const int *p = NULL;
        if (i % 3 == 0) p = &a[i];
        int r = p == NULL ? -1 : *p;
        if (0 != p) r += 1000;
        p = 0;
        if (p) r += 1;
        from_view[i] = r;
    }
    parallel_for_each(i, extent(N)) {
        int local[4] = {i, i + 1, i + 2, i + 3};
        int *q = i % 2 ? &local[i % 4] : NULL;
        int r = q ? *q : -2;
        if (q == NULL) r -= 10;
        q = NULL;
        if (!q) r += 100;
        from_local[i] = r;
    }
    parallel_for_each(i, extent(N)) {
        int local[2] = {i * 5, -i};
        from_helper[i] = value_or(NULL, -3) + value_or(&local[i % 2], 0) + value_or(i % 4 ? &a[i] : NULL, 7);
    }
    /* p is read (from the second iteration) before the assignment below it */
    parallel_for_each(i, extent(N)) {
        int local[3] = {i, 2 * i, 3 * i};
        int *p = NULL, sum = 0;
        for (int k = 0; k < 3; k++) {
            if (p) sum += *p * 10;
            p = &local[k];
        }
        later[i] = sum + *p;
    }
    parallel_for_each(i, extent(N)) {
        int *p = i % 5 ? &a[i] : NULL;
        uintptr_t step = (uintptr_t)&a[i + 1 < N ? i + 1 : i] - (uintptr_t)&a[i];
        as_integer[i] = (int)step + (int)((uintptr_t)p % sizeof(int)) + 10 * (bool)p + 100 * ((long)p == 0);
    }

    unsigned long long checksum = 0; /* wraps, as unsigned arithmetic may */
    for (int i = 0; i < N; i++) {
        checksum = checksum * 31 + from_view[i];
        checksum = checksum * 31 + from_local[i];
        checksum = checksum * 31 + from_helper[i];
        checksum = checksum * 31 + later[i];
        checksum = checksum * 31 + as_integer[i];
    }
    printf("%d %d %d %d %d %d\n", from_view[3], from_local[5], from_helper[5], later[7], as_integer[0], as_integer[1]);
    printf("checksum %llu\n", checksum);
    return 0;
}
