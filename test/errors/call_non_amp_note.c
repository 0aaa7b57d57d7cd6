// The note of a call to a non-amp function points at its declaration.
#include <camp.h>

float scale(float x);

int main(void) {
    float a[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        a[i] = scale(a[i]);
    }
    return (int)a[0];
}

float scale(float x) { return x * 2; }
// expect-error: 9:16: call to non-amp function 'scale'
// expect-note: 4:7: 'scale' declared here; mark it restrict(cpu, amp) to call it from amp code and the host
