@float *q = &f[i];
int *r = i % 2 ? &a[i] : &a[0];
*q = *q + 1.0f;
*r += (int)(q - f);
