// A pointer to a struct that holds a pointer reads a pointer from memory.
#include <camp.h>

struct node {
    int value;
    struct node *next;
};

int next_value(struct node *n) restrict(amp) {
    return n->next->value;
}

int main(void) {
    int a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = a[i] + 1;
    }
    return a[0];
}
// expect-error: 9:29: pointers to pointers are not allowed in amp code
