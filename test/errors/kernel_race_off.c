// -Wno-kernel-race turns campcc's own warning off, with no word from
// libclang or the host compiler about an unknown warning option; so does
// -Werror=kernel-race taken back by -Wno-error=kernel-race, then -Wno-.
// flags: -Werror=kernel-race -Wno-error=kernel-race -Wno-kernel-race
// expect-quiet
#include <camp.h>

int total;

int main(void) {
    int data[100];
    for (int i = 0; i < 100; i++) data[i] = i;
    parallel_for_each(i, extent(100)) { total += data[i]; }
    return total;
}
