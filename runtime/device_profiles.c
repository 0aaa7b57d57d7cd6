/* device_profiles.c — the kernel features by name, and the device profiles'
 * data (device_profiles.h).
 *
 * A profile from the Khronos Group's Vulkan profiles (github.com/
 * KhronosGroup/Vulkan-Profiles: profiles/VP_KHR_roadmap_2022.json,
 * profiles/Khronos/VP_KHR_roadmap.json, profiles/VP_ANDROID_baseline_2022.json,
 * profiles/LunarG/VP_LUNARG_desktop_baseline.json; Apache-2.0) is the least
 * its devices guarantee: a feature or a limit it does not name is Vulkan's
 * own minimum (maxComputeSharedMemorySize 16384, maxComputeWorkGroupInvocations
 * 128, maxPushConstantsSize 128, no shaderInt64, no shaderFloat64...). A
 * device's profile is what its driver reported: the AMD, Intel and Apple
 * ones from the gpuinfo.org reports kept in that repository
 * (profiles/LunarG/VP_LUNARG_desktop_baseline_2024/vp_gpuinfo_*.json); the
 * Mali and Adreno ones from their drivers' published reports on
 * gpuinfo.org, not checked against a report here: where unsure, the
 * lesser value, or the feature left out. Only what campcc's kernels and
 * libcamp use is kept. */
#include "device_profiles.h"

#include "camp_abi.h"

#include <stdio.h>
#include <string.h>

const camp_feature_name camp_feature_names[] = {
    {CAMP_FEATURE_INT64, "shaderInt64", "64-bit integers (shaderInt64)"},
    {CAMP_FEATURE_FLOAT64, "shaderFloat64", "double precision (shaderFloat64)"},
    {CAMP_FEATURE_INT16, "shaderInt16", "16-bit integers in memory (shaderInt16, storageBuffer16BitAccess)"},
    {CAMP_FEATURE_INT8, "shaderInt8", "8-bit integers in memory (shaderInt8, storageBuffer8BitAccess)"},
    {CAMP_FEATURE_FLOAT16, "shaderFloat16",
     "half-precision floats (shaderFloat16, storageBuffer16BitAccess, shaderRoundingModeRTEFloat16)"},
    {CAMP_FEATURE_PUSH_CONSTANT8, "storagePushConstant8", "8-bit values among its captures (storagePushConstant8)"},
    {CAMP_FEATURE_PUSH_CONSTANT16, "storagePushConstant16",
     "16-bit values among its captures (storagePushConstant16)"},
    {CAMP_FEATURE_ATOMIC_FLOAT_ADD, "shaderBufferFloat32AtomicAdd",
     "atomic float addition (VK_EXT_shader_atomic_float: shaderBufferFloat32AtomicAdd and "
     "shaderSharedFloat32AtomicAdd)"},
    {CAMP_FEATURE_ATOMIC_FLOAT, "shaderBufferFloat32Atomics",
     "atomic float exchange (VK_EXT_shader_atomic_float: shaderBufferFloat32Atomics and "
     "shaderSharedFloat32Atomics)"},
    {CAMP_FEATURE_INT64_ATOMICS, "shaderBufferInt64Atomics",
     "atomics on 64-bit integers and doubles in views and arrays (shaderBufferInt64Atomics)"},
    {CAMP_FEATURE_SHARED_INT64_ATOMICS, "shaderSharedInt64Atomics",
     "atomics on 64-bit integers in tile_static memory (shaderSharedInt64Atomics)"},
    {CAMP_FEATURE_STORAGE_IMAGE, "shaderStorageImageWriteWithoutFormat",
     "texture writes (shaderStorageImageWriteWithoutFormat)"},
    {CAMP_FEATURE_SUBGROUP_BASIC, "subgroupBasic",
     "subgroups in compute shaders (VkPhysicalDeviceSubgroupProperties: supportedStages COMPUTE, "
     "supportedOperations BASIC)"},
    {CAMP_FEATURE_SUBGROUP_VOTE, "subgroupVote",
     "subgroup votes, subgroup_any and subgroup_all (supportedOperations VOTE)"},
    {CAMP_FEATURE_SUBGROUP_BALLOT, "subgroupBallot",
     "subgroup ballots, subgroup_ballot and subgroup_broadcast (supportedOperations BALLOT)"},
    {CAMP_FEATURE_SUBGROUP_SHUFFLE, "subgroupShuffle",
     "subgroup shuffles, subgroup_shuffle and subgroup_shuffle_xor (supportedOperations SHUFFLE)"},
    {CAMP_FEATURE_SUBGROUP_SHUFFLE_RELATIVE, "subgroupShuffleRelative",
     "relative subgroup shuffles, subgroup_shuffle_up and subgroup_shuffle_down (supportedOperations "
     "SHUFFLE_RELATIVE)"},
    {CAMP_FEATURE_SUBGROUP_ARITHMETIC, "subgroupArithmetic",
     "subgroup reductions and scans (supportedOperations ARITHMETIC)"},
    {CAMP_FEATURE_SUBGROUP_EXTENDED_TYPES, "shaderSubgroupExtendedTypes",
     "subgroup operations on half or 64-bit integers (shaderSubgroupExtendedTypes)"},
    {CAMP_FEATURE_COOPERATIVE_MATRIX, "cooperativeMatrix", "cooperative matrices (VK_NV_cooperative_matrix)"},
};
const size_t camp_feature_name_count = sizeof camp_feature_names / sizeof *camp_feature_names;

