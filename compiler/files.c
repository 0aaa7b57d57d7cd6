/* files.c — what the compiler needs from the system: reading a stream,
 * writing a file (never leaving half of one), running a program. */
#include "campcc.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

extern char **environ;

bool sb_read_stream(StrBuf *sb, FILE *f) {
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) sb_append(sb, buf, n);
    return !ferror(f);
}

bool write_file(const char *path, const void *data, size_t n) {
    FILE *f = fopen(path, "wb");
    if (!f) {
        diag_tool_error("cannot open '%s' for writing: %s", path, strerror(errno));
        return false;
    }
    bool ok = fwrite(data, 1, n, f) == n;
    ok = fclose(f) == 0 && ok;
    if (!ok) {
        diag_tool_error("cannot write '%s': %s", path, strerror(errno));
        remove(path);
    }
    return ok;
}

ProgramStatus run_program(char *const *argv, const char *stdin_file) {
    ProgramStatus st = {0};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (stdin_file) posix_spawn_file_actions_addopen(&actions, 0, stdin_file, O_RDONLY, 0);
    pid_t pid;
    st.spawn_error = posix_spawnp(&pid, argv[0], &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (st.spawn_error) return st;
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            st.spawn_error = errno;
            return st;
        }
    if (WIFEXITED(status)) st.exit_code = WEXITSTATUS(status);
    else st.signal = WTERMSIG(status);
    return st;
}
