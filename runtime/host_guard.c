/* host_guard.c — implicit synchronization: the host pages of a view are
 * protected while the host's copy is not the one kernels will see, and the
 * fault of the first host access brings the two together.
 *
 *   a kernel may have written the view  ->  PROT_NONE: any host access
 *       faults; the fault copies the kernel's results back (as
 *       array_view_synchronize), then the pages become read-only;
 *   the device holds a current copy     ->  PROT_READ: a host write
 *       faults; the fault drops the device copy (as array_view_refresh),
 *       so the next kernel copies the host's bytes in, and the pages
 *       become writable;
 *   otherwise                           ->  the pages as the program had them.
 *
 * Protection is by page, views by byte: a page shared by several views
 * takes the strictest level any of them needs, and the program's access to
 * a view's bytes settles every view on the page. An access to other data
 * on such a page (a global beside a global array) is stepped over: the
 * page is opened for one instruction (x86-64's trap flag) and protected
 * again. libcamp's own copies to and from host memory settle the views
 * whose bytes they touch and open the pages they share with others for
 * the copy alone (camp_guard_open), so that the runtime never faults.
 * System calls do not fault on protected pages, they fail with EFAULT:
 * host_guard_calls.c opens the buffers of the common ones around them.
 *
 * Protected are only views whose pages no library touches on its own:
 * those filling their pages, blocks malloc mapped for themselves, and the
 * program's static data (guardable). A view elsewhere — a small malloc'd
 * block, whose neighbours are malloc's lists and the main thread's
 * thread-local variables, or the stack — is synchronized eagerly instead:
 * a launch that may write it copies it back before it returns, and every
 * launch copies it in (views.c, camp_guard_eager). CAMP_IMPLICIT_SYNC=0
 * turns all of it off: views keep the explicit rules of
 * array_view_synchronize and array_view_refresh alone. CAMP_IMPLICIT_SYNC=
 * check turns it off as well, but the pages are protected all the same,
 * and a fault reports what the explicit rules leave wrong instead of
 * fixing it: the
 * host's access to a view kernels may have written, before its
 * synchronize (an error naming the access's line and the kernel's), and
 * the host's write to a view the accelerator holds a copy of, noted with
 * its line for the next kernel that uses the view without a refresh
 * (camp_guard_check_refreshed). Each opens the pages after it: the
 * program goes on as it would without the check. */
#define _GNU_SOURCE /* REG_EFL, gettid, mremap flags */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <malloc.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The state a signal handler needs, and so outside camp_rt: the handler
 * reads it without the runtime lock. */
static struct sigaction previous_segv, previous_trap; /* the program's actions, for signals not ours */
static atomic_uint guarded_count; /* regions whose pages are protected now: 0 makes every check free */
static atomic_bool arrays_reserved; /* an array without host access has been made (its address range PROT_NONE) */
/* Held while a page's protection is set from the table and while the
 * table and the protection change together: a thread putting back the
 * protection of a page it stepped on (on_trap) must not close a page
 * another thread has just opened, after reading the table before that
 * thread changed it. A spin lock: taken in signal handlers, and held
 * over a few system calls at most. */
static atomic_flag protect_lock = ATOMIC_FLAG_INIT;

static void protect_lock_take(void) {
    while (atomic_flag_test_and_set_explicit(&protect_lock, memory_order_acquire)) sched_yield();
}

static void protect_lock_give(void) { atomic_flag_clear_explicit(&protect_lock, memory_order_release); }

/* The protected views as the handler sees them: byte ranges and levels,
 * sorted, in memory of a fixed size (mapped once, never moved), changed
 * under the runtime lock inside a sequence count's odd values, so that a
 * handler reading it in the middle of a change reads it again. */
typedef struct published_view {
    uintptr_t first, end;
    enum camp_guard_level level;
    unsigned hidden_at; /* HIDDEN: hidden_count when a kernel last wrote the view */
} published_view;
#define PUBLISHED_MAX 65536u
static published_view *published;
static atomic_uint published_count, published_sequence;
static unsigned hidden_count; /* views hidden so far (a kernel wrote them), under the lock */

/* Pages a thread opened to step one instruction over (x86-64's trap flag):
 * an access to other data on a page of a view, re-protected at once. */
#define STEP_PAGES_MAX 4
static _Thread_local uintptr_t stepping[STEP_PAGES_MAX];
static _Thread_local unsigned stepping_count;
static _Thread_local bool stepping_unblocked_trap; /* SIGTRAP was blocked where the step began */
/* A thread of the program's that stepped over this many accesses on one
 * page settles the views there instead (settled_after_steps), or over more
 * where their copy would cost more: a copy moves about STEP_COPY_BYTES in
 * the time of one step (15 µs at 17 GB/s). */
#define STEPS_BEFORE_SETTLE 64u
#define STEP_COPY_BYTES ((size_t)256 << 10)
/* the pages a thread stepped on last (a loop may alternate between two
 * arrays' shared pages), the oldest replaced */
#define STEP_COUNTED_PAGES 4
typedef struct step_count {
    uintptr_t page;
    unsigned steps, needed;
    unsigned hidden_at; /* the page's last hiding: steps count from there */
} step_count;
static _Thread_local step_count step_counts[STEP_COUNTED_PAGES];
static _Thread_local unsigned step_count_next;

static uintptr_t page_size(void) {
    static uintptr_t size;
    if (!size) size = (uintptr_t)sysconf(_SC_PAGESIZE);
    return size;
}

static uintptr_t page_down(uintptr_t a) { return a & ~(page_size() - 1); }
static uintptr_t page_up(uintptr_t a) { return (a + page_size() - 1) & ~(page_size() - 1); }

/* ---- Which memory may be protected ---------------------------------------- */

bool camp_guard_enabled(void) {
    static int enabled = -1;
    if (enabled < 0) {
        const char *knob = getenv("CAMP_IMPLICIT_SYNC");
        enabled = !(knob && (strcmp(knob, "0") == 0 || strcmp(knob, "check") == 0));
    }
    return enabled;
}

bool camp_guard_reporting(void) {
    static int reporting = -1;
    if (reporting < 0) {
        const char *knob = getenv("CAMP_IMPLICIT_SYNC");
        reporting = knob && strcmp(knob, "check") == 0;
        if (reporting) camp_host_code_place_prepare();
    }
    return reporting;
}

