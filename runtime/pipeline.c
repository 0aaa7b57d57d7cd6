/* pipeline.c — per kernel and device, a VkShaderModule of the kernel's own
 * SPIR-V (camp_kernel_info.spirv: what it uses and nothing of the other
 * kernels of its file) and its compute pipeline, created on the kernel's
 * first launch there (once the device is known to fit the kernel) and kept
 * in dev->modules until camp_shutdown. A pipeline is specialized to the
 * kernel's workgroup size (workgroup.c), which it keeps for the launches,
 * and an untiled kernel gets a second pipeline without its bounds check
 * for extents of whole workgroups; the driver's pipeline cache keys on the
 * specialization too.
 * A kernel's layout is a single push-constant range [0, push_size), and,
 * for a kernel with textures, their push descriptor set (texture.c). */
#include "internal.h"

#include "device_profiles.h"
#include "spirv_patch.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint32_t camp_push_range_size(const camp_kernel_info *kernel) {
    return camp_pushed_bytes(kernel->push_size, kernel->args_block);
}

/* The module as the device accepts it: without the float controls and the
 * debug information the device does not support (runtime/spirv_patch.c). */
static camp_status create_shader(camp_device *dev, const uint32_t *spirv, size_t words, VkShaderModule *shader) {
    camp_status status = CAMP_OK;
    uint32_t *patched = NULL;
    VkShaderModuleCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = words * sizeof(uint32_t),
        .pCode = spirv,
    };
    if (dev->float_controls != CAMP_SPIRV_FLOAT_CONTROLS || !dev->non_semantic_info) {
        patched = malloc(info.codeSize);
        if (!patched) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
        size_t n = camp_spirv_strip_float_controls(spirv, words, patched, dev->float_controls);
        if (!dev->non_semantic_info) n = camp_spirv_strip_non_semantic(patched, n);
        info.codeSize = n * sizeof(uint32_t);
        info.pCode = patched;
    }
    VK(vkCreateShaderModule(dev->device, &info, NULL, shader));
error:
    free(patched);
    return status;
}

static camp_status module_state(camp_device *dev, camp_module_info *module, camp_module_state **out) {
    /* By identity only: a module that went away is never dereferenced. */
    for (camp_module_state *state = dev->modules; state; state = state->next)
        if (state->module == module && state->spirv == module->spirv) {
            *out = state;
            return CAMP_OK;
        }
    camp_module_state *state = calloc(1, sizeof *state);
    camp_pipeline *pipelines = calloc(module->kernel_count, sizeof *pipelines);
    if (!state || !pipelines) {
        free(state), free(pipelines);
        return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    }
    state->module = module;
    state->spirv = module->spirv;
    state->kernel_count = module->kernel_count;
    state->pipelines = pipelines;
    state->next = dev->modules;
    dev->modules = state;
    *out = state;
    return CAMP_OK;
}

/* ---- whether the device can run the kernel -------------------------------- */

