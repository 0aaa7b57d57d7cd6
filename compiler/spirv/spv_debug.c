/* spv_debug.c — `-g`: the C source in the module, for GPU debuggers and
 * profilers. Every statement gets an OpLine and a DebugLine; each source
 * file a DebugSource holding its text; each function a DebugFunction (in
 * its first block, DebugFunctionDefinition); each `{ }` block that is not
 * a function's body a DebugLexicalBlock; each block of code a DebugScope.
 * Local variables and types: spv_debug_types.c. The instructions are
 * NonSemantic.Shader.DebugInfo.100's, which the Vulkan device takes with
 * VK_KHR_shader_non_semantic_info (libcamp strips them where it lacks it). */
#include "spv_debug.h"

#include <stdlib.h>
#include <string.h>

/* An OpString holds at most 65,535 words; a DebugSourceContinued carries
 * the rest of a longer file. */
enum { TEXT_CHUNK = 65000 * 4 };

uint32_t di_inst(Emitter *e, WordBuf *w, uint32_t inst, const uint32_t *ops, size_t n) {
    uint32_t void_t = spv_type_void(&e->b), id = spv_new_id(&e->b); /* before any word: w may be the globals */
    wb_push(w, (uint32_t)(5 + n) << SpvWordCountShift | SpvOpExtInst);
    wb_push(w, void_t);
    wb_push(w, id);
    wb_push(w, e->debug->set);
    wb_push(w, inst);
    for (size_t i = 0; i < n; i++) wb_push(w, ops[i]);
    return id;
}

uint32_t di_u32(Emitter *e, uint32_t value) { return spv_const_u32(&e->b, value); }

uint32_t di_string(Emitter *e, const char *s) {
    uint32_t id = spv_new_id(&e->b);
    spv_op_string(&e->debug->strings, SpvOpString, &id, 1, s, NULL, 0);
    return id;
}

uint32_t di_scope(Emitter *e) { return e->debug->scopes[e->debug->nscopes - 1]; }

/* -g's state, made on first use; NULL without -g. */
static DebugInfo *debug_info(Emitter *e) {
    if (!e->u->opts->debug_lines) return NULL;
    if (e->debug) return e->debug;
    DebugInfo *d = e->debug = arena_alloc(&e->u->arena, sizeof *d);
    SpvBuilder *b = &e->b;
    spv_op_string(&b->extensions, SpvOpExtension, NULL, 0, "SPV_KHR_non_semantic_info", NULL, 0);
    d->set = spv_new_id(b);
    spv_op_string(&b->imports, SpvOpExtInstImport, &d->set, 1, "NonSemantic.Shader.DebugInfo.100", NULL, 0);
    d->expression = di_inst(e, &b->globals, NonSemanticShaderDebugInfo100DebugExpression, NULL, 0);
    /* DWARF 4's numbering; no SourceLanguage says C */
    d->unit = DI(e, &b->globals, DebugCompilationUnit, di_u32(e, NonSemanticShaderDebugInfo100Version), di_u32(e, 4),
                 di_file(e, e->u->path), di_u32(e, SpvSourceLanguageUnknown));
    return d;
}

/* The text of a file: the unit's own as it was compiled, any other (a
 * header) as it is now; NULL when it cannot be read. */
static const char *file_text(Emitter *e, const char *path, size_t *len) {
    if (!strcmp(path, e->u->path)) {
        *len = e->u->source_len;
        return e->u->source;
    }
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    StrBuf sb = {0};
    bool ok = sb_read_stream(&sb, f);
    fclose(f);
    char *text = ok ? arena_strndup(&e->u->arena, sb.data ? sb.data : "", sb.len) : NULL;
    *len = sb.len;
    sb_free(&sb);
    return text;
}

/* The OpString of text[0..len) up to TEXT_CHUNK bytes, ending on a UTF-8
 * character; *used: how much it took. An OpString ends at a NUL byte, and
 * so does the text. */
