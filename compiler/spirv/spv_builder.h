/* spv_builder.h — a SPIR-V module builder that only writes words: one
 * buffer per module section in the order the specification requires,
 * `spv_new_id` returns ++bound, scalar/vector/pointer/function types and
 * constants are hash-consed; structs are not (they carry decorations). */
#ifndef CAMPCC_SPV_BUILDER_H
#define CAMPCC_SPV_BUILDER_H

#include <spirv/unified1/spirv.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A module's header: magic number, version, generator, bound, schema. */
enum { SPV_HEADER_WORDS = 5 };

typedef struct WordBuf {
    uint32_t *w;
    size_t n, cap;
} WordBuf;

typedef struct ConsEntry ConsEntry;

typedef struct SpvBuilder {
    uint32_t bound;
    WordBuf capabilities, extensions, imports, memory_model, entry_points, exec_modes, debug, annotations,
        globals, functions;
    ConsEntry **cons; /* hash table of type/constant keys → ids */
    size_t ncons, capcons; /* (and the capabilities declared) */
} SpvBuilder;

void wb_push(WordBuf *b, uint32_t word);
void wb_append(WordBuf *dst, const WordBuf *src);
void wb_free(WordBuf *b);

uint32_t spv_new_id(SpvBuilder *b);
/* One instruction: opcode and operands. */
void spv_op(WordBuf *w, SpvOp op, const uint32_t *operands, size_t n);
#define SPV_OP(buf, op, ...) \
    spv_op((buf), (op), (const uint32_t[]){__VA_ARGS__}, sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t))
/* One instruction with a literal string between `pre` and `post` operands. */
void spv_op_string(WordBuf *w, SpvOp op, const uint32_t *pre, size_t npre, const char *s, const uint32_t *post,
                   size_t npost);

void spv_capability(SpvBuilder *b, SpvCapability cap); /* once */
bool spv_has_capability(SpvBuilder *b, SpvCapability cap);
void spv_name(SpvBuilder *b, uint32_t id, const char *name);
void spv_decorate(SpvBuilder *b, uint32_t id, SpvDecoration dec, const uint32_t *extra, size_t n);
void spv_member_decorate(SpvBuilder *b, uint32_t id, uint32_t member, SpvDecoration dec, uint32_t value);

/* Types: hash-consed, emitted on first use. */
uint32_t spv_type_void(SpvBuilder *b);
uint32_t spv_type_bool(SpvBuilder *b);
/* Signedness follows C's type: drivers differ on whether OpSDiv/OpSRem honour
 * an unsigned operand type, so we never give them one. */
uint32_t spv_type_int(SpvBuilder *b, uint32_t width, bool is_signed);
uint32_t spv_type_float(SpvBuilder *b, uint32_t width);
uint32_t spv_type_vector(SpvBuilder *b, uint32_t elem, uint32_t count);
uint32_t spv_type_array(SpvBuilder *b, uint32_t elem, uint32_t len, uint32_t stride); /* stride 0: no layout */
/* A pointer; PhysicalStorageBuffer pointers get ArrayStride `stride` for OpPtrAccessChain. */
uint32_t spv_type_pointer(SpvBuilder *b, SpvStorageClass sc, uint32_t pointee, uint32_t stride);
uint32_t spv_type_function(SpvBuilder *b, uint32_t ret, const uint32_t *params, size_t n);
/* What the builder made an id for (linear searches: for the few pointers
 * that need them): the type a pointer type points to (0: not a pointer
 * type); an array type's element and length (false: not an array); the
 * length of the array a pointer type points to (0: not an array); a 32-bit
 * constant's bits (false: not one). */
uint32_t spv_pointee_type(const SpvBuilder *b, uint32_t pointer_type);
bool spv_array_type_parts(const SpvBuilder *b, uint32_t type, uint32_t *element, uint32_t *length);
uint32_t spv_pointee_array_length(const SpvBuilder *b, uint32_t pointer_type);
bool spv_const_u32_bits(const SpvBuilder *b, uint32_t id, uint32_t *bits);

/* Constants: hash-consed. */
uint32_t spv_const_bits(SpvBuilder *b, uint32_t type, uint64_t bits, uint32_t width);
uint32_t spv_const_u32(SpvBuilder *b, uint32_t value);
uint32_t spv_const_bool(SpvBuilder *b, int value);
uint32_t spv_const_null(SpvBuilder *b, uint32_t type);
uint32_t spv_const_composite(SpvBuilder *b, uint32_t type, const uint32_t *parts, size_t n);

/* The finished module: header + sections, malloc'd. */
uint32_t *spv_finish(SpvBuilder *b, size_t *nwords);
void spv_builder_free(SpvBuilder *b);

#endif
