// spv_opt_shim.cpp — SPIRV-Tools' optimizer in campcc's process. Its API is
// C++ only, so this is the one C++ file of the tree, and all it does is
// stand behind camp_spirv_optimize, a C function (spv_opt.c calls it).
#include <spirv-tools/libspirv.hpp>
#include <spirv-tools/optimizer.hpp>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

extern "C" bool camp_spirv_optimize(const uint32_t *words, size_t nwords, const char *const *flags, size_t nflags,
                                    uint32_t **out, size_t *nout, char *error, size_t error_size);

// Runs `flags` (spirv-opt's pass flags) on the module for Vulkan 1.2. On
// success *out is a malloc'd module of *nout words; on failure `error`
// holds the optimizer's first message. The module was validated already.
extern "C" bool camp_spirv_optimize(const uint32_t *words, size_t nwords, const char *const *flags, size_t nflags,
                                    uint32_t **out, size_t *nout, char *error, size_t error_size) {
    error[0] = '\0';
    try {
        spvtools::Optimizer optimizer(SPV_ENV_VULKAN_1_2);
        optimizer.SetMessageConsumer([error, error_size](spv_message_level_t level, const char *, const spv_position_t &,
                                                          const char *message) {
            if (level <= SPV_MSG_ERROR && !error[0]) snprintf(error, error_size, "%s", message);
        });
        if (!optimizer.RegisterPassesFromFlags(std::vector<std::string>(flags, flags + nflags))) return false;
        spvtools::OptimizerOptions options;
        options.set_run_validator(false);
        std::vector<uint32_t> result;
        if (!optimizer.Run(words, nwords, &result, options)) return false;
        *out = static_cast<uint32_t *>(malloc(result.size() * sizeof(uint32_t)));
        if (!*out) {
            snprintf(error, error_size, "out of memory");
            return false;
        }
        memcpy(*out, result.data(), result.size() * sizeof(uint32_t));
        *nout = result.size();
        return true;
    } catch (const std::bad_alloc &) {
        snprintf(error, error_size, "out of memory");
        return false;
    }
}
