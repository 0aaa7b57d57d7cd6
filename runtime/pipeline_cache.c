/* pipeline_cache.c — compiled pipelines persisted across runs with a
 * VkPipelineCache in $XDG_CACHE_HOME/camp (else ~/.cache/camp), one file
 * per device. Loading checks the header (vendor, device, pipeline-cache
 * UUID) so that a file from another driver is ignored rather than handed to
 * it; saving writes a temporary file and renames it over the old one, so
 * processes that run at the same time never see a torn file (the last
 * writer wins, and every version is a valid cache). Anything but a regular
 * file at the path (a FIFO, whose open would block the program's first
 * launch forever, a device, a directory) turns the cache off for the
 * process, with one warning, and is left as it is. CAMP_PIPELINE_CACHE=0
 * turns it off. */
#define _DEFAULT_SOURCE /* mkstemp, fdopen */
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The header every VkPipelineCache blob starts with (Vulkan 1.0, 10.7.4). */
typedef struct cache_header {
    uint32_t length, version, vendor, device;
    uint8_t uuid[VK_UUID_SIZE];
} cache_header;

static bool disabled(void) {
    const char *v = getenv("CAMP_PIPELINE_CACHE");
    return v && strcmp(v, "0") == 0;
}

/* The cache file's path, or false if there is no cache directory. With
 * `create`, makes the directories. */
static bool cache_path(const camp_device *dev, char *path, size_t size, bool create) {
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char dir[4096];
    int n;
    if (xdg && *xdg == '/') n = snprintf(dir, sizeof dir, "%s/camp", xdg);
    else if (home && *home) n = snprintf(dir, sizeof dir, "%s/.cache/camp", home);
    else return false;
    if (n < 0 || (size_t)n >= sizeof dir) return false;
    if (create) {
        /* mkdir -p of the last two components: the parent may be missing too */
        char *slash = strrchr(dir, '/');
        *slash = '\0';
        if (mkdir(dir, 0700) != 0 && errno != EEXIST) return false;
        *slash = '/';
        if (mkdir(dir, 0700) != 0 && errno != EEXIST) return false;
    }
    const VkPhysicalDeviceProperties *p = &dev->properties;
    char uuid[2 * VK_UUID_SIZE + 1];
    for (unsigned i = 0; i < VK_UUID_SIZE; i++) snprintf(uuid + 2 * i, 3, "%02x", p->pipelineCacheUUID[i]);
    n = snprintf(path, size, "%s/pipelines-%04x-%04x-%s.bin", dir, p->vendorID, p->deviceID, uuid);
    return n > 0 && (size_t)n < size;
}

/* The cache file opened for reading, or NULL: none, unreadable, or not a
 * regular file (then camp_rt.pipeline_cache_not_a_file is set, with a warning). O_NONBLOCK: the
 * open of a FIFO would wait for a writer; a regular file ignores it. A
 * symbolic link is followed, as the user's own cache directory may hold
 * one, and what it names is checked in its place. */
static FILE *open_cache(const char *path) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return NULL;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        if (!atomic_exchange(&camp_rt.pipeline_cache_not_a_file, true))
            fprintf(stderr, "camp warning: the pipeline cache %s is not a regular file: pipelines are not cached\n",
                    path);
        return NULL;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) close(fd);
    return f;
}

/* The file's bytes if it is a cache for this device, else NULL. */
static void *read_cache(const camp_device *dev, const char *path, size_t *size) {
    FILE *f = open_cache(path);
    if (!f) return NULL;
    void *data = NULL;
    long length = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (length >= (long)sizeof(cache_header) && fseek(f, 0, SEEK_SET) == 0) {
        data = malloc((size_t)length);
        if (data && fread(data, 1, (size_t)length, f) != (size_t)length) {
            free(data);
            data = NULL;
        }
    }
    fclose(f);
    if (!data) return NULL;
    cache_header header;
    memcpy(&header, data, sizeof header);
    const VkPhysicalDeviceProperties *p = &dev->properties;
    if (header.length < sizeof header || header.version != VK_PIPELINE_CACHE_HEADER_VERSION_ONE ||
        header.vendor != p->vendorID || header.device != p->deviceID ||
        memcmp(header.uuid, p->pipelineCacheUUID, VK_UUID_SIZE) != 0) {
        free(data);
        return NULL;
    }
    *size = (size_t)length;
    return data;
}

camp_status camp_pipeline_cache_load(camp_device *dev) {
    char path[4200];
    size_t size = 0;
    void *data = !disabled() && cache_path(dev, path, sizeof path, false) ? read_cache(dev, path, &size) : NULL;
    VkPipelineCacheCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
        .initialDataSize = data ? size : 0,
        .pInitialData = data,
    };
    camp_status status = CAMP_OK;
    /* Where the driver refuses the data after all, it starts empty. */
    if (!data || vkCreatePipelineCache(dev->device, &info, NULL, &dev->pipeline_cache) < 0) {
        info.initialDataSize = 0;
        info.pInitialData = NULL;
        VK(vkCreatePipelineCache(dev->device, &info, NULL, &dev->pipeline_cache));
    }
error:
    free(data);
    dev->pipeline_cache_dirty = false;
    return status;
}

static void save(camp_device *dev) {
    char path[4200], temp[4300];
    if (disabled() || atomic_load(&camp_rt.pipeline_cache_not_a_file) || !cache_path(dev, path, sizeof path, true)) return;
    size_t size = 0;
    if (vkGetPipelineCacheData(dev->device, dev->pipeline_cache, &size, NULL) < 0 || !size) return;
    void *data = malloc(size);
    if (!data) return;
    if (vkGetPipelineCacheData(dev->device, dev->pipeline_cache, &size, data) >= 0) {
        snprintf(temp, sizeof temp, "%s.XXXXXX", path);
        int fd = mkstemp(temp);
        if (fd >= 0) {
            FILE *f = fdopen(fd, "wb");
            bool written = f && fwrite(data, 1, size, f) == size;
            if (f) written = fclose(f) == 0 && written;
            else close(fd);
            if (!written || rename(temp, path) != 0) unlink(temp);
        }
    }
    free(data);
}

void camp_pipeline_cache_save_and_destroy(camp_device *dev) {
    if (!dev->pipeline_cache) return;
    if (dev->pipeline_cache_dirty) save(dev);
    vkDestroyPipelineCache(dev->device, dev->pipeline_cache, NULL);
    dev->pipeline_cache = VK_NULL_HANDLE;
    dev->pipeline_cache_dirty = false;
}
