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

/// Lines per chunk of an outline's row table (flipbook_outline_rows): chunk k holds lines
/// k·FLIPBOOK_CHUNK_LINES up to the next chunk's first, line i running from point i − 1 (the
/// last point for line 0, the closing edge) to point i, as flipbook_add_polygon_avx2 walks them.
#define FLIPBOOK_CHUNK_LINES 8

/// The row table of the closed polygon of `count` points at `points`: per chunk of
/// FLIPBOOK_CHUNK_LINES lines, the least and greatest y of their end points, into `rows`
/// (2 doubles a chunk, ⌈count / FLIPBOOK_CHUNK_LINES⌉ chunks).
void flipbook_outline_rows(const double *points, long count, double *rows);

/// flipbook_outline_rows two points a step in AVX2 (the same table).
void flipbook_outline_rows_avx2(const double *points, long count, double *rows);

/// flipbook_add_polygon_avx2 walking only the chunks of lines that can reach the window's
/// rows (by the polygon's row table `rows`, from flipbook_outline_rows): a chunk whose points
/// all lie on or above the window's top, or all on or below its bottom, adds nothing there,
/// so the cells get the same additions in the same order. For outlines that span several
/// bands, each of which would otherwise step through every line.
void flipbook_add_polygon_rows_avx2(
    const flipbook_accumulator *acc, const double *points, long count, double sign, const double *rows);

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
