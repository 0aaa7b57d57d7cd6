/* dump_kernels.c — `campcc --dump-kernels`: what the compiler decided for
 * each kernel, in words: where it is, what it captures and where each
 * capture sits in the push constants, its workgroup size, and what the
 * device must support. */
#include "campcc.h"

#include "camp_abi.h"
#include "device_profiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *access_name(uint32_t access) {
    switch (access & (CAMP_ACCESS_READ | CAMP_ACCESS_WRITE)) {
    case CAMP_ACCESS_READ: return "read";
    case CAMP_ACCESS_WRITE: return "write";
    case CAMP_ACCESS_READ | CAMP_ACCESS_WRITE: return "read-write";
    default: return "unused";
    }
}

/* What the kernel may do to a capture's memory; "(through calls)" where
 * only the amp functions it calls write it (access.c). */
static const char *access_text(const Var *v) {
    return v->written_in_calls && (v->access & CAMP_ACCESS_WRITE) ? "read-write (through calls)"
                                                                  : access_name(v->access);
}

/* A pointer a struct capture holds, with what the kernel may do through it. */
typedef struct HeldDump {
    const Var *v;
    FILE *out;
    int index;
} HeldDump;

static void print_held_pointer(void *ctx, const Type *ptr, const char *name, uint32_t offset) {
    (void)offset;
    HeldDump *h = ctx;
    bool written = access_held_written(h->v, h->index, ptr);
    fprintf(h->out, "%s '%s' %s", h->index ? "," : "", name,
            !access_held_used(h->v, h->index)        ? "unused (passed as a null pointer)"
            : !written                               ? "read"
            : access_held_in_calls(h->v, h->index) ? "read-write (through calls)"
                                                    : "read-write");
    h->index++;
}

/* Where it is: "push offset N", or in the kernel's arguments buffer. */
static void print_capture(const Kernel *k, const Var *v, FILE *out) {
    const char *where = k->args_block ? "arguments buffer offset" : "push offset";
    uint32_t at = v->push_offset - k->args_block;
    if (v->capture == CAPTURE_VIEW)
        fprintf(out, "  capture '%s': view of %s%s, %s%s, device address at %s %u\n", v->name,
                !v->object ? "" : v->static_storage ? "the global " : "the variable ",
                v->object ? v->type->base->name : v->type->name, access_text(v),
                v->copy && !v->copy->copy_of ? " (copied into each thread's own: its scratch)" : "", where, at);
    else if (v->capture == CAPTURE_POINTER)
        fprintf(out, "  capture '%s': pointer %s, %s, device address at %s %u\n", v->name, v->type->name,
                access_text(v), where, at);
    else if (type_holds_pointer(v->type)) { /* its pointers are views of the launch, as a pointer capture */
        fprintf(out, "  capture '%s': value %s, %s %u, holding pointers:", v->name, v->type->name, where, at);
        HeldDump h = {v, out, 0};
        Arena names = {0};
        type_each_held_pointer(v->type, v->name, 0, &names, print_held_pointer, &h);
        arena_free(&names);
        fprintf(out, "\n");
    }
    else
        fprintf(out, "  capture '%s': value %s, %s %u%s\n", v->name, v->type->name, where, at,
                v->value_for ? " (libcamp's copy where the pointer lies in no view)" : "");
}

/* What vectorize.c decided: the elements a thread takes, and each view's
 * 128-bit accesses. */
static void print_vectors(const Kernel *k, FILE *out) {
    fprintf(out, "  vectorized x%d: a thread takes %d consecutive elements along x, with 128-bit accesses to",
            k->vector_width, k->vector_width);
    for (int i = 0; i < k->vector_views.len; i++) {
        const VectorView *vv = k->vector_views.items[i];
        fprintf(out, "%s '%s' (%s%s%s)", i ? "," : "", vv->view->name, vv->load ? "loaded" : "",
                vv->load && vv->store ? ", " : "", vv->store ? "stored" : "");
    }
    fputs("\n", out);
}

/* The module's OpCapability operands, from its disassembly (SPIRV-Tools
 * names them; the module needs them all, whichever kernel runs). */
static void print_capabilities(const uint32_t *words, size_t n, FILE *out) {
    char *text = spv_disassemble(words, n);
    fputs("  capabilities:", out);
    for (const char *p = text; p && (p = strstr(p, "OpCapability ")); ) {
        p += strlen("OpCapability ");
        size_t len = strcspn(p, " \n");
        fprintf(out, " %.*s", (int)len, p);
        p += len;
    }
    fputs(text ? "\n" : " (cannot disassemble the module)\n", out);
    free(text);
}

