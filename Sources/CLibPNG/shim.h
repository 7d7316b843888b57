// Swift's view of libpng: the header plus constants for the macros Swift cannot import.
//
// Composite macros such as PNG_FORMAT_RGBA or PNG_IMAGE_VERSION and function-like macros
// are not imported by Swift ("macro unavailable: structure not supported"), so they are
// re-exported here as constants and tiny inline functions.
#ifndef CLIBPNG_SHIM_H
#define CLIBPNG_SHIM_H

#include <png.h>

/// `png_image.version` must be set to this before any simplified-API call.
static const png_uint_32 CLIBPNG_IMAGE_VERSION = PNG_IMAGE_VERSION;

/// 8-bit straight (not premultiplied) red, green, blue, alpha.
static const png_uint_32 CLIBPNG_FORMAT_RGBA = PNG_FORMAT_RGBA;

/// 8-bit red, green, blue without alpha.
static const png_uint_32 CLIBPNG_FORMAT_RGB = PNG_FORMAT_RGB;

/// Larger files written much faster: no filters, zlib level 3.
static const png_uint_32 CLIBPNG_IMAGE_FLAG_FAST = PNG_IMAGE_FLAG_FAST;

/// An upper bound on the encoded size of `image`, so one buffer never needs a second pass.
static inline png_alloc_size_t clibpng_png_size_max(const png_image *image) {
  return PNG_IMAGE_PNG_SIZE_MAX(*image);
}

#endif
