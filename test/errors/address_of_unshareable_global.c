// A global holding a pointer cannot be shared with kernels: taking its
// address (an atomic on a member) says why, as writing it does.
#include <camp.h>

struct queue {
    int *items;
    int count;
};
static struct queue q;

int main(void) {
    int data[64];
    for (int i = 0; i < 64; i++) data[i] = i;
    parallel_for_each(i, extent(64)) {
        if (data[i] % 2) camp_atomic_fetch_add(&q.count, 1);
    }
    return q.count;
}
// expect-error: 15:26: cannot take the address of global variable 'q' in a kernel (kernels see a copy of its value: it holds a pointer)
// expect-note: 9:21: 'q' declared here
