/* report.c — what kernels report: printf lines and failed asserts
 * (camp_abi.h gives the device's side). Each accelerator view that runs a
 * reporting kernel gets one report buffer, in host memory the device
 * writes and the host reads through its caches. Every launch of such a
 * kernel gets a number; its threads append records (the site, the launch,
 * the thread's index, the values) in any order. At a wait for the view,
 * once every numbered launch is done, the records are printed launch by
 * launch, the first failed assert becomes the wait's error, and the buffer
 * is emptied for the next launches. Kernels without printf or assert never
 * come here. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The buffer's default size, and the smallest CAMP_PRINTF_BUFFER_SIZE takes. */
#define CAMP_REPORT_BYTES_DEFAULT ((size_t)1 << 20)
#define CAMP_REPORT_BYTES_MIN ((size_t)4096)

typedef struct camp_report_launch {
    const camp_module_info *module;
    const camp_kernel_info *kernel;
    uint64_t serial; /* its batch on the view */
    camp_view_table *views; /* -fcamp-check: the views its pointers were checked against, or NULL */
} camp_report_launch;

struct camp_reports {
    camp_buffer buffer;
    uint32_t *words;  /* its mapping */
    uint32_t capacity; /* words for records */
    bool prefix;      /* CAMP_PRINTF_PREFIX: each line starts with its thread's index */
    camp_report_launch *launches; /* since the last drain, by number */
    uint32_t count, allocated;
};

/* ---- the buffer ---------------------------------------------------------------- */

static size_t buffer_bytes(void) {
    const char *s = getenv("CAMP_PRINTF_BUFFER_SIZE");
    if (!s || !*s) return CAMP_REPORT_BYTES_DEFAULT;
    char *end;
    unsigned long long n = strtoull(s, &end, 10);
    if (*end || n < CAMP_REPORT_BYTES_MIN || n > (1ull << 30)) {
        fprintf(stderr, "camp: warning: CAMP_PRINTF_BUFFER_SIZE=%s is not a size in bytes from %zu to 2^30; using %zu\n",
                s, CAMP_REPORT_BYTES_MIN, CAMP_REPORT_BYTES_DEFAULT);
        return CAMP_REPORT_BYTES_DEFAULT;
    }
    return (size_t)n;
}

static camp_status reports_create(camp_accelerator_view *q) {
    struct camp_reports *r = calloc(1, sizeof *r);
    if (!r) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    size_t bytes = buffer_bytes();
    camp_status status = camp_buffer_acquire(q->dev, CAMP_BUFFER_READBACK, bytes, &r->buffer);
    if (status != CAMP_OK) {
        free(r);
        return status;
    }
    r->words = r->buffer.mapped;
    r->capacity = (uint32_t)(bytes / 4) - CAMP_REPORT_RECORDS;
    memset(r->words, 0, bytes);
    r->words[CAMP_REPORT_CAPACITY] = r->capacity;
    const char *prefix = getenv("CAMP_PRINTF_PREFIX");
    r->prefix = prefix && *prefix && strcmp(prefix, "0") != 0;
    q->reports = r;
    return CAMP_OK;
}

/* The launches' view tables, once they are done. */
static void free_tables(struct camp_reports *r) {
    for (uint32_t l = 0; l < r->count; l++) {
        camp_view_table_free(r->launches[l].views);
        r->launches[l].views = NULL;
    }
}

void camp_reports_destroy(camp_accelerator_view *q) {
    struct camp_reports *r = q->reports;
    if (!r) return;
    free_tables(r);
    camp_buffer_destroy(&r->buffer);
    free(r->launches);
    free(r);
    q->reports = NULL;
}

camp_status camp_reports_launch(camp_accelerator_view *q, const camp_module_info *module,
                                const camp_kernel_info *kernel, const camp_view_set *views, void *push) {
    if (!q->reports) CAMP_TRY(reports_create(q));
    struct camp_reports *r = q->reports;
    if (r->count == r->allocated) {
        uint32_t allocated = r->allocated ? 2 * r->allocated : 16;
        camp_report_launch *grown = realloc(r->launches, allocated * sizeof *grown);
        if (!grown) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
        r->launches = grown;
        r->allocated = allocated;
    }
    camp_view_table *table = NULL;
    if (kernel->view_table_offset) {
        uint64_t table_address;
        CAMP_TRY(camp_view_table_make(q->dev, views, push, &table, &table_address));
        memcpy((char *)push + kernel->view_table_offset, &table_address, sizeof table_address);
    }
    uint32_t number = r->count++;
    r->launches[number] = (camp_report_launch){module, kernel, q->next_serial, table};
    uint64_t address = r->buffer.address;
    memcpy((char *)push + kernel->report_offset, &address, sizeof address);
    memcpy((char *)push + kernel->report_offset + 8, &number, sizeof number);
    return CAMP_OK;
}

