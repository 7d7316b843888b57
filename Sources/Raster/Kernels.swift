import FlipbookImage

// Compositing kernels: premultiplied RGBA8 source-over in 16-bit lanes.
//
// Everything here is concrete and non-generic, works on raw pointers and uses only wrapping
// integer SIMD operations (`&*`, `&+`, `&-`, `&>>`), `loadUnaligned` and `storeBytes`, which
// Swift lowers to straight vector code (see docs/raster-notes.md §1.5). Every SIMD kernel has a scalar
// reference twin with the same arithmetic; tests check that both give identical bytes.
//
// Rules (one formula everywhere, so results never depend on the path taken):
//   div255(v)    = (t + (t >> 8)) >> 8 with t = v + 128   (== (v + 127) / 255 for 0…65025)
//   source       = div255(color · coverage) per channel (color premultiplied RGBA8, coverage 0…255)
//   source-over  = src + div255(dst · (255 − srcA)) per channel
// (Text drawn from glyph masks has its own blend, rounded once: Kernels+Glyphs.swift.)

import CRasterKernels

/// Whether the AVX2 kernels of CRasterKernels run on this CPU (they give the same bytes).
package let avx2 = flipbook_avx2_available()

/// Whether glyph masks and plain-color path coverage are blended 16 pixels a step with AVX-512
/// (the same bytes as AVX2's 8).
package let avx512 = avx2 && flipbook_avx512_available()

extension PremulColor {
  /// This color scaled by an 8-bit coverage: div255(channel · coverage).
  @inline(__always)
  package func scaled(by cov: UInt8) -> PremulColor {
    let c = UInt32(cov)
    return PremulColor(
      r: UInt8(truncatingIfNeeded: div255(UInt32(r) &* c)),
      g: UInt8(truncatingIfNeeded: div255(UInt32(g) &* c)),
      b: UInt8(truncatingIfNeeded: div255(UInt32(b) &* c)),
      a: UInt8(truncatingIfNeeded: div255(UInt32(a) &* c)))
  }
}

// MARK: - div255

/// Exactly rounded v / 255 for v in 0…65025.
@inline(__always)
package func div255(_ v: UInt32) -> UInt32 {
  let t = v &+ 128
  return (t &+ (t &>> 8)) &>> 8
}

/// Exactly rounded v / 255 per lane for v in 0…65025.
@inline(__always)
package func div255(_ v: SIMD16<UInt16>) -> SIMD16<UInt16> {
  let t = v &+ 128
  return (t &+ (t &>> 8)) &>> 8
}

/// Exactly rounded v / 255 per lane for v in 0…65025 (4-pixel groups).
@inline(__always)
package func div255(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
  let t = v &+ 128
  return (t &+ (t &>> 8)) &>> 8
}

// MARK: - Lane layout
//
// Pixels are processed in place, without widening: a group of 8 pixels (32 bytes) is read as
// `SIMD16<UInt16>`, whose lane 2p holds r|g<<8 and lane 2p+1 holds b|a<<8 of pixel p. Masking
// with 0x00FF gives the (r, b) channels, shifting right by 8 the (g, a) channels, each in its
// own 16-bit lane, ready for `&*` without overflow. Results are recombined with `lo | hi << 8`.
// Coverage rows use the matching layout: one UInt32 per pixel holding the coverage c in both
// 16-bit halves (c · 0x0001_0001), so 8 coverages load as one `SIMD16<UInt16>`. A 4-pixel step
// with `SIMD8<UInt16>` and a scalar step handle the tails. This needs no shuffles, conversions
// or generic SIMD code (a widening `SIMD16<UInt16>(truncatingIfNeeded: SIMD16<UInt8>)` is an
// out-of-line generic call on Swift 6.3).

/// Per-pixel coverage value as stored in coverage rows.
@inline(__always)
package func coveragePair(_ c: UInt8) -> UInt32 { UInt32(c) &* 0x0001_0001 }

/// Color channels split for the lane layout: (r, b) and (g, a) pairs, and (a, a).
struct SplitColor {
  let lo16: SIMD16<UInt16>, hi16: SIMD16<UInt16>, a16: SIMD16<UInt16>
  let lo8: SIMD8<UInt16>, hi8: SIMD8<UInt16>, a8: SIMD8<UInt16>
  /// hi16 / hi8 shifted left by 8, for `over`.
  let hiS16: SIMD16<UInt16>, hiS8: SIMD8<UInt16>

