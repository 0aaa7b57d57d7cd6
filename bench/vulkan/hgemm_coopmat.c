/* hgemm's Vulkan twin (glsl/hgemm_coopmat.comp): the tensor cores through
 * VK_NV_cooperative_matrix, 16 x 16 x 16 fragments of half with float
 * accumulators.
 *
 *   vk_hgemm_coopmat [--tile TILE[,TILE...]] [--quick] [--size N] [--reps N] [--runs N]
 *
 * At each size every tile variant (--tile's, else DEFAULT_VARIANTS) that
 * fits the device is measured, checked and printed as a BENCH line with
 * variant=TILE; then the fastest again, with tile=TILE and no variant: the
 * twin's row in bench/run's kernel table. TILE is MxNxK_SMxSN_sS_bB: a
 * workgroup tile of M x N of C, K along k per step, SM x SN subgroups,
 * S shared-memory stages (1 or 2), bands of B tile rows (the shader says
 * what each does). A device without the extension or the shape skips the
 * program (bench_skip). */
#include "../problems/hgemm.h"
#include "coopmat_nv.h"

#include <stdint.h>

static const char *const DEFAULT_VARIANTS =
    "128x128x32_2x2_s2_b8,128x128x32_2x4_s2_b8,128x128x64_2x4_s1_b8,128x256x32_2x4_s1_b8,"
    "128x256x32_2x4_s1_b1,256x128x32_4x2_s1_b8,128x256x16_2x4_s2_b8,256x128x16_4x2_s2_b8";

enum { FRAG = 16, HALVES_PER_VEC = 8, MOST_VARIANTS = 32, TOKEN = 48 };

/* The shader's specialization constants, in constant_id order (the last,
 * the workgroup size, is set from the subgroups and the subgroup size). */
typedef struct variant {
    uint32_t tile_m, tile_n, tile_k, subgroups_m, subgroups_n, stages, band, threads;
    char token[TOKEN];
} variant;

typedef struct hgemm_args {
    VkDeviceAddress a, b, c;
    uint32_t n;
} hgemm_args;

static void usage(void) {
    fprintf(stderr, "usage: vk_hgemm_coopmat [--tile MxNxK_SMxSN_sS_bB[,...]] [--quick] [--size N] [--reps N] "
                    "[--runs N]\n");
    exit(2);
}

/* One TILE token, or a usage error for a malformed or impossible one. */
static variant parse_variant(const char *token, size_t length) {
    variant t = {0};
    if (length >= TOKEN) usage();
    memcpy(t.token, token, length);
    int used = 0;
    if (sscanf(t.token, "%ux%ux%u_%ux%u_s%u_b%u%n", &t.tile_m, &t.tile_n, &t.tile_k, &t.subgroups_m,
               &t.subgroups_n, &t.stages, &t.band, &used) != 7 ||
        (size_t)used != length)
        usage();
    bool possible = t.subgroups_m && t.subgroups_n && t.tile_m % (t.subgroups_m * FRAG) == 0 &&
                    t.tile_n % (t.subgroups_n * FRAG) == 0 && t.tile_k && t.tile_k % FRAG == 0 &&
                    (t.stages == 1 || t.stages == 2) && t.band;
    if (!possible) {
        fprintf(stderr, "vk_hgemm_coopmat: tile %s: M and N must be multiples of 16 x the subgroups, K of 16, "
                        "S 1 or 2, B at least 1\n", t.token);
        exit(2);
    }
    return t;
}

/* The variants of a comma-separated list; their number. */
static int parse_variants(const char *list, variant *out) {
    int count = 0;
    for (const char *p = list; *p;) {
        size_t length = strcspn(p, ",");
        if (count == MOST_VARIANTS) usage();
        out[count++] = parse_variant(p, length);
        p += length + (p[length] == ',');
    }
    if (!count) usage();
    return count;
}

/* --tile's list (taken out of argv, the rest left for bench_parse), else
 * the default one. */
static const char *take_tile_option(int *argc, char **argv) {
    const char *list = DEFAULT_VARIANTS;
    int kept = 1;
    for (int i = 1; i < *argc; i++) {
        if (strcmp(argv[i], "--tile") == 0) {
            if (i + 1 == *argc) usage();
            list = argv[++i];
        } else {
            argv[kept++] = argv[i];
        }
    }
    *argc = kept;
    return list;
}

static uint32_t subgroup_size(const vkb *v) {
    VkPhysicalDeviceSubgroupProperties subgroup = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
    VkPhysicalDeviceProperties2 properties = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                              .pNext = &subgroup};
    vkGetPhysicalDeviceProperties2(vkb_physical(v), &properties);
    return subgroup.subgroupSize;
}