static camp_status check_device_fits(const camp_device *dev, const camp_kernel_info *kernel, uint32_t features,
                                     const uint32_t local_size[3]) {
    uint32_t missing = features & ~dev->features;
    for (size_t i = 0; i < camp_feature_name_count; i++)
        if (missing & camp_feature_names[i].bit)
            return camp_fail(CAMP_ERROR_UNSUPPORTED, "the kernel needs %s, which the device '%s' does not support",
                             camp_feature_names[i].what, dev->name);
    if (missing)
        return camp_fail(CAMP_ERROR_UNSUPPORTED,
                         "the kernel needs features (bits 0x%x) unknown to this libcamp", missing);
    const VkPhysicalDeviceLimits *limits = &dev->properties.limits;
    if (camp_push_range_size(kernel) > limits->maxPushConstantsSize)
        return camp_fail(CAMP_ERROR_UNSUPPORTED,
                         "the kernel's arguments take %u bytes of push constants; the device %s "
                         "allows %u",
                         camp_push_range_size(kernel), dev->name, limits->maxPushConstantsSize);
    uint64_t invocations = (uint64_t)local_size[0] * local_size[1] * local_size[2];
    const char *group = kernel->tiled ? "tile" : "workgroup";
    for (uint32_t d = 0; d < 3; d++)
        if (local_size[d] > limits->maxComputeWorkGroupSize[d]) {
            if (kernel->tiled && d < kernel->rank)
                return camp_fail(CAMP_ERROR_UNSUPPORTED,
                                 "the tile size %u of index component %u exceeds the device %s's limit of %u "
                                 "(maxComputeWorkGroupSize)",
                                 local_size[d], kernel->rank - 1 - d, dev->name,
                                 limits->maxComputeWorkGroupSize[d]);
            return camp_fail(CAMP_ERROR_UNSUPPORTED,
                             "the kernel's workgroup size %u in dimension %c exceeds the device %s's limit of %u "
                             "(maxComputeWorkGroupSize)",
                             local_size[d], "xyz"[d], dev->name, limits->maxComputeWorkGroupSize[d]);
        }
    if (invocations > limits->maxComputeWorkGroupInvocations)
        return camp_fail(CAMP_ERROR_UNSUPPORTED, "the kernel's %s has %llu threads; the device %s allows %u (maxComputeWorkGroupInvocations)", group,
                         (unsigned long long)invocations, dev->name,
                         limits->maxComputeWorkGroupInvocations);
    if (kernel->tile_static_bytes > limits->maxComputeSharedMemorySize)
        return camp_fail(CAMP_ERROR_UNSUPPORTED,
                         "the kernel's tile_static variables take %u bytes; the device %s allows %u "
                         "(maxComputeSharedMemorySize)",
                         kernel->tile_static_bytes, dev->name, limits->maxComputeSharedMemorySize);
    return CAMP_OK;
}

/* ---- pipelines ------------------------------------------------------------- */

/* Every pipeline is specialized to its workgroup size (the module's
 * WorkgroupSize built-in, if it has one, serves all its kernels), to
 * whether an untiled kernel checks its extent, to the address of its
 * loop report (0 but on lavapipe: loop_limit.c), to whether it
 * addresses views by access chains (camp_pipeline_variant) and to the
 * elements each thread of a vectorized kernel takes. */
typedef struct specialization_values {
    uint32_t local_size[3];
    VkBool32 bounds_check;
    uint32_t loop_report[2];
    VkBool32 narrow_addresses;
    uint32_t elements_per_thread;
} specialization_values;

/* Past this many bytes of a thread's own variables, a failed pipeline
 * says so: NVIDIA's driver (580.159.04, an H200) returned VK_ERROR_UNKNOWN
 * for a kernel whose threads each kept a 16 KiB hash table, and built it
 * with the table at 8 KiB (CUDA allows 512 KiB of local memory a thread;
 * Vulkan has no limit to query). */
enum { PRIVATE_HINT_BYTES = 12 * 1024 };

static const char *large_private_memory_hint(const camp_kernel_info *kernel, VkResult result) {
    static _Thread_local char hint[320];
    if (result == VK_ERROR_OUT_OF_HOST_MEMORY) return NULL;
    uint64_t own = camp_spirv_private_bytes(kernel->spirv, kernel->spirv_words);
    if (own < PRIVATE_HINT_BYTES) return NULL;
    snprintf(hint, sizeof hint,
             "each thread of the kernel holds %llu KiB of variables of its own (its local arrays, those of the "
             "functions it calls included), which drivers may refuse past about 8 KiB: keep large tables in an "
             "array or view indexed by the thread, or in tile_static memory",
             (unsigned long long)((own + 1023) / 1024));
    return hint;
}