/* ---- printing a record ------------------------------------------------------------- */

/* A record's values, read in turn. */
typedef struct value_reader {
    const uint32_t *words;
    uint32_t n, next;
    const char *letters;
} value_reader;

typedef union value {
    long long i;
    unsigned long long u;
    double f;
} value;

/* The next value as the conversion `conv` reads it; false when the record
 * has no more (a module that does not match its buffer: never in order). */
static bool read_value(value_reader *v, char conv, value *out) {
    char letter = *v->letters;
    bool wide = letter == CAMP_REPORT_VALUE_INT64 || letter == CAMP_REPORT_VALUE_UINT64 ||
                letter == CAMP_REPORT_VALUE_DOUBLE || letter == CAMP_REPORT_VALUE_POINTER;
    if (!letter || v->next + (wide ? 2 : 1) > v->n) return false;
    v->letters++;
    uint64_t bits = v->words[v->next++];
    if (wide) bits |= (uint64_t)v->words[v->next++] << 32;
    float f;
    double d;
    memcpy(&f, &bits, sizeof f);
    memcpy(&d, &bits, sizeof d);
    bool is_float = letter == CAMP_REPORT_VALUE_FLOAT || letter == CAMP_REPORT_VALUE_DOUBLE;
    double as_double = letter == CAMP_REPORT_VALUE_FLOAT ? f : d;
    if (strchr("fFeEgGaA", conv)) {
        out->f = is_float ? as_double
                 : letter == CAMP_REPORT_VALUE_INT ? (double)(int32_t)bits
                 : letter == CAMP_REPORT_VALUE_INT64 ? (double)(int64_t)bits : (double)bits;
        return true;
    }
    if (is_float) {
        out->i = (long long)as_double;
        return true;
    }
    /* an int's 32 bits, as C's printf reads them with %d or %x */
    if (letter == CAMP_REPORT_VALUE_INT) out->i = strchr("di", conv) ? (int32_t)bits : (long long)(uint32_t)bits;
    else out->u = bits;
    return true;
}

/* One conversion of the format at *p (after its '%'), printed to out. */
static void print_conversion(FILE *out, const char **p, value_reader *v) {
    char spec[64] = "%";
    size_t n = 1;
    const char *s = *p;
    while (*s && strchr("-+ #0123456789.", *s) && n < sizeof spec - 4) spec[n++] = *s++;
    int components = 1;
    if (*s == 'v' && s[1] >= '2' && s[1] <= '4') {
        components = s[1] - '0';
        s += 2;
    }
    char conv = *s ? *s++ : 'd';
    *p = s;
    if (strchr("diouxX", conv)) spec[n++] = 'l', spec[n++] = 'l';
    spec[n++] = conv;
    spec[n] = 0;
    for (int c = 0; c < components; c++) {
        value x;
        if (c) fputc(',', out);
        if (!read_value(v, conv, &x)) {
            fputs("<no value>", out);
            return;
        }
        if (strchr("fFeEgGaA", conv)) fprintf(out, spec, x.f);
        else if (conv == 'p') fprintf(out, spec, (void *)(uintptr_t)x.u);
        else if (conv == 'c') fprintf(out, spec, (int)x.i);
        else if (strchr("di", conv)) fprintf(out, spec, x.i);
        else fprintf(out, spec, x.u);
    }
}

/* The site's text with the record's values, into out. */
static void format_site(FILE *out, const camp_report_site *site, const uint32_t *record) {
    value_reader v = {record + CAMP_RECORD_VALUES, record[CAMP_RECORD_WORDS] - CAMP_RECORD_VALUES, 0,
                      site->values ? site->values : ""};
    for (const char *p = site->text ? site->text : ""; *p;) {
        if (*p != '%') {
            fputc(*p++, out);
        } else if (p[1] == '%') {
            fputc('%', out);
            p += 2;
        } else {
            p++;
            print_conversion(out, &p, &v);
        }
    }
}