/* NULL if variant t runs on the device at size n, else why not (in `why`). */
static const char *variant_unfit(const vkb *v, const variant *t, long long n, char *why, size_t size) {
    const VkPhysicalDeviceLimits *limits = &vkb_properties(v)->limits;
    uint32_t shared = t->stages * (t->tile_m * (t->tile_k + HALVES_PER_VEC) + t->tile_k * (t->tile_n + HALVES_PER_VEC)) * 2;
    if (n % t->tile_m || n % t->tile_n || n % t->tile_k)
        snprintf(why, size, "the size is not a multiple of its tile");
    else if (t->threads > limits->maxComputeWorkGroupInvocations || t->threads > limits->maxComputeWorkGroupSize[0])
        snprintf(why, size, "its %u threads are more than a workgroup may have", t->threads);
    else if (t->tile_m * t->tile_k / HALVES_PER_VEC % t->threads || t->tile_k * t->tile_n / HALVES_PER_VEC % t->threads)
        snprintf(why, size, "its slices of A and B do not divide into 16-byte loads among its %u threads", t->threads);
    else if (shared > limits->maxComputeSharedMemorySize)
        snprintf(why, size, "it needs %u bytes of shared memory and the device has %u", shared,
                 limits->maxComputeSharedMemorySize);
    else
        return NULL;
    return why;
}

typedef struct problem {
    vkb *v;
    const bench_options *o;
    const uint16_t *a, *b;
    float *c;
    vkb_buffer ab, bb, cb;
} problem;

/* Measures and checks variant t; its median ms. */
static double measure_variant(problem *p, const variant *t) {
    uint32_t constants[] = {t->tile_m,      t->tile_n, t->tile_k, t->subgroups_m,
                            t->subgroups_n, t->stages, t->band,   t->threads};
    vkb_kernel kernel = vkb_kernel_load_specialized(p->v, "hgemm_coopmat", sizeof(hgemm_args), constants,
                                                    sizeof constants / sizeof *constants);
    uint32_t n = (uint32_t)p->o->size;
    hgemm_args args = {p->ab.address, p->bb.address, p->cb.address, n};
    vkb_dispatch dispatch = {&kernel, &args, {n / t->tile_n, n / t->tile_m, 1}};
    vkb_buffer_fill(p->v, &p->cb, 0xffffffffu); /* NaN: an element no workgroup writes fails the check */
    double ms = vkb_measure(p->v, p->o, &dispatch, 1);
    vkb_buffer_read(p->v, &p->cb, p->c);
    hgemm_check(p->o, "vulkan", p->a, p->b, p->c);
    vkb_kernel_free(p->v, &kernel);
    return ms;
}

/* Every variant that fits at size o->size; the fastest again as the row. */
static void measure_size(vkb *v, const bench_options *o, const variant *variants, int count) {
    size_t n = (size_t)o->size, elements = n * n;
    uint16_t *a = bench_alloc(o, elements * sizeof *a), *b = bench_alloc(o, elements * sizeof *b);
    float *c = bench_alloc(o, elements * sizeof *c);
    problem p = {.v = v, .o = o, .a = a, .b = b, .c = c};
    hgemm_init(a, b, o->size);
    p.ab = vkb_buffer_new(v, elements * sizeof *a, a);
    p.bb = vkb_buffer_new(v, elements * sizeof *b, b);
    p.cb = vkb_buffer_new(v, elements * sizeof *c, NULL);
    const variant *best = NULL;
    double best_ms = 0;
    for (int i = 0; i < count; i++) {
        char why[200], keys[TOKEN + 16];
        if (variant_unfit(v, &variants[i], o->size, why, sizeof why)) {
            fprintf(stderr, "%s (vulkan): tile %s left out at size %lld: %s\n", o->name, variants[i].token, o->size,
                    why);
            continue;
        }
        double ms = measure_variant(&p, &variants[i]);
        snprintf(keys, sizeof keys, "variant=%s", variants[i].token);
        hgemm_report(o, "vulkan", ms, keys);
        if (!best || ms < best_ms) best = &variants[i], best_ms = ms;
    }
    if (!best) bench_refuse(o, "no tile variant fits the device at this size");
    char keys[TOKEN + 16];
    snprintf(keys, sizeof keys, "tile=%s", best->token);
    hgemm_report(o, "vulkan", best_ms, keys);
    vkb_buffer_free(v, &p.ab);
    vkb_buffer_free(v, &p.bb);
    vkb_buffer_free(v, &p.cb);
    free(a);
    free(b);
    free(c);
}

int main(int argc, char **argv) {
    const char *list = take_tile_option(&argc, argv);
    variant variants[MOST_VARIANTS];
    int count = parse_variants(list, variants);
    bench_options at[2];
    int size_count = hgemm_parse(argc, argv, FRAG, at);
    double largest = (double)at[size_count - 1].size;
    vkb *v = vkb_open_physical(&at[size_count - 1], 8.0 * largest * largest);
    char why[2048];
    coopmat_shape shape = {FRAG, FRAG, FRAG, VK_COMPONENT_TYPE_FLOAT16_NV, VK_COMPONENT_TYPE_FLOAT32_NV};
    const char *missing = coopmat_nv_missing(v, &shape, why, sizeof why);
    if (missing) bench_skip(&at[0], "vulkan", missing);
    coopmat_nv_storage storage;
    vkb_needs needs = coopmat_nv_needs(&storage);
    vkb_create_device(v, &needs);
    for (int i = 0; i < count; i++)
        variants[i].threads = variants[i].subgroups_m * variants[i].subgroups_n * subgroup_size(v);
    for (int s = 0; s < size_count; s++) measure_size(v, &at[s], variants, count);
    vkb_close(v);
    return 0;
}
