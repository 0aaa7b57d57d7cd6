/* host_emit.c — the host C for a unit: the user's source with each
 * parallel_for_each replaced by a call into libcamp's launch ABI, `#line`
 * directives so host diagnostics and debuggers point at the user's lines,
 * and the kernels' SPIR-V modules with the kernel table appended. Edits are spliced
 * by byte offset here: libclang's CXRewriter can only print to stdout or
 * overwrite the user's own file. */
#include "campcc.h"

#include "camp_abi.h"

#include <stdlib.h>
#include <string.h>

/* Any bytes (a printf's format holds what the user wrote, a file name
 * anything but NUL): control characters and bytes that are not UTF-8 in
 * octal, so that the host compiler reads the same bytes without warning
 * of their encoding at lines campcc wrote; '?' escaped against trigraphs. */
static void put_c_string(StrBuf *out, const char *s) {
    sb_puts(out, "\"");
    for (const char *end = s + strlen(s); s < end;) {
        const unsigned char *c = (const unsigned char *)s;
        size_t n = *c >= 0x80 ? utf8_char_length(s, (size_t)(end - s)) : 1;
        if (*c == '"' || *c == '\\' || *c == '?') sb_append(out, "\\", 1);
        if (*c < 0x20 || *c == 0x7f || n == 0) sb_printf(out, "\\%03o", *c);
        else sb_append(out, s, n);
        s += n ? n : 1;
    }
    sb_puts(out, "\"");
}

static void put_line_directive(StrBuf *out, unsigned line, const char *path) {
    sb_printf(out, "\n#line %u ", line);
    put_c_string(out, path);
    sb_puts(out, "\n");
}

/* A kernel's params (camp_abi.h): each capture's, then each texture
 * binding's, in one order for the table in the module (`table`, a
 * camp_kernel_param each) and the arguments at the launch (`args`, the
 * camp_launch_args its kind takes); either may be NULL. */
typedef struct ParamOut {
    StrBuf *table, *args;
    Arena *arena;
} ParamOut;

static void put_param(ParamOut *o, const char *kind, uint32_t offset, uint32_t access, uint32_t bytes, int binding,
                      const char *name) {
    if (!o->table) return;
    sb_printf(o->table, "{%s, %u, %u, %u, %d, ", kind, offset, access, bytes, binding);
    put_c_string(o->table, name);
    sb_puts(o->table, "}, ");
}

static void put_arg(ParamOut *o, const char *fmt, const char *expr) {
    if (!o->args) return;
    sb_puts(o->args, "{");
    sb_printf(o->args, fmt, expr);
    sb_puts(o->args, "}, ");
}

/* The pointers a struct capture holds (layout.c refuses those in unions),
 * each a launch view like a captured pointer, at its offset in the
 * struct's copy in the push constants: the runtime reads the host address
 * there and overwrites it with the device address. Written: the kernel may
 * write through that one (access.c tells them apart). One the kernel does
 * not use at all goes with no access: the runtime passes a null pointer
 * (a graph's other arrays need no view). */
typedef struct HeldOut {
    ParamOut *o;
    const Var *v;
    int index;
} HeldOut;

static void put_held_pointer(void *ctx, const Type *ptr, const char *name, uint32_t offset) {
    HeldOut *h = ctx;
    bool written = access_held_written(h->v, h->index, ptr), used = access_held_used(h->v, h->index);
    put_param(h->o, "CAMP_PARAM_HELD_POINTER", offset,
              used ? CAMP_ACCESS_READ | (written ? CAMP_ACCESS_WRITE : 0) : 0, 0, 0, name);
    h->index++;
}

static void put_held_pointers(ParamOut *o, const Var *v) {
    HeldOut h = {o, v, 0};
    type_each_held_pointer(v->type, v->name, v->push_offset, o->arena, put_held_pointer, &h);
}

