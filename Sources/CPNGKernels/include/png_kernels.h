// Row kernels of the PNG writer for x86-64 CPUs with AVX2, chosen at run time.
//
// Swift compiles the package for baseline x86-64 (SSE2, no per-function target attribute,
// and Package.swift takes no -march flags), which has no byte shuffle: FlipbookPNG's Swift
// packing of RGBA into RGB took 14 shuffle instructions per 4 pixels and a fifth of a 1080p
// frame's end-to-end time. The loop here does it with one vpshufb and one vpermd per 8
// pixels. It computes exactly what PNGRowKernels.packRGB computes; where AVX2 is missing (or
// on other architectures) flipbook_png_avx2_available() is false and the Swift loop runs.
#ifndef FLIPBOOK_PNG_KERNELS_H
#define FLIPBOOK_PNG_KERNELS_H

#include <stdbool.h>
#include <stdint.h>

/// True when this CPU runs the AVX2 kernels below.
bool flipbook_png_avx2_available(void);

/// Writes the r, g, b bytes of `pixels` RGBA8 pixels at `src` to `dst` (3 bytes each) and
/// returns the AND of their alpha bytes. Stores whole vectors: `dst` needs 8 bytes of slack
/// after the last pixel.
uint8_t flipbook_pack_rgb_avx2(const void *src, void *dst, long pixels);

#endif
