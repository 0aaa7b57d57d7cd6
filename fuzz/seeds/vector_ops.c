@int2 q = v2 * i;
float4 w = {1.0f, 2.0f, (float)i, s};
w.xz = w.zx;
w = w * 0.5f + w;
a[i] = q.x + q.y;
f[i] = w.x * w.y + w.z - w.w;
