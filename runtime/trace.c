/* trace.c — CAMP_TRACE=path.json: the Chrome trace-event JSON format
 * (Perfetto and chrome://tracing open it). Process 1 holds a track per host
 * thread with the API calls as nested begin/end events, in the order they
 * happen; process 2 a track per accelerator view with the kernels as
 * complete events at their device times, mapped to host time by profile.c,
 * each with a flow arrow from its launch.
 * Events are written as `{...},\n` into a buffer flushed in whole events, so
 * the file is always a JSON array missing only its end (which both viewers
 * accept); camp_trace_close (at exit, and before libcamp aborts on an
 * error) ends it. Also the user markers, which need no trace: they become
 * VK_EXT_debug_utils labels too. */
#define _POSIX_C_SOURCE 200809L
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum { HOST_PID = 1, DEVICE_PID = 2 };
static _Thread_local uint32_t thread_track; /* 0: none yet */

/* ---- Writing ------------------------------------------------------------------ */

static void flush_locked(void) {
    size_t done = 0;
    while (done < camp_rt.trace.buffered) {
        ssize_t n = write(camp_rt.trace.fd, camp_rt.trace.buffer + done, camp_rt.trace.buffered - done);
        if (n <= 0) break; /* a full disk: the trace ends short, the program goes on */
        done += (size_t)n;
    }
    camp_rt.trace.buffered = 0;
}

/* Appends one event (trace_lock held). */
static void emit(const char *fmt, ...) CAMP_PRINTF(1, 2);
static void emit(const char *fmt, ...) {
    char event[2048];
    va_list args;
    va_start(args, fmt);
    int n = vsnprintf(event, sizeof event, fmt, args);
    va_end(args);
    if (n < 0 || (size_t)n >= sizeof event) return; /* never a cut event */
    if (camp_rt.trace.buffered + (size_t)n > sizeof camp_rt.trace.buffer) flush_locked();
    memcpy(camp_rt.trace.buffer + camp_rt.trace.buffered, event, (size_t)n);
    camp_rt.trace.buffered += (size_t)n;
}

/* `text` as the inside of a JSON string. */
static const char *escape(const char *text, char *out, size_t size) {
    size_t o = 0;
    for (const unsigned char *c = (const unsigned char *)(text ? text : ""); *c && o + 7 < size; c++) {
        if (*c == '"' || *c == '\\') {
            out[o++] = '\\';
            out[o++] = (char)*c;
        } else if (*c < 0x20) {
            o += (size_t)snprintf(out + o, size - o, "\\u%04x", *c);
        } else {
            out[o++] = (char)*c;
        }
    }
    out[o] = 0;
    return out;
}

/* Microseconds since the trace began. */
static double us(uint64_t ns) { return ns > camp_rt.trace.start ? (double)(ns - camp_rt.trace.start) / 1000.0 : 0.0; }

static uint32_t host_track(void) {
    if (!thread_track) {
        thread_track = ++camp_rt.trace.threads;
        emit("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%d,\"tid\":%u,\"args\":{\"name\":\"host thread %u\"}},\n",
             HOST_PID, thread_track, thread_track);
    }
    return thread_track;
}

/* ---- The file ----------------------------------------------------------------- */

/* `pattern` with its first %p replaced by the process id: programs that
 * start other campcc programs give each its own file. */
static void expand_path(const char *pattern, char *path, size_t size) {
    const char *pid = strstr(pattern, "%p");
    if (pid) snprintf(path, size, "%.*s%ld%s", (int)(pid - pattern), pattern, (long)getpid(), pid + 2);
    else snprintf(path, size, "%s", pattern);
}

void camp_trace_open(const char *pattern) {
    char path[4096];
    expand_path(pattern, path, sizeof path);
    camp_rt.trace.fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (camp_rt.trace.fd < 0) {
        fprintf(stderr, "camp warning: CAMP_TRACE=%s: cannot write the file (%s); no trace\n", path,
                strerror(errno));
        return;
    }
    camp_rt.trace.start = camp_profile_now();
    emit("[\n{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%d,\"args\":{\"name\":\"host\"}},\n", HOST_PID);
    emit("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%d,\"args\":{\"name\":\"device\"}},\n", DEVICE_PID);
}

bool camp_trace_on(void) { return camp_rt.trace.fd >= 0; }

void camp_trace_close(void) {
    pthread_mutex_lock(&camp_rt.trace.lock);
    if (camp_rt.trace.fd >= 0) {
        int open = __atomic_load_n(&camp_rt.trace.open_markers, __ATOMIC_RELAXED);
        if (open)
            fprintf(stderr, "camp warning: %d camp_marker_begin without camp_marker_end when the trace ended\n",
                    open);
        /* The last event has no comma after it. */
        emit("{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":%d,\"args\":{\"sort_index\":0}}\n]\n", HOST_PID);
        flush_locked();
        close(camp_rt.trace.fd);
        camp_rt.trace.fd = -1;
    }
    pthread_mutex_unlock(&camp_rt.trace.lock);
}

/* ---- Events ------------------------------------------------------------------- */

