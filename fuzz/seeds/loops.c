@int t = 0;
for (int k = 0; k < 4; k++) { if (k == i % 4) continue; t += m[k][i % 4]; }
a[i] = t;