/* Whether views' pages are protected at all: to synchronize, or to report. */
static bool protecting(void) { return camp_guard_enabled() || camp_guard_reporting(); }

/* A view's pages may be protected only where no other data shares them
 * that libraries touch all the time: among a small malloc'd block's
 * neighbours are malloc's own lists and the main thread's thread-local
 * variables (errno among them), whose every access would fault. So: pages
 * the view fills (its ends on page boundaries, as aligned_alloc(4096, ...)
 * gives), a chunk of its own that malloc mapped for it (whose other bytes,
 * malloc's header and the rounding, only free and realloc touch), or the
 * program's own static data (the executable's writable segment: globals,
 * whose neighbours the program alone touches). */

/* Whether [first, end) lies in a chunk glibc's malloc mapped on its own
 * (from 128 KiB) and starts at its first byte, as a view of the block
 * malloc returned does: the chunk's header is the 16 bytes before it, at a
 * page's start (prev_size 0, a size of whole pages with IS_MMAPPED set and
 * PREV_INUSE clear), which no chunk of malloc's heap has. The 16 bytes
 * read lie in the view's page, so mapped; under another allocator
 * (AddressSanitizer's) they belong to no object: not sanitized. */
__attribute__((no_sanitize("address"))) static bool in_mapped_chunk(uintptr_t first, uintptr_t end) {
    uintptr_t chunk = page_down(first);
    if (first - chunk != 2 * sizeof(size_t)) return false;
    const size_t *header = (const size_t *)chunk;
    size_t size = header[1] & ~(size_t)7;
    return header[0] == 0 && (header[1] & 7) == 2 && size >= (128u << 10) && size % page_size() == 0 &&
           page_up(end) <= chunk + size;
}

/* Whether [first, end) lies in a writable segment of the executable or of
 * a shared library it loaded (static data of a library of the program's). */
static bool in_program_data(uintptr_t first, uintptr_t end) { return camp_in_loaded_segment(first, end, PF_W); }

/* Whether the region's pages may be protected; decided once per region.
 * Stepping over an access to other data on a view's page needs x86-64's
 * trap flag: elsewhere only views that fill their pages are protected. */
static bool guardable(camp_region *region) {
    if (region->guard_memory == CAMP_GUARD_MEMORY_UNKNOWN) {
        uintptr_t first = (uintptr_t)region->host, end = first + region->bytes;
        /* array_view_new's memory is whole pages of libcamp's own */
        bool fills_pages = (first == page_down(first) && end == page_up(end)) || region->owns_host;
#ifdef __x86_64__
        /* program data first: a static array 16 bytes into a page has no
         * malloc header before it, but maybe another view, already protected */
        bool private = in_program_data(first, end) || in_mapped_chunk(first, end);
#else
        bool private = false;
#endif
        region->guard_memory = private       ? CAMP_GUARD_MEMORY_PRIVATE
                               : fills_pages ? CAMP_GUARD_MEMORY_PROTECTABLE
                                             : CAMP_GUARD_MEMORY_EAGER;
    }
    return region->guard_memory == CAMP_GUARD_MEMORY_PROTECTABLE || region->guard_memory == CAMP_GUARD_MEMORY_PRIVATE;
}

bool camp_guard_lasting(const void *host, size_t bytes) {
#ifdef __x86_64__
    return camp_guard_enabled() && in_program_data((uintptr_t)host, (uintptr_t)host + bytes);
#else
    return (void)host, (void)bytes, false;
#endif
}

bool camp_guard_eager(camp_region *region) {
    return region->kind == CAMP_REGION_VIEW && !region->call_scoped && camp_guard_enabled() && !guardable(region);
}

/* Said once a program: in a program of malloc'd arrays every view is such
 * a view, and one line per view would bury the reports the check is for. */
void camp_guard_note_unwatched(camp_region *region) {
    if (!camp_guard_reporting() || region->kind != CAMP_REGION_VIEW || region->call_scoped || camp_rt.unwatched_said ||
        guardable(region))
        return;
    camp_rt.unwatched_said = true;
    const camp_kernel_info *k = camp_call.kernel;
    /* a library call's kernel: the program's line that called it */
    if (camp_call.library_file) fprintf(stderr, "%s:%u: ", camp_call.library_file, camp_call.library_line);
    else if (k && k->file) fprintf(stderr, "%s:%u: ", k->file, k->line);
    fprintf(stderr,
            "camp warning: CAMP_IMPLICIT_SYNC=check cannot watch '%s' (%p): its pages hold other data (a block "
            "malloc gave from its heap, a local array), so the host's accesses to it go unchecked; make it with "
            "array_view_new, or aligned_alloc(4096, ...) of whole pages, to have them checked (other views it "
            "cannot watch are not listed)\n",
            region->name, (void *)region->host);
}

/* ---- Levels and pages ------------------------------------------------------ */

static enum camp_guard_level wanted_level(camp_region *region) {
    if (region->kind != CAMP_REGION_VIEW || region->guard_open || region->call_scoped || !protecting())
        return CAMP_GUARD_NONE;
    /* array_view_new's view is device_valid before it has a buffer: its
     * contents are the zeros both sides start with, until one writes */
    bool device_current = region->device_valid && (region->device.buffer || region->owns_host);
    if (camp_guard_reporting()) { /* what is reported once is not watched again */
        bool hidden = region->host_stale && !region->stale_reported;
        bool read = device_current && !region->host_stale && !region->host_write_place[0];
        if (!(hidden || read) || !guardable(region)) return CAMP_GUARD_NONE;
        return hidden ? CAMP_GUARD_HIDDEN : CAMP_GUARD_READ;
    }
    if (!region->host_stale && !device_current) return CAMP_GUARD_NONE;
    if (!guardable(region)) return CAMP_GUARD_NONE;
    return region->host_stale ? CAMP_GUARD_HIDDEN : CAMP_GUARD_READ;
}

static int protection(enum camp_guard_level level) {
    return level == CAMP_GUARD_HIDDEN ? PROT_NONE : level == CAMP_GUARD_READ ? PROT_READ : PROT_READ | PROT_WRITE;
}

/* Calls `each` for every region with a byte in the pages of [first, end),
 * in address order; stops when it returns non-OK. */
