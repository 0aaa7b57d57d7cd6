// A global holding a pointer cannot be shared with kernels: each thread
// reads its own copy (its address, &q, is the copy's:
// e2e/global_struct_holding_pointers.c), so an atomic on a member of it,
// which would count in the copies, says why, as writing it does.
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
// expect-error: 17:26: atomic operation on 'q', which each thread has a copy of (it holds pointers, which the launch translates): keep the counter apart