/* "{3, 17}": the thread's index as the kernel's index variable has it,
 * the most significant component first (extent64's: two words, camp_abi.h). */
static void format_index(char *out, size_t size, const camp_kernel_info *kernel, const uint32_t *record) {
    uint32_t rank = kernel->rank >= 1 && kernel->rank <= 3 ? kernel->rank : 3;
    const uint32_t *gpu = record + CAMP_RECORD_INDEX;
    if (kernel->wide_index) snprintf(out, size, "{%llu}", (unsigned long long)gpu[1] << 32 | gpu[0]);
    else if (rank == 1) snprintf(out, size, "{%u}", gpu[0]);
    else if (rank == 2) snprintf(out, size, "{%u, %u}", gpu[1], gpu[0]);
    else snprintf(out, size, "{%u, %u, %u}", gpu[2], gpu[1], gpu[0]);
}

/* A printf record on stdout, each of its lines after the thread's index
 * with CAMP_PRINTF_PREFIX. */
static void print_record(const struct camp_reports *r, const camp_report_site *site, const camp_kernel_info *kernel,
                         const uint32_t *record) {
    char *text = NULL;
    size_t length = 0;
    FILE *m = open_memstream(&text, &length);
    if (!m) return;
    format_site(m, site, record);
    fclose(m);
    char index[48];
    format_index(index, sizeof index, kernel, record);
    for (size_t i = 0; i < length; i++) {
        if (r->prefix && (i == 0 || text[i - 1] == '\n')) printf("%s ", index);
        putchar(text[i]);
    }
    free(text);
}

/* ---- draining ------------------------------------------------------------------------ */

/* The records of the buffer, in launch order: positions of their first
 * word, grouped by launch number (a counting sort), in `order`. */
static uint32_t sort_records(const struct camp_reports *r, uint32_t end, uint32_t **order) {
    const uint32_t *w = r->words + CAMP_REPORT_RECORDS;
    uint32_t total = 0;
    uint32_t *first = calloc((size_t)r->count + 1, sizeof *first);
    for (uint32_t pos = 0; pos < end && first;) {
        uint32_t n = w[pos + CAMP_RECORD_WORDS];
        if (n < CAMP_RECORD_VALUES || n > end - pos || w[pos + CAMP_RECORD_LAUNCH] >= r->count) break;
        first[w[pos + CAMP_RECORD_LAUNCH] + 1]++;
        total++;
        pos += n;
    }
    *order = first ? malloc(((size_t)total + 1) * sizeof **order) : NULL;
    if (!*order) {
        free(first);
        return 0;
    }
    for (uint32_t l = 0; l < r->count; l++) first[l + 1] += first[l];
    for (uint32_t pos = 0, i = 0; i < total; i++) {
        (*order)[first[w[pos + CAMP_RECORD_LAUNCH]]++] = pos;
        pos += w[pos + CAMP_RECORD_WORDS];
    }
    free(first);
    return total;
}

/* Whether failure record a is reported before b: the earlier launch's,
 * then the lower thread index (z, y, x), then the lower site; threads of
 * one launch write their records in whatever order the device ran them,
 * and the message must not change from run to run. */
static bool reported_before(const uint32_t *a, const uint32_t *b) {
    if (a[CAMP_RECORD_LAUNCH] != b[CAMP_RECORD_LAUNCH]) return a[CAMP_RECORD_LAUNCH] < b[CAMP_RECORD_LAUNCH];
    for (int d = 2; d >= 0; d--)
        if (a[CAMP_RECORD_INDEX + d] != b[CAMP_RECORD_INDEX + d])
            return a[CAMP_RECORD_INDEX + d] < b[CAMP_RECORD_INDEX + d];
    return a[CAMP_RECORD_SITE] < b[CAMP_RECORD_SITE];
}

/* The failure to report (a failed assert, an index out of bounds: see
 * reported_before) as the call's error, with how many more there were. */