typedef camp_status (*region_fn)(camp_region *region, void *context);
static camp_status each_on_pages(uintptr_t first, uintptr_t end, region_fn each, void *context) {
    first = page_down(first);
    end = page_up(end);
    camp_region *below = camp_region_below((const void *)end);
    if (!below) return CAMP_OK;
    /* the regions ending after `first`, walked back from the last one starting before `end` */
    uint32_t i = camp_rt.region_count;
    while (i > 0 && camp_rt.regions[i - 1] != below) i--;
    uint32_t last = i;
    while (i > 0 && (uintptr_t)camp_rt.regions[i - 1]->host + camp_rt.regions[i - 1]->bytes > first) i--;
    for (; i < last; i++) CAMP_TRY(each(camp_rt.regions[i], context));
    return CAMP_OK;
}

/* ---- The published table ---------------------------------------------------- */

/* Index of the first published view ending after `address`. */
static uint32_t published_search(uintptr_t address, uint32_t count) {
    uint32_t low = 0, high = count;
    while (low < high) {
        uint32_t mid = low + (high - low) / 2;
        if (published[mid].end <= address) low = mid + 1;
        else high = mid;
    }
    return low;
}

/* Publishes the region's level (NONE: takes it out); false where the table
 * is full, and the region stays unprotected. Under the runtime lock. */
