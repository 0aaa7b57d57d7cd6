@int local[4] = {1, 2, 3, 4};
int *q = &local[i % 4];
*q += 1;
a[i] = local[i % 4] + (int)sizeof local;
