// A row or member of a local object can be passed to an amp function, or
// held in a pointer variable declared with it, and nothing else that would
// mix it with another: given to a pointer variable after its declaration,
// chosen by '?:' or compared with another (one of a temporary is taken as
// any local's; one of a captured value is shared with the host:
// e2e/capture_address.c).
// Each is reported where it is, saying what to write instead.
#include <camp.h>

typedef struct pair { int a; int b[2]; } pair;

static int first(const int *p) restrict(amp) { return *p; }

int main(void) {
    int v[8] = {0};
    parallel_for_each(i, extent(8)) {
        int m[2][4] = {{0}};
        pair s = {0, {0, 0}};
        int *row = m[0], *other = m[1], *later = NULL;
        row = m[i % 2];
        later = row;
        int c = first(i ? m[0] : m[1]) + first(i ? row : other);
        int d = (&m[0][1] < &m[1][0]) + (row < other);
        int e = first(&(pair){i, {2, 3}}.a) + first((int[2]){i, 2});
        v[i] = *row + *later + c + d + e + first(m[1]) + first(&s.a);
    }
    return v[0];
}
// expect-error: 20:9: pointer 'row' would be given a member or row of a local object after its declaration; campcc keeps such a pointer only in a variable declared with it (float *row = m[i];) or as a function's argument (f(m[i]))
// expect-error: 21:9: pointer 'later' would be given a member or row of a local object after its declaration
// expect-error: 22:23: '?:' between pointers into members or rows of a local object is not supported; choose the index instead (m[c ? i : j])
// expect-error: 22:48: '?:' between pointers into members or rows of a local object is not supported
// expect-error: 23:18: comparison of pointers into a member or row of a local object is not supported; compare the indices instead
// expect-error: 23:42: comparison of pointers into a member or row of a local object is not supported
