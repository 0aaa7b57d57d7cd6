// A linked list in a view: a kernel reads a node's next pointer from the
// view's memory, where it is the host's address. A pointer to a struct
// that holds pointers is fine into the thread's own memory
// (e2e/struct_pointers_in_helpers.c); reading a pointer from a view is not.
#include <camp.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

static int next_value(const struct node *n) restrict(amp) {
    return n->next->value;
}

int main(void) {
    struct node *nodes = malloc(4 * sizeof *nodes);
    int out[4];
    for (int i = 0; i < 4; i++) nodes[i] = (struct node){i, &nodes[(i + 1) % 4]};
    array_view(nodes, 4);
    parallel_for_each(i, extent(4)) {
        out[i] = next_value(&nodes[i]);
    }
    free(nodes);
    return out[0];
}
// expect-error: 14:15: a pointer read from a view's memory: a kernel cannot use pointers stored in a view (they are the host's addresses); store indices instead
