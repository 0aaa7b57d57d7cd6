// An #include of a device: libclang reads to the end of what it includes,
// and /dev/zero has none (campcc grew by gigabytes, then failed). Refused
// at the directive before libclang sees the file.
#include <camp.h>
#include "/dev/zero"

int main(void) {
    int a[4];
    parallel_for_each(i, extent(4)) { a[i] = 1; }
    return a[0];
}
// expect-error: 5:10: '/dev/zero' is a character device, not a file: campcc does not include it
