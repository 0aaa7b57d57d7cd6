@a[i] = twice(a[i]) + n;