static camp_status create_pipeline(camp_device *dev, const camp_kernel_info *kernel, const camp_pipeline *p,
                                   bool bounds_check, bool narrow_addresses, VkPipeline *out) {
    camp_status status = CAMP_OK;
    VkDeviceAddress report = p->loop_report.address;
    specialization_values values = {{p->local_size[0], p->local_size[1], p->local_size[2]},
                                     bounds_check,
                                     {(uint32_t)report, (uint32_t)(report >> 32)},
                                     narrow_addresses,
                                     p->elements_per_thread};
    const VkSpecializationMapEntry entries[] = {
        {CAMP_SPEC_LOCAL_SIZE_X, 0, sizeof(uint32_t)},
        {CAMP_SPEC_LOCAL_SIZE_Y, sizeof(uint32_t), sizeof(uint32_t)},
        {CAMP_SPEC_LOCAL_SIZE_Z, 2 * sizeof(uint32_t), sizeof(uint32_t)},
        {CAMP_SPEC_BOUNDS_CHECK, offsetof(specialization_values, bounds_check), sizeof(VkBool32)},
        {CAMP_SPEC_LOOP_REPORT_LO, offsetof(specialization_values, loop_report), sizeof(uint32_t)},
        {CAMP_SPEC_LOOP_REPORT_HI, offsetof(specialization_values, loop_report) + sizeof(uint32_t), sizeof(uint32_t)},
        {CAMP_SPEC_NARROW_ADDRESSES, offsetof(specialization_values, narrow_addresses), sizeof(VkBool32)},
        {CAMP_SPEC_ELEMENTS_PER_THREAD, offsetof(specialization_values, elements_per_thread), sizeof(uint32_t)},
    };
    VkSpecializationInfo specialization = {
        .mapEntryCount = sizeof entries / sizeof *entries,
        .pMapEntries = entries,
        .dataSize = sizeof values,
        .pData = &values,
    };
    VkComputePipelineCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_COMPUTE_BIT,
            .module = p->shader,
            .pName = kernel->entry,
            .pSpecializationInfo = &specialization,
        },
        .layout = p->layout,
    };
    /* Whether the pipeline cache had it, for the profile. */
    VkPipelineCreationFeedbackEXT whole = {0}, stage = {0};
    VkPipelineCreationFeedbackCreateInfoEXT feedback = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_CREATION_FEEDBACK_CREATE_INFO_EXT,
        .pPipelineCreationFeedback = &whole,
        .pipelineStageCreationFeedbackCount = 1,
        .pPipelineStageCreationFeedbacks = &stage,
    };
    if (dev->creation_feedback) info.pNext = &feedback;
    if (dev->vk.vkGetPipelineExecutableStatisticsKHR) info.flags |= VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR;
    uint64_t start = camp_rt.profiling ? camp_profile_now() : 0;
    VkResult created = vkCreateComputePipelines(dev->device, dev->pipeline_cache, 1, &info, NULL, out);
    if (created < 0) {
        status = camp_vk_fail_hint(created, "vkCreateComputePipelines", __FILE__, __LINE__,
                                   large_private_memory_hint(kernel, created));
        goto error;
    }
    int cache_hit = !(whole.flags & VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT_EXT) ? -1
                    : (whole.flags & VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT_EXT) ? 1
                                                                                                            : 0;
    camp_profile_pipeline_created(dev, kernel, *out, start, cache_hit);
error:
    return status;
}

