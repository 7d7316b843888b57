import FlipbookDisplayList
import FlipbookImage
import FlipbookRaster
import Foundation
import Testing

/// Gradient pixels against the formulas, computed here in Double at each pixel's center: t
/// from the geometry (through the inverse of the transform), the stops' straight-alpha
/// components interpolated, premultiplied, scaled to 0…255. The rasterizer must be within one
/// level (its Float arithmetic and 8-bit rounding) on every channel of every pixel.
@Suite struct GradientTests {
  /// The reference premultiplied color (0…255 per channel, unrounded) at local point p.
  static func reference(_ g: GradientPaint, _ p: (x: Double, y: Double)) -> [Double] {
    var t: Double
    switch g.kind {
    case .linear(let s, let e):
      let dx = e.x - s.x, dy = e.y - s.y
      t = ((p.x - s.x) * dx + (p.y - s.y) * dy) / (dx * dx + dy * dy)
    case .radial(let c, let r0, let r1):
      t = (hypot(p.x - c.x, p.y - c.y) - r0) / (r1 - r0)
    case .angular(let c, let a0, let a1):
      let theta = atan2(p.y - c.y, p.x - c.x)
      let turn = 2 * Double.pi
      var start = a0, span = a1 - a0
      if span == 0 { span = turn }
      if span > turn { start = a1 - turn; span = turn }
      var d = (theta - start).truncatingRemainder(dividingBy: turn)
      if d < 0 { d += turn }
      if d <= span { t = d / span } else { t = d < span + (turn - span) / 2 ? 1 : 0 }
    }
    let stops = g.stops
    func comps(_ c: Color) -> [Double] { [c.red, c.green, c.blue, c.opacity] }
    var straight = comps(stops[0].color)
    if t >= stops[stops.count - 1].location {
      straight = comps(stops[stops.count - 1].color)
    } else {
      for k in 0..<(stops.count - 1) where t >= stops[k].location && t < stops[k + 1].location {
        let f = (t - stops[k].location) / (stops[k + 1].location - stops[k].location)
        let a = comps(stops[k].color), b = comps(stops[k + 1].color)
        straight = (0..<4).map { a[$0] + (b[$0] - a[$0]) * f }
      }
    }
    let alpha = straight[3]
    return [straight[0] * alpha * 255, straight[1] * alpha * 255, straight[2] * alpha * 255, alpha * 255]
  }

  /// Fills a rect far larger than the canvas with `g` under `t` and compares every pixel.
  static func check(_ g: GradientPaint, _ t: AffineTransform, width: Int = 48, height: Int = 40) -> Double {
    let big = Rect(x: -1e4, y: -1e4, width: 2e4, height: 2e4)
    let item = DisplayItem.shape(
      ShapeItem(geometry: .rectangle(big), style: .fill, transform: t, color: .black, gradient: g))
    let p = render([item], width: width, height: height)
    let det = t.a * t.d - t.b * t.c
    var worst = 0.0
    for y in 0..<height {
      for x in 0..<width {
        let px = Double(x) + 0.5 - t.tx, py = Double(y) + 0.5 - t.ty
        let local = (x: (t.d * px - t.c * py) / det, y: (-t.b * px + t.a * py) / det)
        let want = reference(g, local)
        let got = p.pixel(x: x, y: y)
        let have = [Double(got.r), Double(got.g), Double(got.b), Double(got.a)]
        for c in 0..<4 { worst = max(worst, abs(have[c] - want[c])) }
      }
    }
    return worst
  }

  static let rotated = AffineTransform.rotation(cos: cos(0.5), sin: sin(0.5))
    .concatenating(.scale(x: 1.5, y: 0.8)).concatenating(.translation(x: 20, y: 15))

  static func stop(_ c: Color, _ l: Double) -> GradientPaint.Stop { GradientPaint.Stop(color: c, location: l) }
  static let red = Color(red: 1, green: 0.1, blue: 0.2), blue = Color(red: 0, green: 0.4, blue: 1)
  static let halfGreen = Color(red: 0.2, green: 0.9, blue: 0.3, opacity: 0.5)

  @Test func linearTwoColors() {
    let g = GradientPaint(
      kind: .linear(start: Point(x: 4, y: 0), end: Point(x: 44, y: 0)),
      stops: [Self.stop(Self.red, 0), Self.stop(Self.blue, 1)])
    #expect(Self.check(g, .identity) <= 1)
  }

  @Test func linearStopsUnderATransform() {
    let g = GradientPaint(
      kind: .linear(start: Point(x: -10, y: -5), end: Point(x: 15, y: 20)),
      stops: [
        Self.stop(Self.red, 0.1), Self.stop(Self.halfGreen, 0.4), Self.stop(Self.halfGreen, 0.4),
        Self.stop(.clear, 0.9),
      ])
    #expect(Self.check(g, Self.rotated) <= 1)
  }

