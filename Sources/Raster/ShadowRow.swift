import CRasterKernels

/// One row of a shadow's output (or of a one-color blur's, with no drawing over it), 16 pixels
/// at a time: the blurred alpha `alpha[k]` tinted by `tint` (premultiplied, 0…1), under the
/// drawing's premultiplied pixels where it has them, rounded once to the nearest level and
/// written as RGBA8 to `out`.
///
/// Pixel k is `c + tint · alpha[k] · (1 − c.a / 255)`, c the drawing's pixel (zero outside
/// `drawn`), each channel rounded as `levels` does; the same operations in the same order as
/// one pixel at a time, so the bytes are the same. Most of a shadow's pixels lie outside its
/// drawing (only the tint), and most inside it under opaque pixels, which hide the shadow: a
/// block of 16 of those is the drawing's bytes as they are.
///
/// `drawing` points at the drawing's pixel for k = `drawn.lowerBound`; `drawn` lies within
/// 0..<count (empty on rows the drawing does not reach).
@inline(__always)
package func shadowRow(
  _ alpha: UnsafePointer<Float>, count: Int, tint: SIMD4<Float>, drawing: UnsafeRawPointer, drawn: Range<Int>,
  into out: UnsafeMutableRawPointer
) {
  let tr = SIMD16<Float>(repeating: tint[0]), tg = SIMD16<Float>(repeating: tint[1])
  let tb = SIMD16<Float>(repeating: tint[2]), ta = SIMD16<Float>(repeating: tint[3])
  let gray = tint[0] == tint[1] && tint[1] == tint[2]
  var k = 0
  while k < count {
    let n = min(16, count &- k)
    var s = SIMD16<Float>()
    if n == 16 {
      s = UnsafeRawPointer(alpha + k).loadUnaligned(as: SIMD16<Float>.self)
    } else {
      for j in 0..<n { s[j] = alpha[k &+ j] }
    }
    let lo = max(drawn.lowerBound, k), hi = min(drawn.upperBound, k &+ n)
    var pixels: SIMD16<UInt32>
    if lo >= hi {
      // The tint alone; a gray or black one (SwiftUI's default) needs one channel.
      pixels = gray ? level(ta * s) &<< 24 | level(tr * s) &* 0x01_0101 : packLevels(tr * s, tg * s, tb * s, ta * s)
    } else {
      var c = SIMD16<UInt32>()
      if lo == k && hi == k &+ 16 {
        c = drawing.loadUnaligned(fromByteOffset: (k &- drawn.lowerBound) &* 4, as: SIMD16<UInt32>.self)
      } else {
        for j in lo..<hi {
          c[j &- k] = drawing.loadUnaligned(fromByteOffset: (j &- drawn.lowerBound) &* 4, as: UInt32.self)
        }
      }
      if isOpaque(c) {
        pixels = c
      } else {
        let ints = SIMD16<Int32>(truncatingIfNeeded: c)
        let ca = SIMD16<Float>(ints &>> 24 & 0xFF)
        let keep = 1 - ca / 255
        pixels = packLevels(
          SIMD16<Float>(ints & 0xFF) + tr * s * keep, SIMD16<Float>(ints &>> 8 & 0xFF) + tg * s * keep,
          SIMD16<Float>(ints &>> 16 & 0xFF) + tb * s * keep, ca + ta * s * keep)
      }
    }
    if n == 16 {
      out.storeBytes(of: pixels, toByteOffset: k &* 4, as: SIMD16<UInt32>.self)
    } else {
      for j in 0..<n { out.storeBytes(of: pixels[j], toByteOffset: (k &+ j) &* 4, as: UInt32.self) }
    }
    k &+= 16
  }
}

/// `shadowRow` composited onto the frame's pixels at `dst` with `opacity`, as
/// `compositeLayer` does: with `avx2` in one pass in CRasterKernels (8 pixels a step, the
/// same operations, so the same bytes; the row never goes through memory), else through
/// `scratch` (room for `count` pixels). The AVX2 loop prefetches the frame's pixels
/// `nextRow` bytes on (the next row's), which the frame's clear has long evicted from the
/// cache; the load of the frame was half of this loop's time before.
@inline(__always)
package func shadowRowOver(
  _ alpha: UnsafePointer<Float>, count: Int, tint: SIMD4<Float>, drawing: UnsafeRawPointer, drawn: Range<Int>,
  onto dst: UnsafeMutableRawPointer, opacity: UInt8, avx2: Bool, scratch: UnsafeMutableRawPointer, nextRow: Int = 0
) {
  if avx2 {
    withUnsafeBytes(of: tint) {
      flipbook_shadow_row_avx2(
        alpha, count, $0.baseAddress!.assumingMemoryBound(to: Float.self), drawing, drawn.lowerBound,
        drawn.upperBound, dst, UInt32(opacity), nextRow)
    }
  } else {
    shadowRow(alpha, count: count, tint: tint, drawing: drawing, drawn: drawn, into: scratch)
    compositeLayer(dst, layer: UnsafeRawPointer(scratch), count: count, opacity: opacity)
  }
}

/// Sixteen RGBA8 pixels from their channels' sums.
@inline(__always)
private func packLevels(_ r: SIMD16<Float>, _ g: SIMD16<Float>, _ b: SIMD16<Float>, _ a: SIMD16<Float>)
  -> SIMD16<UInt32>
{
  level(r) | level(g) &<< 8 | level(b) &<< 16 | level(a) &<< 24
}

/// Sixteen sums rounded and clamped to 0…255 as `levels` does.
@inline(__always)
private func level(_ v: SIMD16<Float>) -> SIMD16<UInt32> {
  var v = v.replacing(with: 0, where: v .< 0)
  v = v.replacing(with: 255, where: v .> 255)
  return unsafeBitCast(v + 12_582_912.0, to: SIMD16<UInt32>.self) & 0xFF
}

/// Whether all 16 pixels are opaque, by and-ing them together (a lane-wise unsigned compare
/// and its mask cost more than the pixels' arithmetic on SSE).
@inline(__always)
private func isOpaque(_ c: SIMD16<UInt32>) -> Bool {
  let w = unsafeBitCast(c, to: SIMD8<UInt64>.self)
  let h = w.lowHalf & w.highHalf, q = h.lowHalf & h.highHalf
  return (q[0] & q[1]) & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000
}