static uint32_t text_chunk(Emitter *e, const char *text, size_t len, size_t *used) {
    size_t n = len < TEXT_CHUNK ? len : TEXT_CHUNK;
    while (n < len && n > 1 && ((unsigned char)text[n] & 0xc0) == 0x80) n--;
    *used = n;
    return di_string(e, arena_strndup(&e->u->arena, text, n));
}

uint32_t di_file(Emitter *e, const char *path) {
    DebugInfo *d = e->debug;
    for (DebugFile *f = d->files; f; f = f->next)
        if (!strcmp(f->path, path)) return f->source;
    DebugFile *f = arena_alloc(&e->u->arena, sizeof *f);
    f->path = path;
    f->name = di_string(e, path);
    f->next = d->files;
    d->files = f;
    size_t len = 0, used = 0;
    const char *text = file_text(e, path, &len);
    len = text ? strnlen(text, len) : 0;
    if (!text) {
        f->source = DI(e, &e->b.globals, DebugSource, f->name);
        return f->source;
    }
    f->source = DI(e, &e->b.globals, DebugSource, f->name, text_chunk(e, text, len, &used));
    for (size_t at = used; at < len; at += used)
        DI(e, &e->b.globals, DebugSourceContinued, text_chunk(e, text + at, len - at, &used));
    return f->source;
}

static uint32_t file_name(Emitter *e, const char *path) {
    di_file(e, path);
    for (DebugFile *f = e->debug->files; f; f = f->next)
        if (!strcmp(f->path, path)) return f->name;
    unreachable("source file");
}

static void push_scope(DebugInfo *d, uint32_t scope) {
    d->scopes = grow_array(d->scopes, d->nscopes, &d->capscopes, sizeof *d->scopes, 16);
    d->scopes[d->nscopes++] = scope;
}

/* ---- lines and scopes ----------------------------------------------------------- */

static void debug_line(Emitter *e, WordBuf *w, SrcLoc loc) {
    DI(e, w, DebugLine, di_file(e, loc.file), di_u32(e, loc.line), di_u32(e, loc.line), di_u32(e, loc.col),
       di_u32(e, loc.col));
}

void em_line(Emitter *e, SrcLoc loc) {
    DebugInfo *d = debug_info(e);
    if (!d || !loc.file || !loc.line) return;
    d->line = loc;
    if (e->terminated) return;
    SPV_OP(&e->code, SpvOpLine, file_name(e, loc.file), loc.line, loc.col);
    if (d->emitted_scope != di_scope(e)) {
        d->emitted_scope = di_scope(e);
        DI(e, &e->code, DebugScope, d->emitted_scope);
    }
    debug_line(e, &e->code, loc);
}

void em_debug_block(Emitter *e) {
    DebugInfo *d = debug_info(e);
    if (!d) return;
    d->starts = grow_array(d->starts, d->nstarts, &d->capstarts, sizeof *d->starts, 64);
    d->starts[d->nstarts++] = (BlockStart){.at = e->code.n, .scope = di_scope(e), .line = d->line};
    d->emitted_scope = di_scope(e);
}

/* A function's body is the DebugFunction's scope; blocks within it are
 * lexical blocks of their own. */
static bool is_function_body(Emitter *e, const Stmt *s) {
    return e->kernel ? s == e->kernel->body : e->func && s == e->func->body;
}

void em_debug_enter(Emitter *e, const Stmt *block) {
    DebugInfo *d = debug_info(e);
    if (!d || is_function_body(e, block) || !block->loc.file) return;
    push_scope(d, DI(e, &e->b.globals, DebugLexicalBlock, di_file(e, block->loc.file), di_u32(e, block->loc.line),
                     di_u32(e, block->loc.col), di_scope(e)));
}

void em_debug_leave(Emitter *e, const Stmt *block) {
    DebugInfo *d = debug_info(e);
    if (!d || is_function_body(e, block) || !block->loc.file) return;
    d->nscopes--;
}