  @inline(__always)
  init(_ c: PremulColor) {
    let lo = UInt32(c.r) | UInt32(c.b) &<< 16
    let hi = UInt32(c.g) | UInt32(c.a) &<< 16
    let aa = UInt32(c.a) &* 0x0001_0001
    lo16 = unsafeBitCast(SIMD8<UInt32>(repeating: lo), to: SIMD16<UInt16>.self)
    hi16 = unsafeBitCast(SIMD8<UInt32>(repeating: hi), to: SIMD16<UInt16>.self)
    a16 = unsafeBitCast(SIMD8<UInt32>(repeating: aa), to: SIMD16<UInt16>.self)
    lo8 = unsafeBitCast(SIMD4<UInt32>(repeating: lo), to: SIMD8<UInt16>.self)
    hi8 = unsafeBitCast(SIMD4<UInt32>(repeating: hi), to: SIMD8<UInt16>.self)
    a8 = unsafeBitCast(SIMD4<UInt32>(repeating: aa), to: SIMD8<UInt16>.self)
    hiS16 = unsafeBitCast(SIMD8<UInt32>(repeating: hi &<< 8), to: SIMD16<UInt16>.self)
    hiS8 = unsafeBitCast(SIMD4<UInt32>(repeating: hi &<< 8), to: SIMD8<UInt16>.self)
  }
}

/// div255(v) << 8, computed as ((t + (t >> 8)) & 0xFF00) with t = v + 128 (one shift fewer).
@inline(__always)
func div255Shifted(_ v: SIMD16<UInt16>) -> SIMD16<UInt16> {
  let t = v &+ 128
  return (t &+ (t &>> 8)) & 0xFF00
}

@inline(__always)
func div255Shifted(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
  let t = v &+ 128
  return (t &+ (t &>> 8)) & 0xFF00
}

/// out = s + div255(d · inv) per channel, for 8 pixels. `sHiS` is the (g, a) source already
/// shifted left by 8 (no overflow: each channel sum is ≤ 255).
@inline(__always)
func over(
  _ d: SIMD16<UInt16>, _ sLo: SIMD16<UInt16>, _ sHiS: SIMD16<UInt16>, _ inv: SIMD16<UInt16>
) -> SIMD16<UInt16> {
  let lo = sLo &+ div255((d & 0x00FF) &* inv)
  let hi = sHiS &+ div255Shifted((d &>> 8) &* inv)
  return lo | hi
}

/// out = s + div255(d · inv) per channel, for 4 pixels.
@inline(__always)
func over(
  _ d: SIMD8<UInt16>, _ sLo: SIMD8<UInt16>, _ sHiS: SIMD8<UInt16>, _ inv: SIMD8<UInt16>
) -> SIMD8<UInt16> {
  let lo = sLo &+ div255((d & 0x00FF) &* inv)
  let hi = sHiS &+ div255Shifted((d &>> 8) &* inv)
  return lo | hi
}

/// One pixel, scalar: src (premultiplied, packed) over the pixel at p.
@inline(__always)
func overPixel(_ p: UnsafeMutableRawPointer, _ src: UInt32) {
  let inv = 255 &- (src &>> 24)
  let px = p.loadUnaligned(as: UInt32.self)
  let r = (src & 0xFF) &+ div255((px & 0xFF) &* inv)
  let g = ((src &>> 8) & 0xFF) &+ div255(((px &>> 8) & 0xFF) &* inv)
  let b = ((src &>> 16) & 0xFF) &+ div255(((px &>> 16) & 0xFF) &* inv)
  let a = (src &>> 24) &+ div255((px &>> 24) &* inv)
  p.storeBytes(of: r | g &<< 8 | b &<< 16 | a &<< 24, as: UInt32.self)
}

// MARK: - Solid fill

