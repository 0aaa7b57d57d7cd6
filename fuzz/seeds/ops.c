@unsigned x = u[i];
x = (x << 3) ^ (x >> 2) | 7u;
u[i] = x % 5u + (unsigned)(i > 3 && i < 9) + (i ? 1u : 2u);