/* The address a value capture's bytes are read from at the launch: a
 * copy's, made by the program's own code before libcamp is called, in a
 * one-element array (which a struct or vector initializes, where `(T){s}`
 * would take s for its first member) that decays to its address. C takes
 * no address of a `register` variable; and a global another translation
 * unit shares with its kernels may lie in pages implicit synchronization
 * keeps closed, which the program's own read opens (a read inside the
 * launch would be libcamp's, which it refuses). */
static const char *value_address(ParamOut *o, const Var *v) {
    return arena_printf(o->arena, "(__typeof__(%s)[1]){%s}", v->name, v->name);
}

/* Every capture takes an argument; a texture too. */
static bool has_params(const Kernel *k) { return k->captures.len || k->texture_bindings; }

/* A view capture's access, with the launch's facts about it. */
static uint32_t view_access(const Var *v) {
    uint32_t access = v->access;
    if (v->capture != CAPTURE_POINTER && v->static_storage) access |= CAMP_ACCESS_LASTING;
    if (v->next_use == NEXT_SYNCHRONIZES) access |= CAMP_ACCESS_SYNCHRONIZED_NEXT;
    if (v->next_use == NEXT_ACCESSES) access |= CAMP_ACCESS_USED_NEXT;
    if (v->always_used) access |= CAMP_ACCESS_ALWAYS;
    return access;
}

static void put_params(ParamOut *o, const Kernel *k) {
    for (int i = 0; i < k->captures.len; i++) {
        const Var *v = k->captures.items[i];
        if (v->value_for) continue; /* libcamp fills it, or leaves it zero (its pointer's param says where) */
        if (v->capture == CAPTURE_VALUE && v->host_value) {
            put_param(o, "CAMP_PARAM_VALUE", v->push_offset, 0, sizeof(int32_t), 0, v->name);
            put_arg(o, "&(int){%s}", v->host_value);
        } else if (v->capture == CAPTURE_VALUE) {
            put_param(o, "CAMP_PARAM_VALUE", v->push_offset, 0, (uint32_t)v->type->size, 0, v->name);
            put_arg(o, "%s", value_address(o, v));
            put_held_pointers(o, v);
        } else if (v->capture == CAPTURE_POINTER) { /* its bytes are those of the explicit view it lies in */
            const Var *copy = v->value_copy;
            put_param(o, "CAMP_PARAM_POINTER", v->push_offset, view_access(v), copy ? (uint32_t)copy->type->size : 0,
                      copy ? copy->push_offset : 0, v->name);
            put_arg(o, "(const void *)(%s)", v->name);
        } else {
            /* an object that outlives every launch may stay on the accelerator */
            put_param(o, "CAMP_PARAM_OBJECT", v->push_offset, view_access(v), 0, 0, v->name);
            put_arg(o, v->object ? "(const void *)&(%s)" : "(const void *)(%s)", v->name);
            put_arg(o, ".camp_bytes = sizeof(%s)", v->name);
        }
    }
    /* a texture, one argument (its binding's access says what it is); a sampled one, with its sampler */
    for (int i = 0; i < k->textures.len; i++) {
        const Var *v = k->textures.items[i];
        put_param(o, "CAMP_PARAM_TEXTURE", 0, v->texture->access, 0, v->texture->binding, v->name);
        put_arg(o, "(const void *)(%s).camp_texture_", v->name);
        if (v->texture->access == CAMP_ACCESS_SAMPLE) put_arg(o, "&(%s)", v->texture->sampler);
    }
}

/* The launch's extent, camp_extent_, from the domain camp_domain_. A rank-4
 * extent runs as rank 3, its components 0 and 1 as one (the kernel splits
 * them again): their product, an error naming the line where it does not
 * fit an int (a negative one the launch reports). */