/// Stores `packed` into `count` pixels (no blending).
package func fillPixels(_ dst: UnsafeMutableRawPointer, count: Int, packed: UInt32) {
  // 32 bytes a store: a band's clear takes 0.09 ms a 1080p frame instead of 0.14 with the
  // Swift loop's 16 (the frame's every pixel, before anything is drawn).
  if avx2 {
    flipbook_fill_avx2(dst, count, packed)
    return
  }
  let v = SIMD8<UInt32>(repeating: packed)
  var i = 0
  while i &+ 8 <= count {
    dst.storeBytes(of: v, toByteOffset: i &* 4, as: SIMD8<UInt32>.self)
    i &+= 8
  }
  while i < count {
    dst.storeBytes(of: packed, toByteOffset: i &* 4, as: UInt32.self)
    i &+= 1
  }
}

/// Source-over of one premultiplied color (already scaled by its coverage) over `count`
/// pixels. Opaque colors become a plain store, transparent ones nothing.
package func blendSolid(_ dst: UnsafeMutableRawPointer, count: Int, src: PremulColor) {
  if src.packed == 0 { return }
  blendSolid(dst, count: count, paint: Paint(src))
}

/// Source-over of `color` scaled by the constant coverage `cov` over `count` pixels.
@inline(__always)
package func blendConstantCoverage(
  _ dst: UnsafeMutableRawPointer, count: Int, color: PremulColor, coverage cov: UInt8
) {
  if cov == 0 || count <= 0 { return }
  blendSolid(dst, count: count, src: cov == 255 ? color : color.scaled(by: cov))
}

// MARK: - Coverage mask

/// A shape's color with everything the mask kernel needs, computed once per shape.
package struct Paint {
  package let color: PremulColor
  let split: SplitColor
  let inv16: SIMD16<UInt16>
  let solid: SIMD8<UInt32>
  /// Whether the blends run CRasterKernels' AVX2 loops, decided once per shape (each read of
  /// the global `avx2` goes through swift_once); tests turn it off to check the Swift loops.
  let useAVX2: Bool

  package init(_ color: PremulColor, useAVX2: Bool = avx2) {
    self.color = color
    self.useAVX2 = useAVX2
    split = SplitColor(color)
    inv16 = SIMD16<UInt16>(repeating: 255 &- UInt16(color.a))
    solid = SIMD8<UInt32>(repeating: color.packed)
  }
}

/// Source-over of the paint's color at full coverage over `count` pixels.
@inline(__always)
package func blendSolid(_ dst: UnsafeMutableRawPointer, count: Int, paint: Paint) {
  let c = paint.color
  if c.a == 255 { fillPixels(dst, count: count, packed: c.packed); return }
  if paint.useAVX2 { flipbook_blend_solid_avx2(dst, count, c.packed); return }
  let sc = paint.split
  let inv8 = SIMD8<UInt16>(repeating: 255 &- UInt16(c.a))
  var i = 0
  while i &+ 8 <= count {
    let o = i &* 4
    let d = dst.loadUnaligned(fromByteOffset: o, as: SIMD16<UInt16>.self)
    dst.storeBytes(of: over(d, sc.lo16, sc.hiS16, paint.inv16), toByteOffset: o, as: SIMD16<UInt16>.self)
    i &+= 8
  }
  if i &+ 4 <= count {
    let o = i &* 4
    let d = dst.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt16>.self)
    dst.storeBytes(of: over(d, sc.lo8, sc.hiS8, inv8), toByteOffset: o, as: SIMD8<UInt16>.self)
    i &+= 4
  }
  let packed = c.packed
  while i < count {
    overPixel(dst + i &* 4, packed)
    i &+= 1
  }
}

/// Source-over of `color` × coverage[i] onto pixel i for i in 0..<count, SIMD, 8 pixels a step.
/// `coverage` holds one `coveragePair(c)` per pixel. Fast paths per group: all 0 → skip;
/// all 255 → no coverage multiply, and a plain store when the color is opaque.
package func blendMask(
  _ dst: UnsafeMutableRawPointer, coverage: UnsafeRawPointer, count: Int, color: PremulColor
) {
  blendMask(dst, coverage: coverage, count: count, paint: Paint(color))
}

