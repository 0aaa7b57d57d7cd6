/* files.c — what the compiler needs from the system: reading a stream,
 * writing a file (never leaving half of one, never replacing what the user
 * did not ask campcc to write), running a program. */
#include "campcc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

FILE *open_source(const char *path) {
    FILE *f = fopen(path, "rb");
    struct stat st;
    if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) { /* which fopen opens, and reading fails */
        fclose(f);
        f = NULL;
        errno = EISDIR;
    }
    if (f) return f;
    if (errno == ENOENT) diag_tool_error("no such file or directory: '%s'", path);
    else diag_tool_error("cannot read '%s': %s", path, strerror(errno));
    return NULL;
}

bool sb_read_stream(StrBuf *sb, FILE *f) {
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) sb_append(sb, buf, n);
    return !ferror(f);
}

static bool write_all(int fd, const char *path, const void *data, size_t n) {
    for (const char *p = data; n;) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0) {
            diag_tool_error("cannot write '%s': %s", path, strerror(errno));
            return false;
        }
        p += w;
        n -= (size_t)w;
    }
    return true;
}

bool write_file(const char *path, const void *data, size_t n) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
        diag_tool_error("cannot open '%s' for writing: %s", path, strerror(errno));
        return false;
    }
    bool ok = write_all(fd, path, data, n);
    if (close(fd) != 0 && ok) {
        diag_tool_error("cannot write '%s': %s", path, strerror(errno));
        ok = false;
    }
    return ok;
}

/* How make_listed makes `path`. */
typedef enum Making { MAKE_DIR_FROM_TEMPLATE, MAKE_DIR_EXACTLY, MAKE_FILE_FROM_TEMPLATE, MAKE_FILE_EXACTLY } Making;

/* mkdtemp, mkstemp, or an exclusive create of `path` itself, listed for
 * cleanup as soon as it exists (the signals wait meanwhile); false with
 * errno on failure. */
static bool make_listed(char *path, Making how) {
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    int fd = -1;
    bool made = how == MAKE_DIR_FROM_TEMPLATE ? mkdtemp(path) != NULL
                : how == MAKE_DIR_EXACTLY         ? mkdir(path, 0700) == 0
                : how == MAKE_FILE_FROM_TEMPLATE
                    ? (fd = mkstemp(path)) >= 0
                    : (fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600)) >= 0;
    int err = errno;
    if (made) cleanup_add(path);
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (fd >= 0) close(fd);
    errno = err;
    return made;
}

bool create_temp_file(char *path) { return make_listed(path, MAKE_FILE_EXACTLY); }

bool create_temp_dir(char *path) { return make_listed(path, MAKE_DIR_EXACTLY); }

char *make_temp_dir(Arena *a) {
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir) dir = "/tmp";
    char *path = arena_printf(a, "%s/campcc-XXXXXX", dir);
    if (make_listed(path, MAKE_DIR_FROM_TEMPLATE)) return path;
    diag_tool_error("cannot create a temporary directory in '%s': %s", dir, strerror(errno));
    return NULL;
}

/* `.NAME.campcc-XXXXXX` beside `path`, whose NAME is cut short (at the
 * start of a UTF-8 character) where the whole would be longer than the
 * file system's longest name: an output whose own name just fits must
 * still be writable, as it is for clang. */
static char *temp_name_beside(Arena *a, const char *path) {
    const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
    int dir_len = (int)(base - path);
    long max = pathconf(dir_len ? arena_strndup(a, path, (size_t)dir_len) : ".", _PC_NAME_MAX);
    if (max <= 0) max = NAME_MAX;
    const size_t extra = sizeof ".campcc-XXXXXX"; /* with the leading dot (sizeof counts the NUL) */
    size_t n = strlen(base);
    if (n + extra > (size_t)max) {
        n = (size_t)max > extra ? (size_t)max - extra : 0;
        while (n > 0 && ((unsigned char)base[n] & 0xc0) == 0x80) n--;
    }
    return arena_printf(a, "%.*s.%.*s.campcc-XXXXXX", dir_len, path, (int)n, base);
}

const char *output_begin(Output *o, Arena *a, const char *path, bool executable) {
    *o = (Output){.path = path, .executable = executable};
    struct stat st;
    if (!strcmp(path, "-")) return path; /* standard output */
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) return path; /* /dev/null, a FIFO: in place */
    o->temp = temp_name_beside(a, path);
    if (make_listed(o->temp, MAKE_FILE_FROM_TEMPLATE)) return o->temp;
    diag_tool_error("cannot create '%s': %s", path, strerror(errno));
    o->temp = NULL;
    return NULL;
}

bool output_end(Output *o, bool ok) {
    if (!o->temp) return ok;
    /* A signal between the rename and the forget would leave a finished
     * output behind a campcc that failed: they happen with signals waiting. */
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    if (ok) { /* mkstemp made it 0600; the host compiler may have replaced it */
        mode_t mask = umask(0);
        umask(mask);
        if (chmod(o->temp, (o->executable ? 0777 : 0666) & ~mask) != 0 || rename(o->temp, o->path) != 0) {
            diag_tool_error("cannot write '%s': %s", o->path, strerror(errno));
            ok = false;
        }
    }
    if (ok) cleanup_forget(o->temp);
    else cleanup_remove(o->temp);
    sigprocmask(SIG_SETMASK, &old, NULL);
    o->temp = NULL;
    return ok;
}

bool output_write(Output *o, Arena *a, const char *path, const void *data, size_t n) {
    const char *to = output_begin(o, a, path, false);
    if (!to) return false;
    int fd = open(to, O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) {
        diag_tool_error("cannot open '%s' for writing: %s", path, strerror(errno));
        return output_end(o, false);
    }
    bool ok = write_all(fd, path, data, n);
    if (close(fd) != 0 && ok) {
        diag_tool_error("cannot write '%s': %s", path, strerror(errno));
        ok = false;
    }
    if (!ok) output_end(o, false);
    return ok;
}

bool write_output(Arena *a, const char *path, const void *data, size_t n) {
    if (!strcmp(path, "-")) {
        bool ok = fwrite(data, 1, n, stdout) == n && fflush(stdout) == 0;
        if (!ok) diag_tool_error("cannot write to standard output: %s", strerror(errno));
        return ok;
    }
    Output o;
    return output_write(&o, a, path, data, n) && output_end(&o, true);
}

ProgramStatus run_program(char *const *argv, const char *stdin_file) {
    ProgramStatus st = {0};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (stdin_file) posix_spawn_file_actions_addopen(&actions, 0, stdin_file, O_RDONLY, 0);
    /* Signals stay blocked until the child is known to the cleanup handler,
     * which stops it first; the child starts with the mask campcc had. */
    sigset_t all, old;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setsigmask(&attr, &old);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
    pid_t pid;
    st.spawn_error = posix_spawnp(&pid, argv[0], &actions, &attr, argv, environ);
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&actions);
    if (!st.spawn_error) cleanup_set_child(pid);
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (st.spawn_error) return st;
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            st.spawn_error = errno;
            break;
        }
    cleanup_set_child(0);
    if (st.spawn_error) return st;
    if (WIFEXITED(status)) st.exit_code = WEXITSTATUS(status);
    else st.signal = WTERMSIG(status);
    return st;
}