  @Test func radialStopsUnderATransform() {
    let g = GradientPaint(
      kind: .radial(center: Point(x: 3, y: -2), startRadius: 4, endRadius: 22),
      stops: [Self.stop(Self.blue, 0), Self.stop(Self.halfGreen, 0.3), Self.stop(Self.red, 1)])
    #expect(Self.check(g, Self.rotated) <= 1)
    #expect(Self.check(g, .translation(x: 20, y: 18)) <= 1)
  }

  @Test(arguments: [(0.0, 2 * Double.pi), (0.3, 2.0), (-1.0, 9.0), (1.0, 1.0)])
  func angular(_ angles: (Double, Double)) {
    let g = GradientPaint(
      kind: .angular(center: Point(x: 2, y: 1), startAngle: angles.0, endAngle: angles.1),
      stops: [Self.stop(Self.red, 0), Self.stop(Self.blue, 0.5), Self.stop(Self.halfGreen, 1)])
    // Pixels whose center lies within a hair of a hard edge (the seam, the gap's middle) may
    // fall either side; count them out by checking the worst pixel in a few translations.
    let worst = [0.0, 0.25].map { d in Self.check(g, Self.rotated.concatenating(.translation(x: d, y: d))) }.min()!
    #expect(worst <= 1)
  }

  /// A gradient whose stops all round to one color draws exactly as that color's fill.
  @Test func uniformGradientIsTheSolidFill() {
    let shape = ShapeGeometry.ellipse(Rect(x: 3, y: 2, width: 30, height: 25))
    let g = GradientPaint(
      kind: .linear(start: Point(x: 0, y: 0), end: Point(x: 9, y: 9)),
      stops: [Self.stop(Self.halfGreen, 0), Self.stop(Self.halfGreen, 1)])
    let a = render(
      [.shape(ShapeItem(geometry: shape, style: .fill, transform: Self.rotated, color: Self.red, gradient: g))],
      width: 48, height: 40)
    let b = render(
      [.shape(ShapeItem(geometry: shape, style: .fill, transform: Self.rotated, color: Self.halfGreen))], width: 48,
      height: 40)
    #expect(a.bytes == b.bytes)
  }

  /// A stroke's edge pixels are the gradient's color scaled by the same coverage a solid
  /// stroke gets: compared with a solid stroke of the gradient's color at that pixel.
  @Test func strokesAreShadedWithTheirCoverage() {
    let shape = ShapeGeometry.ellipse(Rect(x: 6, y: 6, width: 28, height: 28))
    let g = GradientPaint(
      kind: .linear(start: Point(x: 0, y: 0), end: Point(x: 40, y: 0)),
      stops: [Self.stop(Self.red, 0), Self.stop(Self.blue, 1)])
    let shaded = render(
      [
        .shape(
          ShapeItem(geometry: shape, style: .stroke(lineWidth: 3), transform: .identity, color: .black, gradient: g))
      ], width: 40, height: 40)
    let mask = render([stroke(shape, width: 3)], width: 40, height: 40)
    var worst = 0.0
    for y in 0..<40 {
      for x in 0..<40 {
        let cov = Double(mask.pixel(x: x, y: y).a) / 255
        let want = Self.reference(g, (Double(x) + 0.5, Double(y) + 0.5)).map { $0 * cov }
        let got = shaded.pixel(x: x, y: y)
        let have = [Double(got.r), Double(got.g), Double(got.b), Double(got.a)]
        for c in 0..<4 { worst = max(worst, abs(have[c] - want[c])) }
      }
    }
    #expect(worst <= 1.5)
  }

  /// The SIMD kernel and its scalar twin give the same bytes.
  @Test func shadedMaskKernelMatchesScalar() {
    var rng = SystemRandomNumberGenerator()
    for count in [1, 5, 8, 13, 64, 67] {
      var colors = [UInt32](repeating: 0, count: count)
      var coverage = [UInt32](repeating: 0, count: count)
      var dst = [UInt32](repeating: 0, count: count)
      for i in 0..<count {
        let a = UInt32.random(in: 0...255, using: &rng)
        let c = { UInt32.random(in: 0...a, using: &rng) }
        colors[i] = c() | c() << 8 | c() << 16 | a << 24
        let k = [0, 255, UInt32.random(in: 0...255, using: &rng)].randomElement(using: &rng)!
        coverage[i] = k &* 0x0001_0001
        dst[i] = UInt32.random(in: 0...UInt32.max, using: &rng) | 0xFF00_0000
      }
      if count == 64 { for i in 0..<count { coverage[i] = 255 &* 0x0001_0001; colors[i] |= 0xFF00_0000 } }
      var a = dst, b = dst
      a.withUnsafeMutableBytes { d in
        coverage.withUnsafeBytes { cv in
          colors.withUnsafeBytes { cl in
            blendShadedMask(d.baseAddress!, coverage: cv.baseAddress!, colors: cl.baseAddress!, count: count)
          }
        }
      }
      b.withUnsafeMutableBytes { d in
        coverage.withUnsafeBytes { cv in
          colors.withUnsafeBytes { cl in
            blendShadedMaskScalar(d.baseAddress!, coverage: cv.baseAddress!, colors: cl.baseAddress!, count: count)
          }
        }
      }
      #expect(a == b, "count \(count)")
    }
  }
}
