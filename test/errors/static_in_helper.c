// A static variable declared in a restrict(amp) function: the host code
// that launches its kernels cannot name it.
#include <camp.h>

int ticket(void) restrict(amp) {
    static int next;
    return camp_atomic_fetch_add(&next, 1);
}

int main(void) {
    int a[4];
    parallel_for_each(i, extent(4)) { a[i] = ticket(); }
    return a[0];
}
// expect-error: 6:16: static variable 'next' declared in amp code is not supported: a table the code only reads is `static const` (a constant of the module); state each thread keeps is a local (or a parameter); state all threads share is a variable at file scope, which they race on but through atomics
