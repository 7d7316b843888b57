// Signed-area accumulation for x86-64 CPUs with AVX2, chosen at run time.
//
// The same operations in the same order as FlipbookRaster's Accumulator.addPolygon
// (Coverage.swift), so the same bits in every cell; built for AVX2, whose rounding
// instructions give ⌊x⌋ and ⌈x⌉ in one step where baseline x86-64 Swift needs several, and
// whose three-operand forms need fewer register copies. No fused multiply-add (the target
// does not enable FMA, and contraction is off), so every product is rounded as Swift rounds it.
#ifndef FLIPBOOK_COVERAGE_KERNELS_H
#define FLIPBOOK_COVERAGE_KERNELS_H

#include <stdint.h>

/// One shape's accumulation window, as Coverage.swift's Accumulator holds it: `stride` cells
/// per row (Float), `wordsPerRow` 64-bit words of block bits per row (a bit per 4 cells), cell
/// (0, 0) at pixel (ox, oy), `w` × `h` pixels.
typedef struct {
  float *cells;
  uint64_t *bits;
  long stride, wordsPerRow;
  double ox, oy, w, h;
} flipbook_accumulator;

/// Adds the closed polygon of `count` points at `points` (x, y pairs in pixels; the closing
/// edge implied) with winding `sign` (+1 or −1) to the window's cells and marks the blocks it
/// touches: Accumulator.addPolygon.
void flipbook_add_polygon_avx2(const flipbook_accumulator *acc, const double *points, long count, double sign);

/// Resolves the window's rows into coverage and blends `packed` (a premultiplied color, r in
/// the low byte) through it into the pixels from `dst` (the window's cell (0, 0); `rowBytes`
/// bytes a row), leaving the cells and block bits zeroed: Accumulator.resolve with a plain
/// color, the same bytes, with the running sums, the coverage and the blend done block by
/// block in registers rather than through a coverage row and a blend call per run.
void flipbook_resolve_blend_avx2(const flipbook_accumulator *acc, void *dst, long rowBytes, uint32_t packed);

/// flipbook_resolve_blend_avx2 four blocks (16 pixels) a step in 512-bit registers, the same
/// bytes; only where flipbook_avx512_available(). On Zen 4 each 512-bit operation runs as two
/// 256-bit halves, so the gain is in instructions issued and the per-step bookkeeping.
void flipbook_resolve_blend_avx512(const flipbook_accumulator *acc, void *dst, long rowBytes, uint32_t packed);

#endif
