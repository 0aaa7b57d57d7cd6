/* test_errors — run-time errors reach the installed handler with the right
 * status and message, the failing launch runs nothing, and the runtime
 * keeps working afterwards; with no handler, the message goes to stderr and
 * the process aborts. */
#define _POSIX_C_SOURCE 200809L /* fork, pipe */
#include "test_util.h"

#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct seen_error {
    int calls;
    camp_status status;
    char message[1024];
    char file[64];
    unsigned line;
} seen_error;

static void remember(const camp_error *error, void *user) {
    seen_error *seen = user;
    seen->calls++;
    seen->status = error->status;
    snprintf(seen->message, sizeof seen->message, "%s", error->message);
    snprintf(seen->file, sizeof seen->file, "%s", error->file ? error->file : "");
    seen->line = error->line;
}

static uint32_t a[100], b[100], c[100];

static void reset_arrays(void) {
    for (int i = 0; i < 100; i++) a[i] = (uint32_t)i, b[i] = 1, c[i] = 77;
}

static int c_untouched(void) {
    for (int i = 0; i < 100; i++)
        if (c[i] != 77) return 0;
    return 1;
}

static int starts_with(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

/* Without a handler: the message on stderr, then abort(). Run in a child,
 * before this process has touched Vulkan. */
static void check_default_aborts(void) {
    int pipe_fds[2];
    CHECK(pipe(pipe_fds) == 0);
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        dup2(pipe_fds[1], 2);
        close(pipe_fds[0]);
        camp_module_info old = test_module;
        old.abi_version = CAMP_ABI_VERSION + 1;
        reset_arrays();
        launch_vadd(&old, 100, a, b, c, sizeof a);
        _exit(0); /* not reached */
    }
    close(pipe_fds[1]);
    char text[2048] = "";
    size_t used = 0;
    ssize_t got;
    while ((got = read(pipe_fds[0], text + used, sizeof text - 1 - used)) > 0) used += (size_t)got;
    text[used] = '\0';
    close(pipe_fds[0]);
    int status = 0;
    CHECK(waitpid(child, &status, 0) == child);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
    CHECK(starts_with(text, "camp error: "));
    CHECK(strstr(text, "ABI version") != NULL);
}

int main(void) {
    test_module_init();
    check_default_aborts();
    /* The device opens here, before the handler: where none is usable (a
     * CAMP_SIMULATE profile no kernel runs on), libcamp's message on stderr
     * stops the test, as as_profile.py expects, instead of reaching the
     * handler in place of every error checked below. */
    camp_get_default_accelerator();

    seen_error seen = {0};
    CHECK(camp_set_error_handler(remember, &seen) == NULL);

    /* ABI mismatch: found before anything else, no kernel location. */
    camp_module_info old = test_module;
    old.abi_version = CAMP_ABI_VERSION + 1;
    reset_arrays();
    launch_vadd(&old, 100, a, b, c, sizeof a);
    CHECK(seen.calls == 1);
    CHECK(seen.status == CAMP_ERROR_ABI_MISMATCH);
    CHECK(starts_with(seen.message, "camp error: "));
    CHECK(strstr(seen.message, "rebuild") != NULL);
    CHECK(seen.file[0] == '\0' && seen.line == 0);
    CHECK(c_untouched());

    /* A kernel the device cannot run: its location leads the message. */
    camp_kernel_info kernels[2];
    memcpy(kernels, test_kernels, sizeof kernels);
    camp_module_info module = test_module;
    module.kernels = kernels;
    kernels[KERNEL_VADD].features = 1u << 30;
    seen.calls = 0;
    reset_arrays();
    launch_vadd(&module, 100, a, b, c, sizeof a);
    CHECK(seen.calls == 1);
    CHECK(seen.status == CAMP_ERROR_UNSUPPORTED);
    CHECK(starts_with(seen.message, "vadd.c:10: camp error: "));
    CHECK(strcmp(seen.file, "vadd.c") == 0 && seen.line == 10);
    CHECK(c_untouched());

    /* More arguments than libcamp takes. */
    kernels[KERNEL_VADD].features = 0;
    kernels[KERNEL_VADD].push_size = 1u << 20;
    seen.calls = 0;
    launch_vadd(&module, 100, a, b, c, sizeof a);
    CHECK(seen.calls == 1 && seen.status == CAMP_ERROR_UNSUPPORTED);
    CHECK(strstr(seen.message, "bytes of arguments") != NULL);
    CHECK(c_untouched());

    /* A view whose address would land outside the push block. */
    kernels[KERNEL_VADD].push_size = test_kernels[KERNEL_VADD].push_size;
    camp_kernel_param bad[3];
    memcpy(bad, vadd_params, sizeof bad);
    bad[2].push_offset = sizeof(vadd_push) - 4;
    kernels[KERNEL_VADD].params = bad;
    seen.calls = 0;
    launch_vadd(&module, 100, a, b, c, sizeof a);
    CHECK(seen.calls == 1 && seen.status == CAMP_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(seen.message, "'c'") != NULL);
    CHECK(c_untouched());

    /* A value that would not fit in the push block. */
    bad[2] = (camp_kernel_param){CAMP_PARAM_VALUE, sizeof(vadd_push) - 4, 0, 8, 0, "v"};
    seen.calls = 0;
    launch_vadd(&module, 100, a, b, c, sizeof a);
    CHECK(seen.calls == 1 && seen.status == CAMP_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(seen.message, "'v'") != NULL);
    CHECK(c_untouched());
    bad[2].push_offset = 4096; /* past the block, not only across its end */
    seen.calls = 0;
    launch_vadd(&module, 100, a, b, c, sizeof a);
    CHECK(seen.calls == 1 && seen.status == CAMP_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(seen.message, "'v'") != NULL);
    CHECK(c_untouched());
    kernels[KERNEL_VADD].params = vadd_params;

    /* A kernel index past the module's kernels. */
    int32_t extent[1] = {100};
    seen.calls = 0;
    camp_abi_launch(&module, 7, extent, NULL);
    CHECK(seen.calls == 1 && seen.status == CAMP_ERROR_INVALID_ARGUMENT);

    /* Still usable after all that. */
    seen.calls = 0;
    reset_arrays();
    launch_vadd(&test_module, 100, a, b, c, sizeof a);
    CHECK(seen.calls == 0);
    for (int i = 0; i < 100; i++) CHECK(c[i] == (uint32_t)i + 1);

    CHECK(camp_set_error_handler(NULL, NULL) == remember);
    if (test_failures) fprintf(stderr, "test_errors: %d checks failed\n", test_failures);
    return test_failures != 0;
}
