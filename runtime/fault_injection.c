/* fault_injection.c — environment knobs that make the device look worse
 * than it is, so that tests can reach the run-time errors a real device
 * gives only rarely (docs/diagnostics.md lists them):
 *
 *   CAMP_DEVICE_MASK_FEATURES=float64,int64,int16,int8,subgroup_vote,...
 *                              the device lacks these kernel features:
 *                              they are neither reported nor enabled
 *   CAMP_TEST_FAIL_ALLOC=1     every device memory allocation fails with
 *                              VK_ERROR_OUT_OF_DEVICE_MEMORY
 *   CAMP_TEST_DEVICE_LOST=1    every queue submission fails with
 *                              VK_ERROR_DEVICE_LOST
 *   CAMP_TEST_LOSE_DEVICE=INDEX:N
 *                              the accelerator of index INDEX (camp-info's)
 *                              is lost mid-run: its queue submissions from
 *                              its Nth on (counted from 1) fail so
 *   CAMP_TEST_NO_NON_SEMANTIC_INFO=1
 *                              the device lacks VK_KHR_shader_non_semantic_info
 *                              (modules lose -g's debug information)
 *
 * Read whenever a device is opened. */
#include "internal.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool knob_set(const char *name) {
    const char *value = getenv(name);
    return value && *value && strcmp(value, "0") != 0;
}

static const struct {
    const char *name;
    uint32_t bit;
} feature_names[] = {
    {"int64", CAMP_FEATURE_INT64},
    {"float64", CAMP_FEATURE_FLOAT64},
    {"int16", CAMP_FEATURE_INT16},
    {"int8", CAMP_FEATURE_INT8},
    {"float16", CAMP_FEATURE_FLOAT16},
    {"push_constant8", CAMP_FEATURE_PUSH_CONSTANT8},
    {"push_constant16", CAMP_FEATURE_PUSH_CONSTANT16},
    {"subgroup_basic", CAMP_FEATURE_SUBGROUP_BASIC},
    {"subgroup_vote", CAMP_FEATURE_SUBGROUP_VOTE},
    {"subgroup_ballot", CAMP_FEATURE_SUBGROUP_BALLOT},
    {"subgroup_shuffle", CAMP_FEATURE_SUBGROUP_SHUFFLE},
    {"subgroup_shuffle_relative", CAMP_FEATURE_SUBGROUP_SHUFFLE_RELATIVE},
    {"subgroup_arithmetic", CAMP_FEATURE_SUBGROUP_ARITHMETIC},
    {"subgroup_extended_types", CAMP_FEATURE_SUBGROUP_EXTENDED_TYPES},
    {"int64_atomics", CAMP_FEATURE_INT64_ATOMICS},
    {"shared_int64_atomics", CAMP_FEATURE_SHARED_INT64_ATOMICS},
};

/* The feature bits named in a comma-separated list. */
static camp_status parse_features(const char *list, uint32_t *bits) {
    *bits = 0;
    while (*list) {
        size_t n = strcspn(list, ",");
        bool known = n == 0;
        for (size_t i = 0; i < sizeof feature_names / sizeof *feature_names && !known; i++)
            if (strlen(feature_names[i].name) == n && strncmp(list, feature_names[i].name, n) == 0) {
                *bits |= feature_names[i].bit;
                known = true;
            }
        if (!known) {
            char names[512] = "";
            for (size_t i = 0; i < sizeof feature_names / sizeof *feature_names; i++)
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
                         feature_names[i].name);
            return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                             "CAMP_DEVICE_MASK_FEATURES names an unknown feature '%.*s' (known: %s)", (int)n, list,
                             names);
        }
        list += n + (list[n] == ',');
    }
    return CAMP_OK;
}

/* CAMP_TEST_LOSE_DEVICE's INDEX:N into camp_rt.lost_device and lost_at. */
static camp_status parse_lost_device(const char *value) {
    char *colon, *end = NULL;
    long long index = strtoll(value, &colon, 10);
    unsigned long long at = *colon == ':' ? strtoull(colon + 1, &end, 10) : 0;
    if (colon == value || *colon != ':' || end == colon + 1 || *end || index < 0 || at == 0)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                         "CAMP_TEST_LOSE_DEVICE='%s' is not INDEX:N (the accelerator's index, then the first of its "
                         "queue submissions to fail, counted from 1)", value);
    camp_rt.lost_device = index;
    camp_rt.lost_at = at;
    return CAMP_OK;
}

bool camp_faults_lose_submission(camp_device *dev) {
    uint64_t submission = atomic_fetch_add(&dev->submissions, 1) + 1;
    if (camp_rt.faults & CAMP_FAULT_DEVICE_LOST) return true;
    return camp_rt.lost_device == (int64_t)dev->index && submission >= camp_rt.lost_at;
}

camp_status camp_faults_init(void) {
    camp_rt.faults = 0;
    camp_rt.lost_device = -1;
    if (knob_set("CAMP_TEST_FAIL_ALLOC")) camp_rt.faults |= CAMP_FAULT_ALLOC;
    if (knob_set("CAMP_TEST_DEVICE_LOST")) camp_rt.faults |= CAMP_FAULT_DEVICE_LOST;
    if (knob_set("CAMP_TEST_NO_NON_SEMANTIC_INFO")) camp_rt.faults |= CAMP_FAULT_NO_NON_SEMANTIC_INFO;
    const char *lost = getenv("CAMP_TEST_LOSE_DEVICE");
    if (lost && *lost) CAMP_TRY(parse_lost_device(lost));
    const char *mask = getenv("CAMP_DEVICE_MASK_FEATURES");
    camp_rt.masked_features = 0;
    return mask ? parse_features(mask, &camp_rt.masked_features) : CAMP_OK;
}

void camp_faults_mask_features(VkPhysicalDeviceFeatures *core, VkPhysicalDeviceVulkan11Features *v11,
                               VkPhysicalDeviceVulkan12Features *v12) {
    uint32_t masked = camp_rt.masked_features;
    if (masked & CAMP_FEATURE_INT64) core->shaderInt64 = VK_FALSE;
    if (masked & CAMP_FEATURE_FLOAT64) core->shaderFloat64 = VK_FALSE;
    if (masked & CAMP_FEATURE_INT16) core->shaderInt16 = VK_FALSE;
    if (masked & CAMP_FEATURE_INT8) v12->shaderInt8 = VK_FALSE;
    if (masked & CAMP_FEATURE_FLOAT16) v12->shaderFloat16 = VK_FALSE;
    if (masked & CAMP_FEATURE_PUSH_CONSTANT8) v12->storagePushConstant8 = VK_FALSE;
    if (masked & CAMP_FEATURE_PUSH_CONSTANT16) v11->storagePushConstant16 = VK_FALSE;
    if (masked & CAMP_FEATURE_SUBGROUP_EXTENDED_TYPES) v12->shaderSubgroupExtendedTypes = VK_FALSE;
    if (masked & CAMP_FEATURE_INT64_ATOMICS) v12->shaderBufferInt64Atomics = VK_FALSE;
    if (masked & CAMP_FEATURE_SHARED_INT64_ATOMICS) v12->shaderSharedInt64Atomics = VK_FALSE;
}