static void put_extent(StrBuf *out, const Kernel *k) {
    if (k->rank == 4) {
        sb_puts(out, "const camp_i32 camp_extent_[3] = {camp_extent_size_at(camp_domain_[0] < 0 || "
                     "camp_domain_[1] < 0 ? -1LL : (long long)camp_domain_[0] * camp_domain_[1], ");
        put_c_string(out, k->loc.file);
        sb_printf(out, ", %u), camp_domain_[2], camp_domain_[3]}; ", k->loc.line);
        return;
    }
    if (k->wide_index) { /* extent64(n): the low and high words (camp_abi.h) */
        sb_puts(out, "const camp_i32 camp_extent_[2] = {(camp_i32)(camp_u32)(unsigned long long)camp_domain_, "
                     "(camp_i32)((unsigned long long)camp_domain_ >> 32)}; ");
        return;
    }
    sb_printf(out, "const camp_i32 camp_extent_[%d] = {", k->rank);
    for (int d = 0; d < k->rank; d++) {
        /* a tiled extent is padded or truncated here; the runtime checks
         * that the result is a whole number of tiles */
        const char *sub = k->rank == 1 ? "" : (const char *[]){"[0]", "[1]", "[2]"}[d];
        if (k->tiled)
            sb_printf(out, "camp_tiled_extent_(camp_domain_.extent%s, camp_domain_.tile%s, camp_domain_.mode), ", sub,
                      sub);
        else
            sb_printf(out, "camp_domain_%s, ", sub);
    }
    sb_puts(out, "}; ");
}

/* `camp_abi_scope_begin(&s); camp_abi_scope_view(&s, &a, sizeof a, "a"); ...`: the scope `scope`
 * (declared by the caller) listing the local arrays `names`. */
static void put_scope_views(StrBuf *out, const char *scope, const PtrVec *names) {
    sb_printf(out, "camp_abi_scope_begin(&%s); ", scope);
    for (int i = 0; i < names->len; i++) {
        const char *name = names->items[i];
        sb_printf(out, "camp_abi_scope_view(&%s, (const void *)&(%s), sizeof(%s), \"%s\"); ", scope, name, name, name);
    }
}

/* The launch of kernel k over the domain camp_domain_: the extent, then
 * the call with the captures' arguments; for parallel_for_each_on, with
 * the thread's current view set to VIEW around it (camp.h's macro did that
 * in the expansion this replaces). */
static void put_launch_call(StrBuf *out, Arena *a, const Kernel *k) {
    put_extent(out, k);
    if (k->view_text)
        sb_printf(out, "camp_accelerator_view *const camp_previous_view_ = camp_set_current_view(%s); ", k->view_text);
    sb_printf(out, "camp_abi_launch(&camp_module_, %d, camp_extent_, ", k->index);
    if (has_params(k)) {
        sb_puts(out, "(const camp_launch_arg[]){");
        put_params(&(ParamOut){.args = out, .arena = a}, k);
        sb_puts(out, "}); ");
    } else {
        sb_puts(out, "0); ");
    }
    if (k->view_text) sb_puts(out, "camp_set_current_view(camp_previous_view_); ");
}

/* The launch of kernel k, on one line, in place of its parallel_for_each. */
static void put_launch(StrBuf *out, Arena *a, const Kernel *k) {
    sb_printf(out, "{ const __typeof__(%s) camp_domain_ = (%s); ", k->domain_text, k->domain_text);
    if (k->launch_scope.len) sb_puts(out, "camp_scope camp_launch_scope_; ");
    /* the body's constants, which it alone may use (its own copy is in the module), and the function's
     * variables it has its own of */
    for (int i = 0; i < k->named_consts.len; i++) sb_printf(out, "(void)%s; ", ((Var *)k->named_consts.items[i])->name);
    if (k->launch_scope.len) put_scope_views(out, "camp_launch_scope_", &k->launch_scope);
    /* a block of its own: declarations after those statements (C89's -Wdeclaration-after-statement) */
    sb_puts(out, "{ ");
    put_launch_call(out, a, k);
    sb_puts(out, "} ");
    if (k->launch_scope.len) sb_puts(out, "camp_abi_scope_end(&camp_launch_scope_); ");
    sb_puts(out, "}");
}

