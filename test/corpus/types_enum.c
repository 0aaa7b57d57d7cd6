// needs: shaderInt64
/* Enums in kernels: enumerators with explicit and implicit values (one
 * negative), enum arrays in views, enum arithmetic and comparisons, a
 * switch on an enum, an enum returned by a restrict(amp) helper, and the
 * size of an enum type. */
#include <camp.h>
#include <stdio.h>
#include "corpus_print.h"

#define N 200

enum color { RED, GREEN = 5, BLUE, ALPHA = -3 };
typedef enum { LOW = 1, MID = 10, HIGH = 100 } level;

static level classify(int v) restrict(amp) {
    if (v < 20) return LOW;
    if (v < 120) return MID;
    return HIGH;
}

int main(void) {
    enum color colors[N], next[N];
    level levels[N];
    int value[N], code[N];
    for (int i = 0; i < N; i++) {
        static const enum color all[4] = {RED, GREEN, BLUE, ALPHA};
        colors[i] = all[(i * 7) % 4];
        value[i] = (i * 53) % 200;
    }

    /* Switch on an enum, enum assigned from an enum. */
    parallel_for_each(i, extent(N)) {
        enum color c = colors[i];
        switch (c) {
        case RED: next[i] = GREEN; break;
        case GREEN: next[i] = BLUE; break;
        case BLUE: next[i] = ALPHA; break;
        default: next[i] = RED; break;
        }
    }
    /* An enum returned by a helper. */
    parallel_for_each(i, extent(N)) {
        levels[i] = classify(value[i]);
    }
    /* Enum arithmetic and comparisons (enumerators are ints). */
    parallel_for_each(i, extent(N)) {
        int c = colors[i];
        code[i] = c * 100 + (colors[i] > GREEN) * 10 + (colors[i] == ALPHA) + BLUE * ALPHA +
                  (int)sizeof(enum color) * 1000 + (levels[i] == HIGH ? 20000 : 0);
    }

    print_array("%d", next, N);
    print_array("%d", levels, N);
    print_array("%d", code, N);
    return 0;
}
