import CRasterKernels
import FlipbookImage

// The glyph blend: a glyph mask's coverage with a text run's color over the frame, in one
// rounding (the shapes' blend rounds twice; include/raster_kernels.h has the formula and its
// error). flipbook_blend_glyphs_avx512 and _avx2 compute it 16 and 8 pixels a step; the
// scalar loop below is their twin where AVX2 is missing, with the same integer steps, so the
// same bytes on every machine.

/// Which loop blends glyph masks (`drawGlyphs` takes the fastest this CPU runs; tests take
/// each).
package enum GlyphBlendKernel: Sendable, CaseIterable {
  case avx512, avx2, scalar

  /// The fastest this CPU runs.
  package static var fastest: GlyphBlendKernel {
    FlipbookRaster.avx512 ? .avx512 : (FlipbookRaster.avx2 ? .avx2 : .scalar)
  }
  /// Whether this CPU runs it.
  package var available: Bool {
    switch self {
    case .avx512: return FlipbookRaster.avx512
    case .avx2: return FlipbookRaster.avx2
    case .scalar: return true
    }
  }
}

/// 65280 − ⌊c·256 · α·257 / 2¹⁶⌋: 256 · (255 − α·c/255), less by at most 2 (the glyph
/// blend's destination weight for coverage `c` of a color of alpha `alpha`).
@inline(__always)
func glyphInverse(_ c: UInt32, alpha: UInt32) -> UInt32 {
  65280 &- (((c &<< 8) &* (alpha &* 257)) &>> 16)
}

/// One channel of the glyph blend: `v` the color's (premultiplied, ≤ its alpha) channel, `c`
/// the coverage, `d` the destination's channel, `inv` = glyphInverse(c, alpha):
/// h = ⌈(c·v + ⌊d·256 · inv / 2¹⁶⌋) / 2⌉ (vpavgw), out = ⌊(h·257 + 2¹⁴) / 2¹⁵⌋ (vpmulhrsw).
@inline(__always)
func glyphChannel(_ d: UInt32, _ v: UInt32, coverage c: UInt32, inverse inv: UInt32) -> UInt32 {
  let h = (c &* v &+ (((d &<< 8) &* inv) &>> 16) &+ 1) &>> 1
  return (h &* 257 &+ 16384) &>> 15
}

/// The glyph blend of a mask of `width` × `height` coverage bytes, row j at coverage + j ·
/// `stride`, with `color` over the pixels at `dst`, row j at dst + j · `rowBytes` (a glyph
/// mask placed in a frame, as `drawGlyphs` blends it with `kernel`). The AVX kernels need
/// `stride` = width rounded up to a multiple of 8 and zero padding; where `rowBytes` leaves
/// room for the padding's pixels they blend them too (coverage 0 leaves them as they are).
package func blendGlyphRows(
  _ dst: UnsafeMutableRawPointer, rowBytes: Int, coverage: UnsafePointer<UInt8>, stride: Int, width: Int,
  height: Int, color: PremulColor, kernel: GlyphBlendKernel = .fastest
) {
  guard width > 0, height > 0 else { return }
  if kernel != .scalar {
    precondition(kernel.available && stride == (width &+ 7) & ~7 && rowBytes >= width &* 4 && rowBytes & 3 == 0)
    var draw = flipbook_glyph_draw(
      coverage: coverage, x: 0, y: 0, width: Int32(width), height: Int32(height), stride: Int32(stride))
    let columns = rowBytes &>> 2
    if kernel == .avx512 {
      flipbook_blend_glyphs_avx512(dst, 0, 0, columns, 0, 0, width, height, &draw, 1, 1, color.packed)
    } else {
      flipbook_blend_glyphs_avx2(dst, 0, 0, columns, 0, 0, width, height, &draw, 1, 1, color.packed)
    }
    return
  }
  let a = UInt32(color.a)
  // Channels above the alpha (not premultiplied) are taken at the alpha, as the kernels do.
  let r = min(UInt32(color.r), a), g = min(UInt32(color.g), a), b = min(UInt32(color.b), a)
  for j in 0..<height {
    let row = dst + j &* rowBytes, cov = coverage + j &* stride
    for i in 0..<width {
      let c = UInt32(cov[i])
      if c == 0 { continue }
      let inv = glyphInverse(c, alpha: a)
      let p = row + i &* 4
      let d = p.loadUnaligned(as: UInt32.self)
      let out =
        glyphChannel(d & 0xFF, r, coverage: c, inverse: inv)
        | glyphChannel((d &>> 8) & 0xFF, g, coverage: c, inverse: inv) &<< 8
        | glyphChannel((d &>> 16) & 0xFF, b, coverage: c, inverse: inv) &<< 16
        | glyphChannel(d &>> 24, a, coverage: c, inverse: inv) &<< 24
      p.storeBytes(of: out, as: UInt32.self)
    }
  }
}
