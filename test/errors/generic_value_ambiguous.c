// A _Generic choosing a value whose chosen association campcc cannot
// tell: two associations have the selection's type (float), and neither
// type name, as written (a typedef of the float, and double), spells the
// controlling expression's type. The error says so, and what to write.
#include <camp.h>

typedef float real;

int main(void) {
    float v[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) {
        v[i] = _Generic(v[i], real: v[i] * 2.0f, double: (float)v[i]);
    }
    return (int)v[0];
}
// expect-error: 12:16: campcc cannot tell which association of this _Generic was chosen (several are of type 'float')
// expect-errors: 1
