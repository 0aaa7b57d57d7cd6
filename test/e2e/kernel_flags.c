/* A variable of the function around a kernel that the kernel assigns and
 * never reads is a flag the threads share with the host: Bellman-Ford's
 * `changed`, reset by the host before each pass and read after it; a
 * `bool` found flag; an index only one thread can store (the one match),
 * and a flag a kernel leaves alone when no thread sets it. */
#include <camp.h>
#include <stdbool.h>
#include <stdio.h>

#define V 10
#define E 18

static int src[E], dst[E], w[E];

int main(void) {
    int dist[V];
    for (int e = 0; e < E; e++) src[e] = e % V, dst[e] = (e * 3 + 1) % V, w[e] = 1 + e % 5;
    for (int v = 0; v < V; v++) dist[v] = v ? 1000000 : 0;
    int changed = 1, passes = 0;
    while (changed) {
        changed = 0;
        parallel_for_each(e, extent(E)) {
            int d = dist[src[e]] + w[e];
            if (d < dist[dst[e]]) {
                camp_atomic_fetch_min(&dist[dst[e]], d);
                changed = 1;
            }
        }
        passes++;
    }
    for (int v = 0; v < V; v++) printf("dist[%d] = %d\n", v, dist[v]);
    printf("settled after %s passes\n", passes > 1 ? "several" : "one");

    bool found = false, none = false;
    int where = -1;
    parallel_for_each(i, extent(E)) {
        if (w[i] == 5 && src[i] == 4 && i > 9) { /* one edge only */
            found = true;
            where = i;
        }
        if (w[i] > 5) none = true;
    }
    printf("found %d at %d, none %d\n", found, where, none);
    return 0;
}
