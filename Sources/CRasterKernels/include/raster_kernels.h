// Compositing and blur kernels for x86-64 CPUs with AVX2, chosen at run time.
//
// Swift cannot compile one function for a wider instruction set than the rest of the
// package (no per-function target attribute, and Package.swift takes no -march flags), so the
// two loops that blend every covered pixel, a glyph mask's blend, the recursive blur's loop
// and a shadow's tint-and-composite live here, with __attribute__((target("avx2"))), and the coverage
// accumulation in coverage_kernels.h. They compute exactly what FlipbookRaster's Swift loops
// compute (Kernels.swift, Kernels+Glyphs.swift, GaussianBlur.swift, ShadowRow.swift: same formulas, same order,
// same rounding), 8 or 16 values a step; where AVX2 is missing (or on other architectures)
// flipbook_avx2_available() is false and the Swift loops run instead.
#ifndef FLIPBOOK_RASTER_KERNELS_H
#define FLIPBOOK_RASTER_KERNELS_H

#include <stdbool.h>
#include <stdint.h>

// The accumulation kernel, here too so that a module cache built before it existed is rebuilt.
#include "coverage_kernels.h"

/// True when this CPU runs the AVX2 kernels below.
bool flipbook_avx2_available(void);

/// Source-over of one premultiplied color `packed` (r in the low byte) over `count` pixels
/// at `dst`: out = src + div255(dst · (255 − srcA)) per channel.
void flipbook_blend_solid_avx2(void *dst, long count, uint32_t packed);

/// Source-over of `packed` scaled by per-pixel coverage: pixel i gets
/// src_i = div255(color · c_i), out = src_i + div255(dst · (255 − div255(srcA · c_i))), where
/// c_i is the low byte of the 32-bit coverage word i (coverage words hold c · 0x00010001).
void flipbook_blend_mask_avx2(void *dst, const void *coverage, long count, uint32_t packed);

/// A glyph mask placed in a frame (FlipbookRaster's RasterBuffers+Glyphs.swift): pixel
/// (x + i, y + j) has coverage coverage[j · stride + i] for i < width, j < height; each row
/// is zero-padded to `stride`, a multiple of 8.
typedef struct flipbook_glyph_draw {
  const uint8_t *coverage;
  int32_t x, y;
  int32_t width, height, stride;
} flipbook_glyph_draw;

/// Asks the CPU to bring the cache line at `p` in (a glyph mask cache slot about to be read).
static inline void flipbook_prefetch(const void *p) { __builtin_prefetch(p); }

/// The glyph blend of every glyph mask of `draws` (coverage one byte a pixel) with the
/// premultiplied color `packed` within the box x0..<x1 × y0..<y1, in one call per text run
/// rather than per glyph or row. The buffer's pixel (x, y) is at base + ((y − baseY0) ·
/// bufferWidth + x − baseX0) · 4; where a mask's row and its padding lie within the buffer's
/// row the padding is blended too (as coverage 0, which leaves pixels as they are), 8 pixels a
/// step. `ahead` (≥ count) draws from `draws` on may be read: the masks of those after the
/// run's (the next runs' in the frame's list) are asked for while the run's last ones blend,
/// as the run's own are 4 draws before their turn.
///
/// The glyph blend rounds once, not twice as the shapes' blend (flipbook_blend_mask_avx2)
/// does, with multiplies only (7 per 8 pixels, not 8, and 15 vector operations, not 21). For
/// coverage c, color channel v (≤ the alpha α; a channel above it is taken as α), destination
/// channel d, all 0…255, the exact result is (255·v·c + d·(255² − α·c)) / 255²; the blend gives
///   inv = 65280 − ⌊c·256 · α·257 / 2¹⁶⌋            (256 · (255 − α·c/255), less by ≤ 2)
///   h   = ⌈(c·v + ⌊d·256 · inv / 2¹⁶⌋) / 2⌉          (≤ 32513)
///   out = ⌊(h·257 + 2¹⁴) / 2¹⁵⌋                      (h / 127.5, rounded)
/// which is within 0.509 of the exact result for every c, v ≤ α, α ≥ 1 and d (checked
/// exhaustively; the shapes' two roundings are within 1.492) and within 1 of the shapes'
/// blend; c = 0 gives d, and c = α = 255 gives v. FlipbookRaster's blendGlyphRow is its
/// scalar twin.
void flipbook_blend_glyphs_avx2(
    void *base, long baseX0, long baseY0, long bufferWidth, long x0, long y0, long x1, long y1,
    const flipbook_glyph_draw *draws, long count, long ahead, uint32_t packed);

/// True when this CPU (and its OS) runs flipbook_blend_glyphs_avx512 and
/// flipbook_resolve_blend_avx512: AVX-512 F, BW and VL.
bool flipbook_avx512_available(void);

/// flipbook_blend_glyphs_avx2 16 pixels a step in 512-bit registers where a mask allows it:
/// the same glyph blend, so the same bytes; only where flipbook_avx512_available().
void flipbook_blend_glyphs_avx512(
    void *base, long baseX0, long baseY0, long bufferWidth, long x0, long y0, long x1, long y1,
    const flipbook_glyph_draw *draws, long count, long ahead, uint32_t packed);

/// Fills `count` pixels at `dst` with `packed`, 32 bytes a store (FlipbookRaster's
/// fillPixels: a band's background).
void flipbook_fill_avx2(void *dst, long count, uint32_t packed);

/// The vertical pass of FlipbookRaster's recursive Gaussian (RecursiveGaussian.run over
/// columns, as recursiveBlurColumns runs it), 16 floats a strip, with the same operations in
/// the same order (no fused multiply-add), so the same bits. Row y of the input (inputLo ≤ y
/// < inputHi) is at rows + (y − inputLo)·stride; the filter runs over rows spanLo ..<
/// spanLo + spanCount, where index i reads input row spanLo + i − whole mixed with the row
/// above by the fraction f (when f > 0); output row y (outLo ≤ y < outHi) goes to out + (y −
/// outLo)·stride. `g` holds the filter's 16 coefficients (p1r p1i p2r p2i c1r c1i c2r c2i q1r
/// q1i q2r q2i r1r r1i r2r r2i); `anti` room for spanCount · 16 floats.
void flipbook_recursive_columns_avx2(
    const float *rows, long inputLo, long inputHi, long spanLo, long spanCount, long whole, float f, long stride,
    long length, bool clamp, const float *g, float *anti, float *out, long outLo, long outHi);

/// One row of a shadow (or of a one-color blur) composited onto the frame as it is made:
/// FlipbookRaster's `shadowRow` into a row of pixels, then `compositeLayer` of that row onto
/// `dst` with `opacity`, in one pass, with the same operations (no fused multiply-add), so
/// the same bytes. `alpha` holds the `count` blurred alphas, `tint` the premultiplied tint
/// (0…1, r g b a); the drawing's premultiplied pixels lie over it at k in drawnLo ..< drawnHi,
/// pixel k at drawing + (k − drawnLo)·4. The frame's pixels `nextRow` bytes after `dst`'s
/// (the next row's) are prefetched.
void flipbook_shadow_row_avx2(
    const float *alpha, long count, const float *tint, const void *drawing, long drawnLo, long drawnHi, void *dst,
    uint32_t opacity, long nextRow);

#endif
