/* launch.c — camp_abi_launch: checks a kernel against the ABI (and,
 * through its pipeline, the device), fills the push-constant header,
 * prepares the kernel's memory (views.c) and records the dispatches (split where the grid exceeds the
 * device's group-count limits) on the thread's accelerator view, which
 * submits them when its queuing mode says so. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- Checks ------------------------------------------------------------- */

static camp_status check_module(const camp_module_info *module, uint32_t k) {
    if (!module) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "launch of a null module");
    /* First: with another ABI the rest of the structure cannot be trusted. */
    if (module->abi_version != CAMP_ABI_VERSION)
        return camp_fail(CAMP_ERROR_ABI_MISMATCH,
                         "this program's kernels were compiled for libcamp ABI version %u, but this "
                         "libcamp implements version %u; rebuild the program with the campcc that "
                         "matches this libcamp",
                         module->abi_version, CAMP_ABI_VERSION);
    if (k >= module->kernel_count || !module->kernels)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "launch of kernel %u of a module with %u kernels",
                         k, module->kernel_count);
    return CAMP_OK;
}

static camp_status check_kernel(const camp_kernel_info *kernel) {
    if (kernel->rank < 1 || kernel->rank > 3)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "kernel '%s' has rank %u (not 1, 2 or 3)",
                         kernel->entry, kernel->rank);
    /* 0 0 0: the runtime chooses (camp_abi.h) */
    bool chosen = !kernel->local_size[0] && !kernel->local_size[1] && !kernel->local_size[2];
    for (int d = 0; d < 3; d++)
        if (kernel->local_size[d] == 0 && !chosen)
            return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "kernel '%s' has a workgroup size of 0",
                             kernel->entry);
    if (chosen && kernel->tiled)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "tiled kernel '%s' has no tile size", kernel->entry);
    if (kernel->push_size > (kernel->args_block ? CAMP_ARGS_MAX : CAMP_PUSH_MAX))
        return camp_fail(CAMP_ERROR_UNSUPPORTED, "kernel '%s' has %u bytes of arguments; libcamp supports at most %u",
                         kernel->entry, kernel->push_size, kernel->args_block ? CAMP_ARGS_MAX : CAMP_PUSH_MAX);
    if (kernel->args_block && (kernel->args_block < CAMP_PUSH_HEADER_SIZE + 8 || kernel->args_block % 4 ||
                               kernel->args_block > CAMP_PUSH_MAX || kernel->args_block > kernel->push_size))
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "kernel '%s' has its arguments buffer at byte %u of %u",
                         kernel->entry, kernel->args_block, kernel->push_size);
    if (kernel->push_size < CAMP_PUSH_HEADER_SIZE)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "kernel '%s' has %u bytes of push constants, less than the %u-byte header",
                         kernel->entry, kernel->push_size, CAMP_PUSH_HEADER_SIZE);
    uint32_t report = kernel->report_offset;
    if (report && (report < CAMP_PUSH_HEADER_SIZE || report % 8 || report > kernel->push_size - CAMP_REPORT_PUSH_SIZE))
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "kernel '%s' has its report buffer at byte %u of %u",
                         kernel->entry, report, kernel->push_size);
    uint32_t table = kernel->view_table_offset;
    if (table && (!report || table < CAMP_PUSH_HEADER_SIZE || table % 8 || table > kernel->push_size - 8))
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "kernel '%s' has its view table at byte %u of %u",
                         kernel->entry, table, kernel->push_size);
    return CAMP_OK;
}

/* A tiled extent must be a whole number of tiles (tile_pad and
 * tile_truncate made it one in the generated code). */
static camp_status check_tiled_extent(const camp_kernel_info *kernel, const int32_t *extent) {
    if (!kernel->tiled) return CAMP_OK;
    for (uint32_t d = 0; d < kernel->rank; d++) {
        uint32_t tile = kernel->local_size[kernel->rank - 1 - d];
        if (extent[d] > 0 && (uint32_t)extent[d] % tile != 0)
            return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                             "extent %d (index component %u) is not divisible by its tile size %u: use "
                             "tile_pad(...) or tile_truncate(...), or an extent that is a multiple of the tile",
                             extent[d], d, tile);
    }
    return CAMP_OK;
}

