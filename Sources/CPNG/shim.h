#ifndef TASKTILE_CPNG_SHIM_H
#define TASKTILE_CPNG_SHIM_H
/*
 * A PNG encoder for Cairo ARGB32 pixels on top of libpng. libpng reports errors by longjmp, which
 * must never cross Swift frames, so the whole encode lives here in C and returns a status code.
 */
#include <png.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
    int failed;
} tt_png_buffer;

static void tt_png_write_fn(png_structp png, png_bytep bytes, png_size_t length) {
    tt_png_buffer *out = (tt_png_buffer *)png_get_io_ptr(png);
    if (out->failed) return;
    if (out->size + length > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 65536;
        while (capacity < out->size + length) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(out->data, capacity);
        if (!grown) { out->failed = 1; return; }
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->size, bytes, length);
    out->size += length;
}

static void tt_png_flush_fn(png_structp png) { (void)png; }

/*
 * Encodes `height` rows of `width` Cairo ARGB32 pixels (native-endian 32-bit words, premultiplied
 * alpha, `stride` bytes per row) as an 8-bit RGBA PNG, un-premultiplying as Cairo's own writer does.
 * `level` is the zlib level 0-9. On success returns 0 and fills `out` (free `out->data` with free()).
 */
static inline int tt_png_encode_argb32(const unsigned char *pixels, int width, int height, int stride,
                                       int level, tt_png_buffer *out) {
    out->data = NULL; out->size = 0; out->capacity = 0; out->failed = 0;
    if (width <= 0 || height <= 0 || stride < width * 4) return -2;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (!png) return -1;
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_write_struct(&png, NULL); return -1; }
    unsigned char *volatile row = (unsigned char *)malloc((size_t)width * 4);
    if (!row) { png_destroy_write_struct(&png, &info); return -1; }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        free(out->data);
        out->data = NULL; out->size = 0;
        return -1;
    }
    png_set_write_fn(png, out, tt_png_write_fn, tt_png_flush_fn);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, level <= 3 ? PNG_FILTER_SUB : PNG_ALL_FILTERS);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        const uint32_t *src = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
        for (int x = 0; x < width; x++) {
            uint32_t p = src[x];
            unsigned a = p >> 24, r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
            if (a != 0 && a != 255) {
                r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a;
            }
            row[x * 4 + 0] = (unsigned char)r;
            row[x * 4 + 1] = (unsigned char)g;
            row[x * 4 + 2] = (unsigned char)b;
            row[x * 4 + 3] = (unsigned char)a;
        }
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    if (out->failed) { free(out->data); out->data = NULL; out->size = 0; return -1; }
    return 0;
}
#endif