@inline(__always)
package func blendMask(
  _ dst: UnsafeMutableRawPointer, coverage: UnsafeRawPointer, count: Int, paint: Paint
) {
  if paint.useAVX2 { flipbook_blend_mask_avx2(dst, coverage, count, paint.color.packed); return }
  let sc = paint.split
  let opaque = paint.color.a == 255
  let full: UInt64 = 0x00FF_00FF_00FF_00FF
  var i = 0
  while i &+ 8 <= count {
    let co = i &* 4
    let w0 = coverage.loadUnaligned(fromByteOffset: co, as: UInt64.self)
    let w1 = coverage.loadUnaligned(fromByteOffset: co &+ 8, as: UInt64.self)
    let w2 = coverage.loadUnaligned(fromByteOffset: co &+ 16, as: UInt64.self)
    let w3 = coverage.loadUnaligned(fromByteOffset: co &+ 24, as: UInt64.self)
    if (w0 | w1 | w2 | w3) != 0 {
      if (w0 & w1 & w2 & w3) == full {
        if opaque {
          dst.storeBytes(of: paint.solid, toByteOffset: co, as: SIMD8<UInt32>.self)
        } else {
          let d = dst.loadUnaligned(fromByteOffset: co, as: SIMD16<UInt16>.self)
          dst.storeBytes(of: over(d, sc.lo16, sc.hiS16, paint.inv16), toByteOffset: co, as: SIMD16<UInt16>.self)
        }
      } else {
        let cov = coverage.loadUnaligned(fromByteOffset: co, as: SIMD16<UInt16>.self)
        let sLo = div255(sc.lo16 &* cov), sHi = div255Shifted(sc.hi16 &* cov)
        let inv = 255 &- div255(sc.a16 &* cov)
        let d = dst.loadUnaligned(fromByteOffset: co, as: SIMD16<UInt16>.self)
        dst.storeBytes(of: over(d, sLo, sHi, inv), toByteOffset: co, as: SIMD16<UInt16>.self)
      }
    }
    i &+= 8
  }
  if i &+ 4 <= count {
    let co = i &* 4
    let cov = coverage.loadUnaligned(fromByteOffset: co, as: SIMD8<UInt16>.self)
    let sLo = div255(sc.lo8 &* cov), sHi = div255Shifted(sc.hi8 &* cov)
    let inv = 255 &- div255(sc.a8 &* cov)
    let d = dst.loadUnaligned(fromByteOffset: co, as: SIMD8<UInt16>.self)
    dst.storeBytes(of: over(d, sLo, sHi, inv), toByteOffset: co, as: SIMD8<UInt16>.self)
    i &+= 4
  }
  while i < count {
    let c = coverage.load(fromByteOffset: i &* 4, as: UInt8.self)
    if c != 0 { overPixel(dst + i &* 4, c == 255 ? paint.color.packed : paint.color.scaled(by: c).packed) }
    i &+= 1
  }
}

/// Scalar reference for `blendMask`: the same rules one channel at a time.
package func blendMaskScalar(
  _ dst: UnsafeMutableRawPointer, coverage: UnsafeRawPointer, count: Int, color: PremulColor
) {
  var i = 0
  while i < count {
    let cov = UInt32(coverage.load(fromByteOffset: i &* 4, as: UInt8.self))
    let sa = div255(UInt32(color.a) &* cov)
    let p = dst + i &* 4
    for ch in 0..<4 {
      let c: UInt8 = ch == 0 ? color.r : (ch == 1 ? color.g : (ch == 2 ? color.b : color.a))
      let s = div255(UInt32(c) &* cov)
      let d = UInt32(p.load(fromByteOffset: ch, as: UInt8.self))
      p.storeBytes(of: UInt8(s &+ div255(d &* (255 &- sa))), toByteOffset: ch, as: UInt8.self)
    }
    i &+= 1
  }
}

// MARK: - Layers