/* extent64(n)'s n, from its low and high words (camp_abi.h). */
static long long wide_extent(const int32_t *words) {
    return (long long)((uint64_t)(uint32_t)words[1] << 32 | (uint32_t)words[0]);
}

/* A negative extent is a mistake (a count that wrapped, a subtraction the
 * wrong way round), not an empty launch: an empty one has a 0. */
static camp_status check_extent_signs(const camp_kernel_info *kernel, const int32_t *extent) {
    if (kernel->wide_index && wide_extent(extent) < 0)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "a negative extent (%lld)", wide_extent(extent));
    for (uint32_t d = 0; d < kernel->rank && !kernel->wide_index; d++)
        if (extent[d] < 0)
            return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "a negative extent (%d, index component %u)",
                             extent[d], d);
    return CAMP_OK;
}

/* ---- Header and dispatch ------------------------------------------------ */

/* The header's sizes in GPU order (x = the extent's last component); false
 * when the extent is empty. */
static bool make_header(const camp_kernel_info *kernel, const int32_t *extent, camp_push_header *header) {
    bool empty = false;
    for (uint32_t d = 0; d < 3; d++) {
        header->size[d] = d < kernel->rank ? extent[kernel->rank - 1 - d] : 1;
        header->group_offset[d] = 0;
        if (header->size[d] <= 0) empty = true;
    }
    if (!kernel->wide_index) return !empty;
    header->size[1] = extent[1]; /* the high word */
    return wide_extent(extent) > 0;
}

/* The threads along each dimension: the extent's, or along x fewer, each
 * taking several elements (a vectorized kernel's, CAMP_SPEC_ELEMENTS_PER_THREAD). */
static void thread_counts(const camp_kernel_info *kernel, const camp_push_header *header, const camp_pipeline *pipeline,
                          uint64_t threads[3]) {
    uint32_t per_thread = pipeline->elements_per_thread;
    for (int d = 0; d < 3; d++) threads[d] = (uint32_t)header->size[d];
    if (kernel->wide_index) threads[0] = (uint64_t)wide_extent(header->size), threads[1] = 1;
    threads[0] = (threads[0] + per_thread - 1) / per_thread;
}

/* The workgroups along each dimension. */
static void group_counts(const camp_kernel_info *kernel, const camp_push_header *header, const camp_pipeline *pipeline,
                         uint64_t groups[3]) {
    thread_counts(kernel, header, pipeline, groups);
    for (int d = 0; d < 3; d++) groups[d] = (groups[d] + pipeline->local_size[d] - 1) / pipeline->local_size[d];
}

/* Whether the grid is exactly the threads: none to keep out of the extent. */
static bool whole_workgroups(const camp_kernel_info *kernel, const camp_push_header *header,
                             const camp_pipeline *pipeline) {
    uint64_t threads[3];
    thread_counts(kernel, header, pipeline, threads);
    for (int d = 0; d < 3; d++)
        if (threads[d] % pipeline->local_size[d]) return false;
    return true;
}

/* The group offsets the header holds are 32-bit: extent64's grid is fewer
 * than 2^32 workgroups (with the smallest workgroups, 2^32 threads). An
 * int extent's grid always is: only extent64's launches pay the check. */
static camp_status check_group_count(const camp_kernel_info *kernel, const camp_push_header *header,
                                     const camp_pipeline *pipeline) {
    if (!kernel->wide_index) return CAMP_OK;
    uint64_t groups[3];
    group_counts(kernel, header, pipeline, groups);
    if (groups[0] <= UINT32_MAX) return CAMP_OK;
    return camp_fail(CAMP_ERROR_UNSUPPORTED,
                     "an extent of %lld threads is %llu workgroups of %u, more than the 4294967295 a launch takes",
                     wide_extent(header->size), (unsigned long long)groups[0], pipeline->local_size[0]);
}

/* Dispatches the whole grid in chunks of at most maxComputeWorkGroupCount
 * groups per dimension; each chunk's first group goes in group_offset. */
