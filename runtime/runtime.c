/* runtime.c — libcamp's start-up and shutdown, and the order of both: the
 * instance, the default device and every other opened device, each with
 * what the layers above the device keep on it (docs/runtime.md). Every
 * other file is started and stopped from here; none calls up into it but
 * the public calls that need a device. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- One view, one device ---------------------------------------------------- */

/* Under profiling, a span from `start` to now named `what` on the trace's
 * host track (the steps of opening and closing, where a short program's
 * time goes); the time it ends, the next step's start. */
static uint64_t step_done(const char *what, uint64_t start) {
    if (!camp_rt.profiling) return 0;
    camp_profile_host_span(what, start);
    return camp_profile_now();
}

void camp_runtime_view_destroy(camp_accelerator_view *q) {
    camp_queue_drain(q);
    camp_transfer_forget_queue(q);
    camp_futures_forget_queue(q);
    camp_queue_destroy(q);
}

/* Waits for the device and destroys it with everything on it, the layers
 * from the top down. */
static void close_device(camp_device *dev) {
    if (dev->device) {
        /* Nothing useful can be done about a lost device here: destroy anyway. */
        for (camp_accelerator_view *q = camp_rt.views, *next; q; q = next) {
            next = q->next;
            if (q->dev == dev) camp_runtime_view_destroy(q);
        }
        dev->default_view = NULL;
        dev->copy_view = NULL;
        (void)vkDeviceWaitIdle(dev->device);
        camp_textures_destroy(dev);
        camp_pipelines_destroy(dev);
        camp_copy_kernel_destroy(dev);
        camp_pipeline_cache_save_and_destroy(dev);
        camp_buffer_cache_clear(dev);
        camp_transfer_destroy(dev);
        camp_memory_destroy(dev);
    }
    camp_device_close(dev);
}

/* Opens the device and, on it, the layers from the bottom up: how copies
 * go, the pipeline cache, the default view. */
static camp_status open_device(VkPhysicalDevice physical, uint32_t index, camp_device **out) {
    CAMP_TRY(camp_faults_init());
    CAMP_TRY(camp_simulate_check());
    camp_device *dev;
    uint64_t step = camp_rt.profiling ? camp_profile_now() : 0;
    /* the staging ring's pages, faulted in while the driver makes the device */
    camp_pages_ahead *pages = camp_transfer_pages_ahead(physical);
    camp_status created = camp_device_create(physical, index, &dev);
    if (created != CAMP_OK) camp_pages_ahead_cancel(pages);
    CAMP_TRY(created);
    step = step_done("create the device", step);
    dev->poll_ns = camp_wait_poll_ns();
    dev->loop_budget = camp_loop_budget(physical) != 0;
    const char *verbose = getenv("CAMP_VERBOSE");
    dev->verbose = verbose && *verbose && strcmp(verbose, "0") != 0;
    dev->copies_by_kernel = camp_copy_kernel_wanted(dev);
    camp_status status = camp_copy_path_choose(dev);
    if (status == CAMP_OK) camp_transfer_start(dev, pages);
    else camp_pages_ahead_cancel(pages);
    if (status == CAMP_OK) status = camp_pipeline_cache_load(dev);
    step = step_done("load the pipeline cache", step);
    if (status == CAMP_OK) status = camp_queue_create(dev, CAMP_QUEUING_MODE_AUTOMATIC, &dev->default_view);
    step = step_done("create the default view", step);
    if (status == CAMP_OK && dev->copies_by_kernel) {
        camp_copy_kernel_prepare(dev);
        step_done("make the copy kernel", step);
    }
    if (status != CAMP_OK) {
        close_device(dev);
        return status;
    }
    if (dev->verbose) {
        uint32_t v = dev->properties.apiVersion;
        fprintf(stderr, "camp: device %u: %s; %s, Vulkan %u.%u.%u; copies by %s", index, dev->name,
                camp_device_type_name(dev->properties.deviceType), VK_API_VERSION_MAJOR(v), VK_API_VERSION_MINOR(v),
                VK_API_VERSION_PATCH(v), camp_copy_path_name(dev->copy_path));
        if (dev->small_buffers_in_bar)
            fprintf(stderr, ", buffers under %zu MiB in host-visible device memory", CAMP_BAR_WRITES_BELOW >> 20);
        /* the bar path copies views through their imported pages where the device imports */
        if (dev->copy_path == CAMP_COPY_BAR && dev->import_host) fputs(", importing views", stderr);
        fputc('\n', stderr);
    }
    dev->next = camp_rt.devices;
    camp_rt.devices = dev;
    *out = dev;
    return CAMP_OK;
}

/* ---- The runtime -------------------------------------------------------------- */

