// A pointer to one member of a local struct, indexed as if the members
// were an array (`float *f = &v.x; f[2]`, a graphics idiom that C allows
// only by the struct's layout): amp code keeps the members apart, so it
// is an error that names the member and says to use an array member or a
// vector (it read and wrote the first member, silently).
#include <camp.h>

typedef struct {
    float x, y, z;
} vec;

int main(void) {
    float out[4];
    parallel_for_each(i, extent(4)) {
        vec v = {1.0f, 2.0f, 3.0f};
        float *f = &v.x;
        out[i] = f[i % 3];
    }
    return (int)out[1];
}
// expect-error: 17:18: pointer arithmetic past 'x', which the pointer points at alone
