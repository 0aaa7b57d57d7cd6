@d[i] = sqrt((double)i) + pow(d[i], 2.0);
f[i] = fabsf(f[i]) + floorf(s);
