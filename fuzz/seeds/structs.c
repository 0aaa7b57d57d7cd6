@struct pt q = p[i];
q.x += 1; q.y = scale(q.y, s);
p[i] = q;