static bool publish(const camp_region *region, enum camp_guard_level level) {
    if (!published) {
        void *memory = mmap(NULL, PUBLISHED_MAX * sizeof *published, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (memory == MAP_FAILED) return false;
        published = memory;
    }
    uintptr_t first = (uintptr_t)region->host, end = first + region->bytes;
    uint32_t count = atomic_load(&published_count), i = published_search(first, count);
    bool present = i < count && published[i].first == first;
    if (!present && level == CAMP_GUARD_NONE) return true;
    if (!present && count == PUBLISHED_MAX) return false;
    atomic_fetch_add(&published_sequence, 1); /* odd: changing */
    if (level == CAMP_GUARD_NONE) {
        memmove(&published[i], &published[i + 1], (count - i - 1) * sizeof *published);
        atomic_store(&published_count, count - 1);
    } else {
        if (!present) {
            memmove(&published[i + 1], &published[i], (count - i) * sizeof *published);
            atomic_store(&published_count, count + 1);
        }
        published[i] = (published_view){first, end, level, level == CAMP_GUARD_HIDDEN ? ++hidden_count : 0};
    }
    atomic_fetch_add(&published_sequence, 1);
    return true;
}

/* What the table says of `address`: the strictest level of the views on
 * its page, whether it is one of their bytes, and when a kernel last
 * wrote one of them. Lock-free: a handler's. */
typedef struct page_state {
    enum camp_guard_level level;
    bool inside;
    unsigned hidden_at;
} page_state;
static page_state published_lookup_except(uintptr_t address, uintptr_t except_first) {
    for (;;) {
        unsigned sequence = atomic_load(&published_sequence);
        if (sequence & 1) continue;
        page_state state = {CAMP_GUARD_NONE, false, 0};
        uintptr_t page = page_down(address), page_end = page + page_size();
        uint32_t count = atomic_load(&published_count);
        for (uint32_t i = published ? published_search(page, count) : count;
             i < count && published[i].first < page_end; i++) {
            if (published[i].first == except_first) continue;
            if (published[i].level > state.level) state.level = published[i].level;
            if (published[i].hidden_at > state.hidden_at) state.hidden_at = published[i].hidden_at;
            if (published[i].first <= address && address < published[i].end) state.inside = true;
        }
        if (atomic_load(&published_sequence) == sequence) return state;
    }
}

static page_state published_lookup(uintptr_t address) { return published_lookup_except(address, 0); }

/* Whether a published view has a byte in [first, end), or (`begins`)
 * begins there. Lock-free, read again where a change was under way. */
static bool published_in(uintptr_t first, uintptr_t end, bool begins) {
    if (!published) return false;
    for (;;) {
        unsigned sequence = atomic_load(&published_sequence);
        if (sequence & 1) continue;
        uint32_t count = atomic_load(&published_count);
        bool found = false;
        for (uint32_t i = published_search(first, count); i < count && published[i].first < end && !found; i++)
            found = !begins || published[i].first >= first;
        if (atomic_load(&published_sequence) == sequence) return found;
    }
}

/* Whether a published view has a byte in the pages of [first, end): a
 * system call's wrapper asks before it takes the lock, which a driver's
 * thread calling write() must never wait for (libcamp may hold it while it
 * waits for that thread). */
static bool published_on_pages(uintptr_t first, uintptr_t end) {
    return published_in(page_down(first), page_up(end), false);
}

/* Sets the protection of the region's pages from its level: the pages
 * inside the region alone take it; the two end pages, which other views
 * may share, the strictest of it and the other views' published levels
 * (the region's own entry may not be published yet: apply). */
static void protect_pages(camp_region *region) {
    uintptr_t first = page_down((uintptr_t)region->host), end = page_up((uintptr_t)region->host + region->bytes);
    if (first >= end) return;
    /* The first page, the inner ones, the last page; neighbours of one
     * protection in one call (the usual case: a single call), since each
     * call splits and merges the mapping's areas again, the most of its
     * cost for a few pages. */
    uintptr_t cut[4] = {first, first + page_size(), end - page_size(), end};
    if (cut[1] > cut[2]) cut[1] = cut[2] = end; /* a single page */
    struct page_run { uintptr_t first, end; int prot; } runs[3];
    int count = 0;
    for (int s = 0; s < 3; s++) {
        if (cut[s] == cut[s + 1]) continue;
        enum camp_guard_level level = region->guard;
        if (s != 1) {
            enum camp_guard_level others = published_lookup_except(cut[s], (uintptr_t)region->host).level;
            if (others > level) level = others;
        }
        int prot = protection(level);
        if (count && runs[count - 1].prot == prot) runs[count - 1].end = cut[s + 1];
        else runs[count++] = (struct page_run){cut[s], cut[s + 1], prot};
    }
    for (int r = 0; r < count; r++) mprotect((void *)runs[r].first, runs[r].end - runs[r].first, runs[r].prot);
}

static void install_handlers(void);

/* Gives the region's pages the protection of `level`. A hidden view
 * hidden again (a kernel wrote it once more) is published again: its
 * neighbours' step counts start over (settled_after_steps). */
static void apply_locked(camp_region *region, enum camp_guard_level level) {
    if (level == region->guard) {
        if (level == CAMP_GUARD_HIDDEN) (void)publish(region, level);
        return;
    }
    /* in front of any handler the program installed since (checked as
     * protection begins, not at every change: two system calls) */
    if (region->guard == CAMP_GUARD_NONE) install_handlers();
    /* Published before the pages close, and after they open: the table
     * never says a page is open that is not, so a thread whose access
     * faulted on pages another thread opened meanwhile finds them open
     * in the table and tries again (on_fault). */
    bool opening = level < region->guard;
    if (!opening && !publish(region, level)) {
        region->guard_memory = CAMP_GUARD_MEMORY_EAGER; /* the table is full */
        level = CAMP_GUARD_NONE;
        if (level == region->guard) return;
    }
    if (region->guard == CAMP_GUARD_NONE) atomic_fetch_add(&guarded_count, 1);
    region->guard = level;
    protect_pages(region);
    if (opening) (void)publish(region, level); /* lowering a published entry: never full */
    /* only once the pages are open: a count of 0 sends every fault to the
     * program, and a fault on them before then is libcamp's */
    if (level == CAMP_GUARD_NONE) atomic_fetch_sub(&guarded_count, 1);
}

static void apply(camp_region *region, enum camp_guard_level level) {
    protect_lock_take();
    apply_locked(region, level);
    protect_lock_give();
}

void camp_guard_update(camp_region *region) {
    region->guard_open = false;
    apply(region, wanted_level(region));
}

void camp_guard_synchronized(camp_region *region) {
    region->host_stale = false;
    region->stale_reported = false;
    camp_guard_update(region);
}

/* The bytes of the view's pages, [page_down(host), page_up(end)). */
static size_t spare_bytes(const camp_region *region) {
    uintptr_t first = (uintptr_t)region->host;
    return page_up(first + region->bytes) - page_down(first);
}

void camp_guard_forget(camp_region *region) {
    region->guard_open = true;
    apply(region, CAMP_GUARD_NONE);
    if (region->guard_spare) {
        munmap(region->guard_spare, spare_bytes(region));
        camp_rt.guard_spare_bytes -= spare_bytes(region);
    }
    region->guard_spare = NULL;
}

/* ---- Settling: what a fault, or a copy of libcamp's, needs first --------- */

static camp_status count_region(camp_region *region, void *context) {
    (void)region;
    ++*(uint32_t *)context;
    return CAMP_OK;
}

/* Whether no other view has a byte on the region's pages. */
static bool alone_on_its_pages(camp_region *region) {
    uint32_t count = 0;
    (void)each_on_pages((uintptr_t)region->host, (uintptr_t)region->host + region->bytes, count_region, &count);
    return count == 1;
}

bool camp_guard_edges_apart(camp_region *region, const char *first, const char *end) {
    return region->guard != CAMP_GUARD_NONE && (uintptr_t)first % page_size() == 0 &&
           (uintptr_t)end % page_size() == 0 && alone_on_its_pages(region);
}

/* Read-only: what a copy back leaves them (a synchronize; an end opens
 * them further), and camp_guard_synchronized finds them so. */
void camp_guard_arrived(camp_region *region, const char *first, const char *end) {
    if (region->guard == CAMP_GUARD_HIDDEN) mprotect((void *)first, (size_t)(end - first), PROT_READ);
}

/* The bytes [first, end) of `copy` written into the view's protected
 * pages through `memory`, /proc/self/mem (which passes page protection, as
 * a debugger's writes do), or where the system refuses (-1, or the write
 * fails: a shared mapping's protected pages refuse it) with the pages
 * opened: the other threads' accesses then may see the bytes as they are
 * copied. */
static void put_edge(int memory, uintptr_t first, uintptr_t end, const char *copy) {
    while (memory >= 0 && first < end) { /* a write stops short at 2 GiB, or at a page it cannot reach */
        ssize_t put = pwrite(memory, copy, end - first, (off_t)first);
        if (put <= 0) break;
        first += (uintptr_t)put;
        copy += put;
    }
    if (first >= end) return;
    mprotect((void *)page_down(first), page_up(end) - page_down(first), PROT_READ | PROT_WRITE);
    memcpy((void *)first, copy, end - first);
}

/* Opening the edge's pages before its bytes were there let another
 * thread read the old ones (a 4 MiB malloc'd view read by four threads
 * after each kernel: its first page's 1,020 floats stale in 6 runs of 30
 * on the H200). */
void camp_guard_put_edge(char *dst, const char *src, size_t bytes) {
    int memory = open("/proc/self/mem", O_RDWR | O_CLOEXEC);
    put_edge(memory, (uintptr_t)dst, (uintptr_t)dst + bytes, src);
    if (memory >= 0) close(memory);
}

/* Pages for a view's bytes to come back into: those its last copy back
 * left (camp_region.guard_spare), or new ones, laid out as the view's for
 * huge pages and faulted in by the system at once: faulted in 4 KiB at a
 * time as the copy touched them, a 64 MiB view took 51 ms per copy back
 * on the H200's host, where the copy itself takes 1.4. */
static char *spare_pages(camp_region *region) {
    char *pages = region->guard_spare;
    if (pages) {
        region->guard_spare = NULL;
        camp_rt.guard_spare_bytes -= spare_bytes(region);
        return pages;
    }
    pages = camp_map_huge(spare_bytes(region), page_down((uintptr_t)region->host), PROT_READ | PROT_WRITE);
#ifdef MADV_POPULATE_WRITE
    if (pages) (void)madvise(pages, spare_bytes(region), MADV_POPULATE_WRITE); /* Linux 5.14 on; else faulted by the copy */
#endif
    return pages;
}

/* Spare pages of all views together, at most an eighth of the host's memory. */
static bool spare_fits(size_t bytes) {
    size_t memory = (size_t)sysconf(_SC_PHYS_PAGES) * page_size();
    return camp_rt.guard_spare_bytes + bytes <= memory / 8;
}

/* `pages`, whole and unused, kept as the view's spare where it has none and they fit, else unmapped. */
static void keep_spare(camp_region *region, char *pages) {
    if (!region->guard_spare && spare_fits(spare_bytes(region))) {
        region->guard_spare = pages;
        camp_rt.guard_spare_bytes += spare_bytes(region);
    } else {
        munmap(pages, spare_bytes(region));
    }
}

/* The view's pages [inner, inner_end), about to be replaced by `pages`:
 * moved aside (MREMAP_DONTUNMAP: the view's range stays mapped, closed,
 * until the replacement lands on it) into a mapping laid out as the
 * view's, which becomes the next copy's (spare_pages), rather than freed
 * while new ones are faulted in at every copy back; while the spare
 * pages of all views fit spare_fits. A system without MREMAP_DONTUNMAP
 * (Linux before 5.7, or 5.13 for static data) frees them. */
static void keep_replaced(camp_region *region, uintptr_t low, uintptr_t inner, uintptr_t inner_end) {
#ifdef MREMAP_DONTUNMAP
    size_t bytes = spare_bytes(region), middle = inner_end - inner;
    if (!spare_fits(bytes)) return;
    char *kept = camp_map_huge(bytes, low, PROT_NONE);
    if (!kept) return;
    if (mremap((void *)inner, middle, middle, MREMAP_MAYMOVE | MREMAP_FIXED | MREMAP_DONTUNMAP, kept + (inner - low)) ==
        MAP_FAILED) {
        munmap(kept, bytes);
        return;
    }
    mprotect(kept, bytes, PROT_READ | PROT_WRITE);
    keep_spare(region, kept);
#else
    (void)region, (void)low, (void)inner, (void)inner_end;
#endif
}

/* Opening a hidden view's pages before its bytes are back would let the
 * program's other threads, whose accesses no longer fault, read the old
 * bytes while the copy runs (or write bytes the copy then overwrites).
 * Instead the bytes go into pages made elsewhere. Where the memory is
 * known to be the process's own (the program's static data, a chunk
 * malloc mapped) and no device imported it, those wholly inside the view
 * replace the view's at once (mremap, read-only as the synchronized
 * view's are); the rest, and every byte of memory that may be a shared or
 * file mapping (pages replaced by private ones would no longer reach the
 * file or the other processes) or that a device imported (it would go on
 * using the old pages), are written into the view's own pages through
 * /proc/self/mem, one more copy. Until then every access faults and waits
 * for the runtime's lock. Not for pages another view shares. */
bool camp_guard_fill_hidden(camp_region *region, camp_guard_reader read, camp_status *status) {
    uintptr_t first = (uintptr_t)region->host, end = first + region->bytes;
    /* (guardable's answer: reading malloc's header now would step over it, opening the page) */
    if (region->guard != CAMP_GUARD_HIDDEN || region->owns_host || !alone_on_its_pages(region)) return false;
    uintptr_t low = page_down(first), high = page_up(end), inner = page_up(first), inner_end = page_down(end);
    char *copy = spare_pages(region);
    if (!copy) return false;
    /* The runtime's lock is let go while the copy runs: another thread
     * may settle the view meanwhile (its pages opened, maybe written
     * since), and then nothing is put back; or a kernel may write it
     * again, and then the copy is made again. */
    for (uint64_t writes = region->writes;; writes = region->writes) {
        *status = read(region, copy + (first - low));
        if (*status != CAMP_OK || region->guard != CAMP_GUARD_HIDDEN) {
            keep_spare(region, copy);
            return true;
        }
        if (region->writes == writes) break;
    }
    bool replace = !region->import && region->guard_memory == CAMP_GUARD_MEMORY_PRIVATE, moved = false;
    if (replace && inner < inner_end) {
        char *pages = copy + (inner - low);
        mprotect(pages, inner_end - inner, PROT_READ);
        keep_replaced(region, low, inner, inner_end);
        moved = mremap(pages, inner_end - inner, inner_end - inner, MREMAP_MAYMOVE | MREMAP_FIXED, (void *)inner) !=
                MAP_FAILED;
        if (!moved) { /* opened and copied, as without this */
            mprotect((void *)inner, inner_end - inner, PROT_READ | PROT_WRITE);
            memcpy((void *)inner, pages, inner_end - inner);
        }
    }
    uintptr_t head_end = end, tail = end; /* not replaced: the whole view is one "edge" */
    if (replace) {
        head_end = inner < end ? inner : end;
        tail = inner_end > head_end ? inner_end : head_end;
    }
    if (first < head_end) camp_guard_put_edge((char *)first, copy + (first - low), head_end - first);
    if (tail < end) camp_guard_put_edge((char *)tail, copy + (tail - low), end - tail);
    if (moved) { /* the middle is gone from `copy`, and another mapping may be there by now */
        munmap(copy, inner - low);
        if (high > inner_end) munmap(copy + (inner_end - low), high - inner_end);
    } else {
        keep_spare(region, copy);
    }
    return true;
}

/* The host's copy of a view kernels may have written becomes current.
 * Threads whose accesses fault while another thread's copy runs (the
 * lock let go) wait for that copy rather than each making one. */
static camp_status settle_hidden(camp_region *region) {
    if (region->settling) {
        while (region->settling) pthread_cond_wait(&camp_rt.settled, &camp_rt.lock);
        return CAMP_OK;
    }
    region->settling = true;
    camp_status status = camp_region_read(region, 0, region->host, region->bytes); /* opens its pages */
    region->settling = false;
    pthread_cond_broadcast(&camp_rt.settled);
    CAMP_TRY(status);
    camp_guard_synchronized(region);
    return CAMP_OK;
}

/* The host is about to write a view the device holds a copy of: the next
 * kernel copies the host's bytes in again. */
static void settle_read(camp_region *region) {
    region->device_valid = false;
    region->skip_begin = region->skip_end = 0;
    camp_guard_update(region);
}

typedef struct settle_context {
    uintptr_t first, end;  /* the bytes about to be accessed */
    camp_region *self;     /* the region libcamp is copying: opened, its caller updates it */
    bool write;
    camp_guard_window *window; /* where views that only share pages are opened until the close; NULL: settle them */
} settle_context;

/* Before an access to [first, end): a view whose bytes it touches is
 * settled as the program's access would settle it (its kernels' writes
 * brought back; a write drops the device's copy); a view that only shares
 * a page with them is unprotected until the window closes, its state
 * unchanged: libcamp's copy does not touch its bytes. */
static camp_status settle(camp_region *region, void *context) {
    settle_context *c = context;
    if (region->guard == CAMP_GUARD_NONE) return CAMP_OK;
    if (region == c->self) {
        region->guard_open = true;
        apply(region, CAMP_GUARD_NONE);
        return CAMP_OK;
    }
    uintptr_t first = (uintptr_t)region->host, end = first + region->bytes;
    bool touched = first < c->end && c->first < end;
    if (!touched && c->window && c->window->count < CAMP_GUARD_WINDOW_MAX) {
        c->window->opened[c->window->count++] = region;
        region->guard_open = true;
        apply(region, CAMP_GUARD_NONE);
        return CAMP_OK;
    }
    if (region->guard == CAMP_GUARD_HIDDEN) CAMP_TRY(settle_hidden(region));
    if (c->write && region->guard == CAMP_GUARD_READ) settle_read(region);
    return CAMP_OK;
}

static camp_status settle_range(const void *host, size_t bytes, camp_region *self, bool write,
                                camp_guard_window *window) {
    if (window) window->count = 0;
    if (!bytes || !atomic_load(&guarded_count)) return CAMP_OK;
    settle_context c = {(uintptr_t)host, (uintptr_t)host + bytes, self, write, window};
    return each_on_pages(c.first, c.end, settle, &c);
}

camp_status camp_guard_open(camp_guard_window *window, const void *host, size_t bytes, camp_region *self,
                            bool write) {
    return settle_range(host, bytes, self, write, window);
}

void camp_guard_close(camp_guard_window *window) {
    for (uint32_t i = 0; i < window->count; i++) camp_guard_update(window->opened[i]);
    window->count = 0;
}

/* Whether this thread holds the runtime lock (glibc records its owner):
 * then a call from inside libcamp (its own files' I/O, the driver's) is
 * on libcamp's memory, never a view's. */
static bool lock_held_here(void) {
#ifdef __GLIBC__
    return camp_rt.lock.__data.__owner == gettid();
#else
    return false;
#endif
}

void camp_guard_host_open(camp_guard_window *window, const void *host, size_t bytes, bool write) {
    window->count = 0;
    if (!bytes || !atomic_load(&guarded_count) || lock_held_here()) return;
    if (!published_on_pages((uintptr_t)host, (uintptr_t)host + bytes)) return; /* the usual case: not a view */
    camp_lock_at(NULL, 0);
    camp_unlock_and_report(settle_range(host, bytes, NULL, write, window));
}

void camp_guard_host_close(camp_guard_window *window) {
    if (!window->count) return;
    int saved_errno = errno; /* the call's */
    camp_lock_at(NULL, 0);
    camp_guard_close(window);
    camp_unlock_and_report(CAMP_OK);
    errno = saved_errno;
}

/* The views that begin in [block, block + bytes), ended (memory libcamp
 * owns is never a program's block). */
static camp_status end_views_in(const char *block, size_t bytes) {
    const char *end = block + bytes;
    camp_region *region;
    while ((region = camp_region_below(end)) && region->host >= block) {
        end = region->host;
        if (region->owns_host) continue;
        CAMP_TRY(camp_region_synchronize(region, true));
        camp_region_remove(region);
        camp_region_free(region);
    }
    return CAMP_OK;
}

void camp_guard_host_free(void *block) {
    if (!block || !atomic_load(&guarded_count) || lock_held_here()) return;
    size_t bytes = malloc_usable_size(block);
    /* the usual case: no view; one that only shares a page with the block
     * (a driver's thread reallocating beside a view) must not wait for the lock */
    if (!published_in((uintptr_t)block, (uintptr_t)block + bytes, true)) return;
    camp_lock_at(NULL, 0);
    camp_unlock_and_report(end_views_in(block, bytes));
}

/* ---- The fault handler ------------------------------------------------------ */

/* A program's access to a view's bytes: the first after kernels wrote it
 * (settled as a read: a write faults once more, below), or a write after
 * the device took a copy. Whether the access was a read or a write is not
 * told, so each fault moves the page one level. */
static camp_status settle_fault(uintptr_t address) {
    bool write = published_lookup(address).level != CAMP_GUARD_HIDDEN;
    settle_context c = {page_down(address), page_down(address) + page_size(), NULL, write, NULL};
    return each_on_pages(address, address + 1, settle, &c);
}

/* ---- Checked mode without implicit synchronization ------------------------ */

typedef struct report_context {
    uintptr_t address;
    const char *place;     /* of the host's access */
    camp_region *stale;    /* the view read before its synchronize, to report */
} report_context;

/* A view on the faulting page: the access is noted (a read before a
 * synchronize, to report; a write while the accelerator holds a copy, for
 * the next kernel's check) and its pages opened, as the program expects. */
static camp_status note_access(camp_region *region, void *context) {
    report_context *c = context;
    if (region->guard == CAMP_GUARD_HIDDEN) {
        bool inside = (uintptr_t)region->host <= c->address && c->address < (uintptr_t)region->host + region->bytes;
        /* a section synchronized since the kernel is current where it lies */
        bool current = inside && camp_section_brought_back(region, (const void *)c->address);
        if ((!c->stale || inside) && !current) c->stale = region;
        region->stale_reported = true;
    } else if (region->guard == CAMP_GUARD_READ) {
        snprintf(region->host_write_place, sizeof region->host_write_place, "%s", c->place);
    }
    camp_guard_update(region);
    return CAMP_OK;
}

/* The error `message`, prefixed with `place` where it is "file:line". */
static camp_status fail_at_place(const char *place, const char *message) {
    const char *colon = strrchr(place, ':');
    char file[256];
    if (!colon || colon[1] < '1' || colon[1] > '9' || (size_t)(colon - place) >= sizeof file)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "the host at %s: %s", place, message);
    snprintf(file, sizeof file, "%.*s", (int)(colon - place), place);
    return camp_fail_at(CAMP_ERROR_INVALID_ARGUMENT, file, (unsigned)strtoul(colon + 1, NULL, 10), "%s", message);
}

