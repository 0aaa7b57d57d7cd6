@int x = a[i];
x = x > n ? x - n : x < 0 ? -x : x;
f[i] = x ? 1.0f / (float)x : 0.0f;
a[i] = (x & 1) == 0 && x != 4 || i == 3;
