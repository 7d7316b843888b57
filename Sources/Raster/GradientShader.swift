import FlipbookDisplayList
import FlipbookImage

// Gradient shading: the colors of a span of pixels, evaluated at the pixels' centers.
//
// A `GradientPaint` is prepared once per shape (`GradientShader.init`): the inverse of the
// item's transform is folded into an affine map from pixel centers to the gradient's own
// space (t itself for a linear gradient; the offset from the center for a radial or an
// angular one), and the stops become segments t ≥ start ↦ base + slope·t per straight-alpha
// channel. A span is then shaded 8 pixels a step in `SIMD8<Float>`: t per lane, the segment
// chosen by comparisons (the last segment whose start is ≤ t), the channels interpolated,
// clamped, premultiplied (c·α) and rounded to 8 bits half to even with the 1.5·2²³ bias —
// no dithering, so the bytes depend only on the shape and the pixel. The kernels use
// `+ − × ÷ √`, comparisons and selects only (no libm, no FMA contraction), so every thread
// and run gives the same bytes.

/// A gradient ready to shade spans in pixel space. Its segments live in the frame's shader
/// data buffer (RasterBuffers), `segmentOffset` floats in.
struct GradientShader {
  enum Kind { case linear, radial, angular }
  let kind: Kind
  /// Pixel center (x, y) ↦ u = ux·x + uy·y + uc, v = vx·x + vy·y + vc: t itself (linear, u
  /// only) or the offset from the center in the shape's local points (radial, angular).
  let ux: Double, uy: Double, uc: Double
  let vx: Double, vy: Double, vc: Double
  /// Under a projection, u and v above are divided by d = dx·x + dy·y + dc (the pixel
  /// center's w through the inverse projection), so they are the gradient's at the
  /// inverse-mapped point; `projective` is false (and d = 1) otherwise.
  let dx: Double, dy: Double, dc: Double
  let projective: Bool
  /// Radial: t = (√(u² + v²) − r0) · radialScale.
  let r0: Float, radialScale: Float
  /// Angular: δ = ((θ − startAngle) · direction) wrapped into [0, 2π); t = δ / span for
  /// δ ≤ span; in the gap, 1 before `gapMiddle`, 0 after. A full turn has span 2π.
  let startAngle: Float, direction: Float, span: Float, inverseSpan: Float, gapMiddle: Float
  let segmentOffset: Int
  let segments: Int

  /// Floats per segment: start, then base and slope of r, g, b, a.
  static let segmentFloats = 9

