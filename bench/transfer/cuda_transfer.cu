// cuda_transfer — the CUDA side of the transfer baselines: cudaMemcpy from
// and to pageable malloc'd memory, pinned memory (cudaMallocHost) and
// malloc'd memory registered with cudaHostRegister (registered once per size,
// before the clock starts), both directions, at vk_transfer's sizes, every
// copy checked before its time counts; plus what cudaMalloc and
// cudaHostRegister cost. Same output as vk_transfer (docs/performance.md,
// "Transfer baselines"):
//   BENCH name=transfer size=<bytes> impl=cuda-<pageable|pinned|registered>-<h2d|d2h>
//         ms=<median> value=<GB/s> unit=GB/s reps=<n> best_ms=<min> best_value=<GB/s>
//   BENCH name=alloc size=<bytes> impl=<what> ms=<median> value=<ms> unit=ms reps=<n> best_ms=<min>
// usage: cuda_transfer [--quick] [--min SIZE] [--max SIZE] [--reps N]
// build: nvcc -O2 -std=c++17 -o cuda_transfer cuda_transfer.cu
#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <utility>
#include <vector>

// The pattern and kernels stay outside the anonymous namespace below: some
// nvcc versions mishandle __global__ functions inside one.

// vk_transfer's pattern (pattern.c): word i of seed s, a bijection of
// i + s * K, so every word differs between seeds and between positions.
__host__ __device__ inline uint32_t pattern_word(size_t index, uint32_t seed) {
    uint32_t x = (uint32_t)index + seed * 0x9E3779B1u;
    x ^= x >> 16;
    x *= 0x85EBCA6Bu;
    return x ^ (x >> 13);
}

__global__ void fill_kernel(uint32_t *words, size_t count, uint32_t seed) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < count; i += (size_t)gridDim.x * blockDim.x)
        words[i] = pattern_word(i, seed);
}

__global__ void check_kernel(const uint32_t *words, size_t count, uint32_t seed, unsigned long long *first_bad) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < count; i += (size_t)gridDim.x * blockDim.x)
        if (words[i] != pattern_word(i, seed)) atomicMin(first_bad, (unsigned long long)i);
}

