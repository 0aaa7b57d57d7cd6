// needs: shaderInt64
/* Structs in kernels: struct locals, member read and write, whole-struct
 * assignment and copy, nested structs, arrays inside structs, arrays of
 * structs in views (read and written), structs passed to and returned from
 * restrict(amp) helpers, and pointers to struct members (->). */
#include <camp.h>
#include <stdio.h>

#define N 200

typedef struct point { int x, y; } point;
typedef struct box { point lo, hi; int tag; } box;
typedef struct poly { int n; point v[4]; float weight; } poly;

static point add_points(point a, point b) restrict(amp) {
    point r = {a.x + b.x, a.y + b.y};
    return r;
}

static int area(const box *b) restrict(amp) {
    return (b->hi.x - b->lo.x) * (b->hi.y - b->lo.y);
}

int main(void) {
    point pts[N], moved[N];
    box boxes[N], grown[N];
    poly polys[N];
    int areas[N], perim[N];
    float wsum[N];
    for (int i = 0; i < N; i++) {
        pts[i] = (point){i % 13 - 6, i / 13 - 7};
        boxes[i].lo = pts[i];
        boxes[i].hi = (point){pts[i].x + i % 5 + 1, pts[i].y + i % 7 + 1};
        boxes[i].tag = i * 3;
        polys[i].n = 1 + i % 4;
        for (int k = 0; k < 4; k++) polys[i].v[k] = (point){i + k, i - 2 * k};
        polys[i].weight = (float)(i % 9) * 0.25f;
    }

    /* Struct locals, assignment of a whole struct, a struct-returning helper. */
    parallel_for_each(i, extent(N)) {
        point p = pts[i];
        point d = {2, -3};
        point q = add_points(p, d);
        q.x *= 2;
        moved[i] = q;
    }
    /* Nested structs, written member by member and as a whole. */
    parallel_for_each(i, extent(N)) {
        box b = boxes[i];
        b.hi.x += 10;
        b.lo.y -= b.tag % 4;
        b.tag = -b.tag;
        grown[i] = b;
        grown[i].lo.x = boxes[(i + 1) % N].lo.x;
    }
    /* A pointer to a struct in a view passed to a helper; -> on it. */
    parallel_for_each(i, extent(N)) {
        areas[i] = area(&boxes[i]) + area(&grown[i]);
        box *g = &grown[i];
        g->tag += 1;
    }
    /* Arrays inside structs, indexed by a loop. */
    parallel_for_each(i, extent(N)) {
        poly p = polys[i];
        int s = 0;
        for (int k = 0; k < p.n; k++) s += p.v[k].x * 2 + p.v[k].y;
        p.v[0].x = s;
        perim[i] = p.v[0].x + polys[i].v[3].y;
        wsum[i] = p.weight * (float)p.n + polys[i].weight;
    }

    for (int i = 0; i < N; i++)
        printf("%d: %d %d | %d %d %d %d %d | %d %d %a\n", i, moved[i].x, moved[i].y, grown[i].lo.x,
               grown[i].lo.y, grown[i].hi.x, grown[i].hi.y, grown[i].tag, areas[i], perim[i], wsum[i]);
    return 0;
}