/* The launches of the kernels of the dialect headers' macros, one macro
 * each, camp_launch_FUNCTION_, which camp_header_kernel_ expands where
 * camp_domain_ holds the domain (camp.h), and CAMP_HEADER_KERNELS_OUTLINED_,
 * without which such a kernel is a host compile error. */
static void put_header_launches(StrBuf *out, Unit *u) {
    bool any = false;
    for (int i = 0; i < u->kernels.len; i++) {
        const Kernel *k = u->kernels.items[i];
        if (!k->launch_function) continue;
        if (!any) sb_puts(out, "#define CAMP_HEADER_KERNELS_OUTLINED_ 1\n");
        any = true;
        sb_printf(out, "#define camp_launch_%s_ ", k->launch_function);
        put_launch_call(out, &u->arena, k);
        sb_puts(out, "\n");
    }
}

/* Per kernel: its params (camp_kernel_info.params). */
static void put_param_tables(StrBuf *out, Unit *u) {
    for (int i = 0; i < u->kernels.len; i++) {
        const Kernel *k = u->kernels.items[i];
        if (!has_params(k)) continue;
        sb_printf(out, "static const camp_kernel_param camp_params_%d_[] = {", k->index);
        put_params(&(ParamOut){.table = out, .arena = &u->arena}, k);
        sb_puts(out, "};\n");
    }
}

/* Per kernel with textures: what each binding is (camp_kernel_info.texture_access). */
static void put_texture_access(StrBuf *out, const Unit *u) {
    for (int i = 0; i < u->kernels.len; i++) {
        const Kernel *k = u->kernels.items[i];
        if (!k->texture_bindings) continue;
        unsigned access[16] = {0};
        for (int t = 0; t < k->textures.len; t++) {
            const TextureInfo *info = ((const Var *)k->textures.items[t])->texture;
            access[info->binding] = info->access;
        }
        sb_printf(out, "static const camp_u32 camp_texture_access_%d_[] = {", k->index);
        for (int b = 0; b < k->texture_bindings; b++) sb_printf(out, "%u, ", access[b]);
        sb_puts(out, "};\n");
    }
}

/* The unit's file-scope arrays, each once (a tentative definition may
 * come again), after every definition, where each name is in scope. */
static void put_global_arrays(StrBuf *out, const Unit *u) {
    if (!u->global_arrays.len) return;
    sb_puts(out, "static const camp_global_array camp_globals_[] = {\n");
    for (int i = 0; i < u->global_arrays.len; i++) {
        const GlobalArray *g = u->global_arrays.items[i];
        bool again = false;
        for (int j = 0; j < i && !again; j++) again = !strcmp(((GlobalArray *)u->global_arrays.items[j])->name, g->name);
        if (!again)
            sb_printf(out, "    {(const void *)&%s, sizeof %s, \"%s\", %d},\n", g->name, g->name, g->name, g->read_only);
    }
    sb_puts(out, "};\n");
}

/* The printf and assert sites of the module's kernels (camp_abi.h). */
static void put_reports(StrBuf *out, const Unit *u) {
    if (!u->reports.len) return;
    sb_puts(out, "static const camp_report_site camp_reports_[] = {\n");
    for (int i = 0; i < u->reports.len; i++) {
        const ReportSite *r = u->reports.items[i];
        sb_printf(out, "    {%d, ", r->kind);
        put_c_string(out, r->text);
        sb_puts(out, ", ");
        put_c_string(out, r->values);
        sb_puts(out, ", ");
        put_c_string(out, r->loc.file);
        sb_printf(out, ", %u},\n", r->loc.line);
    }
    sb_puts(out, "};\n");
}

