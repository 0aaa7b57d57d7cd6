@int j = i;
while (j > 0) { j -= 3; }
do { j++; } while (j < 2);
a[i] = j, f[i] = (float)j / 3.0f;
