// needs: shaderInt64
/* && and || evaluate their right operand only when needed: side effects
 * (increments, assignments, helper calls that write through a pointer)
 * happen exactly when C evaluates them. Also the comma operator (left then
 * right, value of the right), and ?: evaluating only the chosen arm,
 * nested and as an lvalue-free value of mixed types. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 360

static int bump(int *counter, int result) restrict(amp) {
    *counter += 1;
    return result;
}

int main(void) {
    int a[N], b[N], evals[N], results[N], commas[N], ternary[N], guarded[N];
    for (int i = 0; i < N; i++) {
        a[i] = i % 5 - 2;
        b[i] = i % 7 - 3;
    }

    /* Side effects in the right operand happen only when it is evaluated. */
    parallel_for_each(i, extent(N)) {
        int n = 0, r = 0;
        if (a[i] > 0 && ++n > 0) r |= 1;
        if (a[i] > 0 || ++n > 0) r |= 2;
        if (b[i] != 0 && (n += 10) && a[i] < b[i]) r |= 4;
        if (b[i] == 0 || (n += 100) || a[i]) r |= 8;
        int t = (a[i] && b[i]) + (a[i] || b[i]) * 2 + (!a[i] && !b[i]) * 4;
        evals[i] = n;
        results[i] = r * 10 + t;
    }
    /* Calls through a pointer as operands: counted only when made. */
    parallel_for_each(i, extent(N)) {
        int calls = 0;
        int v = bump(&calls, a[i] > 0) && bump(&calls, b[i] > 0) && bump(&calls, 1);
        int w = bump(&calls, a[i] < 0) || bump(&calls, b[i] < 0) || bump(&calls, 0);
        /* a guard that avoids a division by zero */
        int q = b[i] != 0 && 100 / b[i] > 30;
        guarded[i] = calls * 100 + v * 10 + w + q * 1000;
    }
    /* The comma operator: left side first, value of the right side. */
    parallel_for_each(i, extent(N)) {
        int x = 1, y = 2;
        int z = (x = a[i] * 3, y += x, x * y);
        int k, s = 0;
        for (k = 0, x = i % 4; k < 5; k++, x += 2) s += x;
        int c = (x++, x + k); /* x is incremented before x + k is computed */
        commas[i] = z * 1000 + s * 10 + y + c * 100000;
    }
    /* ?: evaluates only the chosen arm; nested; mixed arm types convert. */
    parallel_for_each(i, extent(N)) {
        int n = 0;
        int v = a[i] > b[i] ? (n += 1, a[i]) : (n += 10, b[i]);
        int w = b[i] != 0 ? 60 / b[i] : -1; /* the division only when defined */
        int grade = a[i] > 1 ? 3 : a[i] > 0 ? 2 : a[i] == 0 ? 1 : 0;
        float f = a[i] < 0 ? 0.5f : a[i]; /* int arm converted to float */
        unsigned u = b[i] < 0 ? 1u : 0u;
        ternary[i] = v * 10000 + n * 1000 + w * 10 + grade + (int)(f * 4.0f) * 100000 + (int)u * 7;
    }

    print_array("%d", evals, N);
    print_array("%d", results, N);
    print_array("%d", guarded, N);
    print_array("%d", commas, N);
    print_array("%d", ternary, N);
    return 0;
}
