// Locals of types amp code cannot have (_Atomic, _Complex int): one error
// where each is declared and none where it is used (the load of an
// _Atomic int has the _Atomic type, and was reported again at each use).
#include <camp.h>

int main(void) {
    float out[8];
    parallel_for_each(i, extent(8)) {
        _Atomic int a = 3;
        _Complex int c = 1;
        a += 1;
        out[i] = __real__ c + a + (float)(a * 2);
    }
    return out[0] != 0.0f;
}
// expect-error: 9:21: type '_Atomic(int)' is not supported in amp code
// expect-error: 10:22: type '_Complex int' is not supported in amp code
// expect-errors: 2