/* The component types of camp_abi.h's fragment shapes. */
static int fragment_component(const Type *t) {
    if (t->kind == TY_FLOAT) return t->size == 2 ? CAMP_FRAGMENT_FLOAT16 : CAMP_FRAGMENT_FLOAT32;
    return t->size == 1 ? CAMP_FRAGMENT_SINT8 : CAMP_FRAGMENT_SINT32;
}

static void put_fragment_shapes(StrBuf *out, Unit *u) {
    for (int i = 0; i < u->kernels.len; i++) {
        const Kernel *k = u->kernels.items[i];
        if (!k->cooperative) continue;
        sb_printf(out, "static const camp_fragment_shape camp_fragment_shapes_%d_[] = {", k->index);
        for (int j = 0; j < k->fragment_shapes.len; j++) {
            const FragmentShape *s = k->fragment_shapes.items[j];
            sb_printf(out, "{%d, %d, %d, %d, %d, %u}, ", s->m, s->n, s->k, fragment_component(s->input),
                      fragment_component(s->accumulator), s->loc.line);
        }
        sb_puts(out, "};\n");
    }
}

static void put_module(StrBuf *out, Unit *u) {
    sb_puts(out, "\n/* campcc: the unit's kernels and their SPIR-V modules */\n");
    sb_puts(out, "static const camp_u32 camp_spirv_[] = {");
    for (size_t i = 0; i < u->kernel_spirv_words; i++)
        sb_printf(out, "%s0x%08x,", i % 8 ? " " : "\n    ", u->kernel_spirv[i]);
    sb_puts(out, "\n};\n");
    /* the loops' sites, for the runtime's message about lavapipe's loop budget */
    if (u->loop_sites.len) {
        sb_puts(out, "static const char *const camp_loop_sites_[] = {");
        for (int i = 0; i < u->loop_sites.len; i++) {
            const SrcLoc *site = u->loop_sites.items[i];
            put_c_string(out, site->file);
            sb_printf(out, " \":%u\", ", site->line); /* "file" ":line": one string */
        }
        sb_puts(out, "};\n");
    }
    put_texture_access(out, u);
    put_param_tables(out, u);
    put_fragment_shapes(out, u);
    sb_puts(out, "static const camp_kernel_info camp_kernels_[] = {\n");
    for (int i = 0; i < u->kernels.len; i++) {
        const Kernel *k = u->kernels.items[i];
        sb_printf(out, "    {\"%s\", ", k->entry);
        put_c_string(out, k->loc.file);
        sb_printf(out, ", %u, %u, %d, %d, {%u, %u, %u}, %u, 0x%xu, %u, camp_spirv_ + %zu, %zu, ", k->loc.line,
                  k->loc.col, k->rank < 4 ? k->rank : 3 /* put_extent */, k->tiled, k->local_size[0], k->local_size[1],
                  k->local_size[2], k->push_size, k->features, k->tile_static_bytes, k->spirv_offset, k->spirv_words);
        if (k->loop_check) sb_printf(out, "camp_loop_sites_, %d, ", u->loop_sites.len);
        else sb_puts(out, "0, 0, ");
        sb_printf(out, "%u, %u, %d, ", k->report_offset, k->view_table_offset, k->texture_bindings);
        if (k->texture_bindings) sb_printf(out, "camp_texture_access_%d_, ", k->index);
        else sb_puts(out, "0, ");
        if (has_params(k)) sb_printf(out, "camp_params_%d_, sizeof camp_params_%d_ / sizeof *camp_params_%d_, ",
                                     k->index, k->index, k->index);
        else sb_puts(out, "0, 0, ");
        if (k->cooperative)
            sb_printf(out, "camp_fragment_shapes_%d_, %d, camp_spirv_ + %zu, %zu, 0x%xu, ", k->index,
                      k->fragment_shapes.len, k->cooperative->spirv_offset, k->cooperative->spirv_words,
                      k->cooperative->features);
        else sb_puts(out, "0, 0, 0, 0, 0, ");
        sb_printf(out, "%d, %d, %u},\n", k->vector_width, k->wide_index, k->args_block);
    }
    /* amp helpers whose only callers became kernels: keep them "used" */
    sb_puts(out, "};\nstatic void (*const camp_amp_functions_[])(void) __attribute__((unused)) = {");
    for (int i = 0; i < u->funcs.len; i++) {
        const Func *f = u->funcs.items[i];
        if (f->loc.file == u->path) sb_printf(out, "(void (*)(void))%s, ", f->host_ref);
    }
    sb_puts(out, "0};\n");
    put_reports(out, u);
    put_global_arrays(out, u);
    sb_printf(out, "static camp_module_info camp_module_ = {CAMP_ABI_VERSION, camp_spirv_, %zu, camp_kernels_, "
                   "%d, 0, %s, %d, %s};\n",
              u->kernel_spirv_words, u->kernels.len, u->reports.len ? "camp_reports_" : "0", u->reports.len,
              u->global_arrays.len ? "camp_globals_, sizeof camp_globals_ / sizeof *camp_globals_" : "0, 0");
}

