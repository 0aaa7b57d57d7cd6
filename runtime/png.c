/* png.c — PNG files as 8-bit RGBA texels, through libpng's simplified API
 * (png_image), for texture_load_png and texture_save_png. Errors name the
 * file, with libpng's reason (missing, not a PNG, truncated). */
#include "internal.h"

#include <errno.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

static camp_status read_png(const char *path, unsigned char **out, int *width, int *height) {
    *out = NULL;
    if (!path) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "texture_load_png: a null path");
    FILE *f = fopen(path, "rb");
    if (!f) return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "texture_load_png: cannot open '%s': %s", path, strerror(errno));
    png_image image = {.version = PNG_IMAGE_VERSION};
    if (!png_image_begin_read_from_stdio(&image, f)) {
        fclose(f);
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "texture_load_png: '%s' is not a PNG file we can read: %s", path,
                         image.message);
    }
    image.format = PNG_FORMAT_RGBA;
    if (image.width > INT32_MAX / 4 || image.height > INT32_MAX) {
        png_image_free(&image);
        fclose(f);
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "texture_load_png: '%s' is %u x %u pixels, too large", path,
                         image.width, image.height);
    }
    unsigned char *rgba = malloc(PNG_IMAGE_SIZE(image));
    if (!rgba) {
        png_image_free(&image);
        fclose(f);
        return camp_fail(CAMP_ERROR_OUT_OF_MEMORY, "out of host memory");
    }
    bool ok = png_image_finish_read(&image, NULL, rgba, 0, NULL);
    fclose(f);
    if (!ok) {
        free(rgba);
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "texture_load_png: '%s' is damaged: %s", path, image.message);
    }
    *out = rgba;
    *width = (int)image.width;
    *height = (int)image.height;
    return CAMP_OK;
}

static camp_status write_png(const char *path, const unsigned char *rgba, int width, int height) {
    if (!path || !rgba || width <= 0 || height <= 0)
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "texture_save_png: a null path or texels, or %d x %d pixels",
                         width, height);
    png_image image = {.version = PNG_IMAGE_VERSION, .width = (png_uint_32)width, .height = (png_uint_32)height,
                       .format = PNG_FORMAT_RGBA};
    if (!png_image_write_to_file(&image, path, 0, rgba, 0, NULL))
        return camp_fail(CAMP_ERROR_INVALID_ARGUMENT, "texture_save_png: cannot write '%s': %s", path, image.message);
    return CAMP_OK;
}

unsigned char *camp_png_read_at(const char *path, int *width, int *height, const char *file, unsigned line) {
    camp_lock_at(file, line);
    unsigned char *rgba = NULL;
    camp_unlock_and_report(read_png(path, &rgba, width, height));
    return rgba;
}

bool camp_png_write_at(const char *path, const unsigned char *rgba, int width, int height, const char *file,
                       unsigned line) {
    camp_lock_at(file, line);
    camp_status status = write_png(path, rgba, width, height);
    camp_unlock_and_report(status);
    return status == CAMP_OK;
}
