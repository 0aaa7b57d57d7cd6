// needs: shaderInt64 shaderFloat64
/* vkfft.c — VkFFT on campcc's memory through camp.h's camp_vulkan_* calls
 * (samples/vkfft/fft_plan.c), with the validation layer on: a forward FFT
 * in place on an array, views (their pages protected or not) and a section
 * of a view, each between campcc kernels or host accesses, checked against
 * a serial DFT; an inverse transform back to the signal; kernels on
 * another view around it, and VkFFT on an immediate view's queue; the
 * host's writes to a view reaching the next transform; a transform deep
 * inside an array larger than 16 MiB (memory of its own, whose VkBuffer
 * begins with guard bytes: the offset handed out counts them); and each misuse of
 * the calls reported at its line. `vkfft two-accelerators`: VkFFT on a
 * second accelerator (on_second_accelerator). */
#include <vulkan/vulkan.h> /* before camp.h (in fft_plan.h): its camp_vulkan_* calls */

#include "../../samples/vkfft/fft_plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 256 };
#define TWO_PI 6.28318530717958647692
/* a float FFT of N values of magnitude 1 against the double DFT */
#define TOLERANCE 1e-3

static int failures;

static void check(bool ok, const char *what) {
    printf("%s: %s\n", what, ok ? "ok" : "FAILED");
    if (!ok) failures++;
}

static float2 signal_at(int i, int seed) restrict(cpu, amp) {
    float t = (float)i / N;
    return (float2){sinf((float)TWO_PI * (3 + seed) * t) + 0.25f * (float)((i * 7 + seed) % 5),
                    0.5f * cosf((float)TWO_PI * 11 * t)};
}

/* The largest difference of `got` from the DFT of `input`, times `scale`. */
static double dft_error(const float2 *got, const float2 *input, double scale) {
    double worst = 0;
    for (int k = 0; k < N; k++) {
        double re = 0, im = 0;
        for (int j = 0; j < N; j++) {
            float2 x = input[j];
            double c = cos(-TWO_PI * j * k / N), s = sin(-TWO_PI * j * k / N);
            re += x.x * c - x.y * s;
            im += x.x * s + x.y * c;
        }
        worst = fmax(worst, fmax(fabs(got[k].x - scale * re), fabs(got[k].y - scale * im)));
    }
    return worst;
}

/* An array: a kernel fills it, VkFFT transforms it, a kernel doubles the
 * spectrum, the host copies it out; then back to the signal. */
static void on_array(void) {
    float2 *x = array_new(float2, N, NULL), input[N];
    fft_plan *plan = fft_plan_create(NULL, x, N, 1);
    if (!plan) exit(1);
    parallel_for_each(i, extent(N)) { x[i] = signal_at(i, 0); } /* recorded, not yet submitted */
    fft_run(plan, FFT_FORWARD);                                  /* after it all the same */
    for (int i = 0; i < N; i++) input[i] = signal_at(i, 0);    /* the host's (within an ulp of the kernel's) */
    parallel_for_each(i, extent(N)) { x[i] = x[i] * 2.0f; }
    float2 got[N];
    array_copy_out(got, x, N);
    check(dft_error(got, input, 2.0) < 2 * TOLERANCE, "array: kernel, forward FFT, kernel, copy out");
    fft_run(plan, FFT_INVERSE);
    parallel_for_each(i, extent(N)) { x[i] = x[i] * (0.5f / N); }
    array_copy_out(got, x, N);
    double worst = 0;
    for (int i = 0; i < N; i++) worst = fmax(worst, fmax(fabs(got[i].x - input[i].x), fabs(got[i].y - input[i].y)));
    check(worst < 1e-5, "array: inverse FFT back to the signal");
    fft_plan_destroy(plan);
    array_delete(x);
}

/* N values 3 Mi + 5 elements into an array of 5 Mi (40 MiB) in device
 * memory the host has no access to, as a discrete GPU's: VkFFT at the
 * offset camp_vulkan_buffer_of gives. */
static void on_large_array(void) {
    enum { LARGE = 5 << 20, AT = (3 << 20) + 5 };
    float2 *x = array_new_on(camp_default_view(), float2, LARGE, NULL, CAMP_ACCESS_TYPE_NONE), input[N], got[N];
    parallel_for_each(i, extent(LARGE)) { x[i] = (float2){0.0f, 0.0f}; }
    float2 *part = x + AT;
    parallel_for_each(i, extent(N)) { part[i] = signal_at(i, 3); }
    fft_plan *plan = fft_plan_create(NULL, part, N, 1);
    if (!plan) exit(1);
    fft_run(plan, FFT_FORWARD);
    for (int i = 0; i < N; i++) input[i] = signal_at(i, 3);
    array_copy_out(got, part, N);
    check(dft_error(got, input, 1.0) < TOLERANCE, "large array: forward FFT 3 Mi elements in");
    fft_plan_destroy(plan);
    array_delete(x);
}