/* The sections whose every object begins a page (frontend.c's
 * page_align_definition): of zero bytes, and of initialized data. */
static const char *const page_sections[] = {[PAGE_SECTION_BSS] = ".bss.camp_pages",
                                            [PAGE_SECTION_DATA] = ".data.camp_pages"};

/* Text put into the source at `offset`: the alignment of a page before
 * each definition of an array kernels use (the frontend's
 * page_align_definition says why: an attribute at the start of a
 * declaration's specifiers applies to every array it declares), and
 * around each call of a call view, the scope that makes its locals views
 * for the call (call_views.c). The line stays as it was. */
typedef struct Insertion {
    unsigned offset;
    int order; /* among insertions at one offset: a call's end before the next one's start */
    const char *text;
} Insertion;

static int by_offset_and_order(const void *a, const void *b) {
    const Insertion *x = a, *y = b;
    if (x->offset != y->offset) return (x->offset > y->offset) - (x->offset < y->offset);
    return (x->order > y->order) - (x->order < y->order);
}

static char *page_alignment(Arena *a, const PageAligned *at) {
    if (at->section == PAGE_SECTION_NONE) return "__attribute__((aligned(4096))) ";
    return arena_printf(a, "__attribute__((aligned(4096), section(\"%s\"))) ", page_sections[at->section]);
}

/* `__extension__ ({ camp_scope s; camp_abi_scope_begin(&s); camp_abi_scope_view(&s, &a, sizeof a, "a"); ... r = CALL;
 * camp_abi_scope_end(&s); r; })`, names numbered by the call's place in the list. */
static void call_view_texts(Arena *a, const CallView *v, int n, const char **before, const char **after) {
    StrBuf b = {0};
    /* __extension__: quiet under the program's -pedantic, as the statement expression is GNU C's */
    sb_printf(&b, "__extension__ ({ camp_scope camp_scope_%d; ", n);
    put_scope_views(&b, arena_printf(a, "camp_scope_%d", n), &v->names);
    if (!v->returns_void) sb_printf(&b, "__auto_type camp_result_%d = ", n);
    *before = arena_strndup(a, b.data, b.len);
    *after = v->returns_void ? arena_printf(a, "; camp_abi_scope_end(&camp_scope_%d); })", n)
                             : arena_printf(a, "; camp_abi_scope_end(&camp_scope_%d); camp_result_%d; })", n, n);
    sb_free(&b);
}

