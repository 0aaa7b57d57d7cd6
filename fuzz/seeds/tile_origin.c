$int o = t.tile_origin, l = t.local;
ts[l] = o + l;
tile_barrier_wait(t.barrier);
u[i] = (unsigned)ts[3 - l] * 2u;
