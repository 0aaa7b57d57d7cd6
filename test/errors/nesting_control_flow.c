// 1,030 nested ifs: beyond Vulkan's 1023 levels the SPIR-V validator
// refused the module (an internal error), and 1,000 levels took it 42 s
// (its time grows with the cube of the depth). campcc refuses control
// flow more than 256 levels deep, at the construct one level too deep.
#include <camp.h>

#define IF4 if (i >= 0) if (i < 16) if (i != 99) if (i > -1)
#define IF16 IF4 IF4 IF4 IF4
#define IF256 IF16 IF16 IF16 IF16 IF16 IF16 IF16 IF16 IF16 IF16 IF16 IF16 IF16 IF16 IF16 IF16
#define IF1024 IF256 IF256 IF256 IF256

int main(void) {
    int a[16] = {0};
    parallel_for_each(i, extent(16)) {
        IF256
        if (i >= 0) IF1024 if (i > -5) if (i > -6) if (i > -7) if (i > -8) if (i > -9) a[i] = 1;
    }
    return a[0];
}
// expect-error: 16:9: control flow nested more than 256 levels deep is not supported in amp code
