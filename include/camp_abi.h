/* camp_abi.h — the private launch ABI between campcc's generated host code
 * and libcamp. Users never include it; campcc's output does. Any change to
 * these structures or to the push-constant header bumps CAMP_ABI_VERSION, so
 * an object file built for another runtime fails loudly at its first launch. */
#ifndef CAMP_ABI_H
#define CAMP_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CAMP_ABI_VERSION 2u

/* Device features a kernel needs beyond Vulkan 1.2 + bufferDeviceAddress +
 * scalarBlockLayout (always required). */
enum camp_feature {
    CAMP_FEATURE_INT64 = 1u << 0,   /* shaderInt64 */
    CAMP_FEATURE_FLOAT64 = 1u << 1, /* shaderFloat64 */
    CAMP_FEATURE_INT16 = 1u << 2,   /* shaderInt16 + storageBuffer16BitAccess */
    CAMP_FEATURE_INT8 = 1u << 3,    /* shaderInt8 + storageBuffer8BitAccess */
    /* VK_EXT_shader_atomic_float, buffer and shared variants of each: */
    CAMP_FEATURE_ATOMIC_FLOAT_ADD = 1u << 4, /* shader{Buffer,Shared}Float32AtomicAdd */
    CAMP_FEATURE_ATOMIC_FLOAT = 1u << 5,     /* shader{Buffer,Shared}Float32Atomics (exchange) */
};

/* Every kernel's push constants start with this header (scalar layout),
 * written by the runtime; the kernel's captures follow at the offsets the
 * compiler chose, written by the generated host code. */
typedef struct camp_push_header {
    int32_t size[3];          /* extent in GPU order: x = least significant; unused are 1 */
    uint32_t group_offset[3]; /* workgroup offset of this dispatch (grids split over limits) */
} camp_push_header;

#define CAMP_PUSH_HEADER_SIZE 24u

/* One kernel (one parallel_for_each) of a module. */
typedef struct camp_kernel_info {
    const char *entry;      /* SPIR-V entry point name */
    const char *file;       /* source file of the parallel_for_each */
    uint32_t line, column;  /* its location */
    uint32_t rank;          /* 1..3 */
    uint32_t tiled;         /* 1 for a tiled domain */
    uint32_t local_size[3]; /* workgroup size, x y z */
    uint32_t push_size;     /* bytes of push constants, header included */
    uint32_t features;      /* enum camp_feature bits */
    uint32_t tile_static_bytes; /* Workgroup memory of its tile_static variables */
} camp_kernel_info;

/* One translation unit's SPIR-V module and its kernels. */
typedef struct camp_module_info {
    uint32_t abi_version; /* CAMP_ABI_VERSION of the compiler that made it */
    const uint32_t *spirv;
    size_t spirv_words;
    const camp_kernel_info *kernels;
    uint32_t kernel_count;
    void *runtime_state; /* owned by libcamp; NULL in generated code */
} camp_module_info;

/* What a kernel may do to a view; CAMP_ACCESS_POINTER marks a captured
 * pointer rather than an object. */
enum camp_access { CAMP_ACCESS_READ = 1u, CAMP_ACCESS_WRITE = 2u, CAMP_ACCESS_POINTER = 4u };

/* Memory a kernel uses. An object (an array with a complete type) is an
 * implicit view: copied in before the kernel, and back after it if written,
 * unless it lies inside an explicit view (array_view, array_new), which then
 * provides it. A pointer (CAMP_ACCESS_POINTER, bytes 0) must lie inside an
 * explicit view, or inside an object of the same launch; NULL stays NULL.
 * Either way the runtime writes the device address (uint64_t) that
 * corresponds to `host` at push_offset in the push constants. */
typedef struct camp_launch_view {
    void *host;           /* first byte of the object, or the pointer's value */
    size_t bytes;         /* the object's size; 0 for a pointer */
    uint32_t push_offset; /* where its device address goes */
    uint32_t access;      /* enum camp_access bits */
    const char *name;     /* the variable's name, for messages */
} camp_launch_view;

/* Runs kernel `kernel` of `module` over `extent` (rank components, most
 * significant first) on the calling thread's current accelerator view
 * (camp_set_current_view). `push` holds push_size bytes: the header is
 * filled here, the captures by the caller. Implicit views are copied in
 * before the kernel and those with CAMP_ACCESS_WRITE copied back after it
 * (the call then waits for the kernel); explicit views follow their own lazy
 * rules, so in automatic queuing mode the call may return before the kernel
 * has run. */
void camp_abi_launch(camp_module_info *module, uint32_t kernel, const int32_t *extent, void *push,
                     const camp_launch_view *views, uint32_t view_count);

#ifdef __cplusplus
}
#endif
#endif /* CAMP_ABI_H */
