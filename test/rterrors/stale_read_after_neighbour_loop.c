// With CAMP_IMPLICIT_SYNC=check the host writes other data on the last
// page of a view a kernel wrote, many times (each access is stepped over,
// its page opened for one instruction), then reads the view without
// array_view_synchronize: still reported at the read's line, naming the
// kernel's. (By default libcamp brings such a page's views back after 64
// steps, which check mode must not do: it would hide the stale read.)
// env: CAMP_IMPLICIT_SYNC=check
// flags: -g -O0
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled at line %u: %s\n", e->line, e->message);
}

enum { N = 4096 + 512 };
/* the program's static data: the view's last page holds the neighbour too */
static struct {
    int v[N];
    int neighbour[1000];
} data __attribute__((aligned(4096)));

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int *v = data.v, *neighbour = data.neighbour;
    for (int i = 0; i < N; i++) v[i] = i;
    array_view(v, N);
    parallel_for_each(i, extent(N)) { v[i] = 2 * v[i] + 1; }
    for (int i = 0; i < 1000; i++) neighbour[i] = i; /* the host's own data */
    int seen = v[3];
    printf("v[3] = %d, neighbour[999] = %d\n", seen, neighbour[999]);
    array_view_release(v);
    return 0;
}
// expect-abort: 32: the host reads 'v'
// expect-handled: stale_read_after_neighbour_loop.c:30 may have written
