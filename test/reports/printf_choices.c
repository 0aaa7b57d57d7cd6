// printf's %s of a choice of string literals in kernels and amp functions
// (`team ? "blue" : "red"`, choices within choices, two choices in one
// format, one beside values): each choice becomes a printf of each string,
// the one the condition picks run. Lines "L<launch> t<index> ...", compared
// with the serial reference's as a multiset (test/reports.py).
#include <camp.h>
#include <stdio.h>

static void status(int i, float hp) restrict(amp) {
    printf("L1 t%d %s at %.1f\n", i, hp <= 0 ? "dead" : hp < 50 ? "hurt" : "fine", hp);
}

int main(void) {
    int team[600];
    for (int i = 0; i < 600; i++) team[i] = i % 3 == 0;
    parallel_for_each(i, extent(600)) {
        printf("L1 t%d team %s, %s%s\n", i, team[i] ? "blue" : "red", i % 2 ? "odd" : "even",
               i % 5 == 0 ? " (fifth)" : "");
        status(i, (float)(i * 7 % 120) - 20.0f);
    }
    parallel_for_each(i, extent(8)) { printf("L2 t%d %-6s|\n", i, i < 4 ? "low" : "high"); }
    return 0;
}
