/* A pointer a kernel uses must lie in a view: one that does not is a
 * run-time error naming the variable and the kernel's line. */
#include <camp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int errors;
static char message[1024];
static unsigned line;
static camp_status status;

static void on_error(const camp_error *error, void *user) {
    (void)user;
    if (error->status == CAMP_ERROR_UNSUPPORTED) { /* a device that cannot run the kernels: stop, as by default */
        fprintf(stderr, "%s\n", error->message);
        abort();
    }
    errors++;
    status = error->status;
    line = error->line;
    snprintf(message, sizeof message, "%s", error->message);
}

int main(void) {
    camp_get_default_accelerator(); /* no usable device: libcamp's message, before the handler */
    camp_set_error_handler(on_error, NULL);
    int *stray = malloc(16 * sizeof *stray);
    for (int i = 0; i < 16; i++) stray[i] = i;
    int kernel_line = __LINE__ + 1;
    parallel_for_each(i, extent(16)) { stray[i] = 0; }
    char at_line[32];
    snprintf(at_line, sizeof at_line, ":%d: ", kernel_line);
    printf("errors: %d\n", errors);
    printf("invalid argument: %d\n", status == CAMP_ERROR_INVALID_ARGUMENT);
    printf("names the line: %d %d\n", line == (unsigned)kernel_line, strstr(message, at_line) != NULL);
    printf("names the variable: %d\n", strstr(message, "pointer 'stray'") != NULL);
    printf("kernel did not run: %d\n", stray[3] == 3);

    /* a pointer just past a view is the view's end, not an error; one
     * elsewhere in the same allocation still is */
    array_view(stray, 8);
    int *after = stray + 9;
    parallel_for_each(i, extent(1)) { after[i] = 0; }
    printf("errors after a pointer outside the view: %d\n", errors);
    array_view_release(stray);

    /* partial overlaps are refused */
    array_view(stray, 8);
    array_view(stray + 4, 8);
    printf("errors after an overlapping view: %d (%s)\n", errors, strstr(message, "straddles") ? "straddles" : message);
    array_view_release(stray);

    /* so is a view around an existing one */
    array_view(stray + 2, 2);
    array_view(stray, 8);
    printf("errors after an enclosing view: %d (%s)\n", errors, strstr(message, "encloses") ? "encloses" : message);
    printf("says a view stays until released: %d\n",
           strstr(message, "a view stays until array_view_release, even once its memory is freed") != NULL);

    /* an array a kernel uses that holds a view only partly */
    static int whole[16];
    array_view(&whole[4], 4);
    parallel_for_each(i, extent(16)) { whole[i] = i; }
    printf("errors after an array around a view: %d (%s)\n", errors,
           strstr(message, "only partly") ? "only partly" : message);
    array_view_release(&whole[4]);
    array_view_release(stray + 2);

    /* a view released while its section still holds it lives on: a view
     * over its memory after that (freed and given out again, in a program
     * that forgot the section) names the section's line */
    array_view(stray + 8, 4);
    int section_line = __LINE__ + 1;
    int *part = array_view_section(stray + 8, 1, 2);
    array_view_release(stray + 8);
    array_view(stray + 6, 8);
    char made_at[64];
    snprintf(made_at, sizeof made_at, "section made at %s:%d still holds it", __FILE__, section_line);
    printf("errors after a view over a released one its section holds: %d (%s)\n", errors,
           strstr(message, made_at) ? "names the section" : message);
    array_view_section_release(part);
    array_view(stray + 6, 8); /* nothing holds it now */
    printf("errors once the section is released: %d\n", errors);
    array_view_release(stray + 6);
    free(stray);
    return 0;
}
// needs: shaderInt64
