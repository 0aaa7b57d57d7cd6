@double x = (double)i / 7.0;
d[i] = exp(x) - log1p(x) + atan2(x, 1.0) + fmod(x, 0.3);
f[i] = sinf((float)x) * cosf(s) + fmaxf(f[i], 0.0f);
