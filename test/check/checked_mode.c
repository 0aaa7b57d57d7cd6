// -fcamp-check's instrumentation, in the IR: a tile_static element read
// and written under a race check on its shadows (partial.writers and
// partial.readers, one word per int: the byte offset / 4), its index
// bounds-checked, and the element read through the captured pointer
// checked against the views.
// RUN: -fcamp-check --dump-ir=nonneg -c %s -o /dev/null
// CHECK: (race write {{[0-9]+}} (binary / (binary + 0 (binary * (load t.local) 4)) 4) 1 partial.writers partial.readers) (assign = (index (decay partial) (bounds {{[0-9]+}} (load t.local) 64)) (load (index checked {{[0-9]+}} (load data) (load t.global))))
// CHECK: (race read {{[0-9]+}} (binary / (binary + 0 (binary * 1 4)) 4) partial.writers partial.readers)
#include <camp.h>

void reduce(const int *data, int *sums, int n) {
    array_view(data, n);
    parallel_for_each(t, tile(extent(64), 64)) {
        tile_static int partial[64];
        partial[t.local] = data[t.global];
        tile_barrier_wait(t.barrier);
        if (t.local == 0) sums[t.tile] = partial[1];
    }
}
