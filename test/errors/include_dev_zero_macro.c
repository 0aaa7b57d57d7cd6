// An #include of a device whose name a macro makes: the scan before
// libclang follows object-like macros, from #define and -D, to the name
// (libclang read /dev/zero until campcc's memory ran out).
// flags: '-DFROM_COMMAND_LINE="/dev/zero"'
#include <camp.h>

#define DEVICE_NAME "/dev/zero"
#define DEVICE DEVICE_NAME
#include DEVICE
#include FROM_COMMAND_LINE

int main(void) {
    int a[4];
    parallel_for_each(i, extent(4)) { a[i] = 1; }
    return a[0];
}
// expect-error: 9:10: '/dev/zero' is a character device, not a file: campcc does not include it
// expect-error: 10:10: '/dev/zero' is a character device, not a file: campcc does not include it
// expect-errors: 2
