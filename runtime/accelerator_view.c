/* accelerator_view.c — the public calls on accelerator views (C++ AMP's
 * accelerator_view): making, destroying, flushing and waiting for them,
 * and their markers. The views themselves are queue.c's. */
#include "internal.h"

camp_accelerator_view *camp_default_view(void) {
    camp_lock_at(NULL, 0);
    camp_status status = camp_runtime_start();
    camp_accelerator_view *view = status == CAMP_OK ? camp_rt.main->default_view : NULL;
    camp_unlock_and_report(status);
    return view;
}

camp_accelerator_view *camp_accelerator_create_view(const camp_accelerator *accelerator,
                                                    camp_queuing_mode mode) {
    camp_lock_at(NULL, 0);
    camp_accelerator_view *view = NULL;
    camp_status status = camp_runtime_start();
    if (status == CAMP_OK && mode != CAMP_QUEUING_MODE_AUTOMATIC && mode != CAMP_QUEUING_MODE_IMMEDIATE)
        status = camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "camp_accelerator_create_view: unknown queuing mode %d",
                           (int)mode);
    camp_device *dev = camp_rt.main;
    if (status == CAMP_OK && accelerator) status = camp_runtime_device(accelerator->index, &dev);
    if (status == CAMP_OK) status = camp_queue_create(dev, mode, &view);
    camp_unlock_and_report(status);
    return view;
}

void camp_accelerator_view_destroy(camp_accelerator_view *view) {
    if (!view) return; /* NULL names the default view, which is never destroyed */
    camp_lock_at(NULL, 0);
    camp_status status = camp_view_check(view, "camp_accelerator_view_destroy");
    if (status == CAMP_OK && view != view->dev->default_view) camp_runtime_view_destroy(view);
    if (camp_current_view() == view) camp_set_current_view(NULL);
    camp_unlock_and_report(status);
}

camp_queuing_mode camp_accelerator_view_queuing_mode(const camp_accelerator_view *view) {
    camp_lock_at(NULL, 0);
    camp_status status = camp_view_check(view, "camp_accelerator_view_queuing_mode");
    camp_queuing_mode mode = status == CAMP_OK ? view->mode : CAMP_QUEUING_MODE_AUTOMATIC;
    camp_unlock_and_report(status);
    return mode;
}

/* `view`, or for NULL the calling thread's current view (where its
 * kernels run), as camp_accelerator_view_create_marker takes it. */
static camp_status view_or_current(camp_accelerator_view *view, const char *call, camp_accelerator_view **out) {
    if (view) {
        *out = view;
        return camp_view_check(view, call);
    }
    CAMP_TRY(camp_runtime_start());
    *out = camp_queue_current();
    return CAMP_OK;
}

void camp_accelerator_view_flush(camp_accelerator_view *view) {
    camp_lock_at(NULL, 0);
    camp_status status = view_or_current(view, "camp_accelerator_view_flush", &view);
    if (status == CAMP_OK) status = camp_queue_flush(view);
    camp_unlock_and_report(status);
}

void camp_accelerator_view_wait(camp_accelerator_view *view) {
    camp_lock_at(NULL, 0);
    camp_status status = view_or_current(view, "camp_accelerator_view_wait", &view);
    if (status == CAMP_OK) status = camp_queue_finish_releasing(view);
    camp_unlock_and_report(status);
}

camp_future *camp_accelerator_view_create_marker(camp_accelerator_view *view) {
    camp_lock_at(NULL, 0);
    camp_future *f = NULL;
    camp_status status = camp_runtime_start();
    if (status == CAMP_OK) status = camp_future_marker(view, &f);
    return camp_future_returned(status, f);
}