enum {
    /* every class of subgroup operation kernels use */
    SUBGROUPS = CAMP_FEATURE_SUBGROUP_BASIC | CAMP_FEATURE_SUBGROUP_VOTE | CAMP_FEATURE_SUBGROUP_BALLOT |
                CAMP_FEATURE_SUBGROUP_SHUFFLE | CAMP_FEATURE_SUBGROUP_SHUFFLE_RELATIVE |
                CAMP_FEATURE_SUBGROUP_ARITHMETIC | CAMP_FEATURE_SUBGROUP_EXTENDED_TYPES,
    /* 8- and 16-bit integers and half floats in memory */
    SMALL_TYPES = CAMP_FEATURE_INT16 | CAMP_FEATURE_INT8 | CAMP_FEATURE_FLOAT16,
    SMALL_CAPTURES = CAMP_FEATURE_PUSH_CONSTANT8 | CAMP_FEATURE_PUSH_CONSTANT16,
    ATOMIC_FLOATS = CAMP_FEATURE_ATOMIC_FLOAT_ADD | CAMP_FEATURE_ATOMIC_FLOAT,
};

static const camp_device_profile profiles[] = {
    /* Khronos profiles: the least their devices guarantee */
    {"roadmap-2022", "Khronos Vulkan Roadmap 2022 (VP_KHR_roadmap_2022, Vulkan 1.3)", NULL,
     SUBGROUPS, 0, 16384, 256, {256, 256, 64}, 128, false, false, false},
    {"roadmap-2024", "Khronos Vulkan Roadmap 2024 (VP_KHR_roadmap_2024, Vulkan 1.3)", NULL,
     SUBGROUPS | SMALL_TYPES, 0, 16384, 256, {256, 256, 64}, 128, false, false, false},
    {"android-baseline-2022", "Android Baseline 2022 (VP_ANDROID_baseline_2022, Vulkan 1.1)",
     "the profile guarantees only Vulkan 1.1, without the bufferDeviceAddress, scalarBlockLayout and "
     "timelineSemaphore libcamp needs",
     0, 0, 16384, 128, {128, 128, 64}, 128, false, false, false},
    {"desktop-baseline-2023", "LunarG desktop baseline 2023 (VP_LUNARG_desktop_baseline_2023, Vulkan 1.2)",
     "the profile does not guarantee the bufferDeviceAddress and scalarBlockLayout libcamp needs",
     CAMP_FEATURE_INT8 | CAMP_FEATURE_STORAGE_IMAGE | CAMP_FEATURE_SUBGROUP_BASIC, 0, 32768, 1024,
     {1024, 1024, 64}, 128, false, false, false},
    {"desktop-baseline-2024", "LunarG desktop baseline 2024 (VP_LUNARG_desktop_baseline_2024, Vulkan 1.2)", NULL,
     SUBGROUPS | CAMP_FEATURE_INT16 | CAMP_FEATURE_INT8 | CAMP_FEATURE_STORAGE_IMAGE | CAMP_FEATURE_ATOMIC_FLOAT, 0,
     32768, 1024, {1024, 1024, 64}, 128, true, false, false},
    /* devices, as their drivers report them */
    {"amd-rdna3", "AMD Radeon RX 7800 XT (RDNA3), Mesa RADV 24.0", NULL,
     SUBGROUPS | SMALL_TYPES | SMALL_CAPTURES | ATOMIC_FLOATS | CAMP_FEATURE_INT64 | CAMP_FEATURE_FLOAT64 |
         CAMP_FEATURE_STORAGE_IMAGE | CAMP_FEATURE_INT64_ATOMICS | CAMP_FEATURE_SHARED_INT64_ATOMICS,
     64, 65536, 1024, {1024, 1024, 1024}, 256, true, false, false},
    {"intel-arc", "Intel Arc A770, Intel's Windows driver (report 0.405.1234)", NULL,
     SUBGROUPS | SMALL_TYPES | SMALL_CAPTURES | CAMP_FEATURE_ATOMIC_FLOAT | CAMP_FEATURE_INT64 |
         CAMP_FEATURE_STORAGE_IMAGE | CAMP_FEATURE_INT64_ATOMICS,
     32, 32768, 1024, {1024, 1024, 64}, 256, true, false, false},
    {"apple-m3", "Apple M3 Max through MoltenVK (report 0.2.2015, macOS 14.1)", NULL,
     SUBGROUPS | SMALL_TYPES | SMALL_CAPTURES | ATOMIC_FLOATS | CAMP_FEATURE_INT64 | CAMP_FEATURE_STORAGE_IMAGE, 32,
     32768, 1024, {1024, 1024, 1024}, 4096, true, false, true},
    {"mali-g710", "Arm Mali-G710 (Valhall), Arm's Android driver", NULL,
     SUBGROUPS | SMALL_TYPES | CAMP_FEATURE_INT64, 16, 32768, 512, {512, 512, 512}, 128, false, false, true},
    {"adreno-7xx", "Qualcomm Adreno 740, Qualcomm's Android driver", NULL,
     SUBGROUPS | SMALL_TYPES | CAMP_FEATURE_INT64, 64, 32768, 1024, {1024, 1024, 64}, 128, false, false, true},
};

const camp_device_profile *camp_device_profile_find(const char *name) {
    for (size_t i = 0; i < sizeof profiles / sizeof *profiles; i++)
        if (strcmp(profiles[i].name, name) == 0) return &profiles[i];
    return NULL;
}

void camp_device_profile_list(char *out, size_t size) {
    size_t used = 0;
    if (size) out[0] = '\0';
    for (size_t i = 0; i < sizeof profiles / sizeof *profiles && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%s%s", i ? ", " : "", profiles[i].name);
}
