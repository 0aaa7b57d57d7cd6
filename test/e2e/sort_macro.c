// needs: shaderInt64
/* CAMP_SORT_DEFINE in a file with no other amp code: its comparison a
 * macro, so that the file spells neither parallel_for_each nor
 * restrict(amp) (campcc must still compile its kernels), sorting structs
 * by a member, descending, stably; the serial reference mode sorts on the
 * host, and both print the same. */
#include <camp_algorithms.h>
#include <stdio.h>

typedef struct pair {
    int key, order;
} pair;
#define BY_KEY_DESCENDING(a, b) ((a).key > (b).key)
CAMP_SORT_DEFINE(pair, sort_down, BY_KEY_DESCENDING)

int main(void) {
    enum { N = 1000 };
    static pair host[N];
    for (int i = 0; i < N; i++) host[i] = (pair){(i * 37) % 10, i};
    pair *p = array_new(pair, N, host);
    camp_sort_with(sort_down, p, N);
    array_copy_out(host, p, N);
    array_delete(p);
    int in_order = 0;
    for (int i = 1; i < N; i++)
        in_order += host[i - 1].key > host[i].key || (host[i - 1].key == host[i].key && host[i - 1].order < host[i].order);
    printf("first (%d, %d), last (%d, %d), %d of %d neighbours in order\n", host[0].key, host[0].order,
           host[N - 1].key, host[N - 1].order, in_order, N - 1);
    return 0;
}
