$ts[t.local] = a[i];
tile_barrier_wait(t.barrier);
for (int k = 2; k > 0; k /= 2) {
    if (t.local < k) ts[t.local] += ts[t.local + k];
    tile_barrier_wait(t.barrier);
}
if (t.local == 0) a[i] = ts[0];