void camp_trace_begin(uint64_t now, const char *name, const char *file, unsigned line, const char *detail) {
    if (camp_rt.trace.fd < 0) return;
    char title[256], where[512], what[256];
    escape(name, title, sizeof title);
    if (file) snprintf(where, sizeof where, "\"source\":\"%s:%u\"", escape(file, what, sizeof what), line);
    else where[0] = 0;
    escape(detail, what, sizeof what);
    pthread_mutex_lock(&camp_rt.trace.lock);
    if (camp_rt.trace.fd >= 0)
        emit("{\"ph\":\"B\",\"name\":\"%s\",\"pid\":%d,\"tid\":%u,\"ts\":%.3f,\"args\":{%s%s\"detail\":\"%s\"}},\n",
             title, HOST_PID, host_track(), us(now), where, file ? "," : "", what);
    pthread_mutex_unlock(&camp_rt.trace.lock);
}

void camp_trace_end(uint64_t now) {
    if (camp_rt.trace.fd < 0) return;
    pthread_mutex_lock(&camp_rt.trace.lock);
    if (camp_rt.trace.fd >= 0)
        emit("{\"ph\":\"E\",\"pid\":%d,\"tid\":%u,\"ts\":%.3f},\n", HOST_PID, host_track(), us(now));
    pthread_mutex_unlock(&camp_rt.trace.lock);
}

void camp_trace_instant(uint64_t now, const char *name) {
    if (camp_rt.trace.fd < 0) return;
    char text[256];
    escape(name, text, sizeof text);
    pthread_mutex_lock(&camp_rt.trace.lock);
    if (camp_rt.trace.fd >= 0)
        emit("{\"ph\":\"i\",\"s\":\"t\",\"name\":\"%s\",\"pid\":%d,\"tid\":%u,\"ts\":%.3f},\n", text, HOST_PID,
             host_track(), us(now));
    pthread_mutex_unlock(&camp_rt.trace.lock);
}

/* The track of view `q` (trace_lock held), made with its name on first use. */
static uint32_t device_track(const camp_accelerator_view *q, const char *device_name) {
    for (uint32_t i = 0; i < camp_rt.trace.device_track_count; i++)
        if (camp_rt.trace.device_tracks[i] == q) return i;
    if (camp_rt.trace.device_track_count == CAMP_TRACE_DEVICE_TRACKS_MAX)
        return CAMP_TRACE_DEVICE_TRACKS_MAX - 1; /* shared beyond */
    uint32_t i = camp_rt.trace.device_track_count++;
    camp_rt.trace.device_tracks[i] = q;
    char name[512];
    emit("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%d,\"tid\":%u,\"args\":{\"name\":\"%s view %u\"}},\n",
         DEVICE_PID, i + 1, escape(device_name, name, sizeof name), i + 1);
    return i;
}

void camp_trace_flow(uint64_t now, uint64_t flow) {
    if (camp_rt.trace.fd < 0) return;
    pthread_mutex_lock(&camp_rt.trace.lock);
    if (camp_rt.trace.fd >= 0)
        emit("{\"ph\":\"s\",\"name\":\"launch\",\"cat\":\"launch\",\"id\":%llu,\"pid\":%d,\"tid\":%u,\"ts\":%.3f},\n",
             (unsigned long long)flow, HOST_PID, host_track(), us(now));
    pthread_mutex_unlock(&camp_rt.trace.lock);
}

void camp_trace_device(const camp_accelerator_view *q, const char *device_name, const char *what, const char *file,
                       unsigned line, uint64_t flow, uint64_t start, uint64_t duration) {
    if (camp_rt.trace.fd < 0) return;
    char where[512], name[256];
    escape(file ? file : "", where, sizeof where);
    escape(what, name, sizeof name);
    pthread_mutex_lock(&camp_rt.trace.lock);
    if (camp_rt.trace.fd >= 0) {
        uint32_t track = device_track(q, device_name);
        if (start < camp_rt.trace.device_last[track]) start = camp_rt.trace.device_last[track];
        camp_rt.trace.device_last[track] = start;
        if (file)
            emit("{\"ph\":\"X\",\"name\":\"%s\",\"pid\":%d,\"tid\":%u,\"ts\":%.3f,\"dur\":%.3f,"
                 "\"args\":{\"source\":\"%s:%u\"}},\n",
                 name, DEVICE_PID, track + 1, us(start), (double)duration / 1000.0, where, line);
        else
            emit("{\"ph\":\"X\",\"name\":\"%s\",\"pid\":%d,\"tid\":%u,\"ts\":%.3f,\"dur\":%.3f},\n", name,
                 DEVICE_PID, track + 1, us(start), (double)duration / 1000.0);
        /* The arrow's end, bound to the enclosing slice: the kernel's. */
        if (flow)
            emit("{\"ph\":\"f\",\"bp\":\"e\",\"name\":\"launch\",\"cat\":\"launch\",\"id\":%llu,\"pid\":%d,"
                 "\"tid\":%u,\"ts\":%.3f},\n",
                 (unsigned long long)flow, DEVICE_PID, track + 1, us(start));
    }
    pthread_mutex_unlock(&camp_rt.trace.lock);
}

void camp_trace_counter(const char *name, const char *unit, double value) {
    if (camp_rt.trace.fd < 0) return;
    pthread_mutex_lock(&camp_rt.trace.lock);
    /* The time read under the lock: a counter's samples stay in order. */
    if (camp_rt.trace.fd >= 0)
        emit("{\"ph\":\"C\",\"name\":\"%s\",\"pid\":%d,\"tid\":0,\"ts\":%.3f,\"args\":{\"%s\":%.3f}},\n", name,
             DEVICE_PID, us(camp_profile_now()), unit, value);
    pthread_mutex_unlock(&camp_rt.trace.lock);
}
