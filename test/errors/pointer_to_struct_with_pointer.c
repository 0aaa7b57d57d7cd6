// A linked list in a view, reached through a captured pointer to a node: a
// kernel takes the one node the pointer points to, by value (its pointer
// translated, so n->next->value works), but indexing the pointer, or
// reading a pointer from the view's memory (the next node's `next`, a
// host address), is refused where it is written. A pointer to a struct
// holding pointers in the thread's own memory is fine
// (e2e/struct_pointers_in_helpers.c).
#include <camp.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

static int after_next(const struct node *n) restrict(amp) {
    return n->next->next->value;
}

int main(void) {
    struct node *nodes = malloc(4 * sizeof *nodes);
    int out[4];
    for (int i = 0; i < 4; i++) nodes[i] = (struct node){i, &nodes[(i + 1) % 4]};
    array_view(nodes, 4);
    parallel_for_each(i, extent(4)) {
        out[i] = nodes[i].value + after_next(nodes);
    }
    free(nodes);
    return out[0];
}
// expect-error: 17:21: a pointer read from a view's memory: a kernel cannot use pointers stored in a view (they are the host's addresses); store indices instead
// expect-error: 26:18: pointer arithmetic on captured 'nodes', a pointer to a struct that holds pointers: a kernel takes the one struct it points to, by value
