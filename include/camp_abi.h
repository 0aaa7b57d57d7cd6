/* camp_abi.h — the private launch ABI between campcc's generated host code
 * and libcamp. Users never include it; campcc's output does. Any change to
 * these structures or to the push-constant header bumps CAMP_ABI_VERSION, so
 * an object file built for another runtime fails loudly at its first launch. */
#ifndef CAMP_ABI_H
#define CAMP_ABI_H

/* No system header: generated code includes this file before the user's
 * first line, where any libc header would fix the feature-test macros
 * (_GNU_SOURCE, _POSIX_C_SOURCE...) before the user's own #define. The
 * compiler's predefined types are the ones <stdint.h> and <stddef.h> name. */
typedef __INT32_TYPE__ camp_i32;
typedef __UINT32_TYPE__ camp_u32;
typedef __SIZE_TYPE__ camp_size;

#ifdef __cplusplus
extern "C" {
#endif

#define CAMP_ABI_VERSION 15u

/* Device features a kernel needs beyond Vulkan 1.2 + bufferDeviceAddress +
 * scalarBlockLayout (always required). */
enum camp_feature {
    CAMP_FEATURE_INT64 = 1u << 0,   /* shaderInt64 */
    CAMP_FEATURE_FLOAT64 = 1u << 1, /* shaderFloat64 */
    CAMP_FEATURE_INT16 = 1u << 2,   /* shaderInt16 + storageBuffer16BitAccess */
    CAMP_FEATURE_INT8 = 1u << 3,    /* shaderInt8 + storageBuffer8BitAccess */
    /* VK_EXT_shader_atomic_float, buffer and shared variants of each: */
    CAMP_FEATURE_ATOMIC_FLOAT_ADD = 1u << 4, /* shader{Buffer,Shared}Float32AtomicAdd */
    CAMP_FEATURE_ATOMIC_FLOAT = 1u << 5,     /* shader{Buffer,Shared}Float32Atomics (exchange, load, store) */
    CAMP_FEATURE_STORAGE_IMAGE = 1u << 6,    /* shaderStorageImageWriteWithoutFormat: textures written */
    CAMP_FEATURE_FLOAT16 = 1u << 7, /* shaderFloat16 + storageBuffer16BitAccess + shaderRoundingModeRTEFloat16 */
    CAMP_FEATURE_PUSH_CONSTANT8 = 1u << 8,  /* storagePushConstant8: an 8-bit value captured */
    CAMP_FEATURE_PUSH_CONSTANT16 = 1u << 9, /* storagePushConstant16: a 16-bit value (short, half) captured */
    /* subgroup operations: VkPhysicalDeviceSubgroupProperties.supportedStages
     * has COMPUTE, supportedOperations the bit named */
    CAMP_FEATURE_SUBGROUP_BASIC = 1u << 10,            /* VK_SUBGROUP_FEATURE_BASIC_BIT */
    CAMP_FEATURE_SUBGROUP_VOTE = 1u << 11,             /* ..._VOTE_BIT */
    CAMP_FEATURE_SUBGROUP_BALLOT = 1u << 12,           /* ..._BALLOT_BIT */
    CAMP_FEATURE_SUBGROUP_SHUFFLE = 1u << 13,          /* ..._SHUFFLE_BIT */
    CAMP_FEATURE_SUBGROUP_SHUFFLE_RELATIVE = 1u << 14, /* ..._SHUFFLE_RELATIVE_BIT */
    CAMP_FEATURE_SUBGROUP_ARITHMETIC = 1u << 15,       /* ..._ARITHMETIC_BIT */
    CAMP_FEATURE_SUBGROUP_EXTENDED_TYPES = 1u << 16,   /* shaderSubgroupExtendedTypes: on half, 64-bit ints */
    CAMP_FEATURE_COOPERATIVE_MATRIX = 1u << 17, /* VK_NV_cooperative_matrix: a kernel's cooperative-matrix module */
    CAMP_FEATURE_INT64_ATOMICS = 1u << 18,        /* shaderBufferInt64Atomics: on views and arrays (double's too) */
    CAMP_FEATURE_SHARED_INT64_ATOMICS = 1u << 19, /* shaderSharedInt64Atomics: on tile_static memory */
};

/* Every kernel's push constants start with this header (scalar layout),
 * written by the runtime; the kernel's captures follow at the offsets the
 * compiler chose, written by the generated host code. */
typedef struct camp_push_header {
    camp_i32 size[3];          /* extent in GPU order: x = least significant; unused are 1 (wide_index: below) */
    camp_u32 group_offset[3]; /* workgroup offset of this dispatch (grids split over limits) */
} camp_push_header;

#define CAMP_PUSH_HEADER_SIZE 24u
/* Push constants every Vulkan device has. A kernel whose arguments need
 * more takes its captures from an arguments buffer (args_block, below);
 * CAMP_ARGS_MAX bytes of arguments at most. */
#define CAMP_PUSH_GUARANTEED 128u
#define CAMP_ARGS_MAX 1024u

/* A matrix multiply-add shape a kernel's fragments use (camp_fragment.h):
 * M×N×K with inputs and accumulator of these component types. */
enum camp_fragment_component { CAMP_FRAGMENT_FLOAT16 = 0, CAMP_FRAGMENT_FLOAT32 = 1, CAMP_FRAGMENT_SINT8 = 2,
                               CAMP_FRAGMENT_SINT32 = 3 };
typedef struct camp_fragment_shape {
    camp_u32 m, n, k;
    camp_u32 input, accumulator; /* enum camp_fragment_component */
    camp_u32 line;               /* of its first fragment_mma */
} camp_fragment_shape;

/* One kernel (one parallel_for_each) of a module. */
typedef struct camp_kernel_info {
    const char *entry;      /* SPIR-V entry point name */
    const char *file;       /* source file of the parallel_for_each */
    camp_u32 line, column;  /* its location */
    camp_u32 rank;          /* 1..3 */
    camp_u32 tiled;         /* 1 for a tiled domain */
    camp_u32 local_size[3]; /* workgroup size, x y z; 0 0 0: chosen by the runtime (below) */
    camp_u32 push_size;     /* bytes of push constants, header included */
    camp_u32 features;      /* enum camp_feature bits */
    camp_u32 tile_static_bytes; /* Workgroup memory of its tile_static variables */
    /* Its own SPIR-V module: its entry point and only what it uses, so a
     * device is asked only for what this kernel needs. */
    const camp_u32 *spirv;
    camp_size spirv_words;
    /* A kernel that runs loops checks, on a device that ends loops after a
     * budget of passes (lavapipe), that none was cut short: it writes
     * report[0] = max(report[0], site + 1) (site 0: unknown) to the 2-word
     * report whose address the runtime gives it, with report[1] = 2; NULL
     * for a kernel without loops. loop_sites[site - 1] is "file:line". */
    const char *const *loop_sites;
    camp_u32 loop_site_count;
    camp_u32 report_offset; /* where its push constants take the report buffer (below); 0: it has none */
    camp_u32 view_table_offset; /* campcc -fcamp-check: where they take the launch's view table (below); 0: none */
    /* Its textures' bindings 0..texture_count-1 in descriptor set 0 (camp_launch_texture):
     * texture_access[b] is CAMP_ACCESS_READ for a sampled image the kernel
     * reads, CAMP_ACCESS_WRITE for a storage image it writes,
     * CAMP_ACCESS_READ | CAMP_ACCESS_WRITE for a storage image it reads and
     * writes (declared R32f, R32i or R32ui: the texture must be of that format),
     * CAMP_ACCESS_SAMPLE for a combined image sampler it samples. */
    camp_u32 texture_count;
    const camp_u32 *texture_access;
    /* What the launch's arguments are (camp_abi_launch), in their order. */
    const struct camp_kernel_param *params;
    camp_u32 param_count;
    /* A kernel with matrix fragments: the shapes it multiplies, and its
     * module with cooperative matrices (VK_NV_cooperative_matrix) and that
     * module's features, which the runtime takes on a device that has every
     * one of the shapes; elsewhere spirv above (the scalar lowering). */
    const camp_fragment_shape *fragment_shapes;
    camp_u32 fragment_shape_count;
    const camp_u32 *cooperative_spirv;
    camp_size cooperative_spirv_words;
    camp_u32 cooperative_features;
    /* An untiled kernel that can take this many consecutive elements along
     * x per thread (one vector of 128 bits of each view it reaches); 0: one
     * element. How many it does take is CAMP_SPEC_ELEMENTS_PER_THREAD. */
    camp_u32 vector_width;
    /* 1: a rank-1 kernel over extent64(n), whose index is 64-bit: the
     * launch's extent, the push header's size[0] and size[1], and a
     * report's index x and y are the low and high 32 bits of n (of the
     * thread's index). */
    camp_u32 wide_index;
    /* 0, or where the captures begin in arguments of more than
     * CAMP_PUSH_GUARANTEED bytes: bytes [args_block, push_size) of the
     * arguments go in a buffer whose device address the kernel finds at
     * CAMP_PUSH_HEADER_SIZE in its push constants, and only
     * [0, args_block) are pushed. */
    camp_u32 args_block;
} camp_kernel_info;

/* The bytes of a kernel's arguments that are pushed, its pipeline layout's
 * push-constant range: all of them rounded up to 4 (Vulkan pushes whole
 * words), or those before its arguments buffer. */
static inline camp_u32 camp_pushed_bytes(camp_u32 push_size, camp_u32 args_block) {
    return args_block ? args_block : (push_size + 3u) & ~3u;
}

/* A kernel whose local_size is 0 0 0 takes its workgroup size from these
 * specialization constants (its module's WorkgroupSize built-in), which the
 * runtime sets for its pipeline. Beyond the kernel's rank, the size
 * and the grid are 1. Such a kernel checks its index against the extent
 * unless CAMP_SPEC_BOUNDS_CHECK (a 32-bit bool) is false, which the runtime
 * sets for an extent of whole workgroups. */
enum camp_spec_id {
    CAMP_SPEC_LOCAL_SIZE_X = 0,
    CAMP_SPEC_LOCAL_SIZE_Y = 1,
    CAMP_SPEC_LOCAL_SIZE_Z = 2,
    CAMP_SPEC_BOUNDS_CHECK = 3,
    /* The device address of a kernel's loop report (below), low and high
     * 32 bits; 0 where the device runs loops as written. */
    CAMP_SPEC_LOOP_REPORT_LO = 4,
    CAMP_SPEC_LOOP_REPORT_HI = 5,
    /* True (a 32-bit bool): kernels address view elements by
     * OpPtrAccessChain where their indices are never negative; the runtime
     * sets it where every buffer the launch reaches is at most 4 GiB, on
     * devices where access chains are right and fast. */
    CAMP_SPEC_NARROW_ADDRESSES = 6,
    /* The elements along x each thread of a kernel with a vector_width
     * takes: that width (a vector of each view where the thread's elements
     * are all inside the extent and 16-byte aligned, else one at a time),
     * or 1 (one element, as written). The runtime sizes the grid to it. */
    CAMP_SPEC_ELEMENTS_PER_THREAD = 7,
};

/* Loop passes a thread of lavapipe before Mesa 25.0 runs, all its loops
 * together, before the driver leaves them (the loop report's budget). */
enum { CAMP_LAVAPIPE_LOOP_PASSES = 65535 };

/* An array at file scope that the unit can name (defined there, or
 * declared with its size): a kernel's pointer into it finds its view
 * through this, where no kernel names the array itself. */
typedef struct camp_global_array {
    const void *host;
    camp_size bytes;
    const char *name;
    camp_u32 read_only; /* its elements are const: kernels only read it, and it is never copied back */
} camp_global_array;

/* One translation unit's kernels. */
typedef struct camp_module_info {
    camp_u32 abi_version; /* CAMP_ABI_VERSION of the compiler that made it */
    const camp_u32 *spirv; /* the kernels' modules, one after another */
    camp_size spirv_words;
    const camp_kernel_info *kernels;
    camp_u32 kernel_count;
    void *runtime_state; /* owned by libcamp; NULL in generated code */
    const struct camp_report_site *reports; /* its printf and assert calls, by site number */
    camp_u32 report_count;
    const camp_global_array *globals; /* its file-scope arrays */
    camp_u32 global_count;
} camp_module_info;

/* ---- Reports: what kernels send the host (printf, failed asserts) ----
 *
 * A kernel that reaches a printf or an assert gets, at report_offset in
 * its push constants, the device address of a report buffer (64 bits) and
 * the number of its launch (32 bits), written by the runtime. A thread
 * that reports appends a record to the buffer; the host prints or reports
 * the records at its next wait for the kernel, launch by launch. */
#define CAMP_REPORT_PUSH_SIZE 12u

/* The buffer, in 32-bit words: a header, then records from
 * CAMP_REPORT_RECORDS on. A thread reserves a record's words by adding to
 * `used` atomically, and writes it only where it fits in `capacity` words;
 * otherwise it counts the record dropped. */
enum camp_report_buffer_word {
    CAMP_REPORT_USED = 0,            /* words reserved (may exceed the capacity) */
    CAMP_REPORT_CAPACITY = 1,        /* words for records */
    CAMP_REPORT_DROPPED_PRINTS = 2,  /* printf records that did not fit */
    CAMP_REPORT_DROPPED_FAILURES = 3, /* failure records (asserts) that did not fit */
    CAMP_REPORT_RECORDS = 4,
};

/* A record: this header, then the values (one word each, two for the
 * 64-bit letters) in the order of its site's `values`. */
enum camp_report_record_word {
    CAMP_RECORD_WORDS = 0,  /* the record's length in words, header included */
    CAMP_RECORD_SITE = 1,   /* its camp_report_site, by number */
    CAMP_RECORD_LAUNCH = 2, /* the launch's number from the push constants */
    CAMP_RECORD_INDEX = 3,  /* 3 words: the thread's global index, x y z (x least significant) */
    CAMP_RECORD_VALUES = 6,
};

enum camp_report_kind {
    CAMP_REPORT_PRINTF = 1, /* a line to print */
    CAMP_REPORT_ASSERT = 2, /* a failed assert at file:line; no values */
    CAMP_REPORT_BOUNDS = 3, /* campcc -fcamp-check: an index out of bounds at file:line, the one value */
    CAMP_REPORT_POINTER = 4, /* -fcamp-check: an access through a pointer outside the launch's views; the
                              * last value is the address ('p'), which the text does not print */
    CAMP_REPORT_RACE = 5,    /* -fcamp-check: a data race on tile_static memory at file:line */
    CAMP_REPORT_DIVISION = 6, /* -fcamp-check: an integer divided by zero at file:line, the divisor */
};

/* ---- -fcamp-check's view table ----
 *
 * A kernel of a checked module that reports gets, at view_table_offset in
 * its push constants, the device address (64 bits) of its launch's view
 * table, in 64-bit words: CAMP_VIEW_TABLE_SCRATCH bytes where a refused
 * access goes instead; the number of views (at least 1); per capture
 * slot ((push offset - CAMP_PUSH_HEADER_SIZE) / 8, for the captures whose
 * address the runtime writes), the first and end address of the view that
 * address lies in (0 0: none); then each view's first and end address,
 * sorted by the first. Every access through a pointer must lie inside the
 * view of the capture it comes from where the compiler knows it, else
 * inside one of the views. */
#define CAMP_VIEW_TABLE_SCRATCH 256u
#define CAMP_VIEW_TABLE_SLOTS 16u /* push constants of 128 bytes hold at most 13 addresses */
#define CAMP_VIEW_TABLE_MAX 32u /* views of one launch (push constants hold 13 addresses): a search of 5 steps */

/* The letters of camp_report_site.values: how each value was sent. */
#define CAMP_REPORT_VALUE_INT 'i'     /* int32 */
#define CAMP_REPORT_VALUE_UINT 'u'    /* uint32 */
#define CAMP_REPORT_VALUE_INT64 'l'   /* int64, low word first */
#define CAMP_REPORT_VALUE_UINT64 'L'  /* uint64, low word first */
#define CAMP_REPORT_VALUE_FLOAT 'f'   /* float's bits */
#define CAMP_REPORT_VALUE_DOUBLE 'd'  /* double's bits, low word first */
#define CAMP_REPORT_VALUE_POINTER 'p' /* a device address, low word first */

/* One printf, assert or index check in amp code. Its text is a format
 * that takes the record's values: conversions of C's printf (flags, width
 * and precision as digits, no length modifier), with `%vN` before one for
 * a vector of N components, each taking the next value letters in turn;
 * `%s` of string literals are already in the text. The failures' texts
 * are followed by " at index {thread's index}" when reported. */
typedef struct camp_report_site {
    camp_u32 kind;      /* enum camp_report_kind */
    const char *text;
    const char *values; /* one letter per value */
    const char *file;   /* where it is */
    camp_u32 line;
} camp_report_site;

/* What a kernel may do to a view; CAMP_ACCESS_POINTER marks, in the runtime, a
 * pointer rather than an object; CAMP_ACCESS_LASTING, an object of static
 * storage duration (a global or static array), which may stay on the
 * accelerator between launches. Where views are synchronized implicitly,
 * a capture whose view the statement right after the launch uses on the
 * host needs no watching of its pages in between: with
 * CAMP_ACCESS_SYNCHRONIZED_NEXT that statement synchronizes it
 * (array_view_synchronize of the same variable), and the launch leaves
 * its pages as they are; with CAMP_ACCESS_USED_NEXT the statement surely
 * reads or writes its elements, and the launch synchronizes it before it
 * returns. */
enum camp_access {
    CAMP_ACCESS_READ = 1u,
    CAMP_ACCESS_WRITE = 2u,
    CAMP_ACCESS_POINTER = 4u,
    CAMP_ACCESS_SAMPLE = 8u,
    CAMP_ACCESS_LASTING = 16u,
    CAMP_ACCESS_SYNCHRONIZED_NEXT = 32u,
    CAMP_ACCESS_USED_NEXT = 64u,
    CAMP_ACCESS_ALWAYS = 128u, /* a pointer every thread reads or writes through: null is an error */
};

/* A kernel's parameters: the variables it captures, each described here,
 * once, and given at each launch by the few arguments (camp_launch_arg)
 * its kind takes, so that the code at a launch site is a call and little
 * more (a file of thousands of launches compiles in time linear in them).
 *
 * Memory a kernel uses is an object or a pointer. An object (an array with
 * a complete type) is an implicit view: copied in before the kernel, and
 * back after it if written, unless it lies inside an explicit view
 * (array_view, array_new), which then provides it. A pointer must lie
 * inside an explicit view, or inside an object of the same launch; NULL
 * stays NULL. Either way the runtime writes the device address (64 bits)
 * that corresponds to the host address at push_offset. */
enum camp_param_kind {
    CAMP_PARAM_VALUE = 1,        /* 1 argument, the value's address: `bytes` bytes go to push_offset */
    CAMP_PARAM_OBJECT = 2,       /* 2 arguments: the object's address, then its size in bytes */
    CAMP_PARAM_POINTER = 3,      /* 1 argument: the pointer */
    CAMP_PARAM_HELD_POINTER = 4, /* none: a pointer inside an earlier VALUE, at push_offset (access 0: unused, null) */
    CAMP_PARAM_TEXTURE = 5,      /* 1 argument, the camp_texture *; with CAMP_ACCESS_SAMPLE a 2nd, the camp_sampler * */
};

typedef struct camp_kernel_param {
    camp_u32 kind;        /* enum camp_param_kind */
    camp_u32 push_offset; /* a VALUE's bytes, or where a device address goes (not textures) */
    camp_u32 access;      /* enum camp_access: objects and pointers any of READ/WRITE; textures one of
                           * READ, WRITE, READ | WRITE, SAMPLE, as texture_access[binding] */
    camp_u32 bytes;       /* a VALUE's size; a POINTER's: the one value the kernel reads through it (0: none
                           * such), which libcamp copies to push offset `binding` where the pointer lies in
                           * no view, passing the pointer as null (the kernel then reads the copy) */
    camp_u32 binding;     /* a TEXTURE's binding in descriptor set 0; a POINTER's value copy's push offset */
    const char *name;     /* the variable's name (an expression for a held pointer), for messages */
} camp_kernel_param;

typedef union camp_launch_arg {
    const void *address;
    camp_size camp_bytes; /* named in the program's own text (a launch's): a name of libcamp's, no macro of its */
} camp_launch_arg;

/* Runs kernel `kernel` of `module` over `extent` (rank components, most
 * significant first) on the calling thread's current accelerator view
 * (camp_set_current_view), with `args` for its params. Implicit views are
 * copied in before the kernel and those written copied back after it (the
 * call then waits for the kernel); explicit views follow their own lazy
 * rules, so in automatic queuing mode the call may return before the
 * kernel has run. */
void camp_abi_launch(camp_module_info *module, camp_u32 kernel, const camp_i32 *extent,
                     const camp_launch_arg *args);

/* ---- Call scopes: a local array passed to a function that launches ----
 *
 * campcc wraps a call that passes a local array (or a local's address) to
 * a function of the file whose kernels may use it: during the call, a
 * kernel's pointer into one of them that lies in no view makes it a view
 * (one the call's own code makes, array_view, is used instead); the
 * call's end brings what kernels wrote back and ends those views. */
enum { CAMP_SCOPE_VIEWS_MAX = 8 };
typedef struct camp_scope {
    const void *host[CAMP_SCOPE_VIEWS_MAX];
    camp_size bytes[CAMP_SCOPE_VIEWS_MAX];
    const char *name[CAMP_SCOPE_VIEWS_MAX];
    void *regions[CAMP_SCOPE_VIEWS_MAX]; /* libcamp's: the views made */
    camp_u32 count, made;
    struct camp_scope *outer; /* the thread's enclosing scope */
} camp_scope;
void camp_abi_scope_begin(camp_scope *scope);
void camp_abi_scope_view(camp_scope *scope, const void *host, camp_size bytes, const char *name);
void camp_abi_scope_end(camp_scope *scope);

#ifdef __cplusplus
}
#endif
#endif /* CAMP_ABI_H */
