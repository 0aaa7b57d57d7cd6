@char c = (char)i; short h = (short)(c * 300); _Bool b = h != 0;
long long w = (long long)h * 100000;
a[i] = (int)(w >> 8) + b;
