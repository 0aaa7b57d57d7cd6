// campcc -fcamp-check: writes a few elements before a view's start (an
// index off by two below, as in a[i - 2]) are reported as outside every
// view, with the kernel's line and how far before the view, for an
// array_view and for an array_new array; the writes themselves go to
// scratch memory.
// flags: -fcamp-check
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char seen[256];

static void handle(const camp_error *e, void *user) {
    (void)user;
    const char *where = strstr(e->message, "bytes before"), *index = strstr(e->message, " at index");
    int length = where && index > where ? (int)(index - where) : 0; /* up to the thread index */
    size_t used = strlen(seen);
    snprintf(seen + used, sizeof seen - used, "%s%s at line %u: %.*s", used ? "; " : "",
             e->status == CAMP_ERROR_OUT_OF_BOUNDS ? "out-of-bounds" : "OTHER", e->line, length, where ? where : "");
}

int main(int argc, char **argv) {
    (void)argv;
    if (argc > 1) camp_set_error_handler(handle, NULL);
    int n = 1000, *a = malloc(n * sizeof *a), *b = array_new(int, n, NULL), back[1000];
    for (int i = 0; i < n; i++) a[i] = i;
    array_view(a, n);
    parallel_for_each(i, extent(n)) { a[i - 2] = 1; }
    array_view_synchronize(a);
    parallel_for_each(i, extent(n)) { b[i - 1] = i; }
    array_copy_out(back, b, n);
    printf("handled %s\n", seen);
    array_delete(b);
    array_view_release(a);
    free(a);
    return 0;
}
// expect-abort: 29: kernel: a[-2] is outside every view: 8 bytes before array_view 'a' (4000 bytes)
// expect-handled: handled out-of-bounds at line 29: bytes before array_view 'a' (4000 bytes); out-of-bounds at line 31: bytes before an array_new array (4000 bytes)