static void record_dispatches(camp_accelerator_view *q, const camp_kernel_info *kernel,
                              const camp_pipeline *pipeline, uint8_t *block, uint32_t block_size) {
    camp_push_header header;
    memcpy(&header, block, sizeof header);
    const uint32_t *limit = q->dev->properties.limits.maxComputeWorkGroupCount;
    VkPipelineLayout layout = pipeline->layout;
    uint64_t groups[3]; /* each below 2^32 (check_group_count) */
    group_counts(kernel, &header, pipeline, groups);

    for (uint64_t z = 0; z < groups[2]; z += limit[2])
        for (uint64_t y = 0; y < groups[1]; y += limit[1])
            for (uint64_t x = 0; x < groups[0]; x += limit[0]) {
                header.group_offset[0] = (uint32_t)x;
                header.group_offset[1] = (uint32_t)y;
                header.group_offset[2] = (uint32_t)z;
                memcpy(block, &header, sizeof header);
                camp_cmd_push(q, layout, block, block_size);
                uint64_t count_x = groups[0] - x < limit[0] ? groups[0] - x : limit[0];
                uint64_t count_y = groups[1] - y < limit[1] ? groups[1] - y : limit[1];
                uint64_t count_z = groups[2] - z < limit[2] ? groups[2] - z : limit[2];
                camp_cmd_dispatch(q, (uint32_t)count_x, (uint32_t)count_y, (uint32_t)count_z);
            }
}

/* Records the kernel with what its memory needs before it, on `q`; then
 * the copy back of written implicit views, which waits. */
static camp_status record(camp_accelerator_view *q, const camp_kernel_info *kernel, const camp_pipeline *pipeline,
                          VkPipeline variant,
                          camp_view_set *views, const camp_texture_binding *textures, uint32_t texture_count,
                          uint8_t *block, uint32_t block_size) {
    CAMP_TRY(camp_queue_open(q));
    CAMP_TRY(camp_views_record_before(views, q));
    if (q->bound != variant) {
        camp_cmd_bind(q, variant);
        q->bound = variant;
    }
    if (texture_count) { /* descriptors and image layouts: recorded directly */
        VkCommandBuffer commands;
        CAMP_TRY(camp_queue_commands(q, &commands));
        CAMP_TRY(camp_textures_record_before(q, commands, pipeline->layout, textures, texture_count));
    }
    /* Timestamps around the dispatches: recorded directly too. */
    uint32_t timed = camp_rt.profiling ? camp_profile_kernel_begin(q, camp_replay_commands(q)) : UINT32_MAX;
    record_dispatches(q, kernel, pipeline, block, block_size);
    if (camp_rt.profiling) camp_profile_timed_end(q, camp_replay_commands(q), timed);
    CAMP_TRY(camp_queue_recorded(q));
    return camp_views_finish(views, q);
}

/* The calling thread's view, checked: it may have been destroyed. */
static camp_status launch_queue(camp_accelerator_view **out) {
    camp_accelerator_view *q = camp_queue_current();
    for (camp_accelerator_view *v = camp_rt.views; v; v = v->next)
        if (v == q) {
            *out = q;
            return CAMP_OK;
        }
    return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "the thread's current accelerator view %p was destroyed",
                     (void *)q);
}

/* ---- Arguments ---------------------------------------------------------- */

/* A launch's push constants, views and textures, from its arguments. */
typedef struct launch_memory {
    uint8_t push[CAMP_ARGS_MAX]; /* the arguments: those pushed, then those of an arguments buffer */
    camp_launch_view views[(CAMP_ARGS_MAX - CAMP_PUSH_HEADER_SIZE) / 8]; /* each takes 8 bytes of them */
    camp_launch_texture textures[CAMP_TEXTURES_MAX];
    uint32_t view_count, texture_count;
    const char *null_used; /* a null pointer every thread reads or writes through (CAMP_ACCESS_ALWAYS) */
} launch_memory;

static camp_status param_fits(const camp_kernel_info *kernel, const camp_kernel_param *p, uint32_t bytes) {
    if (p->push_offset < CAMP_PUSH_HEADER_SIZE || p->push_offset > kernel->push_size ||
        bytes > kernel->push_size - p->push_offset)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "'%s' would lie at bytes %u-%u of the kernel's %u-byte arguments",
                         p->name, p->push_offset, p->push_offset + bytes, kernel->push_size);
    return CAMP_OK;
}

