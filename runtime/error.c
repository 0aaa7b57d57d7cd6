/* error.c — recording a failure and reporting it: to the installed handler,
 * or to stderr followed by abort(). */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Thread_local camp_call_state camp_call;

static camp_status fail_v(camp_status status, const char *file, unsigned line, const char *fmt, va_list args) {
    camp_failure *f = &camp_call.failure;
    /* Keep the first failure of a call: later ones are usually its echo. */
    if (f->status != CAMP_OK) return status;
    f->status = status;
    f->file = file;
    f->line = line;

    int n = 0;
    if (f->file)
        n = snprintf(f->message, sizeof f->message, "%s:%u: camp error: ", f->file, f->line);
    else
        n = snprintf(f->message, sizeof f->message, "camp error: ");
    if (n < 0 || (size_t)n >= sizeof f->message) n = 0;

    vsnprintf(f->message + n, sizeof f->message - (size_t)n, fmt, args);
    return status;
}

/* camp_fail's message at the call's or the kernel's location; a library's
 * kernel at the library call's, naming the call and the kernel. */
static void fail_here_v(camp_status status, const char *fmt, va_list args) {
    const camp_kernel_info *kernel = camp_call.kernel;
    if (kernel && camp_call.library_file) {
        char text[sizeof camp_call.failure.message];
        vsnprintf(text, sizeof text, fmt, args);
        /* the library's file, without the path it was built from */
        const char *name = kernel->file ? kernel->file : "?", *slash = strrchr(name, '/');
        camp_fail_at(status, camp_call.library_file, camp_call.library_line, "%s: its kernel (%s:%u): %s",
                     camp_call.library_call, slash ? slash + 1 : name, kernel->line, text);
        return;
    }
    const char *file = kernel && kernel->file ? kernel->file : NULL;
    unsigned line = kernel ? kernel->line : 0;
    if (!kernel && camp_call.file) {
        file = camp_call.file;
        line = camp_call.line;
    }
    fail_v(status, file, line, fmt, args);
}

camp_status camp_fail(camp_status status, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    fail_here_v(status, fmt, args);
    va_end(args);
    return status;
}

camp_status camp_fail_setting(camp_status status, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    fail_here_v(status, fmt, args);
    va_end(args);
    camp_call.failure.setting = true;
    return status;
}

camp_status camp_fail_at(camp_status status, const char *file, unsigned line, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    fail_v(status, file, line, fmt, args);
    va_end(args);
    return status;
}

camp_error_handler camp_set_error_handler(camp_error_handler handler, void *user) {
    pthread_mutex_lock(&camp_rt.lock);
    camp_error_handler previous = camp_rt.handler;
    camp_rt.handler = handler;
    camp_rt.handler_user = user;
    pthread_mutex_unlock(&camp_rt.lock);
    return previous;
}

void camp_failure_clear(void) { memset(&camp_call.failure, 0, sizeof camp_call.failure); }

void camp_lock_at(const char *file, unsigned line) {
    pthread_mutex_lock(&camp_rt.lock);
    camp_exit_stops_thread();
    camp_call.in_call = true;
    camp_call.file = file;
    camp_call.line = line;
}

camp_status camp_checked_bytes(const char *call, long long count, size_t element_size, size_t *bytes) {
    /* A count above LLONG_MAX arrives negative too: (long long) of it. */
    if (count < 0)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "%s: a negative element count (%lld)", call, count);
    if (element_size && (unsigned long long)count > SIZE_MAX / element_size)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "%s: %lld elements of %zu bytes overflow the address space", call, count, element_size);
    *bytes = (size_t)count * element_size;
    return CAMP_OK;
}

void camp_unlock_and_report(camp_status status) {
    camp_call.in_call = false;
    camp_call.kernel = NULL;
    camp_call.file = NULL;
    camp_call.line = 0;
    if (status == CAMP_OK && camp_call.failure.status == CAMP_OK) {
        /* The common case: no kilobyte of message to copy and clear. */
        pthread_mutex_unlock(&camp_rt.lock);
        return;
    }
    /* The handler is read under the lock; the failure is this thread's. */
    camp_failure failure = camp_call.failure;
    camp_error_handler handler = camp_rt.handler;
    void *user = camp_rt.handler_user;
    camp_failure_clear();
    pthread_mutex_unlock(&camp_rt.lock);

    if (status == CAMP_OK) return;
    if (failure.status == CAMP_OK) {
        /* A path returned an error without describing it: our bug, but
         * still an error, never a silent success. */
        failure.status = status;
        snprintf(failure.message, sizeof failure.message,
                 "camp error: internal error (status %d) with no message", (int)status);
    }

    if (handler) {
        /* a library call's first error only: its next kernels (a reduction's
         * second pass) meet the same problem, and say it again */
        if (camp_call.library_depth && camp_call.library_reported) return;
        camp_call.library_reported = camp_call.library_depth != 0;
        camp_error error = {failure.status, failure.message, failure.file, failure.line};
        handler(&error, user);
        return;
    }
    fprintf(stderr, "%s\n", failure.message);
    fflush(stderr);
    camp_trace_close(); /* a trace to see what led here */
    /* A device that is not there, or a setting the user can correct, is no
     * crash of the program: exit status 1, as a compiler's bad input. */
    if (failure.setting || failure.status == CAMP_ERROR_NO_DEVICE) exit(1);
    abort();
}