namespace {

constexpr size_t KIB = 1024, MIB = 1024 * KIB, GIB = 1024 * MIB, PAGE = 4096;
constexpr size_t ALLOCATION_SIZE = 256 * MIB; // of the cudaMalloc measurement, at most
constexpr size_t NO_MISMATCH = SIZE_MAX;

void check_cuda(cudaError_t error, const char *call, int line) {
    if (error == cudaSuccess) return;
    std::fprintf(stderr, "cuda_transfer:%d: %s failed: %s\n", line, call, cudaGetErrorString(error));
    std::exit(1);
}
#define CUDA(call) check_cuda((call), #call, __LINE__)

double now_ms() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Runs f(begin, end) over [0, words) on up to 16 host threads (fill and check
// of up to 1 GiB would otherwise dominate the run time).
template <class F> void parallel_for(size_t words, F f) {
    unsigned count = std::min(16u, std::max(1u, std::thread::hardware_concurrency()));
    if (words < 256 * KIB) count = 1;
    size_t share = (words + count - 1) / count;
    std::vector<std::thread> threads;
    for (unsigned t = 1; t < count; t++) {
        size_t begin = t * share, end = std::min(words, begin + share);
        if (begin < end) threads.emplace_back(f, begin, end);
    }
    f(size_t{0}, std::min(words, share));
    for (std::thread &thread : threads) thread.join();
}

void host_fill(void *data, size_t bytes, uint32_t seed) {
    uint32_t *words = static_cast<uint32_t *>(data);
    parallel_for(bytes / 4, [=](size_t begin, size_t end) {
        for (size_t i = begin; i < end; i++) words[i] = pattern_word(i, seed);
    });
}

size_t host_mismatch(const void *data, size_t bytes, uint32_t seed) {
    const uint32_t *words = static_cast<const uint32_t *>(data);
    std::atomic<size_t> first_bad{NO_MISMATCH};
    parallel_for(bytes / 4, [&](size_t begin, size_t end) {
        for (size_t i = begin; i < end; i++)
            if (words[i] != pattern_word(i, seed)) {
                size_t known = first_bad.load();
                while (i < known && !first_bad.compare_exchange_weak(known, i)) {}
                return;
            }
    });
    return first_bad.load() == NO_MISMATCH ? NO_MISMATCH : 4 * first_bad.load();
}

enum { GRID = 1024, BLOCK = 256 };

void device_fill(void *data, size_t bytes, uint32_t seed) {
    fill_kernel<<<GRID, BLOCK>>>(static_cast<uint32_t *>(data), bytes / 4, seed);
    CUDA(cudaGetLastError());
    CUDA(cudaDeviceSynchronize());
}

size_t device_mismatch(const void *data, size_t bytes, uint32_t seed, unsigned long long *first_bad) {
    unsigned long long none = ~0ull, found;
    CUDA(cudaMemcpy(first_bad, &none, sizeof none, cudaMemcpyHostToDevice));
    check_kernel<<<GRID, BLOCK>>>(static_cast<const uint32_t *>(data), bytes / 4, seed, first_bad);
    CUDA(cudaGetLastError());
    CUDA(cudaMemcpy(&found, first_bad, sizeof found, cudaMemcpyDeviceToHost));
    return found == none ? NO_MISMATCH : 4 * (size_t)found;
}

struct options {
    size_t min = 4 * KIB, max = GIB;
    int reps = 7;
};

enum class host_memory { pageable, pinned, registered };

struct path {
    const char *impl;
    host_memory memory;
    bool to_device;
};

const path paths[] = {
    {"cuda-pageable-h2d", host_memory::pageable, true},   {"cuda-pinned-h2d", host_memory::pinned, true},
    {"cuda-registered-h2d", host_memory::registered, true}, {"cuda-pageable-d2h", host_memory::pageable, false},
    {"cuda-pinned-d2h", host_memory::pinned, false},      {"cuda-registered-d2h", host_memory::registered, false},
};

struct bench {
    options opt;
    void *user_block = nullptr; // the program's memory, from malloc
    char *user = nullptr;       // its first page-aligned byte
    void *pinned = nullptr;
    void *device = nullptr;
    unsigned long long *first_bad = nullptr; // on the device
    uint32_t seed = 0;                       // the last seed used
    std::vector<double> times, more_times;
};

// Sorts `ms`; returns {median, best}.
std::pair<double, double> summarize(std::vector<double> &ms) {
    std::sort(ms.begin(), ms.end());
    return {ms[ms.size() / 2], ms[0]};
}

void report_transfer(const char *impl, size_t size, std::vector<double> &ms) {
    auto [median, best] = summarize(ms);
    std::printf("BENCH name=transfer size=%zu impl=%s ms=%.6f value=%.3f unit=GB/s reps=%zu best_ms=%.6f "
                "best_value=%.3f\n",
                size, impl, median, size / median / 1e6, ms.size(), best, size / best / 1e6);
    std::fflush(stdout);
}

void report_alloc(const char *impl, size_t size, std::vector<double> ms) {
    auto [median, best] = summarize(ms);
    std::printf("BENCH name=alloc size=%zu impl=%s ms=%.6f value=%.6f unit=ms reps=%zu best_ms=%.6f\n", size, impl,
                median, median, ms.size(), best);
    std::fflush(stdout);
}

void fail_check(const path &p, size_t size, int rep, size_t offset) {
    std::fprintf(stderr, "cuda_transfer: %s, %zu bytes, copy %d (0: the warm-up): wrong bytes at offset %zu\n", p.impl,
                 size, rep + 1, offset);
    std::exit(1);
}

// One warm-up and opt.reps timed copies, each with its own bytes: a new
// pattern in the source (host->device) or over the destination
// (device->host), so a copy that did not happen cannot pass the check.
void measure(bench &b, const path &p, size_t size) {
    char *host = p.memory == host_memory::pinned ? static_cast<char *>(b.pinned) : b.user;
    if (p.memory == host_memory::registered) CUDA(cudaHostRegister(b.user, size, cudaHostRegisterDefault));
    uint32_t device_seed = ++b.seed;
    if (!p.to_device) device_fill(b.device, size, device_seed);
    for (int rep = -1; rep < b.opt.reps; rep++) {
        uint32_t seed = ++b.seed;
        host_fill(host, size, seed);
        double start = now_ms();
        if (p.to_device)
            CUDA(cudaMemcpy(b.device, host, size, cudaMemcpyHostToDevice));
        else
            CUDA(cudaMemcpy(host, b.device, size, cudaMemcpyDeviceToHost));
        // A copy from pageable memory may return before its DMA is done.
        CUDA(cudaDeviceSynchronize());
        double ms = now_ms() - start;
        size_t bad = p.to_device ? device_mismatch(b.device, size, seed, b.first_bad)
                                 : host_mismatch(host, size, device_seed);
        if (bad != NO_MISMATCH) fail_check(p, size, rep, bad);
        if (rep >= 0) b.times[rep] = ms;
    }
    if (p.memory == host_memory::registered) CUDA(cudaHostUnregister(b.user));
    report_transfer(p.impl, size, b.times);
}

// What registering the program's pages costs (what a cache of
// registrations saves): the first registration of the range at this size,
// then registration and release, repeated. The pages are written first, as
// a program's would be, so that no registration pays for faulting them in.
void measure_register(bench &b, size_t size) {
    host_fill(b.user, size, ++b.seed);
    double start = now_ms();
    CUDA(cudaHostRegister(b.user, size, cudaHostRegisterDefault));
    std::vector<double> first{now_ms() - start};
    CUDA(cudaHostUnregister(b.user));
    for (int rep = 0; rep < b.opt.reps; rep++) {
        start = now_ms();
        CUDA(cudaHostRegister(b.user, size, cudaHostRegisterDefault));
        double middle = now_ms();
        CUDA(cudaHostUnregister(b.user));
        b.times[rep] = middle - start;
        b.more_times[rep] = now_ms() - middle;
    }
    report_alloc("cuda-host-register-first", size, first);
    report_alloc("cuda-host-register", size, b.times);
    report_alloc("cuda-host-unregister", size, b.more_times);
}

// cudaMalloc and cudaFree of device memory: the first allocation of the
// process (after the context exists), then allocation and release, repeated.
void measure_allocation(bench &b, size_t size) {
    for (int rep = -1; rep < b.opt.reps; rep++) {
        void *memory;
        double start = now_ms();
        CUDA(cudaMalloc(&memory, size));
        double middle = now_ms();
        CUDA(cudaFree(memory));
        double allocated = middle - start, freed = now_ms() - middle;
        if (rep < 0) {
            report_alloc("cuda-malloc-first", size, {allocated});
            continue;
        }
        b.times[rep] = allocated;
        b.more_times[rep] = freed;
    }
    report_alloc("cuda-malloc", size, b.times);
    report_alloc("cuda-free", size, b.more_times);
}

[[noreturn]] void usage() {
    std::fprintf(stderr, "usage: cuda_transfer [--quick] [--min SIZE] [--max SIZE] [--reps N]\n"
                         "  sizes go from --min (4K) by factors of 4 up to --max (1G); SIZE is bytes or has a K, M "
                         "or G suffix\n"
                         "  --quick: 4K to 256K; --reps: timed repetitions per path and size, at least 6 (7)\n");
    std::exit(2);
}

size_t parse_size(const char *text) {
    char *end;
    unsigned long long n = std::strtoull(text, &end, 10);
    size_t unit = *end == 'K' ? KIB : *end == 'M' ? MIB : *end == 'G' ? GIB : 1;
    if (unit != 1) end++;
    if (end == text || *end || n == 0 || n > SIZE_MAX / unit) usage();
    return (size_t)n * unit;
}

options parse_options(int argc, char **argv) {
    options opt;
    for (int i = 1; i < argc; i++)
        if (std::strcmp(argv[i], "--quick") == 0) opt.max = 256 * KIB;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (std::strcmp(arg, "--quick") == 0) continue;
        if (i + 1 >= argc) usage();
        const char *value = argv[++i];
        if (std::strcmp(arg, "--min") == 0)
            opt.min = parse_size(value);
        else if (std::strcmp(arg, "--max") == 0)
            opt.max = parse_size(value);
        else if (std::strcmp(arg, "--reps") == 0)
            opt.reps = std::atoi(value);
        else
            usage();
    }
    if (opt.min % PAGE || opt.max % PAGE || opt.min > opt.max || opt.reps < 6) usage();
    return opt;
}

} // namespace

