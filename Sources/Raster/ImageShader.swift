import FlipbookDisplayList
import FlipbookImage

// Image filtering: the colors of a span of pixels of an `image` view.
//
// Every pixel the image's rectangle covers gets the bitmap resampled at the pixel's center,
// mapped into the bitmap through the inverse of the item's transform: u, v in bitmap pixels,
// pixel i spanning [i, i + 1) so that its center is i + ½. The filter is the cubic
// convolution of Keys (a = −½, as Pillow's and Core Graphics' "high" bicubic), separable in
// the bitmap's axes and widened by the minification along each axis, as a resampler does
// when it shrinks (Pillow's `resize`): along u the footprint is f = max(1, |∇u|), the bitmap
// pixels one canvas pixel spans (the length of the inverse map's row), and tap i weighs
// k((i + ½ − u) / f). The weights are normalized over the taps that lie inside the bitmap, so
// the edge pixels keep their color (the shape's coverage fades the edge, not the filter).
// Filtering is done in premultiplied color, in Float; the result is clamped (the cubic
// overshoots: alpha to 0…255, color to 0…alpha), scaled by the paint's opacity and rounded
// half to even. At a scale of exactly one with pixel-aligned placement every weight is 0 but
// one, so the bitmap is copied exactly.

/// An image ready to shade spans in pixel space.
struct ImageShader {
  /// Pixel center (x, y) ↦ bitmap coordinates u = ux·x + uy·y + uc, v = vx·x + vy·y + vc.
  let ux: Double, uy: Double, uc: Double
  let vx: Double, vy: Double, vc: Double
  /// Under a projection, u and v above are divided by d = dx·x + dy·y + dc, so that each
  /// pixel center samples the bitmap at its inverse-mapped point, and the widening is each
  /// pixel's own (the length of u's and v's gradient there); `projective` is false otherwise.
  let dx: Double, dy: Double, dc: Double
  let projective: Bool
  /// The kernel's widening along u and v (≥ 1), and its reach in bitmap pixels (2f).
  let fu: Double, fv: Double
  let width: Int, height: Int
  let pixels: [UInt8]
  let opacity: Float

  /// Prepares `paint` drawn under `m` (local points → pixels) at `opacity` (0…1); nil when
  /// the bitmap is empty or its rectangle or the transform is degenerate. With a `premap` (a
  /// projection), pixel centers are first taken through it into `m`'s pixels.
  init?(_ paint: ImagePaint, _ m: PixelTransform, premap: Homography? = nil, opacity: Double) {
    let w = paint.pixmap.width, h = paint.pixmap.height
    let r = paint.rect
    guard w > 0, h > 0, r.width > 0, r.height > 0, r.width.isFinite, r.height.isFinite else { return nil }
    let det = m.a * m.d - m.b * m.c
    guard det != 0, det.isFinite else { return nil }
    // Pixel → local: (ia·x + ic·y + itx, ib·x + id·y + ity); local → bitmap: scale and shift.
    let ia = m.d / det, ib = -m.b / det, ic = -m.c / det, id = m.a / det
    let itx = -(ia * m.tx + ic * m.ty), ity = -(ib * m.tx + id * m.ty)
    let su = Double(w) / r.width, sv = Double(h) / r.height
    let (ux, uy, uc) = (ia * su, ic * su, (itx - r.minX) * su)
    let (vx, vy, vc) = (ib * sv, id * sv, (ity - r.minY) * sv)
    guard let map = SampleMap(u: (ux, uy, uc), v: (vx, vy, vc), premap: premap) else { return nil }
    self.ux = map.ux; self.uy = map.uy; self.uc = map.uc; self.vx = map.vx; self.vy = map.vy; self.vc = map.vc
    self.dx = map.dx; self.dy = map.dy; self.dc = map.dc
    projective = map.projective
    fu = max(1, (ux * ux + uy * uy).squareRoot())
    fv = max(1, (vx * vx + vy * vy).squareRoot())
    width = w; height = h
    pixels = paint.pixmap.bytes
    self.opacity = Float(opacity.isNaN ? 0 : min(max(opacity, 0), 1))
  }

  /// Keys' cubic convolution kernel with a = −½.
  @inline(__always)
  static func kernel(_ t: Double) -> Double {
    let x = abs(t)
    if x < 1 { return (1.5 * x - 2.5) * x * x + 1 }
    if x < 2 { return ((-0.5 * x + 2.5) * x - 4) * x + 2 }
    return 0
  }

