// needs: shaderInt64 shaderFloat64
/* A struct that holds a union with pointers in it (a job with its
 * pthread_mutex_t, whose union holds a list's pointers) reaches a kernel
 * through a pointer: the kernel reads the struct's other members, and
 * copies it whole, never looking inside the union; a local union's
 * integer member beside a pointer member. Printed for comparison with the
 * serial build. */
#include <camp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    pthread_mutex_t lock;
    int id, n;
    float k;
    float *in, *out;
    double total;
} job;

typedef union {
    int *p;
    long long bits;
} tagged;

static void run(job *j) {
    array_view(j->in, j->n);
    array_view(j->out, j->n);
    parallel_for_each(i, extent(j->n)) {
        tagged t;
        t.bits = (long long)i << 2;
        j->out[i] = j->in[i] * j->k + (float)j->id + (float)(t.bits & 7);
    }
    array_view_synchronize(j->out);
    pthread_mutex_lock(&j->lock);
    double s = 0;
    for (int i = 0; i < j->n; i++) s += j->out[i];
    j->total = s;
    pthread_mutex_unlock(&j->lock);
    array_view_release(j->out);
    array_view_release(j->in);
}

static void *worker(void *arg) {
    run(arg);
    return NULL;
}

int main(void) {
    job jobs[2];
    pthread_t thread;
    for (int t = 0; t < 2; t++) {
        jobs[t] = (job){.id = t, .n = 100 * (t + 1), .k = 2.0f};
        pthread_mutex_init(&jobs[t].lock, NULL);
        jobs[t].in = malloc(jobs[t].n * sizeof(float));
        jobs[t].out = malloc(jobs[t].n * sizeof(float));
        for (int i = 0; i < jobs[t].n; i++) jobs[t].in[i] = (float)i;
    }
    pthread_create(&thread, NULL, worker, &jobs[1]);
    run(&jobs[0]);
    pthread_join(thread, NULL);
    for (int t = 0; t < 2; t++) printf("%d %g %g %g\n", t, jobs[t].total, jobs[t].out[0], jobs[t].out[jobs[t].n - 1]);
    return 0;
}