  /// Prepares `g` drawn under `m` (local points → pixels), appending its segments through
  /// `append`; nil when its geometry is not finite or the transform is singular. With a
  /// `premap` (a projection), pixel centers are first taken through it into `m`'s pixels.
  init?(
    _ g: GradientPaint, _ m: PixelTransform, premap: Homography? = nil, segmentOffset: Int, append: (Float) -> Void
  ) {
    let det = m.a * m.d - m.b * m.c
    guard det != 0, det.isFinite else { return nil }
    // Inverse map: pixel → local = (ia·x + ic·y + itx, ib·x + id·y + ity).
    let ia = m.d / det, ib = -m.b / det, ic = -m.c / det, id = m.a / det
    let itx = -(ia * m.tx + ic * m.ty), ity = -(ib * m.tx + id * m.ty)
    var r0 = 0.0, radialScale = 0.0
    var start = 0.0, direction = 1.0, span = 2 * Double.pi
    var (ux, uy, uc, vx, vy, vc) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    func offsets(from c: Point) {
      ux = ia; uy = ic; uc = itx - c.x
      vx = ib; vy = id; vc = ity - c.y
    }
    switch g.kind {
    case .linear(let s, let e):
      let dx = e.x - s.x, dy = e.y - s.y
      let l2 = dx * dx + dy * dy
      kind = .linear
      if l2 > 0 {
        // t = ((local − s) · d) / |d|².
        ux = (ia * dx + ib * dy) / l2
        uy = (ic * dx + id * dy) / l2
        uc = ((itx - s.x) * dx + (ity - s.y) * dy) / l2
      } else {
        // A gradient with no length shows its last color.
        uc = 1
      }
    case .radial(let c, let rs, let re):
      kind = .radial
      offsets(from: c)
      r0 = rs
      // Equal radii: a step at the radius (the scale is large but finite, so t is ±huge).
      radialScale = re != rs ? 1 / (re - rs) : 1e30
      guard rs.isFinite, re.isFinite, radialScale.isFinite else { return nil }
    case .angular(let c, let a0, let a1):
      kind = .angular
      offsets(from: c)
      guard a0.isFinite, a1.isFinite else { return nil }
      let turn = 2 * Double.pi
      let delta = a1 - a0
      if delta == 0 {
        start = a0  // equal angles: one full turn from there
      } else if delta >= turn {
        start = a1 - turn  // only the last full turn shows
      } else if delta <= -turn {
        start = a1 + turn
        direction = -1
      } else {
        start = a0
        direction = delta > 0 ? 1 : -1
        span = abs(delta)
      }
      start = start.truncatingRemainder(dividingBy: turn)
      if start < 0 { start += turn }
    // With a direction of −1, δ = (start − θ): keep start in [0, 2π) either way.
    }
    guard let map = SampleMap(u: (ux, uy, uc), v: (vx, vy, vc), premap: premap) else { return nil }
    self.ux = map.ux; self.uy = map.uy; self.uc = map.uc; self.vx = map.vx; self.vy = map.vy; self.vc = map.vc
    self.dx = map.dx; self.dy = map.dy; self.dc = map.dc
    projective = map.projective
    self.r0 = Float(r0); self.radialScale = Float(radialScale)
    self.startAngle = Float(start); self.direction = Float(direction); self.span = Float(span)
    self.inverseSpan = Float(1 / span)
    self.gapMiddle = Float(span + (2 * Double.pi - span) / 2)

    // Segments: before the first stop its color; between stops k and k+1 (when apart) the
    // interpolation; from the last stop on its color. Equal locations make a hard edge.
    self.segmentOffset = segmentOffset
    var count = 0
    func segment(_ start: Double, _ c0: Color, _ c1: Color?, _ l0: Double, _ l1: Double) {
      append(Float(start))
      let a = Self.channels(c0)
      let b = c1.map(Self.channels) ?? a
      for ch in 0..<4 {
        let slope = c1 == nil ? 0 : (b[ch] - a[ch]) / (l1 - l0)
        append(Float(a[ch] - slope * l0))
        append(Float(slope))
      }
      count += 1
    }
    let stops = g.stops
    segment(-.infinity, stops[0].color, nil, 0, 0)
    for k in 0..<(stops.count - 1) where stops[k + 1].location > stops[k].location {
      segment(stops[k].location, stops[k].color, stops[k + 1].color, stops[k].location, stops[k + 1].location)
    }
    let last = stops[stops.count - 1]
    segment(last.location, last.color, nil, 0, 0)
    segments = count
  }

  /// Straight-alpha components clamped to 0…1 (NaN: 0), as `PremulColor(_:)` reads a color.
  static func channels(_ c: Color) -> SIMD4<Double> {
    func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
    return SIMD4(clamp(c.red), clamp(c.green), clamp(c.blue), clamp(c.opacity))
  }

  /// The premultiplied RGBA8 colors of pixels x..<x+count of row y, into `out` (which holds
  /// `count` rounded up to 8 pixels). `data` is the frame's shader data.
  func shade(x: Int, y: Int, count: Int, data: UnsafePointer<Float>, into out: UnsafeMutableRawPointer) {
    let cy = Double(y) + 0.5
    let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
    let seg = data + segmentOffset
    if kind == .linear && ux == 0 && !projective {
      // t does not change along the row (a vertical gradient on an upright shape, as most
      // are): every pixel gets the color of the first, whose lanes are all the same.
      let c = colors(SIMD8<Float>(repeating: Float(ux * (Double(x) + 0.5) + uy * cy + uc)), seg)
      var i = 0
      while i < count {
        out.storeBytes(of: c, toByteOffset: i &* 4, as: SIMD8<UInt32>.self)
        i &+= 8
      }
      return
    }
    var i = 0
    while i < count {
      let cx = Double(x &+ i) + 0.5
      var u = Float(ux * cx + uy * cy + uc) + Float(ux) * lanes
      var v = SIMD8<Float>()
      if kind != .linear { v = Float(vx * cx + vy * cy + vc) + Float(vx) * lanes }
      if projective {
        // Behind the viewer (d ≤ 0) the shape has no coverage; its t there is never shown.
        let d = Float(dx * cx + dy * cy + dc) + Float(dx) * lanes
        u /= d
        v /= d
      }
      var t: SIMD8<Float>
      switch kind {
      case .linear:
        t = u
      case .radial:
        t = ((u * u + v * v).squareRoot() - r0) * radialScale
      case .angular:
        t = angularT(u, v)
      }
      out.storeBytes(of: colors(t, seg), toByteOffset: i &* 4, as: SIMD8<UInt32>.self)
      i &+= 8
    }
  }