/* A fragment's component type by its name in the dialect. */
static const char *component_name(const Type *t) {
    if (t->kind == TY_FLOAT) return t->size == 2 ? "half" : t->size == 4 ? "float" : "double";
    return t->size == 1 ? (t->is_signed ? "int8_t" : "uint8_t") : t->is_signed ? "int" : "unsigned";
}

/* A kernel with matrix fragments: their shapes, and its cooperative-matrix
 * module's capabilities and how many of each of its instructions it has. */
static void print_fragments(const Unit *u, const Kernel *k, FILE *out) {
    for (int i = 0; i < k->fragment_shapes.len; i++) {
        const FragmentShape *s = k->fragment_shapes.items[i];
        fprintf(out, "  matrix fragments: %dx%dx%d, %s inputs, %s accumulator (line %u)\n", s->m, s->n, s->k,
                component_name(s->input), component_name(s->accumulator), s->loc.line);
    }
    const Kernel *c = k->cooperative;
    fprintf(out, "  cooperative-matrix module (VK_NV_cooperative_matrix; elsewhere the scalar lowering runs):\n  ");
    print_capabilities(u->kernel_spirv + c->spirv_offset, c->spirv_words, out);
    char *text = spv_disassemble(u->kernel_spirv + c->spirv_offset, c->spirv_words);
    static const char *const ops[] = {"OpCooperativeMatrixLoadNV", "OpCooperativeMatrixStoreNV",
                                      "OpCooperativeMatrixMulAddNV", "OpCooperativeMatrixLengthNV"};
    fputs("    instructions:", out);
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
        int n = 0;
        for (const char *p = text; p && (p = strstr(p, ops[i])); p += strlen(ops[i])) n++;
        if (n) fprintf(out, " %s x%d", ops[i], n);
    }
    fputs("\n", out);
    free(text);
}

void dump_kernels(const Unit *u, FILE *out) {
    for (int i = 0; i < u->kernels.len; i++) {
        const Kernel *k = u->kernels.items[i];
        fprintf(out, "%s:%u:%u: kernel %s: parallel_for_each of rank %d, index '%s'%s\n", k->loc.file, k->loc.line,
                k->loc.col, k->entry, k->rank, k->idx->name, k->wide_index ? " (64-bit, extent64)" : "");
        if (k->tiled)
            fprintf(out, "  workgroup size: %u x %u x %u\n", k->local_size[0], k->local_size[1], k->local_size[2]);
        else
            fputs("  workgroup size: chosen for the device at launch\n", out);
        if (k->vector_width) print_vectors(k, out);
        if (k->args_block)
            fprintf(out, "  push constants: %u bytes (%u-byte header, then the arguments buffer's address); arguments "
                         "buffer: %u bytes\n",
                    k->args_block, CAMP_PUSH_HEADER_SIZE, k->push_size - k->args_block);
        else
            fprintf(out, "  push constants: %u bytes (%u-byte header)\n", k->push_size, CAMP_PUSH_HEADER_SIZE);
        for (int c = 0; c < k->captures.len; c++) print_capture(k, k->captures.items[c], out);
        for (int c = 0; c < k->captures.len; c++) {
            const Var *v = k->captures.items[c];
            if (v->next_use == NEXT_SYNCHRONIZES)
                fprintf(out, "  synchronized by the next statement: '%s' (no change of page protection)\n", v->name);
            else if (v->next_use == NEXT_ACCESSES)
                fprintf(out, "  used by the next statement: '%s' (synchronized by the launch, no change of page "
                             "protection)\n", v->name);
        }
        if (k->reports)
            fprintf(out, "  printf or assert: report buffer's address and launch number at push offset %u\n",
                    k->report_offset);
        fputs("  device features:", out);
        for (size_t f = 0; f < camp_feature_name_count; f++)
            if (k->features & camp_feature_names[f].bit) fprintf(out, " %s", camp_feature_names[f].vulkan);
        fputs(k->features ? "\n" : " (only the Vulkan 1.2 baseline)\n", out);
        print_capabilities(u->spirv, u->spirv_words, out);
        if (k->exact_fp || u->opts->fp_exact)
            fputs("  float operations: each rounded on its own, none fused (FP_CONTRACT OFF, -ffp-contract=off or a "
                  "volatile variable)\n", out);
        if (k->matmul) fprintf(out, "  multiply loop: %s\n", k->matmul);
        if (k->cooperative) print_fragments(u, k, out);
    }
}
