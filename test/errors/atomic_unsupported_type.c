// camp_atomic_fetch_and on a double: an error that names the types the
// atomics take, not the _Generic's "not compatible with any association".
#include <camp.h>

int main(void) {
    double largest[1] = {0};
    double errors[4] = {1, 2, 3, 4};
    parallel_for_each(i, extent(4)) { camp_atomic_fetch_and(&largest[0], errors[i]); }
    return (int)largest[0];
}
// expect-error: 8:39: camp_atomic_* work on int, unsigned, long, long long and their unsigned forms (int64_t, uint64_t); fetch_add, fetch_max, fetch_min, exchange, load and store also on float and double
