/* loop_limit.c — lavapipe's loop budget, reported rather than silent.
 *
 * Mesa's llvmpipe before 25.0 leaves every loop of a shader thread once
 * the thread has run 65,535 loop passes in all, and the kernel goes on
 * with wrong values. A kernel with loops checks, at each thread's end,
 * whether that happened (campcc's spv_loop_limit.c), and if so writes the
 * loop's site into a two-word report whose device address this file gives
 * its pipeline through specialization constants (camp_abi.h), on such a
 * lavapipe only: on other devices the address is 0 and the check compiles
 * away. The reports are read whenever the host learns that batches
 * completed (queue.c's reap), and a report becomes the error of that call.
 *
 * Which lavapipe has the budget is told by the driver's version, not its
 * name: Mesa 22.3.6 (Debian 12) has it and 25.0.7 (bookworm-backports)
 * runs a thread's 10^6 passes right (test/rterrors/loop_million.c); the
 * releases between were not measured and keep the check, which costs
 * them a canary loop per thread but never a silent wrong result. */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* The first Mesa release measured without the budget. */
enum { MESA_WITHOUT_LOOP_BUDGET = 25 };

/* lavapipe's driverVersion is 1 whatever the release (22.3.6 and 25.0.7
 * alike); its driverInfo names the release: "Mesa 25.0.7-2~bpo12+1 (LLVM
 * 15.0.6)". A driverInfo without a version keeps the budget. */
unsigned camp_loop_budget(VkPhysicalDevice physical) {
    VkPhysicalDeviceDriverProperties driver;
    camp_driver_properties(physical, &driver);
    if (driver.driverID != VK_DRIVER_ID_MESA_LLVMPIPE) return 0;
    unsigned major = 0;
    if (sscanf(driver.driverInfo, "Mesa %u.", &major) == 1 && major >= MESA_WITHOUT_LOOP_BUDGET) return 0;
    return CAMP_LAVAPIPE_LOOP_PASSES;
}

/* The report's words: the site + 1 of a loop cut short (0: none), and the
 * trip count of the kernel's check, which it must read from memory. */
enum { REPORT_SITE, REPORT_CHECK_PASSES, REPORT_WORDS };

camp_status camp_loop_report_create(camp_device *dev, const camp_kernel_info *kernel, camp_pipeline *p) {
    if (!dev->loop_budget || !kernel->loop_sites || p->loop_report.buffer) return CAMP_OK;
    CAMP_TRY(camp_buffer_acquire(dev, CAMP_BUFFER_SHARED_READ, REPORT_WORDS * sizeof(uint32_t), &p->loop_report));
    if (!p->loop_report.mapped) {
        camp_buffer_destroy(&p->loop_report);
        return camp_fail(CAMP_ERROR_UNSUPPORTED, "the device %s has no memory the host can read", dev->name);
    }
    const uint32_t words[REPORT_WORDS] = {[REPORT_SITE] = 0, [REPORT_CHECK_PASSES] = 2};
    memcpy(p->loop_report.mapped, words, sizeof words);
    p->loop_kernel = kernel;
    p->next_loop_checked = dev->loop_checked;
    dev->loop_checked = p;
    return CAMP_OK;
}

camp_status camp_loop_reports_check(camp_device *dev) {
    for (camp_pipeline *p = dev->loop_checked; p; p = p->next_loop_checked) {
        volatile uint32_t *words = p->loop_report.mapped;
        uint32_t reported = words[REPORT_SITE];
        if (!reported) continue;
        words[REPORT_SITE] = 0;
        const camp_kernel_info *kernel = p->loop_kernel;
        const char *why = "which lavapipe cannot run: Mesa's llvmpipe before 25.0 leaves a thread's loops after "
                          "65,535 iterations in all, and the kernel's results are wrong; give each thread less to "
                          "do (more threads, or several launches), run it on a GPU, or install Mesa 25 (README.md)";
        if (reported - 1 >= 1 && reported - 1 <= kernel->loop_site_count)
            return camp_fail(CAMP_ERROR_UNSUPPORTED, "loop at %s ran more than 65,535 iterations, %s",
                             kernel->loop_sites[reported - 2], why);
        return camp_fail(CAMP_ERROR_UNSUPPORTED, "the loops of the kernel at %s:%u ran more than 65,535 iterations, %s",
                         kernel->file ? kernel->file : "?", kernel->line, why);
    }
    return CAMP_OK;
}

void camp_loop_report_destroy(camp_pipeline *p) {
    if (p->loop_report.buffer) camp_buffer_destroy(&p->loop_report);
}
