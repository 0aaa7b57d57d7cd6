$tf[t.local] = f[i] * s;
tile_barrier_wait(t.barrier);
f[i] = tf[(t.local + 1) % 4] - tf[t.local];
camp_atomic_fetch_add(&a[0], 1);