static camp_status report_fault(uintptr_t address, const char *place) {
    report_context c = {address, place, NULL};
    CAMP_TRY(each_on_pages(page_down(address), page_down(address) + page_size(), note_access, &c));
    if (!c.stale) return CAMP_OK;
    char message[1024];
    snprintf(message, sizeof message,
             "the host reads '%s' (%p), which the kernel at %s:%u may have written, before array_view_synchronize: "
             "without implicit synchronization it gets the bytes from before the kernel; synchronize the view first",
             c.stale->name, (void *)c.stale->host, c.stale->writer_file ? c.stale->writer_file : "?",
             c.stale->writer_line);
    return fail_at_place(place, message);
}

camp_status camp_guard_check_refreshed(const camp_region *region) {
    if (!region->host_write_place[0]) return CAMP_OK;
    return camp_fail(CAMP_ERROR_INVALID_ARGUMENT,
                     "the kernel uses '%s' (%p), which the host wrote at %s after the accelerator took its copy, "
                     "with no array_view_refresh since: without implicit synchronization the kernel works on the "
                     "accelerator's copy, without the host's writes; call array_view_refresh after they are made",
                     region->name, (void *)region->host, region->host_write_place);
}

static void pass_on(const struct sigaction *previous, int signal, siginfo_t *info, void *context) {
    if (previous->sa_flags & SA_SIGINFO) {
        previous->sa_sigaction(signal, info, context);
        return;
    }
    if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN) {
        previous->sa_handler(signal);
        return;
    }
    /* the default action: the access faults again, and the process ends */
    struct sigaction dfl = {.sa_handler = SIG_DFL};
    sigemptyset(&dfl.sa_mask);
    sigaction(signal, &dfl, NULL);
}

