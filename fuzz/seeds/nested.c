@int acc = 0;
for (int x = 0; x < 4; x++)
    for (int y = 0; y < 4; y++) {
        if (x == y) continue;
        if (acc > 50) break;
        acc += m[x][y] * (x - y);
    }
a[i] = acc;
