/* `?:` whose condition is a vector: each lane chosen by the sign bit of
 * its own lane of the condition, as clang's vectors (and OpenCL's select)
 * do: clamps
 * written as `v < lo ? lo : v` on int4 and float4, a mask that is not a
 * comparison, a scalar side made a vector, nested selects, in a kernel and
 * in a restrict(cpu, amp) helper. */
#include <camp.h>
#include <stdio.h>

static int4 clamp4(int4 v, int4 lo, int4 hi) restrict(cpu, amp) { return v < lo ? lo : v > hi ? hi : v; }

int main(void) {
    enum { N = 6 };
    int4 a[N], out_i[N];
    float4 f[N], out_f[N];
    uint2 u[N], out_u[N];
    for (int i = 0; i < N; i++) {
        a[i] = (int4){i * 7 - 20, 3 - i * 5, i * i - 4, 12 - i * 3};
        f[i] = (float4){i * 0.75f - 2, -1.5f * i, 0.25f * i * i, 3 - i * 1.25f};
        u[i] = (uint2){i * 3u, 40u - i * 9u};
    }
    parallel_for_each(i, extent(N)) {
        out_i[i] = clamp4(a[i], (int4){-4, -4, 0, 0}, (int4){8, 8, 5, 5});
        float4 x = f[i];
        out_f[i] = x < 0.0f ? -x : x * 2.0f; /* the scalar made a vector */
        uint2 m = u[i] << 31;                  /* odd lanes: a mask that is no comparison (its sign bit chooses) */
        out_u[i] = m ? u[i] + 100u : u[i];
    }
    for (int i = 0; i < N; i++)
        printf("%d %d %d %d | %g %g %g %g | %u %u\n", out_i[i].x, out_i[i].y, out_i[i].z, out_i[i].w, out_f[i].x,
               out_f[i].y, out_f[i].z, out_f[i].w, out_u[i].x, out_u[i].y);
    return 0;
}
