/* vkfft_glslang.c — the resource limits VkFFT compiles its shaders with.
 *
 * Debian 12's VkFFT 1.2.26 fills glslang's glslang_resource_t by position,
 * as glslang 11 laid it out; glslang 12 (Debian 12's) added nine mesh-shader
 * fields before its `limits`, so VkFFT's table leaves them zero and glslang
 * refuses its shaders ("'limitations' : Non-constant-index-expression").
 * Linked with -Wl,--wrap=glslang_shader_preprocess,--wrap=glslang_shader_parse,
 * VkFFT's two calls that read the table come here and get glslang's own
 * default limits instead. */
#include <glslang/Include/glslang_c_interface.h>
#include <glslang/Public/resource_limits_c.h>

int __real_glslang_shader_preprocess(glslang_shader_t *shader, const glslang_input_t *input);
int __real_glslang_shader_parse(glslang_shader_t *shader, const glslang_input_t *input);
int __wrap_glslang_shader_preprocess(glslang_shader_t *shader, const glslang_input_t *input);
int __wrap_glslang_shader_parse(glslang_shader_t *shader, const glslang_input_t *input);

static glslang_input_t with_default_limits(const glslang_input_t *input) {
    glslang_input_t fixed = *input;
    fixed.resource = glslang_default_resource();
    return fixed;
}

int __wrap_glslang_shader_preprocess(glslang_shader_t *shader, const glslang_input_t *input) {
    glslang_input_t fixed = with_default_limits(input);
    return __real_glslang_shader_preprocess(shader, &fixed);
}

int __wrap_glslang_shader_parse(glslang_shader_t *shader, const glslang_input_t *input) {
    glslang_input_t fixed = with_default_limits(input);
    return __real_glslang_shader_parse(shader, &fixed);
}
