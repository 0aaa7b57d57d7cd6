// array_new whose byte count overflows size_t: an error naming the call's
// line, not a wrapped (small) size; a handler gets it instead of abort().
#include <camp.h>
#include <stdio.h>

static void handle(const camp_error *e, void *user) {
    (void)user;
    printf("handled %s at line %u\n", e->status == CAMP_ERROR_INVALID_ARGUMENT ? "invalid-argument" : "OTHER",
           e->line);
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    long long n = (1LL << 61) + 1; /* * sizeof(double) wraps to 8 bytes */
    double *a = array_new(double, n, NULL);
    printf("array_new gave %s\n", a ? "an array" : "NULL");
    return a != NULL;
}
// expect-abort: 16: array_new: 2305843009213693953 elements of 8 bytes overflow the address space
// expect-handled: handled invalid-argument at line 16
