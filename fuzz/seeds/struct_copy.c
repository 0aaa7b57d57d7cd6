@struct pt q = {i, (float)i * s};
struct pt r = q;
r.x = twice(r.x);
p[i] = i % 2 ? q : r;
a[i] = p[i].x + (int)p[i].y;