  /// The normalized weights of the taps about `center` along an axis of `size` pixels with
  /// widening `f`, into `w`; returns the first tap and the number of taps.
  @inline(__always)
  static func weights(
    _ center: Double, f: Double, size: Int, into w: UnsafeMutablePointer<Float>
  ) -> (first: Int, count: Int) {
    let reach = 2 * f
    // Clamp far-off centers (they only occur within a pixel of the edge) to keep Int exact.
    let c = min(max(center, -reach - 1), Double(size) + reach + 1)
    let lo = max(0, Int((c - 0.5 - reach).rounded(.down)))
    let hi = min(size - 1, Int((c - 0.5 + reach).rounded(.up)))
    guard hi >= lo else {
      // No tap reaches: the nearest edge pixel.
      w[0] = 1
      return (c < 0 ? 0 : size - 1, 1)
    }
    let inv = 1 / f
    var sum = 0.0
    var k = 0
    var i = lo
    while i <= hi {
      let v = kernel((Double(i) + 0.5 - c) * inv)
      sum += v
      w[k] = Float(v)
      k &+= 1
      i &+= 1
    }
    guard sum != 0 else {
      w[0] = 1
      return (min(max(Int(c.rounded(.down)), 0), size - 1), 1)
    }
    let s = Float(1 / sum)
    for j in 0..<k { w[j] *= s }
    return (lo, k)
  }

  /// The most taps along u and along v (under a projection, each pixel has its own
  /// widening: as many as the bitmap has).
  var maxTaps: (u: Int, v: Int) {
    if projective { return (width &+ 3, height &+ 3) }
    return (min(width, Int((4 * fu).rounded(.up)) &+ 3), min(height, Int((4 * fv).rounded(.up)) &+ 3))
  }

  /// Under a projection: the bitmap point of pixel center (cx, cy) and the widening along u
  /// and v there (each at most the bitmap's size); nil behind the viewer.
  @inline(__always)
  func projected(_ cx: Double, _ cy: Double) -> (u: Double, v: Double, fu: Double, fv: Double)? {
    let d = dx * cx + dy * cy + dc
    guard d > 0 else { return nil }
    let u = (ux * cx + uy * cy + uc) / d, v = (vx * cx + vy * cy + vc) / d
    // ∇(n/d) = (∇n − (n/d)·∇d) / d.
    let gux = (ux - u * dx) / d, guy = (uy - u * dy) / d
    let gvx = (vx - v * dx) / d, gvy = (vy - v * dy) / d
    let fu = min(max(1, (gux * gux + guy * guy).squareRoot()), Double(width))
    let fv = min(max(1, (gvx * gvx + gvy * gvy).squareRoot()), Double(height))
    guard u.isFinite, v.isFinite, fu.isFinite, fv.isFinite else { return nil }
    return (u, v, fu, fv)
  }

  /// The premultiplied RGBA8 colors of pixels x..<x+count of row y, into `out`.
  func shade(x: Int, y: Int, count: Int, into out: UnsafeMutableRawPointer) {
    let taps = maxTaps
    withUnsafeTemporaryAllocation(of: Float.self, capacity: taps.u &+ taps.v &+ 2) { scratch in
      let wu = scratch.baseAddress!, wv = wu + (taps.u &+ 1)
      let cy = Double(y) + 0.5
      // A row of a bitmap that is not rotated has one v for all its pixels.
      let rowV = vx == 0 && !projective
      var vTaps = (first: 0, count: 0)
      if rowV { vTaps = Self.weights(vx * 0.5 + vy * cy + vc, f: fv, size: height, into: wv) }
      pixels.withUnsafeBufferPointer { buffer in
        let base = buffer.baseAddress!
        let stride = width &* 4
        let scale = opacity
        for i in 0..<count {
          let cx = Double(x &+ i) + 0.5
          var uTaps: (first: Int, count: Int)
          if projective {
            guard let p = projected(cx, cy) else {
              out.storeBytes(of: 0, toByteOffset: i &* 4, as: UInt32.self)
              continue
            }
            vTaps = Self.weights(p.v, f: p.fv, size: height, into: wv)
            uTaps = Self.weights(p.u, f: p.fu, size: width, into: wu)
          } else {
            let u = ux * cx + uy * cy + uc
            if !rowV { vTaps = Self.weights(vx * cx + vy * cy + vc, f: fv, size: height, into: wv) }
            uTaps = Self.weights(u, f: fu, size: width, into: wu)
          }
          var total = SIMD4<Float>()
          var row = base + vTaps.first &* stride + uTaps.first &* 4
          for j in 0..<vTaps.count {
            var acc = SIMD4<Float>()
            var p = row
            for k in 0..<uTaps.count {
              acc += wu[k] * SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
              p += 4
            }
            total += wv[j] * acc
            row += stride
          }
          // Clamp (alpha 0…255, color 0…alpha), apply the opacity, round half to even.
          let a = min(max(total[3], 0), 255)
          var c = total.replacing(with: 0, where: .!(total .> 0))
          c = c.replacing(with: SIMD4(repeating: a), where: c .> a)
          c[3] = a
          let q = unsafeBitCast(c * scale + 12_582_912.0, to: SIMD4<UInt32>.self) & 0xFF
          out.storeBytes(
            of: q[0] | q[1] &<< 8 | q[2] &<< 16 | q[3] &<< 24, toByteOffset: i &* 4, as: UInt32.self)
        }
      }
    }
  }
}
