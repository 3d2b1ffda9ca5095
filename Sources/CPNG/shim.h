#pragma once
#include <png.h>

// libpng's simplified API: errors are caught inside libpng (its own setjmp)
// and reported in the png_image, so no longjmp ever crosses Swift frames.
// Its format constants and message field are macros and an array; Swift
// sees these instead.

/// 8-bit sRGB B, G, R, A in memory: 0xAARRGGBB as a little-endian UInt32, not premultiplied.
static inline png_uint_32 sweep_png_format_bgra(void) { return PNG_FORMAT_BGRA; }
/// 8-bit sRGB R, G, B, A in memory (the tests write with it).
static inline png_uint_32 sweep_png_format_rgba(void) { return PNG_FORMAT_RGBA; }
/// 16-bit linear R, G, B, A (premultiplied, libpng's convention for linear data).
static inline png_uint_32 sweep_png_format_linear_rgba(void) { return PNG_FORMAT_LINEAR_RGB_ALPHA; }
/// 8-bit indices into a colormap of R, G, B, A entries.
static inline png_uint_32 sweep_png_format_rgba_colormap(void) { return PNG_FORMAT_RGBA_COLORMAP; }
/// Whether the last call failed (a warning alone is not a failure).
static inline int sweep_png_failed(const png_image *image) { return PNG_IMAGE_FAILED(*image); }
/// libpng's message for the last warning or error (NUL-terminated).
static inline const char *sweep_png_message(const png_image *image) { return image->message; }