/* ---- functions ---------------------------------------------------------------------- */

void em_debug_begin_function(Emitter *e, uint32_t fn) {
    DebugInfo *d = debug_info(e);
    if (!d) return;
    SpvBuilder *b = &e->b;
    const char *name;
    size_t ntypes = 0, nparams = e->kernel ? 0 : (size_t)e->func->nparams;
    uint32_t *types = arena_alloc(&e->u->arena, sizeof *types * (2 + nparams)); /* flags, return type, parameters */
    types[ntypes++] = di_u32(e, NonSemanticShaderDebugInfo100FlagIsPublic);
    if (e->kernel) {
        name = e->kernel->entry;
        d->function_loc = e->kernel->loc;
        types[ntypes++] = spv_type_void(b);
    } else {
        name = e->func->name;
        d->function_loc = e->func->loc;
        types[ntypes++] = di_type(e, e->func->ret);
        for (size_t i = 0; i < nparams; i++) types[ntypes++] = di_type(e, e->func->params[i]->type);
    }
    if (!d->function_loc.file) d->function_loc = (SrcLoc){.file = e->u->path, .line = 1, .col = 1};
    uint32_t type = di_inst(e, &b->globals, NonSemanticShaderDebugInfo100DebugTypeFunction, types, ntypes);
    SrcLoc loc = d->function_loc;
    uint32_t name_id = di_string(e, name);
    d->function = DI(e, &b->globals, DebugFunction, name_id, type, di_file(e, loc.file), di_u32(e, loc.line),
                     di_u32(e, loc.col), d->unit, name_id, di_u32(e, NonSemanticShaderDebugInfo100FlagIsDefinition),
                     di_u32(e, loc.line));
    d->function_id = fn;
    d->nscopes = 0;
    push_scope(d, d->function);
    d->emitted_scope = d->function;
    d->line = loc;
    d->nstarts = 0;
    d->declares.n = 0;
}

/* Whether the instruction at w is one a block's DebugScope must follow. */
static bool block_head(const uint32_t *w) { return (w[0] & SpvOpCodeMask) == SpvOpPhi; }

void em_debug_end_function(Emitter *e) {
    DebugInfo *d = e->debug;
    if (!d) return;
    WordBuf out = {0};
    DI(e, &out, DebugScope, d->function);
    debug_line(e, &out, d->function_loc);
    DI(e, &out, DebugFunctionDefinition, d->function, d->function_id);
    wb_append(&out, &d->declares);
    size_t copied = 0;
    for (int i = 0; i < d->nstarts; i++) {
        size_t at = d->starts[i].at;
        while (at < e->code.n && block_head(e->code.w + at)) at += e->code.w[at] >> SpvWordCountShift;
        for (; copied < at; copied++) wb_push(&out, e->code.w[copied]);
        DI(e, &out, DebugScope, d->starts[i].scope);
        if (d->starts[i].line.file) debug_line(e, &out, d->starts[i].line);
    }
    for (; copied < e->code.n; copied++) wb_push(&out, e->code.w[copied]);
    wb_free(&e->code);
    e->code = out;
}

/* ---- the module ---------------------------------------------------------------------- */

void em_finish_lines(Emitter *e) {
    DebugInfo *d = debug_info(e);
    if (!d) return;
    /* the module's source file, for tools that show it (no SourceLanguage says C) */
    SPV_OP(&d->strings, SpvOpSource, SpvSourceLanguageUnknown, 0, file_name(e, e->u->path));
    /* OpString and OpSource open the debug section, before every OpName */
    wb_append(&d->strings, &e->b.debug);
    wb_free(&e->b.debug);
    e->b.debug = d->strings;
    d->strings = (WordBuf){0};
    wb_free(&d->declares);
    free(d->scopes);
    free(d->starts);
    free(d->types);
}
