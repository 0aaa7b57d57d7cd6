/* spv_debug.c — `-g`: an OpLine before the code of every statement, naming
 * its file with an OpString, and an OpSource for the unit, so GPU debuggers
 * and profilers map the module back to the C source. */
#include "spv_emit.h"

#include <string.h>

struct LineFile {
    LineFile *next;
    const char *path;
    uint32_t id; /* its OpString */
};

static uint32_t file_string(Emitter *e, const char *path) {
    for (LineFile *f = e->line_files; f; f = f->next)
        if (!strcmp(f->path, path)) return f->id;
    LineFile *f = arena_alloc(&e->u->arena, sizeof *f);
    f->path = path;
    f->id = spv_new_id(&e->b);
    f->next = e->line_files;
    e->line_files = f;
    spv_op_string(&e->strings, SpvOpString, &f->id, 1, path, NULL, 0);
    return f->id;
}

void em_line(Emitter *e, SrcLoc loc) {
    if (!e->u->opts->debug_lines || e->terminated || !loc.file || !loc.line) return;
    SPV_OP(&e->code, SpvOpLine, file_string(e, loc.file), loc.line, loc.col);
}

void em_finish_lines(Emitter *e) {
    if (!e->u->opts->debug_lines) return;
    /* the module's source file, for tools that show it (no SourceLanguage says C) */
    SPV_OP(&e->sources, SpvOpSource, SpvSourceLanguageUnknown, 0, file_string(e, e->u->path));
    /* OpString, then OpSource, open the debug section, before every OpName */
    wb_append(&e->strings, &e->sources);
    wb_free(&e->sources);
    wb_append(&e->strings, &e->b.debug);
    WordBuf names = e->b.debug;
    e->b.debug = e->strings;
    e->strings = names;
    wb_free(&e->strings);
}
