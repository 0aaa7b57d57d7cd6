// array_view(p, -1): an error naming the call's line instead of a view of
// wrapped size; a handler gets it instead of abort(), and a kernel that
// then uses the pointer fails as a pointer in no view.
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
    float *p = calloc(16, sizeof *p);
    array_view(p, -1);
    printf("after array_view\n");
    free(p);
    return 0;
}
// expect-abort: 17: array_view: a negative element count (-1)
// expect-handled: handled invalid-argument at line 17
