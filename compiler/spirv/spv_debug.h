/* spv_debug.h — private to spv_debug*.c: `-g`'s state for one module, the
 * NonSemantic.Shader.DebugInfo.100 instructions that describe the C source
 * (files and their text, functions, lexical blocks, lines, local variables
 * and their types) to GPU debuggers such as RenderDoc. */
#ifndef CAMPCC_SPV_DEBUG_H
#define CAMPCC_SPV_DEBUG_H

#include "spv_emit.h"

#include <spirv/unified1/NonSemanticShaderDebugInfo100.h>

/* A source file: its name (OpString) and its DebugSource. */
typedef struct DebugFile {
    struct DebugFile *next;
    const char *path;
    uint32_t name;   /* OpString */
    uint32_t source; /* DebugSource */
} DebugFile;

typedef struct DebugType {
    const Type *type;
    uint32_t id;
} DebugType;

/* A block begun in the current function: where its code starts in
 * e->code and the scope and line in effect there (a DebugScope and a
 * DebugLine last only to the end of their block). */
typedef struct BlockStart {
    size_t at;
    uint32_t scope;
    SrcLoc line;
} BlockStart;

struct DebugInfo {
    uint32_t set;        /* the OpExtInstImport */
    uint32_t unit;       /* DebugCompilationUnit */
    uint32_t expression; /* the empty DebugExpression of every DebugDeclare */
    WordBuf strings;     /* OpString: file names, source text, debug names */
    DebugFile *files;
    DebugType *types;
    int ntypes, captypes;
    /* the function being emitted */
    uint32_t function;   /* its DebugFunction */
    uint32_t function_id; /* its OpFunction */
    SrcLoc function_loc;
    uint32_t *scopes;    /* its DebugFunction, then each lexical block entered */
    int nscopes, capscopes;
    uint32_t emitted_scope; /* the DebugScope in effect at the end of e->code */
    SrcLoc line;         /* the statement being emitted */
    BlockStart *starts;
    int nstarts, capstarts;
    WordBuf declares;    /* DebugDeclares: in the first block, which every use follows */
};

/* An OpExtInst of the debug set; returns its id. */
uint32_t di_inst(Emitter *e, WordBuf *w, uint32_t inst, const uint32_t *ops, size_t n);
#define DI(e, w, inst, ...)                                                                         \
    di_inst((e), (w), NonSemanticShaderDebugInfo100##inst, (const uint32_t[]){__VA_ARGS__},           \
            sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t))
/* A 32-bit unsigned constant: every number operand of the set is one. */
uint32_t di_u32(Emitter *e, uint32_t value);
/* An OpString of s (of at most 65,000 bytes). */
uint32_t di_string(Emitter *e, const char *s);
/* The DebugSource of a file. */
uint32_t di_file(Emitter *e, const char *path);
/* The innermost scope at the current point. */
uint32_t di_scope(Emitter *e);

/* spv_debug_types.c: the debug type describing t. */
uint32_t di_type(Emitter *e, const Type *t);

#endif
