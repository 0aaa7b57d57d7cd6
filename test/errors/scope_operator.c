// `::` where C has no such operator: an error before libclang parses the
// file (clang 19 loops forever on a parenthesized expression starting with
// it, here made by the macro). `::` between an asm statement's operand
// lists, in strings, comments and after an attribute's prefix is C.
#include <camp.h>

#define TWICE(x) ((x) + (x))

static int spin(int v) {
    __asm__ volatile("" ::: "memory"); /* "::" in a comment */
    __asm__ volatile("" : "+r"(v) :: "memory");
    return v + (int)sizeof "a::b" + ':';
}

[[gnu::unused]] static int unused_helper(void) { return 0; }

int main(void) {
    int a[4] = {1, 2, 3, 4};
    int b = TWICE(::a[0]);
    parallel_for_each(i, extent(4)) { a[i] += 1; }
    return spin(b);
}
// expect-error: 19:19: '::' is not an operator in C
