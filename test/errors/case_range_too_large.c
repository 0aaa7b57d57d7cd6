// A case range becomes one label per value in amp code: more than 1,024
// is an error at the range (and no second error for its label).
#include <camp.h>

int main(void) {
    int out[8];
    parallel_for_each(i, extent(8)) {
        switch ((int)i) {
        case 0 ... 1023: out[i] = 1; break;
        case 1024 ... 5000: out[i] = 2; break;
        default: out[i] = 3; break;
        }
    }
    return out[0];
}
// expect-error: 10:14: a case range of more than 1024 values is not supported in amp code
// expect-errors: 1