#ifdef __x86_64__
#define TRAP_FLAG 0x100 /* EFLAGS.TF: a debug trap after the next instruction */
/* An access to other data on a page of views (the heap's neighbours of a
 * view, libcamp's or a driver's own objects): the page is opened for the
 * one instruction, and protected again at its trap. No lock is taken:
 * the thread may be libcamp's or a driver's, with the lock held or
 * waited for. */
static bool step_over(uintptr_t page, void *context) {
    /* a page already stepped on: another thread closed it again before
     * this thread's instruction ran, which is tried again */
    bool listed = false;
    for (unsigned i = 0; i < stepping_count; i++) listed |= stepping[i] == page;
    if (!listed && stepping_count == STEP_PAGES_MAX) return false;
    ucontext_t *uc = context;
    if (!listed) stepping[stepping_count++] = page;
    mprotect((void *)page, page_size(), PROT_READ | PROT_WRITE);
    uc->uc_mcontext.gregs[REG_EFL] |= TRAP_FLAG;
    /* Threads that block every signal but SIGSEGV (Mesa's workers) get
     * the trap too: unblocked for the step, blocked again at the trap. */
    if (sigismember(&uc->uc_sigmask, SIGTRAP) == 1) {
        sigdelset(&uc->uc_sigmask, SIGTRAP);
        stepping_unblocked_trap = true;
    }
    return true;
}

