// Compositing kernels for x86-64 CPUs with AVX2, chosen at run time.
//
// Swift cannot compile one function for a wider instruction set than the rest of the
// package (no per-function target attribute, and Package.swift takes no -march flags), so the
// two loops that blend every covered pixel live here, with __attribute__((target("avx2"))).
// They compute exactly what FlipbookRaster's Kernels.swift computes (same formulas, same
// integer rounding), 16 pixels a step; where AVX2 is missing (or on other architectures)
// flipbook_avx2_available() is false and the Swift kernels run instead.
#ifndef FLIPBOOK_RASTER_KERNELS_H
#define FLIPBOOK_RASTER_KERNELS_H

#include <stdbool.h>
#include <stdint.h>

/// True when this CPU runs the AVX2 kernels below.
bool flipbook_avx2_available(void);

/// Source-over of one premultiplied color `packed` (r in the low byte) over `count` pixels
/// at `dst`: out = src + div255(dst · (255 − srcA)) per channel.
void flipbook_blend_solid_avx2(void *dst, long count, uint32_t packed);

/// Source-over of `packed` scaled by per-pixel coverage: pixel i gets
/// src_i = div255(color · c_i), out = src_i + div255(dst · (255 − div255(srcA · c_i))), where
/// c_i is the low byte of the 32-bit coverage word i (coverage words hold c · 0x00010001).
void flipbook_blend_mask_avx2(void *dst, const void *coverage, long count, uint32_t packed);

#endif
