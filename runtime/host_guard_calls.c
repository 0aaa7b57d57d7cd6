/* host_guard_calls.c — the system calls and stdio calls that move bytes
 * between a program's memory and a file, a pipe or a socket, wrapped so
 * that a view's protected pages (host_guard.c) are settled first: the
 * kernel would not fault on them, it would fail the call with EFAULT, and
 * the C library's buffered calls pass large buffers straight to it.
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

/* The C library's definition of `name`, looked up once. */
#define NEXT(name)                                                         \
    static __typeof__(&name) next_##name;                                  \
    if (!next_##name) next_##name = (__typeof__(&name))dlsym(RTLD_NEXT, #name)

ssize_t write(int fd, const void *buffer, size_t bytes) {
    NEXT(write);
    camp_guard_window window;
    camp_guard_host_open(&window, buffer, bytes, false);
    ssize_t result = next_write(fd, buffer, bytes);
    camp_guard_host_close(&window); /* keeps errno */
    return result;
}

ssize_t read(int fd, void *buffer, size_t bytes) {
    NEXT(read);
    camp_guard_window window;
    camp_guard_host_open(&window, buffer, bytes, true);
    ssize_t result = next_read(fd, buffer, bytes);
    camp_guard_host_close(&window); /* keeps errno */
    return result;
}

ssize_t pwrite(int fd, const void *buffer, size_t bytes, off_t offset) {
    NEXT(pwrite);
    camp_guard_window window;
    camp_guard_host_open(&window, buffer, bytes, false);
    ssize_t result = next_pwrite(fd, buffer, bytes, offset);
    camp_guard_host_close(&window); /* keeps errno */
    return result;
}

ssize_t pread(int fd, void *buffer, size_t bytes, off_t offset) {
    NEXT(pread);
    camp_guard_window window;
    camp_guard_host_open(&window, buffer, bytes, true);
    ssize_t result = next_pread(fd, buffer, bytes, offset);
    camp_guard_host_close(&window); /* keeps errno */
    return result;
}

ssize_t send(int fd, const void *buffer, size_t bytes, int flags) {
    NEXT(send);
    camp_guard_window window;
    camp_guard_host_open(&window, buffer, bytes, false);
    ssize_t result = next_send(fd, buffer, bytes, flags);
    camp_guard_host_close(&window); /* keeps errno */
    return result;
}

ssize_t recv(int fd, void *buffer, size_t bytes, int flags) {
    NEXT(recv);
    camp_guard_window window;
    camp_guard_host_open(&window, buffer, bytes, true);
    ssize_t result = next_recv(fd, buffer, bytes, flags);
    camp_guard_host_close(&window); /* keeps errno */
    return result;
}

/* n * size bytes: an overflowing product is the C library's to refuse. */
static size_t product(size_t size, size_t n) { return n && size > (size_t)-1 / n ? 0 : size * n; }

size_t fwrite(const void *buffer, size_t size, size_t n, FILE *stream) {
    NEXT(fwrite);
    camp_guard_window window;
    camp_guard_host_open(&window, buffer, product(size, n), false);
    size_t result = next_fwrite(buffer, size, n, stream);
    camp_guard_host_close(&window); /* keeps errno */
    return result;
}

size_t fread(void *buffer, size_t size, size_t n, FILE *stream) {
    NEXT(fread);
    camp_guard_window window;
    camp_guard_host_open(&window, buffer, product(size, n), true);
    size_t result = next_fread(buffer, size, n, stream);
    camp_guard_host_close(&window); /* keeps errno */
    return result;
}
