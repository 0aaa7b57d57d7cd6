// A macro that writes a kernel and names itself cannot be expanded in the
// text campcc compiles (the parse after would expand the name again,
// where C leaves it): the error names it at its use, reached here through
// another macro.
#include <camp.h>
#define FILL FILL_SELF
#define FILL_SELF(a, n) parallel_for_each(i, extent(n)) { a[i] = 1; } int FILL_SELF = 0; (void)FILL_SELF;
int main(void) {
    int a[4];
    FILL(a, 4);
    return a[0];
}
// expect-error: 10:5: parallel_for_each written by macro 'FILL_SELF', which campcc cannot expand (a macro that names itself, one of a system header, or one of more than 16 nested in each other)
