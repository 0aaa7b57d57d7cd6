/* host_guard_calls.c — the system calls and stdio calls that move bytes
 * between a program's memory and a file, a pipe or a socket, wrapped so
 * that a view's protected pages (host_guard.c) are settled first: the
 * kernel would not fault on them, it would fail the call with EFAULT, and
 * the C library's buffered calls pass large buffers straight to it; and
 * realloc, which may move a block's pages, protection and all (below).
 * Each wrapper costs one load while no page is protected. Calls the C
 * library makes inside itself are not wrapped, and need not be: those
 * from a program's own buffer (fwrite, fread) are wrapped here. */
#define _GNU_SOURCE /* RTLD_NEXT */
#include "internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

/* `name`, taking `params`: the C library's, called with `args` between the
 * opening and closing of the pages of [buffer, buffer + bytes) (`writes`:
 * the call writes into them), looked up once. */
#define GUARDED(type, name, params, args, bytes, writes)                                   \
    type name params {                                                                       \
        static __typeof__(&name) next;                                                       \
        if (!next) next = (__typeof__(&name))dlsym(RTLD_NEXT, #name);                        \
        camp_guard_window window;                                                            \
        camp_guard_host_open(&window, buffer, bytes, writes);                                \
        type result = next args;                                                             \
        camp_guard_host_close(&window); /* keeps errno */                                    \
        return result;                                                                       \
    }

/* n * size bytes: an overflowing product is the C library's to refuse. */
static size_t product(size_t size, size_t n) { return n && size > (size_t)-1 / n ? 0 : size * n; }

GUARDED(ssize_t, write, (int fd, const void *buffer, size_t bytes), (fd, buffer, bytes), bytes, false)
GUARDED(ssize_t, read, (int fd, void *buffer, size_t bytes), (fd, buffer, bytes), bytes, true)
GUARDED(ssize_t, pwrite, (int fd, const void *buffer, size_t bytes, off_t offset), (fd, buffer, bytes, offset), bytes,
        false)
GUARDED(ssize_t, pread, (int fd, void *buffer, size_t bytes, off_t offset), (fd, buffer, bytes, offset), bytes, true)
GUARDED(ssize_t, send, (int fd, const void *buffer, size_t bytes, int flags), (fd, buffer, bytes, flags), bytes, false)
GUARDED(ssize_t, recv, (int fd, void *buffer, size_t bytes, int flags), (fd, buffer, bytes, flags), bytes, true)
GUARDED(size_t, fwrite, (const void *buffer, size_t size, size_t n, FILE *stream), (buffer, size, n, stream),
        product(size, n), false)
GUARDED(size_t, fread, (void *buffer, size_t size, size_t n, FILE *stream), (buffer, size, n, stream),
        product(size, n), true)

/* realloc frees or moves the block: the views in it end first (their
 * results copied into it, so that the moved block holds them), as the
 * program should have ended them; glibc moves a large block with mremap,
 * which took the protection of a view's pages along to an address where
 * no view lies, and the program's next access there died of SIGSEGV. */
void *realloc(void *block, size_t bytes) {
    static __typeof__(&realloc) next;
    if (!next) next = (__typeof__(&realloc))dlsym(RTLD_NEXT, "realloc");
    camp_guard_host_free(block);
    return next(block, bytes);
}