static void on_trap(int signal, siginfo_t *info, void *context) {
    if (!stepping_count) {
        pass_on(&previous_trap, signal, info, context);
        return;
    }
    int saved_errno = errno;
    protect_lock_take();
    for (unsigned i = 0; i < stepping_count; i++)
        mprotect((void *)stepping[i], page_size(), protection(published_lookup(stepping[i]).level));
    protect_lock_give();
    stepping_count = 0;
    ucontext_t *uc = context;
    uc->uc_mcontext.gregs[REG_EFL] &= ~TRAP_FLAG;
    if (stepping_unblocked_trap) sigaddset(&uc->uc_sigmask, SIGTRAP);
    stepping_unblocked_trap = false;
    errno = saved_errno;
}
#else
static bool step_over(uintptr_t page, void *context) { return (void)page, (void)context, false; }
#endif

static camp_status add_bytes(camp_region *region, void *context) {
    *(size_t *)context += region->bytes;
    return CAMP_OK;
}

/* The page's count, from zero where a kernel wrote its views since the
 * last step: only steps between two kernels' writes add up (a loop that
 * calls a library function through a table on the page once between
 * kernels steps once each time, and a settle would copy the views back
 * for no read). */
static step_count *counted_page(uintptr_t page, unsigned hidden_at) {
    step_count *c = NULL;
    for (unsigned i = 0; i < STEP_COUNTED_PAGES && !c; i++)
        if (step_counts[i].page == page) c = &step_counts[i];
    if (!c) {
        c = &step_counts[step_count_next++ % STEP_COUNTED_PAGES];
        *c = (step_count){page, 0, STEPS_BEFORE_SETTLE, hidden_at};
    }
    if (c->hidden_at != hidden_at) c->steps = 0, c->hidden_at = hidden_at;
    return c;
}

/* Whether a thread keeps touching other data on a page of views (the
 * host's loop over a neighbour of a view a kernel wrote): each step costs
 * a fault, two changes of protection and a trap (about 13 µs on a 2-core
 * x86-64; 3.6 million of them made a 0.4 s program take 37 s), so after
 * STEPS_BEFORE_SETTLE on the page (more for large views, whose copy costs
 * more) the views there are settled as an access to their bytes would
 * settle them (brought back; a write then drops the device's copy) and
 * the page opens until a kernel writes them again (not with
 * CAMP_IMPLICIT_SYNC=check, whose every step is stepped). Only for a thread of
 * the program's: not where libcamp's lock is held or waited for (the
 * trylock) or the thread is in a call of its own (a signal handler's
 * access), nor on a driver's worker, which blocks SIGTRAP (a settle there
 * could wait for the very work the worker runs). */
static bool settled_after_steps(uintptr_t address, unsigned hidden_at, const ucontext_t *uc) {
    /* CAMP_IMPLICIT_SYNC=check brings nothing back the program did not ask
     * for: the settle would hide the program's later access to the views */
    if (camp_guard_reporting()) return false;
    uintptr_t page = page_down(address);
    step_count *c = counted_page(page, hidden_at);
    if (++c->steps < c->needed || sigismember(&uc->uc_sigmask, SIGTRAP) == 1 || camp_call.in_call ||
        pthread_mutex_trylock(&camp_rt.lock) != 0)
        return false;
    camp_call.file = NULL, camp_call.line = 0; /* as camp_lock_at */
    size_t bytes = 0;
    (void)each_on_pages(page, page + 1, add_bytes, &bytes);
    if (bytes / STEP_COPY_BYTES > c->steps) { /* large views: stepping costs less a while longer */
        c->needed = bytes / STEP_COPY_BYTES > UINT_MAX ? UINT_MAX : (unsigned)(bytes / STEP_COPY_BYTES);
        camp_unlock_and_report(CAMP_OK);
        return false;
    }
    c->steps = 0;
    camp_unlock_and_report(settle_fault(address));
    return true;
}

