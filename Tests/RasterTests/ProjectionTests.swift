import FlipbookDisplayList
import FlipbookImage
import FlipbookRaster
import Foundation
import Testing

/// Layers under a projection (`LayerEffect.projection`): a bitmap is resampled at each pixel
/// center's inverse-mapped point, and projections that have no image (not finite, singular,
/// or everything behind the viewer) draw nothing.
@Suite struct ProjectionTests {
  /// A perspective map with a visible tilt: w runs from about 0.8 to 1.3 over the canvas.
  static let tilt = Homography(1.1, 0.2, 5, 0.05, 0.9, 10, 0.0012, -0.0008, 1)

  /// (x, y) through the inverse of `h`, solved here by Cramer's rule.
  static func unproject(_ h: Homography, _ px: Double, _ py: Double) -> (x: Double, y: Double) {
    let a = h.m00 - px * h.m20, b = h.m01 - px * h.m21, c = px * h.m22 - h.m02
    let d = h.m10 - py * h.m20, e = h.m11 - py * h.m21, f = py * h.m22 - h.m12
    let det = a * e - b * d
    return ((c * e - b * f) / det, (a * f - c * d) / det)
  }

  /// An 8×4 bitmap, its left half red and its right half blue, stretched 20× onto a
  /// rectangle at (60, 60) under `tilt`: every fully covered pixel is Keys' cubic (a = −½)
  /// of the columns at u = (x − 60) / 20 of its center's inverse-mapped point (the widening
  /// is 1: the bitmap is magnified), normalized over the bitmap; within 1 level.
  @Test func imageIsSampledAtTheInverseMappedPoint() {
    var bytes = [UInt8](repeating: 0, count: 8 * 4 * 4)
    for y in 0..<4 {
      for x in 0..<8 {
        let i = (y * 8 + x) * 4
        bytes[i] = x < 4 ? 255 : 0; bytes[i + 2] = x < 4 ? 0 : 255; bytes[i + 3] = 255
      }
    }
    let rect = Rect(x: 0, y: 0, width: 160, height: 80)
    let shape = DisplayItem.shape(
      ShapeItem(
        geometry: .rectangle(rect), style: .fill, transform: .translation(x: 60, y: 60), color: .black,
        image: ImagePaint(pixmap: Pixmap(width: 8, height: 4, bytes: bytes), rect: rect)))
    let p = render([.layer(items: [shape], opacity: 1, effect: .projection(Self.tilt))], width: 320, height: 240)
    func keys(_ t: Double) -> Double {
      let x = abs(t)
      if x < 1 { return 1.5 * x * x * x - 2.5 * x * x + 1 }
      if x < 2 { return -0.5 * x * x * x + 2.5 * x * x - 4 * x + 2 }
      return 0
    }
    var compared = 0, mixed = 0, worst = 0
    for y in 0..<p.height {
      for x in 0..<p.width where p.bytes[(y * p.width + x) * 4 + 3] == 255 {
        let q = Self.unproject(Self.tilt, Double(x) + 0.5, Double(y) + 0.5)
        let u = (q.x - 60) / 20
        var red = 0.0, blue = 0.0, sum = 0.0
        for i in 0..<8 {
          let k = keys(Double(i) + 0.5 - u)
          sum += k
          if i < 4 { red += k } else { blue += k }
        }
        let expected = [red / sum, 0, blue / sum].map { Int((min(max($0, 0), 1) * 255).rounded()) }
        if expected[0] != 0 && expected[0] != 255 { mixed += 1 }
        for ch in 0..<3 { worst = max(worst, abs(Int(p.bytes[(y * p.width + x) * 4 + ch]) - expected[ch])) }
        compared += 1
      }
    }
    #expect(compared > 8000)
    #expect(mixed > 500)
    #expect(worst <= 1, "worst difference \(worst) levels")
  }

  /// Projections without an image draw nothing and never trap: not finite (a NaN angle),
  /// singular (edge-on), every point behind the viewer (w < 0), or w = 0 on a line through
  /// the shape (only its side in front is drawn).
  @Test func projectionsWithoutAnImageDrawNothing() {
    let gradient = GradientPaint(
      kind: .linear(start: Point(x: 0, y: 0), end: Point(x: 100, y: 0)),
      stops: [.init(color: .white, location: 0), .init(color: .black, location: 1)])
    let items: [DisplayItem] = [
      fill(.roundedRectangle(Rect(x: 20, y: 20, width: 100, height: 60), cornerRadius: 10, style: .continuous)),
      .shape(
        ShapeItem(
          geometry: .ellipse(Rect(x: 10, y: 10, width: 120, height: 80)), style: .fill, transform: .identity,
          color: .white, gradient: gradient)),
      stroke(.ellipse(Rect(x: 30, y: 30, width: 60, height: 40)), width: 3),
    ]
    for h in [
      Homography(.nan, 0, 0, 0, 1, 0, 0, 0, 1), Homography(1, 0, 0, 0, 1, 0, 0, 0, .infinity),
      Homography(1, 0, 0, 0, 0, 0, 0, 0, 1), Homography(1, 0, 0, 0, 1, 0, 0, 0, -1),
      Homography(1, 0, 0, 0, 1, 0, 0, 0, 0),
    ] {
      let p = render([.layer(items: items, opacity: 1, effect: .projection(h))], width: 160, height: 120)
      #expect(!p.bytes.contains { $0 != 0 }, "\(h)")
    }
    // w = 1 − x/70: what lies at x ≥ 70 is at or behind the viewer and is cut off; the rest
    // is drawn, magnified toward the cut.
    let cut = Homography(1, 0, 0, 0, 1, 0, -1.0 / 70, 0, 1)
    let p = render([.layer(items: items, opacity: 1, effect: .projection(cut))], width: 2000, height: 400)
    var drawn = 0
    for y in 0..<p.height {
      for x in 0..<p.width where p.bytes[(y * p.width + x) * 4 + 3] == 255 {
        drawn += 1
        let q = Self.unproject(cut, Double(x) + 0.5, Double(y) + 0.5)
        #expect(q.x < 70 && cut.w(q.x, q.y) > 0, "pixel (\(x), \(y)) from (\(q.x), \(q.y))")
      }
    }
    #expect(drawn > 1000)
  }

  /// Nested projections compose: a layer under `a` inside a layer under `b` draws as the
  /// layer under `a` then `b`, to the byte.
  @Test func nestedProjectionsCompose() {
    let a = Homography(0.9, 0.1, 4, -0.05, 1.0, 3, 0.001, 0.0005, 1)
    let shape = fill(.ellipse(Rect(x: 30, y: 20, width: 90, height: 70)))
    let nested = render(
      [
        .layer(
          items: [.layer(items: [shape], opacity: 1, effect: .projection(a))], opacity: 1,
          effect: .projection(Self.tilt))
      ],
      width: 200, height: 160)
    let once = render(
      [.layer(items: [shape], opacity: 1, effect: .projection(a.concatenating(Self.tilt)))], width: 200, height: 160)
    #expect(nested.bytes == once.bytes)
    #expect(once.bytes.contains { $0 != 0 })
  }
}
