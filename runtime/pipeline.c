/* pipeline.c — one VkShaderModule per camp_module_info and device, and one
 * compute pipeline per kernel and device, created on the kernel's first
 * launch there and kept in dev->modules until camp_shutdown.
 * Kernels use no descriptor sets: their layout is a single push-constant
 * range [0, push_size). */
#include "internal.h"
#include "spirv_patch.h"

#include <stdlib.h>

/* The module as the device accepts it: without DenormPreserve where the
 * device does not support it (runtime/spirv_patch.c). */
static VkResult create_shader(camp_device *dev, const camp_module_info *module, VkShaderModule *shader) {
    uint32_t *patched = NULL;
    VkShaderModuleCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
        .codeSize = module->spirv_words * sizeof(uint32_t),
        .pCode = module->spirv,
    };
    if (!dev->denorm_preserve32) {
        patched = malloc(info.codeSize);
        if (!patched) return VK_ERROR_OUT_OF_HOST_MEMORY;
        info.codeSize = camp_spirv_strip_denorm_preserve(module->spirv, module->spirv_words, patched) * sizeof(uint32_t);
        info.pCode = patched;
    }
    VkResult result = vkCreateShaderModule(dev->device, &info, NULL, shader);
    free(patched);
    return result;
}

static camp_status module_state(camp_device *dev, camp_module_info *module, camp_module_state **out) {
    /* By identity only: a module that went away is never dereferenced. */
    for (camp_module_state *state = dev->modules; state; state = state->next)
        if (state->module == module && state->spirv == module->spirv) {
            *out = state;
            return CAMP_OK;
        }
    if (!module->spirv || module->spirv_words == 0)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "the kernel's module has no SPIR-V");
    camp_module_state *state = calloc(1, sizeof *state);
    VkPipelineLayout *layouts = calloc(module->kernel_count, sizeof *layouts);
    VkPipeline *pipelines = calloc(module->kernel_count, sizeof *pipelines);
    if (!state || !layouts || !pipelines) {
        free(state), free(layouts), free(pipelines);
        return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    }
    VkResult result = create_shader(dev, module, &state->shader);
    if (result < 0) {
        free(state), free(layouts), free(pipelines);
        VK(result);
    }
    state->module = module;
    state->spirv = module->spirv;
    state->kernel_count = module->kernel_count;
    state->layouts = layouts;
    state->pipelines = pipelines;
    state->next = dev->modules;
    dev->modules = state;
    *out = state;
    return CAMP_OK;
}

camp_status camp_pipeline_get(camp_device *dev, camp_module_info *module, uint32_t k, VkPipeline *pipeline,
                              VkPipelineLayout *layout) {
    camp_module_state *state = NULL;
    CAMP_TRY(module_state(dev, module, &state));
    if (state->pipelines[k]) {
        *pipeline = state->pipelines[k];
        *layout = state->layouts[k];
        return CAMP_OK;
    }
    const camp_kernel_info *kernel = &module->kernels[k];
    VkPushConstantRange range = {
        .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT,
        .offset = 0,
        .size = camp_push_range_size(kernel),
    };
    VkPipelineLayoutCreateInfo layout_info = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
        .pushConstantRangeCount = 1,
        .pPushConstantRanges = &range,
    };
    if (!state->layouts[k])
        VK(vkCreatePipelineLayout(dev->device, &layout_info, NULL, &state->layouts[k]));
    VkComputePipelineCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {
            .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
            .stage = VK_SHADER_STAGE_COMPUTE_BIT,
            .module = state->shader,
            .pName = kernel->entry,
        },
        .layout = state->layouts[k],
    };
    VK(vkCreateComputePipelines(dev->device, dev->pipeline_cache, 1, &info, NULL, &state->pipelines[k]));
    dev->pipeline_cache_dirty = true;
    *pipeline = state->pipelines[k];
    *layout = state->layouts[k];
    return CAMP_OK;
}

void camp_pipelines_destroy(camp_device *dev) {
    camp_module_state *state = dev->modules;
    while (state) {
        camp_module_state *next = state->next;
        for (uint32_t k = 0; k < state->kernel_count; k++) {
            if (state->pipelines[k]) vkDestroyPipeline(dev->device, state->pipelines[k], NULL);
            if (state->layouts[k]) vkDestroyPipelineLayout(dev->device, state->layouts[k], NULL);
        }
        vkDestroyShaderModule(dev->device, state->shader, NULL);
        free(state->layouts);
        free(state->pipelines);
        free(state);
        state = next;
    }
    dev->modules = NULL;
}
