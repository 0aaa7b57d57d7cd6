/* driver_cdb.c — -MJ FILE: for each source input compiled, clang's
 * compilation database entry appended to FILE, one JSON object and a comma
 * per line, so that compile_commands.json is assembled from the fragments
 * as for clang (docs/build-integration.md). The arguments are campcc's own
 * path, -x and the file, -o and the output, the user's flags, then what
 * campcc adds itself (camp.h's directory, __CAMPCC__): clangd and other
 * libclang tools see the dialect as campcc compiles it, with no
 * --query-driver. */
#include "driver.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

static void json_string(StrBuf *sb, const char *s) {
    sb_puts(sb, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') sb_printf(sb, "\\%c", c);
        else if (c < 0x20) sb_printf(sb, "\\u%04x", c);
        else sb_append(sb, s, 1);
    }
    sb_puts(sb, "\"");
}

static void json_arg(StrBuf *sb, const char *s) {
    sb_puts(sb, ", ");
    json_string(sb, s);
}

/* The language clang would name after -x: the input's -x, or C for a .c file. */
static const char *language(const Input *in) {
    if (in->lang) return in->lang;
    size_t n = strlen(in->path);
    return n > 2 && !strcmp(in->path + n - 2, ".c") ? "c" : NULL;
}

bool driver_write_cdb_entry(Driver *d, const Input *in, const char *out) {
    char cwd[PATH_MAX], self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (!getcwd(cwd, sizeof cwd) || n <= 0) {
        diag_tool_error("cannot write the compilation database entry for '%s': %s", in->path, strerror(errno));
        return false;
    }
    self[n] = 0;
    StrBuf sb = {0};
    sb_puts(&sb, "{ \"directory\": ");
    json_string(&sb, cwd);
    sb_puts(&sb, ", \"file\": ");
    json_string(&sb, in->path);
    if (out) {
        sb_puts(&sb, ", \"output\": ");
        json_string(&sb, out);
    }
    sb_puts(&sb, ", \"arguments\": [");
    json_string(&sb, self);
    const char *lang = language(in);
    if (lang) json_arg(&sb, arena_printf(&d->arena, "-x%s", lang));
    json_arg(&sb, in->path);
    if (out) {
        json_arg(&sb, "-o");
        json_arg(&sb, out);
    }
    PtrVec camp = {0};
    driver_add_camp_flags(d, &camp);
    for (int i = 0; i < d->cdb_args.len; i++) json_arg(&sb, d->cdb_args.items[i]);
    for (int i = 0; i < camp.len; i++) json_arg(&sb, camp.items[i]);
    sb_puts(&sb, "]},\n");
    /* appended, as clang does: one file may gather the entries of many commands */
    FILE *f = fopen(d->cdb_file, "a");
    bool ok = f && fwrite(sb.data, 1, sb.len, f) == sb.len;
    if (f && fclose(f) != 0) ok = false;
    if (!ok) diag_tool_error("cannot write the compilation database entry to '%s': %s", d->cdb_file, strerror(errno));
    sb_free(&sb);
    return ok;
}
