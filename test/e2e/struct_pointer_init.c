// needs: shaderInt64
// A struct holding a view pointer, initialized in a kernel by a brace list, a
// nested brace list leaving a pointer out (null), and a compound literal:
// campcc zeroed it first with OpConstantNull, which a PhysicalStorageBuffer
// pointer cannot have (an internal error: the module was invalid).
#include <camp.h>
#include <stdio.h>
struct ref { float *p; int n; };
struct two { struct ref a, b; };
static float first(struct ref r) restrict(amp) { return r.p ? r.p[0] : -1.0f; }
int main(void) {
    float data[16];
    int out[16];
    for (int k = 0; k < 16; k++) data[k] = (float)k;
    parallel_for_each(i, extent(16)) {
        struct ref r = {data, 16};
        struct two t = {{data + 1, 1}};
        struct ref c = (struct ref){.p = data + 2};
        out[i] = (int)r.p[i] + r.n + t.a.n + (t.b.p == 0) + (int)first(c) + (int)first(t.b) + (int)first(t.a);
    }
    for (int k = 0; k < 16; k++) if (out[k] != k + 16 + 1 + 1 + 2 - 1 + 1) { printf("bad %d %d\n", k, out[k]); return 1; }
    printf("ok\n");
    return 0;
}