/* A view of malloc'd memory the host filled: the host reads VkFFT's result
 * with no call (implicit synchronization), then writes new data, which the
 * next transform gets. */
static void on_view(void) {
    float2 *v = malloc(N * sizeof *v), input[N];
    for (int i = 0; i < N; i++) input[i] = v[i] = signal_at(i, 1);
    array_view(v, N);
    fft_plan *plan = fft_plan_create(NULL, v, N, 1);
    if (!plan) exit(1);
    fft_run(plan, FFT_FORWARD);
    check(dft_error(v, input, 1.0) < TOLERANCE, "view: host data, forward FFT, host read");
    for (int i = 0; i < N; i++) input[i] = v[i] = signal_at(i, 2);
    fft_run(plan, FFT_FORWARD);
    parallel_for_each(i, extent(N)) { v[i] = v[i] * 2.0f; }
    check(dft_error(v, input, 2.0) < 2 * TOLERANCE, "view: host writes, forward FFT, kernel, host read");
    fft_plan_destroy(plan);
    array_view_release(v);
    free(v);
}

/* A view that fills its page, which implicit synchronization protects: a
 * batch of two transforms, the host's read faults and brings them back. */
static void on_protected_view(void) {
    float2 *v = aligned_alloc(4096, 2 * N * sizeof *v), input[2 * N];
    for (int i = 0; i < 2 * N; i++) input[i] = v[i] = signal_at(i % N, 4 + i / N);
    array_view(v, 2 * N);
    fft_plan *plan = fft_plan_create(NULL, v, N, 2);
    if (!plan) exit(1);
    fft_run(plan, FFT_FORWARD);
    check(dft_error(v, input, 1.0) < TOLERANCE && dft_error(v + N, input + N, 1.0) < TOLERANCE,
          "view filling its page: two forward FFTs, host read");
    fft_plan_destroy(plan);
    array_view_release(v);
    free(v);
}

/* The middle third of a view as a section: only its bytes change. */
static void on_section(void) {
    float2 *v = malloc(3 * N * sizeof *v), *before = malloc(3 * N * sizeof *before);
    array_view(v, 3 * N);
    parallel_for_each(i, extent(3 * N)) { v[i] = signal_at(i % N, 3); }
    memcpy(before, v, 3 * N * sizeof *v); /* the kernel's results */
    float2 *middle = array_view_section(v, N, N);
    fft_plan *plan = fft_plan_create(NULL, middle, N, 1);
    if (!plan) exit(1);
    fft_run(plan, FFT_FORWARD);
    check(dft_error(middle, before + N, 1.0) < TOLERANCE,
          "section: kernel, forward FFT of the middle third, host read");
    check(!memcmp(v, before, N * sizeof *v) && !memcmp(v + 2 * N, before + 2 * N, N * sizeof *v),
          "section: the thirds around it unchanged");
    fft_plan_destroy(plan);
    array_view_section_release(middle);
    array_view_release(v);
    free(v);
    free(before);
}

/* Two views: kernels on an immediate view around VkFFT on the default
 * view's queue (each use waits for the other queue's), then VkFFT on the
 * immediate view's own queue. */
static void on_two_views(void) {
    camp_accelerator_view *immediate = camp_accelerator_create_view(NULL, CAMP_QUEUING_MODE_IMMEDIATE);
    float2 *x = array_new(float2, N, NULL), input[N], got[N];
    parallel_for_each_on(immediate, i, extent(N)) { x[i] = signal_at(i, 6); }
    array_copy_out(input, x, N);
    fft_plan *plan = fft_plan_create(NULL, x, N, 1);
    if (!plan) exit(1);
    parallel_for_each_on(immediate, i, extent(N)) { x[i] = x[i] * 0.5f; }
    fft_run(plan, FFT_FORWARD);
    parallel_for_each_on(immediate, i, extent(N)) { x[i] = x[i] * 4.0f; }
    array_copy_out(got, x, N);
    check(dft_error(got, input, 2.0) < 2 * TOLERANCE, "two views: kernels on one, forward FFT on the other's queue");
    fft_plan_destroy(plan);
    plan = fft_plan_create(immediate, x, N, 1);
    if (!plan) exit(1);
    fft_run(plan, FFT_INVERSE);
    parallel_for_each_on(immediate, i, extent(N)) { x[i] = x[i] * (0.5f / N); }
    array_copy_out(got, x, N);
    double worst = 0;
    for (int i = 0; i < N; i++) worst = fmax(worst, fmax(fabs(got[i].x - input[i].x), fabs(got[i].y - input[i].y)));
    check(worst < 1e-5, "two views: inverse FFT on the immediate view's own queue");
    fft_plan_destroy(plan);
    array_delete(x);
    camp_accelerator_view_destroy(immediate);
}

/* ---- Misuse: reported through the handler, at the caller's line ---------- */

static char last_message[1024];
static unsigned last_line;

