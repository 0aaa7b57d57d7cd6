/* fft_plan.h — FFTs by VkFFT, in place, on complex floats (float2: x the
 * real part, y the imaginary) in a campcc array or view, on the queue of an
 * accelerator view, in order with the view's kernels. */
#ifndef FFT_PLAN_H
#define FFT_PLAN_H

#include <camp.h>

typedef struct fft_plan fft_plan;

enum { FFT_FORWARD = -1, FFT_INVERSE = 1 };

/* A plan for `batch` transforms of `n` values each, one after another from
 * `data` (in an array or a view of `view`'s accelerator; NULL: the default
 * view); NULL after an error, which it prints. */
fft_plan *fft_plan_create(camp_accelerator_view *view, float2 *data, int n, int batch);
/* Transforms the data in place (FFT_INVERSE is not scaled by 1/n) on the
 * view's queue, without waiting: the view's later kernels and the host's
 * next access to the data come after it. False after an error. */
bool fft_run(fft_plan *plan, int direction);
/* Waits for the plan's last transform and frees it. */
void fft_plan_destroy(fft_plan *plan);

#endif