/* Every insertion, in the order of their offsets. */
static Insertion *insertions(Unit *u, int *count) {
    int n = u->page_aligned.len + 2 * u->call_views.len + u->dropped_pragmas.len, k = 0;
    Insertion *all = arena_alloc(&u->arena, sizeof *all * (size_t)(n ? n : 1));
    for (int i = 0; i < u->dropped_pragmas.len; i++)
        all[k++] = (Insertion){*(const size_t *)u->dropped_pragmas.items[i], 0, "//"};
    for (int i = 0; i < u->page_aligned.len; i++) {
        const PageAligned *at = u->page_aligned.items[i];
        all[k++] = (Insertion){at->offset, 0, page_alignment(&u->arena, at)};
    }
    for (int i = 0; i < u->call_views.len; i++) {
        const CallView *v = u->call_views.items[i];
        const char *before, *after;
        call_view_texts(&u->arena, v, i, &before, &after);
        /* an outer call's start before an inner one's at the same place, its end after */
        all[k++] = (Insertion){v->begin, 1 + i, before};
        all[k++] = (Insertion){v->end, -1 - i, after};
    }
    qsort(all, (size_t)k, sizeof *all, by_offset_and_order);
    *count = k;
    return all;
}

/* The source from `pos` up to `end`, with the insertions there. `*next`
 * counts the insertions passed. */
static size_t put_insertions(StrBuf *out, const Unit *u, const Insertion *all, int count, size_t pos, size_t end,
                             int *next) {
    for (; *next < count; ++*next) {
        const Insertion *at = &all[*next];
        if (at->offset < pos) continue; /* inside what was replaced: not the host's */
        if (at->offset >= end) break;
        sb_append(out, u->source + pos, at->offset - pos);
        sb_puts(out, at->text);
        pos = at->offset;
    }
    return pos;
}

/* After the last array in a section of page_sections, an object of its
 * own that begins a page: what the linker puts after the section shares
 * that page, not the array's last one. */
static void put_page_section_ends(StrBuf *out, const Unit *u) {
    bool used[3] = {false};
    for (int i = 0; i < u->page_aligned.len; i++) used[((PageAligned *)u->page_aligned.items[i])->section] = true;
    if (used[PAGE_SECTION_BSS])
        sb_printf(out, "\nstatic char camp_bss_pages_end_[1] __attribute__((used, aligned(4096), section(\"%s\")));\n",
                  page_sections[PAGE_SECTION_BSS]);
    if (used[PAGE_SECTION_DATA])
        sb_printf(out, "\nstatic char camp_data_pages_end_[1] __attribute__((used, aligned(4096), section(\"%s\"))) = {1};\n",
                  page_sections[PAGE_SECTION_DATA]);
}

void host_emit(Unit *u, StrBuf *out) {
    /* what the file does not use, the host compiler need not parse */
    if (!u->host_uses_math) sb_puts(out, "#define CAMP_WITHOUT_MATH_LIBRARY_ 1\n");
    else if (!u->uses_vector_math) sb_puts(out, "#define CAMP_WITHOUT_VECTOR_MATH_ 1\n");
    sb_puts(out, "#include <camp_abi.h>\nstatic camp_module_info camp_module_;\n");
    put_header_launches(out, u);
    sb_puts(out, "#line 1 ");
    put_c_string(out, u->path);
    sb_puts(out, "\n");
    /* a UTF-8 byte order mark is skipped where it starts a file; after
     * the lines above it would be an identifier's character */
    size_t pos = u->source_len >= 3 && memcmp(u->source, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    int count, next = 0;
    const Insertion *all = insertions(u, &count);
    for (int i = 0; i < u->kernels.len; i++) {
        const Kernel *k = u->kernels.items[i];
        if (k->launch_function) continue; /* launched by its macro's expansion */
        pos = put_insertions(out, u, all, count, pos, k->begin_offset, &next);
        sb_append(out, u->source + pos, k->begin_offset - pos);
        put_launch(out, &u->arena, k);
        put_line_directive(out, k->end_loc.line, k->end_loc.file);
        pos = k->end_offset;
    }
    pos = put_insertions(out, u, all, count, pos, u->source_len, &next);
    sb_append(out, u->source + pos, u->source_len - pos);
    put_page_section_ends(out, u);
    put_module(out, u);
}