  /// t of an angular gradient at offsets (u, v) from its center.
  @inline(__always)
  func angularT(_ u: SIMD8<Float>, _ v: SIMD8<Float>) -> SIMD8<Float> {
    let twoPi = Float(2 * Double.pi)
    var d = (atan2(v, u) - startAngle) * direction
    d = d.replacing(with: d + twoPi, where: d .< 0)
    d = d.replacing(with: d + twoPi, where: d .< 0)
    d = d.replacing(with: d - twoPi, where: d .>= twoPi)
    var t = d * inverseSpan
    let gap = d .> span
    t = t.replacing(with: 1, where: gap .& (d .< gapMiddle))
    t = t.replacing(with: 0, where: gap .& (d .>= gapMiddle))
    return t
  }

  /// The packed premultiplied colors at t (8 lanes) from the segments at `seg`.
  @inline(__always)
  func colors(_ t: SIMD8<Float>, _ seg: UnsafePointer<Float>) -> SIMD8<UInt32> {
    // Only the segments that start within the lanes' range of t need a select per lane: the
    // last one starting at or below the smallest t serves every lane to begin with.
    var lo = t[0], hi = t[0]
    for l in 1..<8 {
      let v = t[l]
      if v < lo { lo = v }
      if v > hi { hi = v }
    }
    var k = 1
    while k < segments && seg[k &* Self.segmentFloats] <= lo { k &+= 1 }
    let first = seg + (k &- 1) &* Self.segmentFloats
    var rb = SIMD8<Float>(repeating: first[1]), rs = SIMD8<Float>(repeating: first[2])
    var gb = SIMD8<Float>(repeating: first[3]), gs = SIMD8<Float>(repeating: first[4])
    var bb = SIMD8<Float>(repeating: first[5]), bs = SIMD8<Float>(repeating: first[6])
    var ab = SIMD8<Float>(repeating: first[7]), as_ = SIMD8<Float>(repeating: first[8])
    while k < segments && seg[k &* Self.segmentFloats] <= hi {
      let s = seg + k &* Self.segmentFloats
      let m = t .>= SIMD8<Float>(repeating: s[0])
      rb.replace(with: s[1], where: m); rs.replace(with: s[2], where: m)
      gb.replace(with: s[3], where: m); gs.replace(with: s[4], where: m)
      bb.replace(with: s[5], where: m); bs.replace(with: s[6], where: m)
      ab.replace(with: s[7], where: m); as_.replace(with: s[8], where: m)
      k &+= 1
    }
    // A NaN t (finite geometry never gives one) must not reach the bytes: use 0 for it.
    let tt = t.replacing(with: 0, where: t .!= t)
    let a = unit(ab + as_ * tt)
    let r = byte(unit(rb + rs * tt) * a), g = byte(unit(gb + gs * tt) * a), b = byte(unit(bb + bs * tt) * a)
    return r | g &<< 8 | b &<< 16 | byte(a) &<< 24
  }

  /// v clamped to 0…1.
  @inline(__always)
  func unit(_ v: SIMD8<Float>) -> SIMD8<Float> {
    v.replacing(with: 0, where: .!(v .> 0)).replacing(with: 1, where: v .> 1)
  }

  /// ⌊v·255⌉ (half to even) of v in 0…1, in the low byte.
  @inline(__always)
  func byte(_ v: SIMD8<Float>) -> SIMD8<UInt32> {
    unsafeBitCast(v * 255 + 12_582_912.0, to: SIMD8<UInt32>.self) & 0xFF
  }
}

/// atan2(y, x) per lane, within 1e-5 rad: an odd minimax polynomial for atan on [0, 1]
/// (Abramowitz & Stegun 4.4.49), then the octant and quadrant folded back.
@inline(__always)
func atan2(_ y: SIMD8<Float>, _ x: SIMD8<Float>) -> SIMD8<Float> {
  let ax = x.replacing(with: -x, where: x .< 0), ay = y.replacing(with: -y, where: y .< 0)
  let steep = ay .> ax
  let hi = ax.replacing(with: ay, where: steep), lo = ay.replacing(with: ax, where: steep)
  let a = lo / hi.replacing(with: 1, where: hi .== 0)
  let s = a * a
  var r = s * 0.020_835_1 - 0.085_133
  r = r * s + 0.180_141
  r = r * s - 0.330_299_5
  r = r * s + 0.999_866
  r = r * a
  r = r.replacing(with: Float.pi / 2 - r, where: steep)
  r = r.replacing(with: Float.pi - r, where: x .< 0)
  return r.replacing(with: -r, where: y .< 0)
}