static camp_status fail_report(const camp_report_site *site, const camp_report_launch *launch, const uint32_t *record,
                               uint32_t more) {
    const camp_kernel_info *kernel = launch->kernel;
    char index[48], others[96] = "", *text = NULL;
    size_t length = 0;
    FILE *m = open_memstream(&text, &length);
    if (!m) return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    format_site(m, site, record);
    /* where a pointer's address lies: its record's last value */
    uint32_t words = record[CAMP_RECORD_WORDS];
    if (site->kind == CAMP_REPORT_POINTER && launch->views && words >= CAMP_RECORD_VALUES + 2) {
        char where[256];
        camp_view_table_describe(launch->views, record[words - 2] | (uint64_t)record[words - 1] << 32, where,
                                 sizeof where);
        fputs(where, m);
    }
    fclose(m);
    format_index(index, sizeof index, kernel, record);
    if (more) snprintf(others, sizeof others, " (and %u more failures)", more);
    camp_status kind = site->kind == CAMP_REPORT_ASSERT ? CAMP_ERROR_ASSERTION
                       : site->kind == CAMP_REPORT_RACE     ? CAMP_ERROR_DATA_RACE
                       : site->kind == CAMP_REPORT_DIVISION ? CAMP_ERROR_DIVISION_BY_ZERO
                                                            : CAMP_ERROR_OUT_OF_BOUNDS;
    camp_status status = camp_fail_at(kind, site->file, site->line, "%s at index %s%s", text, index, others);
    free(text);
    return status;
}

camp_status camp_reports_drain(camp_accelerator_view *q) {
    struct camp_reports *r = q->reports;
    if (!r || !r->count) return CAMP_OK;
    /* launch numbers count from 0 again only once none can still write */
    for (uint32_t l = 0; l < r->count; l++)
        if (r->launches[l].serial > q->completed) return CAMP_OK;
    uint32_t *w = r->words;
    uint32_t end = w[CAMP_REPORT_USED] < r->capacity ? w[CAMP_REPORT_USED] : r->capacity;
    uint32_t *order = NULL, total = sort_records(r, end, &order);
    const uint32_t *records = w + CAMP_REPORT_RECORDS;
    uint32_t failures = 0, failed_at = 0;
    for (uint32_t i = 0; i < total; i++) {
        const uint32_t *record = records + order[i];
        const camp_report_launch *launch = &r->launches[record[CAMP_RECORD_LAUNCH]];
        uint32_t site = record[CAMP_RECORD_SITE];
        if (site >= launch->module->report_count) continue; /* not this module's: never in order */
        const camp_report_site *s = &launch->module->reports[site];
        if (s->kind == CAMP_REPORT_PRINTF) print_record(r, s, launch->kernel, record);
        else if (failures++ == 0 || reported_before(record, records + failed_at)) failed_at = order[i];
    }
    fflush(stdout);
    uint32_t dropped = w[CAMP_REPORT_DROPPED_PRINTS], dropped_failures = w[CAMP_REPORT_DROPPED_FAILURES];
    if (dropped)
        fprintf(stderr, "camp: %u lines dropped: kernels' printf output overflowed its %zu-byte buffer "
                        "(CAMP_PRINTF_BUFFER_SIZE sets it)\n",
                dropped, (size_t)(r->capacity + CAMP_REPORT_RECORDS) * 4);
    camp_status status = CAMP_OK;
    if (failures) {
        const uint32_t *record = records + failed_at;
        const camp_report_launch *launch = &r->launches[record[CAMP_RECORD_LAUNCH]];
        status = fail_report(&launch->module->reports[record[CAMP_RECORD_SITE]], launch, record,
                             failures - 1 + dropped_failures);
    } else if (dropped_failures) {
        status = camp_fail(CAMP_ERROR_ASSERTION, "%u assertions or index checks failed in kernels, but the report "
                                                 "buffer was full (CAMP_PRINTF_BUFFER_SIZE sets its size)",
                           dropped_failures);
    }
    free(order);
    /* empty for the next launches: the device sees these writes at its next submission */
    memset(w + CAMP_REPORT_RECORDS, 0, (size_t)end * sizeof *w);
    w[CAMP_REPORT_USED] = w[CAMP_REPORT_DROPPED_PRINTS] = w[CAMP_REPORT_DROPPED_FAILURES] = 0;
    free_tables(r);
    r->count = 0;
    return status;
}

camp_status camp_reports_finish_all(void) {
    camp_status first = CAMP_OK;
    for (camp_accelerator_view *q = camp_rt.views; q; q = q->next)
        /* a report pending, or a kernel that lavapipe's loop budget may
         * have cut short (loop_limit.c): its report comes after it ran */
        if ((q->reports && q->reports->count) || q->dev->loop_checked) {
            camp_status status = camp_queue_finish(q);
            if (first == CAMP_OK) first = status;
        }
    return first;
}