static camp_status add_view(launch_memory *m, const camp_kernel_param *p, const void *host, size_t bytes,
                            uint32_t access) {
    if (m->view_count == sizeof m->views / sizeof *m->views)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "the kernel has more views than its arguments can hold");
    bool value = p->kind == CAMP_PARAM_POINTER && p->bytes;
    m->views[m->view_count++] = (camp_launch_view){host, bytes, p->push_offset, access, p->name,
                                                   value ? p->bytes : 0, value ? p->binding : 0};
    return CAMP_OK;
}

/* Each param takes the arguments its kind says (camp_abi.h), in order. */
static camp_status unpack_args(const camp_kernel_info *kernel, const camp_launch_arg *args, launch_memory *m) {
    if (kernel->param_count && (!kernel->params || !args))
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "launch with null params or arguments");
    memset(m->push, 0, camp_push_range_size(kernel));
    m->view_count = m->texture_count = 0;
    m->null_used = NULL;
    for (uint32_t i = 0; i < kernel->param_count; i++) {
        const camp_kernel_param *p = &kernel->params[i];
        const void *held;
        switch (p->kind) {
        case CAMP_PARAM_VALUE:
            CAMP_TRY(param_fits(kernel, p, p->bytes));
            memcpy(m->push + p->push_offset, (args++)->address, p->bytes);
            break;
        case CAMP_PARAM_OBJECT:
            CAMP_TRY(add_view(m, p, args[0].address, args[1].camp_bytes, p->access & ~CAMP_ACCESS_POINTER));
            args += 2;
            break;
        case CAMP_PARAM_POINTER:
            if (p->bytes) CAMP_TRY(param_fits(kernel, &(camp_kernel_param){.push_offset = p->binding, .name = p->name},
                                              p->bytes));
            if (!args->address && p->access & CAMP_ACCESS_ALWAYS && !m->null_used) m->null_used = p->name;
            CAMP_TRY(add_view(m, p, (args++)->address, 0, (p->access & ~CAMP_ACCESS_ALWAYS) | CAMP_ACCESS_POINTER));
            break;
        case CAMP_PARAM_HELD_POINTER: /* its value was copied with the VALUE that holds it */
            CAMP_TRY(param_fits(kernel, p, sizeof held));
            if (!p->access) { /* one the kernel never uses: null, wherever the host's points */
                memset(m->push + p->push_offset, 0, sizeof held);
                break;
            }
            memcpy(&held, m->push + p->push_offset, sizeof held);
            CAMP_TRY(add_view(m, p, held, 0, p->access | CAMP_ACCESS_POINTER));
            break;
        case CAMP_PARAM_TEXTURE:
            if (m->texture_count == CAMP_TEXTURES_MAX)
                return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "the kernel has more than %u texture bindings",
                                 CAMP_TEXTURES_MAX);
            m->textures[m->texture_count++] = (camp_launch_texture){
                args[0].address, p->binding, p->access, p->name,
                p->access == CAMP_ACCESS_SAMPLE ? args[1].address : NULL};
            args += p->access == CAMP_ACCESS_SAMPLE ? 2 : 1;
            break;
        default:
            return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "param %u ('%s') of unknown kind %u", i, p->name, p->kind);
        }
    }
    return CAMP_OK;
}

/* ---- The launch --------------------------------------------------------- */

/* A kernel with an arguments buffer (camp_abi.h): its captures' bytes go
 * there, and the buffer's address after the header of those pushed. */
static camp_status fill_args_block(camp_accelerator_view *q, const camp_kernel_info *kernel, uint8_t *push,
                                   camp_buffer *block) {
    uint32_t bytes = kernel->push_size - kernel->args_block;
    CAMP_TRY(camp_buffer_acquire(q->dev, CAMP_BUFFER_SHARED_WRITE, bytes ? bytes : 4, block));
    if (!block->mapped || block->address % 32) { /* the kernel's loads assume its captures' own alignment */
        camp_buffer_release(block);
        return camp_fail(CAMP_ERROR_VULKAN, "no mapped memory aligned to 32 bytes for the kernel's arguments buffer");
    }
    memcpy(block->mapped, push + kernel->args_block, bytes);
    memcpy(push + CAMP_PUSH_HEADER_SIZE, &block->address, sizeof block->address);
    return CAMP_OK;
}

