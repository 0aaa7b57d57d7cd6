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

static void print_capture(const Var *v, FILE *out) {
    if (v->capture == CAPTURE_VIEW)
        fprintf(out, "  capture '%s': view of %s, %s, device address at push offset %u\n", v->name, v->type->name,
                access_text(v), v->push_offset);
    else if (v->capture == CAPTURE_POINTER)
        fprintf(out, "  capture '%s': pointer %s, %s, device address at push offset %u\n", v->name,
                v->type->name, access_text(v), v->push_offset);
    else if (type_holds_pointer(v->type)) /* its pointers are views of the launch, as a pointer capture */
        fprintf(out, "  capture '%s': value %s, push offset %u, holding pointers: %s\n", v->name, v->type->name,
                v->push_offset, access_text(v));
    else
        fprintf(out, "  capture '%s': value %s, push offset %u\n", v->name, v->type->name, v->push_offset);
}

/* The module's OpCapability operands, from its disassembly (SPIRV-Tools
 * names them; the module needs them all, whichever kernel runs). */
static void print_capabilities(const Unit *u, FILE *out) {
    char *text = spv_disassemble(u->spirv, u->spirv_words);
    fputs("  capabilities:", out);
    for (const char *p = text; p && (p = strstr(p, "OpCapability ")); ) {
        p += strlen("OpCapability ");
        size_t n = strcspn(p, " \n");
        fprintf(out, " %.*s", (int)n, p);
        p += n;
    }
    fputs(text ? "\n" : " (cannot disassemble the module)\n", out);
    free(text);
}

void dump_kernels(const Unit *u, FILE *out) {
    for (int i = 0; i < u->kernels.len; i++) {
        const Kernel *k = u->kernels.items[i];
        fprintf(out, "%s:%u:%u: kernel %s: parallel_for_each of rank %d, index '%s'\n", k->loc.file, k->loc.line,
                k->loc.col, k->entry, k->rank, k->idx->name);
        if (k->tiled)
            fprintf(out, "  workgroup size: %u x %u x %u\n", k->local_size[0], k->local_size[1], k->local_size[2]);
        else
            fputs("  workgroup size: chosen for the device at launch\n", out);
        fprintf(out, "  push constants: %u bytes (%u-byte header)\n", k->push_size, CAMP_PUSH_HEADER_SIZE);
        for (int c = 0; c < k->captures.len; c++) print_capture(k->captures.items[c], out);
        if (k->reports)
            fprintf(out, "  printf or assert: report buffer's address and launch number at push offset %u\n",
                    k->report_offset);
        fputs("  device features:", out);
        for (size_t f = 0; f < camp_feature_name_count; f++)
            if (k->features & camp_feature_names[f].bit) fprintf(out, " %s", camp_feature_names[f].vulkan);
        fputs(k->features ? "\n" : " (only the Vulkan 1.2 baseline)\n", out);
        print_capabilities(u, out);
    }
}