int main(int argc, char **argv) {
    bench b;
    b.opt = parse_options(argc, argv);
    b.times.resize(b.opt.reps);
    b.more_times.resize(b.opt.reps);

    CUDA(cudaFree(nullptr)); // creates the context, outside every measurement
    int device;
    cudaDeviceProp properties;
    CUDA(cudaGetDevice(&device));
    CUDA(cudaGetDeviceProperties(&properties, device));
    int runtime, driver;
    CUDA(cudaRuntimeGetVersion(&runtime));
    CUDA(cudaDriverGetVersion(&driver));
    std::printf("# cuda_transfer: %s (CUDA runtime %d, driver %d), %d timed repetitions after one warm-up\n",
                properties.name, runtime, driver, b.opt.reps);

    measure_allocation(b, std::min(ALLOCATION_SIZE, b.opt.max));

    b.user_block = std::malloc(b.opt.max + PAGE);
    if (!b.user_block) {
        std::fprintf(stderr, "cuda_transfer: out of host memory\n");
        return 1;
    }
    b.user = reinterpret_cast<char *>(((uintptr_t)b.user_block + PAGE - 1) / PAGE * PAGE);
    CUDA(cudaMallocHost(&b.pinned, b.opt.max));
    CUDA(cudaMalloc(&b.device, b.opt.max));
    CUDA(cudaMalloc(&b.first_bad, sizeof *b.first_bad));

    for (size_t size = b.opt.min;; size = size * 4 > b.opt.max && size < b.opt.max ? b.opt.max : size * 4) {
        measure_register(b, size);
        for (const path &p : paths) measure(b, p, size);
        if (size >= b.opt.max) break;
    }
    std::printf("# every copy checked: ok\n");

    CUDA(cudaFree(b.first_bad));
    CUDA(cudaFree(b.device));
    CUDA(cudaFreeHost(b.pinned));
    std::free(b.user_block);
    return 0;
}
