@switch (i % 3) {
case 0: a[i] = 1; break;
case 1: a[i] = 2;
default: a[i] += 3;
}