camp_status camp_pipeline_get(camp_device *dev, camp_module_info *module, uint32_t k, camp_pipeline **out) {
    camp_status status = CAMP_OK;
    camp_module_state *state = NULL;
    CAMP_TRY(module_state(dev, module, &state));
    camp_pipeline *p = &state->pipelines[k];
    if (!p->local_size[0]) {
        const camp_kernel_info *kernel = &module->kernels[k];
        uint32_t local_size[3];
        CAMP_TRY(camp_workgroup_size(dev, kernel, local_size));
        CAMP_TRY(camp_elements_per_thread(dev, kernel, &p->elements_per_thread));
        bool cooperative;
        CAMP_TRY(camp_fragment_choose(dev, kernel, local_size, &cooperative));
        CAMP_TRY(check_device_fits(dev, kernel, cooperative ? kernel->cooperative_features : kernel->features,
                                   local_size));
        const uint32_t *spirv = cooperative ? kernel->cooperative_spirv : kernel->spirv;
        size_t words = cooperative ? kernel->cooperative_spirv_words : kernel->spirv_words;
        if (!spirv || !words) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "the kernel has no SPIR-V");
        if (dev->verbose && kernel->fragment_shape_count)
            fprintf(stderr, "camp: kernel at %s:%u: matrix fragments as %s\n", kernel->file, kernel->line,
                    cooperative ? "cooperative matrices (VK_NV_cooperative_matrix)" : "scalar code (the device has no cooperative matrices)");
        if (!p->shader) {
            CAMP_TRY(create_shader(dev, spirv, words, &p->shader));
            camp_debug_name(dev, VK_OBJECT_TYPE_SHADER_MODULE, (uint64_t)p->shader, kernel->entry);
        }
        VkPushConstantRange range = {
            .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
            .offset = 0,
            .size = camp_push_range_size(kernel),
        };
        if (!p->set_layout) CAMP_TRY(camp_textures_set_layout(dev, kernel, &p->set_layout));
        VkPipelineLayoutCreateInfo layout_info = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
            .setLayoutCount = p->set_layout ? 1 : 0,
            .pSetLayouts = &p->set_layout,
            .pushConstantRangeCount = 1,
            .pPushConstantRanges = &range,
        };
        if (!p->layout) VK(vkCreatePipelineLayout(dev->device, &layout_info, NULL, &p->layout));
        CAMP_TRY(camp_loop_report_create(dev, kernel, p));
        for (int d = 0; d < 3; d++) p->local_size[d] = local_size[d];
    }
    *out = p;
    return CAMP_OK;
error:
    return status;
}

camp_status camp_pipeline_variant(camp_device *dev, const camp_kernel_info *kernel, camp_pipeline *p,
                                  bool bounds_check, bool narrow_addresses, VkPipeline *out) {
    narrow_addresses = narrow_addresses && dev->access_chains;
    VkPipeline *variant = &p->variant[bounds_check | narrow_addresses << 1];
    if (!*variant) {
        CAMP_TRY(create_pipeline(dev, kernel, p, bounds_check, narrow_addresses, variant));
        dev->pipeline_cache_dirty = true;
        if (dev->verbose)
            fprintf(stderr, "camp: kernel at %s:%u: pipeline for workgroups of %ux%ux%u, %s, %s, %u element%s per thread\n",
                    kernel->file, kernel->line, p->local_size[0], p->local_size[1], p->local_size[2],
                    bounds_check ? "checking the extent" : "whole workgroups",
                    narrow_addresses ? "views by access chains" : "views by 64-bit sums", p->elements_per_thread,
                    p->elements_per_thread == 1 ? "" : "s");
    }
    *out = *variant;
    return CAMP_OK;
}

void camp_pipelines_destroy(camp_device *dev) {
    camp_module_state *state = dev->modules;
    while (state) {
        camp_module_state *next = state->next;
        for (uint32_t k = 0; k < state->kernel_count; k++) {
            camp_pipeline *p = &state->pipelines[k];
            for (size_t v = 0; v < sizeof p->variant / sizeof *p->variant; v++)
                if (p->variant[v]) vkDestroyPipeline(dev->device, p->variant[v], NULL);
            if (p->layout) vkDestroyPipelineLayout(dev->device, p->layout, NULL);
            if (p->set_layout) vkDestroyDescriptorSetLayout(dev->device, p->set_layout, NULL);
            if (p->shader) vkDestroyShaderModule(dev->device, p->shader, NULL);
            camp_loop_report_destroy(p);
        }
        free(state->pipelines);
        free(state);
        state = next;
    }
    dev->modules = NULL;
    dev->loop_checked = NULL;
}