static void shutdown_at_exit(void) {
    camp_exit_begin();
    camp_shutdown();
}

/* After the teardown at exit the driver's exit handlers, and its
 * compiler's, registered after the device opened, may have run: a device
 * opened again there crashed or waited for ever. */
static camp_status refuse_after_exit(void) {
    return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                     "libcamp's teardown at exit has run: this call comes from an exit handler that runs after it "
                     "(registered with atexit before libcamp registered its own, at the program's first kernel; "
                     "exit runs the handlers in reverse order), where the accelerator's driver may be gone already; "
                     "launch before exit, or register the handler after the first kernel has run");
}

camp_status camp_runtime_start(void) {
    CAMP_TRY(camp_process_check());
    if (camp_rt.ready) return CAMP_OK;
    if (camp_ended_at_exit()) return refuse_after_exit();
    uint64_t start = camp_rt.profiling ? camp_profile_now() : 0;
    if (camp_rt.profiling) camp_trace_begin(start, "open the device", camp_call.file, camp_call.line, NULL);
    VkPhysicalDevice *devices = NULL;
    uint32_t count = 0, chosen = 0;
    camp_status status = camp_instance_init();
    uint64_t step = step_done("create the Vulkan instance", start);
    if (status == CAMP_OK) status = camp_physical_devices(&devices, &count);
    if (status == CAMP_OK) status = camp_device_choose(devices, count, &chosen);
    step_done("choose the device", step);
    if (status == CAMP_OK) status = open_device(devices[chosen], chosen, &camp_rt.main);
    free(devices);
    if (camp_rt.profiling) camp_trace_end(camp_profile_now()); /* the steps above nest in it */
    if (status != CAMP_OK) {
        camp_runtime_stop(); /* a later call tries again from scratch */
        return status;
    }
    snprintf(camp_rt.device_name, sizeof camp_rt.device_name, "%s", camp_rt.main->name);
    camp_rt.ready = true;
    /* Tear down before exit so that validation layers see every object
     * destroyed and report no leaks. */
    if (!camp_rt.atexit_registered) {
        camp_rt.atexit_registered = true;
        camp_rt.teardown_at_exit = shutdown_at_exit;
        atexit(shutdown_at_exit);
    }
    return CAMP_OK;
}

camp_status camp_runtime_device(uint32_t index, camp_device **out) {
    CAMP_TRY(camp_runtime_start());
    for (camp_device *dev = camp_rt.devices; dev; dev = dev->next)
        if (dev->index == index) {
            *out = dev;
            return CAMP_OK;
        }
    VkPhysicalDevice *devices = NULL;
    uint32_t count = 0;
    CAMP_TRY(camp_physical_devices(&devices, &count));
    camp_status status = index < count ? open_device(devices[index], index, out)
                                       : camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                                                   "there is no accelerator %u (there are %u)", index, count);
    free(devices);
    return status;
}

void camp_runtime_stop(void) {
    bool opened = camp_rt.instance != VK_NULL_HANDLE; /* else nothing to time: stopped already */
    uint64_t start = camp_rt.profiling && opened ? camp_profile_now() : 0;
    /* A thread waiting for the device without the lock (another thread's
     * call, at exit) would come back to a view's buffer destroyed under it. */
    camp_queues_await_waiters();
    camp_futures_destroy();
    if (camp_rt.ready) camp_regions_destroy(); /* before the queues: busy buffers retire to them */
    while (camp_rt.devices) {
        camp_device *dev = camp_rt.devices;
        camp_rt.devices = dev->next;
        close_device(dev);
    }
    camp_rt.main = NULL;
    if (opened) start = step_done("close the devices", start);
    camp_instance_destroy();
    if (opened) step_done("destroy the Vulkan instance", start);
    camp_rt.ready = false;
}

/* ---- Public calls that only start or stop it ---------------------------------- */

const char *camp_default_accelerator_name(void) {
    camp_lock_at(NULL, 0);
    camp_status status = camp_runtime_start();
    /* device_name outlives camp_shutdown, so the pointer stays valid; after
     * a reported failure (a handler is installed) it is "". */
    const char *name = status == CAMP_OK ? camp_rt.device_name : "";
    camp_unlock_and_report(status);
    return name;
}

void camp_shutdown(void) {
    camp_lock_at(NULL, 0);
    if (camp_rt.forked) { /* the parent's devices: closing them would wait for driver threads the child lacks */
        camp_unlock_and_report(CAMP_OK);
        return;
    }
    camp_status status = camp_reports_finish_all(); /* a kernel's failed assert, never waited for */
    camp_runtime_stop();
    camp_unlock_and_report(status);
}
