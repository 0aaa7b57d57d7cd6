// A program with a function of its own named `norm` (a vector's length),
// as C programs have: CAMP_NO_GRAPHICS keeps camp.h's graphics names
// (norm, unorm, textures) out, which otherwise take `norm` at file scope.
#define CAMP_NO_GRAPHICS
#include <camp.h>
#include <math.h>
#include <stdio.h>

typedef struct vec3 {
    float x, y, z;
} vec3;

static float norm(vec3 v) restrict(cpu, amp) { return sqrtf(v.x * v.x + v.y * v.y + v.z * v.z); }

int main(void) {
    vec3 points[64];
    float lengths[64];
    for (int i = 0; i < 64; i++) points[i] = (vec3){(float)i, 2.0f, (float)(i % 3)};
    parallel_for_each(i, extent(64)) { lengths[i] = norm(points[i]); }
    float worst = 0;
    for (int i = 0; i < 64; i++) {
        float d = fabsf(lengths[i] - norm(points[i]));
        worst = d > worst ? d : worst;
    }
    printf("%.1f %.1f %s\n", lengths[0], lengths[63], worst <= 1e-5f ? "agree" : "differ");
    return 0;
}