/// Composites a premultiplied layer over `dst` with an 8-bit opacity applied once per pixel:
/// src = div255(layer · opacity), out = src + div255(dst · (255 − srcA)). Transparent groups
/// of 8 layer pixels are skipped; opaque ones at full opacity are copied.
package func compositeLayer(
  _ dst: UnsafeMutableRawPointer, layer: UnsafeRawPointer, count: Int, opacity: UInt8
) {
  let op16 = SIMD16<UInt16>(repeating: UInt16(opacity))
  let op8 = SIMD8<UInt16>(repeating: UInt16(opacity))
  let fullOpacity = opacity == 255
  let alphaMask: UInt64 = 0xFF00_0000_FF00_0000
  var i = 0
  while i &+ 8 <= count {
    let o = i &* 4
    let w0 = layer.loadUnaligned(fromByteOffset: o, as: UInt64.self)
    let w1 = layer.loadUnaligned(fromByteOffset: o &+ 8, as: UInt64.self)
    let w2 = layer.loadUnaligned(fromByteOffset: o &+ 16, as: UInt64.self)
    let w3 = layer.loadUnaligned(fromByteOffset: o &+ 24, as: UInt64.self)
    if (w0 | w1 | w2 | w3) != 0 {
      if fullOpacity && (w0 & w1 & w2 & w3) & alphaMask == alphaMask {
        dst.storeBytes(
          of: layer.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt32>.self), toByteOffset: o,
          as: SIMD8<UInt32>.self)
      } else {
        let words = layer.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt32>.self)
        let v = unsafeBitCast(words, to: SIMD16<UInt16>.self)
        var sLo = v & 0x00FF, sHi = v &>> 8
        var sa = unsafeBitCast((words &>> 24) &* 0x0001_0001, to: SIMD16<UInt16>.self)
        if !fullOpacity {
          sLo = div255(sLo &* op16); sHi = div255(sHi &* op16); sa = div255(sa &* op16)
        }
        let d = dst.loadUnaligned(fromByteOffset: o, as: SIMD16<UInt16>.self)
        dst.storeBytes(of: over(d, sLo, sHi &<< 8, 255 &- sa), toByteOffset: o, as: SIMD16<UInt16>.self)
      }
    }
    i &+= 8
  }
  if i &+ 4 <= count {
    let o = i &* 4
    let words = layer.loadUnaligned(fromByteOffset: o, as: SIMD4<UInt32>.self)
    let v = unsafeBitCast(words, to: SIMD8<UInt16>.self)
    var sLo = v & 0x00FF, sHi = v &>> 8
    var sa = unsafeBitCast((words &>> 24) &* 0x0001_0001, to: SIMD8<UInt16>.self)
    if !fullOpacity {
      sLo = div255(sLo &* op8); sHi = div255(sHi &* op8); sa = div255(sa &* op8)
    }
    let d = dst.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt16>.self)
    dst.storeBytes(of: over(d, sLo, sHi &<< 8, 255 &- sa), toByteOffset: o, as: SIMD8<UInt16>.self)
    i &+= 4
  }
  while i < count {
    compositePixelScalar(dst + i &* 4, layer + i &* 4, opacity)
    i &+= 1
  }
}

@inline(__always)
func compositePixelScalar(_ d: UnsafeMutableRawPointer, _ l: UnsafeRawPointer, _ opacity: UInt8) {
  let op = UInt32(opacity)
  let sa = div255(UInt32(l.load(fromByteOffset: 3, as: UInt8.self)) &* op)
  let inv = 255 &- sa
  for ch in 0..<4 {
    let s = ch == 3 ? sa : div255(UInt32(l.load(fromByteOffset: ch, as: UInt8.self)) &* op)
    let dv = UInt32(d.load(fromByteOffset: ch, as: UInt8.self))
    d.storeBytes(of: UInt8(truncatingIfNeeded: s &+ div255(dv &* inv)), toByteOffset: ch, as: UInt8.self)
  }
}

/// Scalar reference for `compositeLayer`.
package func compositeLayerScalar(
  _ dst: UnsafeMutableRawPointer, layer: UnsafeRawPointer, count: Int, opacity: UInt8
) {
  var i = 0
  while i < count {
    compositePixelScalar(dst + i &* 4, layer + i &* 4, opacity)
    i &+= 1
  }
}

// MARK: - Clipped layers

