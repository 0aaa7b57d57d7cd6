@long long w = (long long)a[i] * 3000000000LL;
unsigned long long z = (unsigned long long)w >> 7;
a[i] = (int)(w % 1000) + abs(a[i] - 5) + (int)(z & 0xff);
u[i] = u[i] / 3u + (u[i] % 7u);