/* A host access to an array without host access (its address range is
 * reserved, not memory): reported as an error at the access's line, then
 * the process ends (there is no memory to let the access reach). Returns
 * where the address is in no such array. */
static void report_array_access(uintptr_t address, void *context) {
    pthread_mutex_lock(&camp_rt.lock);
    camp_region *r = camp_region_find((const void *)address);
    if (!r || r->kind != CAMP_REGION_ARRAY || !r->reserved || address >= (uintptr_t)r->host + r->reserved_bytes) {
        pthread_mutex_unlock(&camp_rt.lock);
        return;
    }
    char place[256], message[512];
    camp_host_code_place(context, place, sizeof place);
    snprintf(message, sizeof message,
             "the host accessed %p, in an array of %zu bytes at %p on accelerator %u (%s), which has no host access: "
             "its bytes are in the accelerator's memory alone; copy them with array_copy_out and array_copy_in, use an "
             "array_view over host memory instead, or make the array with host access (CAMP_ACCESS_TYPE_READ_WRITE) "
             "on an accelerator with supports_cpu_shared_memory",
             (void *)address, r->bytes, (void *)r->host, r->device.owner ? r->device.owner->index : 0,
             r->device.owner ? r->device.owner->name : "?");
    camp_unlock_and_report(fail_at_place(place, message));
    static const char ended[] = "camp error: the error handler returned from a host access to an array without host "
                                "access, which cannot go on: the process ends\n";
    (void)!write(STDERR_FILENO, ended, sizeof ended - 1);
    abort();
}

void camp_guard_watch_arrays(void) {
    if (atomic_exchange(&arrays_reserved, true)) return;
    camp_host_code_place_prepare();
    install_handlers();
}

/* A fault where the table shows no protected view, on a thread's
 * access that may have met protection another thread lifted before this
 * handler looked (it settled the view): the access is tried again, once
 * for each change of the table, so that a second fault at the same
 * address with no change between is the program's own. */
static _Thread_local uintptr_t retried_address;
static _Thread_local unsigned retried_sequence;

static bool retry_after_change(uintptr_t address) {
    if (!published) return false; /* no view was ever protected: made at the first */
    unsigned sequence = atomic_load(&published_sequence);
    if (address == retried_address && sequence == retried_sequence) return false;
    retried_address = address;
    retried_sequence = sequence;
    return true;
}

/* An access to a view's bytes on a thread in the middle of a libcamp call
 * (camp_call.in_call, the lock held or let go for a wait): not libcamp's
 * own, which settles the bytes it touches first, but a signal handler's
 * that interrupted the call (or else libcamp's bug). The view cannot be
 * brought up to date there: the runtime is half-way through that call,
 * and a settle would wait for its lock, or for locks the call holds,
 * for ever. Nor can the access go on without it: the process ends,
 * naming the interrupted call's kernel. Formatted on the stack and written
 * with write(), as a signal handler may. */
static _Noreturn void refuse_access_in_call(uintptr_t address) {
    const camp_kernel_info *kernel = camp_call.kernel;
    const char *file = kernel && kernel->file ? kernel->file : camp_call.file;
    unsigned line = kernel && kernel->file ? kernel->line : camp_call.line;
    char message[1024];
    int n = file ? snprintf(message, sizeof message, "%s:%u: ", file, line) : 0;
    if (n < 0 || (size_t)n >= sizeof message) n = 0;
    snprintf(message + n, sizeof message - (size_t)n,
             "camp error: the host accessed %p, in a view libcamp keeps protected for implicit synchronization, "
             "on a thread in the middle of a libcamp call%s: from a signal handler that interrupted the call, "
             "where libcamp cannot bring the view up to date (nor can the access go on without it); a signal "
             "handler must not touch a view kernels may be using: let it set a flag, and read the view once it "
             "returns (if no signal handler ran, this is libcamp's own error)\n",
             (void *)address, kernel ? " (the launch of this kernel)" : "");
    (void)!write(STDERR_FILENO, message, strlen(message));
    abort();
}

static void on_fault(int signal, siginfo_t *info, void *context) {
    int saved_errno = errno;
    uintptr_t address = (uintptr_t)info->si_addr;
    page_state page = {CAMP_GUARD_NONE, false, 0};
    if (info->si_code != SEGV_ACCERR || !atomic_load(&guarded_count) ||
        (page = published_lookup(address)).level == CAMP_GUARD_NONE) {
        if (info->si_code == SEGV_ACCERR && retry_after_change(address)) {
            errno = saved_errno;
            return;
        }
        if (info->si_code == SEGV_ACCERR && atomic_load(&arrays_reserved) && !lock_held_here())
            report_array_access(address, context);
        pass_on(&previous_segv, signal, info, context); /* the program's own fault */
        return;
    }
    if (!page.inside) {
        if (!settled_after_steps(address, page.hidden_at, context) && !step_over(page_down(address), context))
            pass_on(&previous_segv, signal, info, context);
    } else if (lock_held_here() || camp_call.in_call) {
        refuse_access_in_call(address);
    } else if (camp_guard_reporting()) {
        char place[256];
        camp_host_code_place(context, place, sizeof place);
        pthread_mutex_lock(&camp_rt.lock);
        camp_unlock_and_report(report_fault(address, place));
    } else {
        /* The program's own access to a view's bytes, on a thread that
         * holds no lock of ours: the runtime may run here. */
        pthread_mutex_lock(&camp_rt.lock);
        camp_unlock_and_report(settle_fault(address));
    }
    errno = saved_errno;
}

/* One handler in front of whatever the program has (called where pages
 * get protected: a handler the program installed since is kept behind). */
static void install(int signal, void (*handler)(int, siginfo_t *, void *), struct sigaction *previous) {
    struct sigaction current;
    if (sigaction(signal, NULL, &current) != 0) return;
    if ((current.sa_flags & SA_SIGINFO) && current.sa_sigaction == handler) return;
    struct sigaction ours = {.sa_sigaction = handler, .sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART | SA_NODEFER};
    sigemptyset(&ours.sa_mask);
    *previous = current;
    sigaction(signal, &ours, NULL);
}

static void install_handlers(void) {
    install(SIGSEGV, on_fault, &previous_segv);
#ifdef __x86_64__
    install(SIGTRAP, on_trap, &previous_trap);
#endif
}