/// Composites a premultiplied layer over `dst` through a mask whose alpha bytes are a clip's
/// coverage (RGBA8 pixels, as the clip is drawn in opaque white), with an 8-bit opacity:
/// m = div255(maskA · opacity) (maskA itself at opacity 255), src = div255(layer · m),
/// out = src + div255(dst · (255 − srcA)). Groups of 8 pixels with a transparent layer or an
/// empty mask are skipped; opaque ones fully inside at full opacity are copied.
package func compositeLayerMasked(
  _ dst: UnsafeMutableRawPointer, layer: UnsafeRawPointer, mask: UnsafeRawPointer, count: Int, opacity: UInt8
) {
  let op16 = SIMD16<UInt16>(repeating: UInt16(opacity))
  let op8 = SIMD8<UInt16>(repeating: UInt16(opacity))
  let fullOpacity = opacity == 255
  let alphaMask: UInt64 = 0xFF00_0000_FF00_0000
  var i = 0
  while i &+ 8 <= count {
    let o = i &* 4
    let w0 = layer.loadUnaligned(fromByteOffset: o, as: UInt64.self)
    let w1 = layer.loadUnaligned(fromByteOffset: o &+ 8, as: UInt64.self)
    let w2 = layer.loadUnaligned(fromByteOffset: o &+ 16, as: UInt64.self)
    let w3 = layer.loadUnaligned(fromByteOffset: o &+ 24, as: UInt64.self)
    let m0 = mask.loadUnaligned(fromByteOffset: o, as: UInt64.self)
    let m1 = mask.loadUnaligned(fromByteOffset: o &+ 8, as: UInt64.self)
    let m2 = mask.loadUnaligned(fromByteOffset: o &+ 16, as: UInt64.self)
    let m3 = mask.loadUnaligned(fromByteOffset: o &+ 24, as: UInt64.self)
    if (w0 | w1 | w2 | w3) != 0 && (m0 | m1 | m2 | m3) & alphaMask != 0 {
      let inside = fullOpacity && (m0 & m1 & m2 & m3) & alphaMask == alphaMask
      if inside && (w0 & w1 & w2 & w3) & alphaMask == alphaMask {
        dst.storeBytes(
          of: layer.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt32>.self), toByteOffset: o,
          as: SIMD8<UInt32>.self)
      } else {
        let words = layer.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt32>.self)
        let v = unsafeBitCast(words, to: SIMD16<UInt16>.self)
        var sLo = v & 0x00FF, sHi = v &>> 8
        var sa = unsafeBitCast((words &>> 24) &* 0x0001_0001, to: SIMD16<UInt16>.self)
        if !inside {
          let maskWords = mask.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt32>.self)
          var m = unsafeBitCast((maskWords &>> 24) &* 0x0001_0001, to: SIMD16<UInt16>.self)
          if !fullOpacity { m = div255(m &* op16) }
          sLo = div255(sLo &* m); sHi = div255(sHi &* m); sa = div255(sa &* m)
        }
        let d = dst.loadUnaligned(fromByteOffset: o, as: SIMD16<UInt16>.self)
        dst.storeBytes(of: over(d, sLo, sHi &<< 8, 255 &- sa), toByteOffset: o, as: SIMD16<UInt16>.self)
      }
    }
    i &+= 8
  }
  if i &+ 4 <= count {
    let o = i &* 4
    let words = layer.loadUnaligned(fromByteOffset: o, as: SIMD4<UInt32>.self)
    let v = unsafeBitCast(words, to: SIMD8<UInt16>.self)
    var sLo = v & 0x00FF, sHi = v &>> 8
    var sa = unsafeBitCast((words &>> 24) &* 0x0001_0001, to: SIMD8<UInt16>.self)
    let maskWords = mask.loadUnaligned(fromByteOffset: o, as: SIMD4<UInt32>.self)
    var m = unsafeBitCast((maskWords &>> 24) &* 0x0001_0001, to: SIMD8<UInt16>.self)
    if !fullOpacity { m = div255(m &* op8) }
    sLo = div255(sLo &* m); sHi = div255(sHi &* m); sa = div255(sa &* m)
    let d = dst.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt16>.self)
    dst.storeBytes(of: over(d, sLo, sHi &<< 8, 255 &- sa), toByteOffset: o, as: SIMD8<UInt16>.self)
    i &+= 4
  }
  while i < count {
    compositePixelScalar(
      dst + i &* 4, layer + i &* 4, maskedOpacity(mask.load(fromByteOffset: i &* 4 &+ 3, as: UInt8.self), opacity))
    i &+= 1
  }
}

