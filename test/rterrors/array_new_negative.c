// array_new with a negative count (an int that went below zero): an error
// naming the call's line, not a wrapped size; a handler gets it instead of
// abort() and array_new returns NULL.
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
    int n = argc - 3; /* -1 or -2 */
    int *a = array_new(int, n, NULL);
    printf("array_new gave %s\n", a ? "an array" : "NULL");
    return a != NULL;
}
// expect-abort: 17: array_new: a negative element count (-2)
// expect-handled: handled invalid-argument at line 17
