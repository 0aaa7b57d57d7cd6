/* markers.c — camp_marker_begin, camp_marker_end and camp_marker: a
 * program's own ranges and instants, in the trace (trace.c) and as debug
 * labels in the current view's commands for GPU tools. */
#include "internal.h"

#include <stdio.h>

#define MARKER_DEPTH_MAX 32
#define MARKER_NAME_MAX 128

/* The calling thread's open markers, innermost last (their names, for the end labels). */
static _Thread_local char marker_names[MARKER_DEPTH_MAX][MARKER_NAME_MAX];
static _Thread_local int marker_depth;

/* A debug label `text` at this point of the current view's commands, where
 * the device has VK_EXT_debug_utils. */
static void debug_label(const char *text) {
    if (!camp_rt.ready) return;
    camp_accelerator_view *q = camp_queue_current(), *live = camp_rt.views;
    while (live && live != q) live = live->next;
    if (!live) return; /* the thread's view was destroyed: its next launch says so */
    if (!q->dev->vk.vkCmdInsertDebugUtilsLabelEXT) return;
    VkCommandBuffer commands;
    if (camp_queue_commands(q, &commands) != CAMP_OK) {
        camp_failure_clear(); /* a label is not worth an error */
        return;
    }
    VkDebugUtilsLabelEXT label = {.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_LABEL_EXT, .pLabelName = text};
    q->dev->vk.vkCmdInsertDebugUtilsLabelEXT(commands, &label);
}

/* A debug label "<prefix><name>" in the current view's commands. */
static void label(const char *prefix, const char *name) {
    char text[MARKER_NAME_MAX + 8];
    snprintf(text, sizeof text, "%s%s", prefix, name);
    debug_label(text);
}

void camp_marker_begin(const char *name) {
    camp_lock_at(NULL, 0);
    camp_profile_init();
    if (marker_depth < MARKER_DEPTH_MAX) snprintf(marker_names[marker_depth], MARKER_NAME_MAX, "%s", name ? name : "");
    marker_depth++;
    __atomic_add_fetch(&camp_rt.trace.open_markers, 1, __ATOMIC_RELAXED);
    camp_trace_begin(camp_profile_now(), name ? name : "", NULL, 0, "marker");
    label("begin ", name ? name : "");
    camp_unlock_and_report(CAMP_OK);
}

void camp_marker_end(void) {
    camp_lock_at(NULL, 0);
    if (marker_depth == 0) {
        camp_unlock_and_report(CAMP_OK);
        fprintf(stderr, "camp warning: camp_marker_end without a camp_marker_begin on this thread; ignored\n");
        return;
    }
    marker_depth--;
    __atomic_sub_fetch(&camp_rt.trace.open_markers, 1, __ATOMIC_RELAXED);
    camp_trace_end(camp_profile_now());
    label("end ", marker_depth < MARKER_DEPTH_MAX ? marker_names[marker_depth] : "");
    camp_unlock_and_report(CAMP_OK);
}

void camp_marker(const char *name) {
    camp_lock_at(NULL, 0);
    camp_profile_init();
    camp_trace_instant(camp_profile_now(), name);
    label("", name ? name : "");
    camp_unlock_and_report(CAMP_OK);
}