static camp_status launch_kernel(camp_module_info *module, uint32_t k, const int32_t *extent,
                                 const camp_launch_arg *args) {
    const camp_kernel_info *kernel = &module->kernels[k];
    CAMP_TRY(check_kernel(kernel));
    if (!extent) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "launch with a null extent");
    launch_memory m;
    CAMP_TRY(unpack_args(kernel, args, &m));
    CAMP_TRY(camp_runtime_start());
    camp_accelerator_view *q = NULL;
    CAMP_TRY(launch_queue(&q));
    camp_pipeline *pipeline;
    CAMP_TRY(camp_pipeline_get(q->dev, module, k, &pipeline));
    CAMP_TRY(check_extent_signs(kernel, extent));
    CAMP_TRY(check_tiled_extent(kernel, extent));

    camp_push_header header;
    if (!make_header(kernel, extent, &header)) return CAMP_OK; /* nothing to run */
    if (m.null_used) /* where the device would fault; an empty extent's kernel never reads it */
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "'%s' is a null pointer, and every thread of the kernel reads or writes through it", m.null_used);
    memcpy(m.push, &header, sizeof header);
    CAMP_TRY(check_group_count(kernel, &header, pipeline));

    camp_texture_binding bindings[CAMP_TEXTURES_MAX];
    CAMP_TRY(camp_textures_prepare(q, kernel, m.textures, m.texture_count, bindings));
    camp_view_set set;
    camp_status status = camp_views_prepare(&set, q, module, m.views, m.view_count, m.push, kernel->push_size);
    VkPipeline variant = VK_NULL_HANDLE;
    if (status == CAMP_OK)
        status = camp_pipeline_variant(q->dev, kernel, pipeline, !whole_workgroups(kernel, &header, pipeline),
                                       !set.wide_addresses, &variant);
    if (status == CAMP_OK && kernel->report_offset) status = camp_reports_launch(q, module, kernel, &set, m.push);
    camp_buffer args_buffer = {0};
    if (status == CAMP_OK && kernel->args_block) status = fill_args_block(q, kernel, m.push, &args_buffer);
    if (status == CAMP_OK) /* Vulkan pushes whole words: the block's tail is zeros */
        status = record(q, kernel, pipeline, variant, &set, bindings, m.texture_count, m.push, camp_push_range_size(kernel));
    if (args_buffer.buffer) { /* given back once the dispatch has run */
        camp_status retired = camp_queue_retire(q, &args_buffer);
        if (status == CAMP_OK) status = retired;
    }
    camp_views_release(&set, q);
    /* The program's first kernel goes to the device at once: the first
     * submission registers the teardown at exit again (camp_at_exit_again),
     * so an exit handler the program registers after its first kernel runs
     * before the teardown and reads the kernel's results, as documented
     * (it ran after it, and read what the teardown left, where the first
     * submission came after the handler's registration). */
    if (status == CAMP_OK && !camp_rt.atexit_after_submit) status = camp_queue_flush(q);
    return status;
}

static camp_status launch(camp_module_info *module, uint32_t k, const int32_t *extent, const camp_launch_arg *args) {
    CAMP_TRY(check_module(module, k));
    camp_call.kernel = &module->kernels[k]; /* from here on, errors name the kernel's line */
    if (!camp_rt.profiling) return launch_kernel(module, k, extent, args);
    camp_profile_launch_begin();
    camp_status status = launch_kernel(module, k, extent, args);
    camp_profile_launch_end();
    return status;
}

void camp_abi_launch(camp_module_info *module, uint32_t kernel, const int32_t *extent, const camp_launch_arg *args) {
    camp_lock_at(NULL, 0);
    camp_status status = launch(module, kernel, extent, args);
    camp_call.kernel = NULL;
    camp_unlock_and_report(status);
}

int camp_extent_size_at(long long size, const char *file, unsigned line) {
    if (size <= INT32_MAX) return (int)size; /* a negative one: the launch reports it */
    camp_lock_at(file, line);
    camp_unlock_and_report(camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                                     "an extent of %lld does not fit in int: at most %d threads along each dimension",
                                     size, INT32_MAX));
    return 0;
}
