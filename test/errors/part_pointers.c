// A row or member of a local object can be passed to an amp function, and
// nothing else that would keep it: held in a pointer variable, chosen by
// '?:' or compared (its offset is into a part known only at run time), or
// taken of a captured value. Each is reported where it is, saying what to
// write instead.
#include <camp.h>

typedef struct pair { int a; int b[2]; } pair;

static int first(const int *p) restrict(amp) { return *p; }

int main(void) {
    int v[8] = {0};
    pair cap = {1, {2, 3}};
    parallel_for_each(i, extent(8)) {
        int m[2][4] = {{0}};
        pair s = {0, {0, 0}};
        int *row = m[i % 2];
        int *b = &s.b[1];
        int c = first(i ? m[0] : m[1]);
        int d = &m[0][1] < &m[1][0];
        int e = first(&cap.a) + first(cap.b);
        v[i] = *row + *b + c + d + e + first(m[1]) + first(&s.a);
    }
    return v[0];
}
// expect-error: 18:20: pointer 'row' would point into a member or row of a local object; campcc keeps such a pointer only as a function's argument: index the object where it is used (m[i][j], s.x[j]) or pass the row or member to a function (f(m[i]), f(&s.x))
// expect-error: 19:18: pointer 'b' would point into a member or row of a local object
// expect-error: 20:23: '?:' between pointers into members or rows of a local object is not supported; choose the index instead (m[c ? i : j])
// expect-error: 21:17: comparison of pointers into a member or row of a local object is not supported; compare the indices instead
// expect-error: 22:23: a pointer into a captured value or a temporary cannot be passed to a function; copy it into a local variable first
// expect-error: 22:43: a pointer into a captured value or a temporary cannot be passed to a function
