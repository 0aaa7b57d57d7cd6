/* host_place.c — where in the program a host access was: checked mode's
 * messages about a view the host used without array_view_synchronize or
 * array_view_refresh (host_guard.c) name the access's source line.
 *
 * The faulting instruction, else the first of its callers that lies in
 * the executable (an access inside memcpy or printf names the program's
 * call), is looked up in the executable's debug information by LLVM's
 * llvm-addr2line where there is one, else addr2line (binutils' 2.40 names
 * the file of a DWARF 5 line table's entry 0, campcc's temporary host
 * file, rather than the #line file clang's rows name: campcc -g writes
 * the host code's tables as DWARF 4, which it reads right). Without
 * -g, or without either, the place is the executable's name and the
 * instruction's offset in it, which `llvm-addr2line -e PROGRAM OFFSET`
 * turns into a line later. */
#define _GNU_SOURCE /* dl_iterate_phdr, REG_RIP */
#include "internal.h"

#include <execinfo.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

extern char **environ;

typedef struct segment_search {
    uintptr_t first, end;
    uint32_t flags;
    bool any_object; /* the shared objects' too, not only the executable's */
    bool inside;
    uintptr_t base;   /* where the (last) object searched is loaded */
    const char *path; /* its file ("" for the executable) */
    bool writable;    /* the segment found is */
} segment_search;

static int search_segments(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    segment_search *s = data;
    for (int i = 0; i < info->dlpi_phnum && !s->inside; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD || (ph->p_flags & s->flags) != s->flags) continue;
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
        if (s->first >= lo && s->end <= hi) s->inside = true, s->writable = ph->p_flags & PF_W;
    }
    s->base = info->dlpi_addr;
    s->path = info->dlpi_name;
    return !s->any_object || s->inside; /* the first object is the executable itself */
}

bool camp_in_executable_segment(uintptr_t first, uintptr_t end, uint32_t flags, uintptr_t *base) {
    segment_search s = {.first = first, .end = end, .flags = flags};
    dl_iterate_phdr(search_segments, &s);
    *base = s.base;
    return s.inside;
}

bool camp_in_loaded_segment(uintptr_t first, uintptr_t end, uint32_t flags) {
    segment_search s = {.first = first, .end = end, .flags = flags, .any_object = true};
    dl_iterate_phdr(search_segments, &s);
    return s.inside;
}

bool camp_loaded_object_of(uintptr_t p, const char **path, uintptr_t *base, bool *writable) {
    segment_search s = {.first = p, .end = p + 1, .any_object = true};
    dl_iterate_phdr(search_segments, &s);
    *path = s.path, *base = s.base, *writable = s.writable;
    return s.inside;
}

/* `tool`'s "file:line" for `offset` in the executable `path`; false where
 * it names none (or there is no such tool). */
static bool line_of(const char *tool, const char *path, uintptr_t offset, char *out, size_t size) {
    int out_pipe[2];
    if (pipe(out_pipe) != 0) return false;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, out_pipe[0]);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    char address[32];
    snprintf(address, sizeof address, "%#lx", (unsigned long)offset);
    char *argv[] = {(char *)tool, "-e", (char *)path, address, NULL};
    pid_t pid;
    bool spawned = posix_spawnp(&pid, tool, &actions, NULL, argv, environ) == 0;
    posix_spawn_file_actions_destroy(&actions);
    close(out_pipe[1]);
    char text[512];
    size_t length = 0;
    for (ssize_t got; spawned && length < sizeof text - 1 &&
                      (got = read(out_pipe[0], text + length, sizeof text - 1 - length)) > 0;)
        length += (size_t)got;
    close(out_pipe[0]);
    if (spawned) waitpid(pid, NULL, 0);
    text[length] = '\0';
    text[strcspn(text, " \n")] = '\0'; /* "file:line (discriminator 1)" */
    const char *colon = strrchr(text, ':');
    if (!spawned || text[0] == '?' || !colon || colon[1] < '1' || colon[1] > '9') return false;
    snprintf(out, size, "%s", text);
    return true;
}

void camp_host_code_place_prepare(void) {
    void *frame;
    backtrace(&frame, 1);
}

void camp_host_code_place(const void *context, char *out, size_t size) {
    uintptr_t pcs[33];
    int n = 0;
#ifdef __x86_64__
    pcs[n++] = (uintptr_t)((const ucontext_t *)context)->uc_mcontext.gregs[REG_RIP];
#else
    (void)context;
#endif
    void *frames[32];
    int count = backtrace(frames, 32);
    for (int i = 0; i < count; i++) pcs[n++] = (uintptr_t)frames[i] - 1; /* within the call, not after it */
    char path[4096];
    ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
    path[length > 0 ? length : 0] = '\0';
    for (int i = 0; i < n; i++) {
        uintptr_t base;
        if (!camp_in_executable_segment(pcs[i], pcs[i] + 1, PF_X, &base)) continue;
        static const char *const tools[] = {"llvm-addr2line-19", "llvm-addr2line", "addr2line"};
        bool named = false;
        for (size_t t = 0; t < sizeof tools / sizeof *tools && !named; t++)
            named = line_of(tools[t], path, pcs[i] - base, out, size);
        if (!named) {
            const char *name = strrchr(path, '/');
            snprintf(out, size, "%s+%#lx", name ? name + 1 : path, (unsigned long)(pcs[i] - base));
        }
        return;
    }
    snprintf(out, size, "a place outside the program");
}