/// A clipped layer pixel's opacity: the clip's coverage times the layer's opacity.
@inline(__always)
func maskedOpacity(_ coverage: UInt8, _ opacity: UInt8) -> UInt8 {
  opacity == 255 ? coverage : UInt8(truncatingIfNeeded: div255(UInt32(coverage) &* UInt32(opacity)))
}

/// Scalar reference for `compositeLayerMasked`.
package func compositeLayerMaskedScalar(
  _ dst: UnsafeMutableRawPointer, layer: UnsafeRawPointer, mask: UnsafeRawPointer, count: Int, opacity: UInt8
) {
  var i = 0
  while i < count {
    compositePixelScalar(
      dst + i &* 4, layer + i &* 4, maskedOpacity(mask.load(fromByteOffset: i &* 4 &+ 3, as: UInt8.self), opacity))
    i &+= 1
  }
}

// MARK: - Shaded spans

/// Source-over of premultiplied colors[i] (a gradient's span) scaled by coverage[i] onto pixel
/// i for i in 0..<count: src = div255(color · coverage), out = src + div255(dst · (255 − srcA)),
/// the rule `blendMask` applies to one color. `coverage` holds one `coveragePair(c)` per pixel.
/// Groups of 8 with no coverage are skipped; fully covered opaque ones are stored.
package func blendShadedMask(
  _ dst: UnsafeMutableRawPointer, coverage: UnsafeRawPointer, colors: UnsafeRawPointer, count: Int
) {
  let full: UInt64 = 0x00FF_00FF_00FF_00FF
  let alphaMask: UInt64 = 0xFF00_0000_FF00_0000
  var i = 0
  while i &+ 8 <= count {
    let o = i &* 4
    let w0 = coverage.loadUnaligned(fromByteOffset: o, as: UInt64.self)
    let w1 = coverage.loadUnaligned(fromByteOffset: o &+ 8, as: UInt64.self)
    let w2 = coverage.loadUnaligned(fromByteOffset: o &+ 16, as: UInt64.self)
    let w3 = coverage.loadUnaligned(fromByteOffset: o &+ 24, as: UInt64.self)
    if (w0 | w1 | w2 | w3) != 0 {
      let words = colors.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt32>.self)
      let covered = (w0 & w1 & w2 & w3) == full
      let opaque = unsafeBitCast(words, to: SIMD4<UInt64>.self)
      if covered && (opaque[0] & opaque[1] & opaque[2] & opaque[3]) & alphaMask == alphaMask {
        dst.storeBytes(of: words, toByteOffset: o, as: SIMD8<UInt32>.self)
      } else {
        let v = unsafeBitCast(words, to: SIMD16<UInt16>.self)
        var sLo = v & 0x00FF, sHi = v &>> 8
        var sa = unsafeBitCast((words &>> 24) &* 0x0001_0001, to: SIMD16<UInt16>.self)
        if !covered {
          let cov = coverage.loadUnaligned(fromByteOffset: o, as: SIMD16<UInt16>.self)
          sLo = div255(sLo &* cov); sHi = div255(sHi &* cov); sa = div255(sa &* cov)
        }
        let d = dst.loadUnaligned(fromByteOffset: o, as: SIMD16<UInt16>.self)
        dst.storeBytes(of: over(d, sLo, sHi &<< 8, 255 &- sa), toByteOffset: o, as: SIMD16<UInt16>.self)
      }
    }
    i &+= 8
  }
  while i < count {
    let c = coverage.load(fromByteOffset: i &* 4, as: UInt8.self)
    if c != 0 { compositePixelScalar(dst + i &* 4, colors + i &* 4, c) }
    i &+= 1
  }
}

/// Scalar reference for `blendShadedMask`.
package func blendShadedMaskScalar(
  _ dst: UnsafeMutableRawPointer, coverage: UnsafeRawPointer, colors: UnsafeRawPointer, count: Int
) {
  var i = 0
  while i < count {
    compositePixelScalar(dst + i &* 4, colors + i &* 4, coverage.load(fromByteOffset: i &* 4, as: UInt8.self))
    i &+= 1
  }
}