static void remember(const camp_error *error, void *user) {
    (void)user;
    snprintf(last_message, sizeof last_message, "%s", error->message);
    last_line = error->line;
}

static void expect_error(unsigned line, const char *text, const char *what) {
    bool ok = last_line == line && strstr(last_message, text);
    if (!ok) printf("  wanted line %u and '%s', got line %u: %s\n", line, text, last_line, last_message);
    check(ok, what);
    last_line = 0;
    last_message[0] = '\0';
}

static void misuse(void) {
    camp_set_error_handler(remember, NULL);
    float2 *x = array_new(float2, N, NULL);
    float2 local[4] = {{0, 0}};
    camp_vulkan_buffer b = camp_vulkan_buffer_of(NULL, (float2 *)NULL, 4);
    expect_error(__LINE__ - 1, "camp_vulkan_buffer: the pointer is a null pointer", "error: a null pointer");
    check(!b.buffer, "error: no buffer after it");
    camp_vulkan_buffer_of(NULL, local, 4);
    expect_error(__LINE__ - 1, "lies in no array (array_new), no view (array_view) and no global or static array", "error: memory in no view");
    camp_vulkan_buffer_of(NULL, x + 1, N);
    expect_error(__LINE__ - 1, "pass the end of array", "error: past the end of an array");
    float2 *staging = array_new_staging(NULL, float2, 4, NULL);
    camp_vulkan_buffer_of(NULL, staging, 4);
    expect_error(__LINE__ - 1, "lies in a staging array", "error: a staging array");
    camp_vulkan_queue_release(NULL);
    expect_error(__LINE__ - 1, "this thread did not acquire that view's queue", "error: a release without acquire");
    camp_vulkan_queue_acquire(NULL);
    camp_vulkan_buffer_of(NULL, x, N);
    expect_error(__LINE__ - 1, "ask for buffers before camp_vulkan_queue_acquire", "error: a buffer while acquired");
    camp_vulkan_queue_acquire(NULL);
    expect_error(__LINE__ - 1, "holds a view's queue already", "error: an acquire while acquired");
    camp_vulkan_queue_release(NULL);
    check(last_line == 0, "the release after them works");
    b = camp_vulkan_buffer_of(NULL, x + 8, 16);
    check(b.buffer && b.offset == 8 * sizeof *x && b.size == 16 * sizeof *x, "an array's part: its offset and size");
    array_delete(staging);
    array_delete(x);
    camp_set_error_handler(NULL, NULL);
}

/* With two accelerators (lavapipe loaded twice): VkFFT on the second's
 * device and queue, on a view a kernel of the first wrote (it moves there,
 * as for a kernel); an array of the first refused for the second's view. */
static void on_second_accelerator(void) {
    camp_accelerator accelerators[2];
    if (camp_get_accelerators(accelerators, 2) < 2) {
        printf("two accelerators wanted\n");
        exit(1);
    }
    camp_accelerator_view *second = camp_accelerator_create_view(&accelerators[1], CAMP_QUEUING_MODE_AUTOMATIC);
    camp_vulkan_context first_vk = camp_vulkan_context_of(NULL), second_vk = camp_vulkan_context_of(second);
    check(second_vk.device && second_vk.device != first_vk.device && second_vk.instance == first_vk.instance,
          "second accelerator: a device of its own, the same instance");
    float2 *v = malloc(N * sizeof *v), input[N];
    array_view(v, N);
    parallel_for_each(i, extent(N)) { v[i] = signal_at(i, 7); } /* on the first */
    memcpy(input, v, sizeof input);
    fft_plan *plan = fft_plan_create(second, v, N, 1);
    if (!plan) exit(1);
    fft_run(plan, FFT_FORWARD);
    check(dft_error(v, input, 1.0) < TOLERANCE, "second accelerator: a view of the first's kernel, forward FFT");
    fft_plan_destroy(plan);
    array_view_release(v);
    free(v);
    camp_set_error_handler(remember, NULL);
    float2 *x = array_new(float2, N, NULL); /* on the first */
    camp_vulkan_buffer_of(second, x, N);
    expect_error(__LINE__ - 1, "lies in an array of accelerator 0", "error: an array of another accelerator");
    camp_set_error_handler(NULL, NULL);
    array_delete(x);
    camp_accelerator_view_destroy(second);
}

int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "two-accelerators")) {
        on_second_accelerator();
        printf("%s\n", failures ? "FAILED" : "all passed");
        return failures != 0;
    }
    camp_vulkan_context vk = camp_vulkan_context_of(NULL);
    check(vk.instance && vk.physical_device && vk.device && vk.queue, "the default view's Vulkan objects");
    on_array();
    on_large_array();
    on_view();
    on_protected_view();
    on_section();
    on_two_views();
    misuse();
    /* nothing left to submit at exit (the release's barrier): the validation
     * layer's state for the queue may be gone by then */
    camp_accelerator_view_wait(camp_default_view());
    printf("%s\n", failures ? "FAILED" : "all passed");
    return failures != 0;
}
