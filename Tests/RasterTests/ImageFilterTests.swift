import FlipbookDisplayList
import FlipbookImage
import FlipbookRaster
import Foundation
import Testing

/// Image pixels against the filter's definition, computed here in Double as a direct 2-D sum
/// over every bitmap pixel (no tap ranges, no separable passes, no tables): at each canvas
/// pixel's center, (u, v) through the inverse transform; weights k((i + ½ − u) / fu) ·
/// k((j + ½ − v) / fv) with Keys' cubic (a = −½) and fu, fv the minification (≥ 1);
/// normalized over the bitmap; clamped; times the opacity. Only pixels whose whole square lies
/// inside the image's rectangle are compared (coverage 1), within 2 levels.
@Suite struct ImageFilterTests {
  static func keys(_ t: Double) -> Double {
    let x = abs(t)
    if x < 1 { return 1.5 * x * x * x - 2.5 * x * x + 1 }
    if x < 2 { return -0.5 * x * x * x + 2.5 * x * x - 4 * x + 2 }
    return 0
  }

  /// A checkerboard of `cell`-pixel squares in two premultiplied colors, with a gradient of
  /// alpha along x so that premultiplied filtering matters.
  static func checkerboard(_ w: Int, _ h: Int, cell: Int) -> Pixmap {
    var bytes = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<w {
        let dark = ((x / cell) + (y / cell)) % 2 == 0
        let a = 255 - (x * 120) / max(w - 1, 1)
        let (r, g, b) = dark ? (20, 40, 200) : (250, 230, 30)
        let i = (y * w + x) * 4
        bytes[i] = UInt8((r * a + 127) / 255); bytes[i + 1] = UInt8((g * a + 127) / 255)
        bytes[i + 2] = UInt8((b * a + 127) / 255); bytes[i + 3] = UInt8(a)
      }
    }
    return Pixmap(width: w, height: h, bytes: bytes)
  }

  /// The largest difference over the interior pixels, and how many were compared.
  static func check(
    _ image: Pixmap, rect: Rect, _ t: AffineTransform, opacity: Double = 1, width: Int = 64, height: Int = 56
  ) -> (worst: Double, compared: Int) {
    let item = DisplayItem.shape(
      ShapeItem(
        geometry: .rectangle(rect), style: .fill, transform: t,
        color: Color(red: 0, green: 0, blue: 0, opacity: opacity), image: ImagePaint(pixmap: image, rect: rect)))
    let p = render([item], width: width, height: height)
    let det = t.a * t.d - t.b * t.c
    func local(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
      let px = x - t.tx, py = y - t.ty
      return ((t.d * px - t.c * py) / det, (-t.b * px + t.a * py) / det)
    }
    let su = Double(image.width) / rect.width, sv = Double(image.height) / rect.height
    // d(u, v)/d(x, y): the inverse's linear part scaled onto the bitmap.
    let ia = t.d / det, ib = -t.b / det, ic = -t.c / det, id = t.a / det
    let fu = max(1, hypot(ia * su, ic * su)), fv = max(1, hypot(ib * sv, id * sv))
    var worst = 0.0, compared = 0
    for y in 0..<height {
      for x in 0..<width {
        let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map { local(Double(x) + $0.0, Double(y) + $0.1) }
        guard
          corners.allSatisfy({
            $0.x >= rect.minX && $0.x <= rect.maxX && $0.y >= rect.minY && $0.y <= rect.maxY
          })
        else { continue }
        let c = local(Double(x) + 0.5, Double(y) + 0.5)
        let u = (c.x - rect.minX) * su, v = (c.y - rect.minY) * sv
        let wu = (0..<image.width).map { keys((Double($0) + 0.5 - u) / fu) }
        let wv = (0..<image.height).map { keys((Double($0) + 0.5 - v) / fv) }
        let nu = wu.reduce(0, +), nv = wv.reduce(0, +)
        var sum = [0.0, 0.0, 0.0, 0.0]
        for j in 0..<image.height where wv[j] != 0 {
          for i in 0..<image.width where wu[i] != 0 {
            let w = wu[i] * wv[j] / (nu * nv)
            let px = image.pixel(x: i, y: j)
            sum[0] += w * Double(px.r); sum[1] += w * Double(px.g)
            sum[2] += w * Double(px.b); sum[3] += w * Double(px.a)
          }
        }
        let a = min(max(sum[3], 0), 255)
        let want = (0..<4).map { k in (k == 3 ? a : min(max(sum[k], 0), a)) * opacity }
        let got = p.pixel(x: x, y: y)
        let have = [got.r, got.g, got.b, got.a].map(Double.init)
        for k in 0..<4 { worst = max(worst, abs(have[k] - want[k])) }
        compared += 1
      }
    }
    return (worst, compared)
  }

  @Test func unscaledPixelAlignedIsAnExactCopy() {
    let image = Self.checkerboard(17, 13, cell: 3)
    let rect = Rect(x: 0, y: 0, width: 17, height: 13)
    let p = render(
      [
        .shape(
          ShapeItem(
            geometry: .rectangle(rect), style: .fill, transform: .translation(x: 5, y: 7), color: .black,
            image: ImagePaint(pixmap: image, rect: rect)))
      ], width: 30, height: 24)
    for y in 0..<13 {
      for x in 0..<17 {
        let got = p.pixel(x: x + 5, y: y + 7), want = image.pixel(x: x, y: y)
        #expect(got == want, "(\(x), \(y))")
      }
    }
    #expect(p.pixel(x: 4, y: 7).a == 0 && p.pixel(x: 22, y: 7).a == 0)
  }

  @Test(arguments: [
    // Magnified, at a fractional offset.
    (2.5, 2.5, 3.3, 4.7),
    // Minified: the kernel widens.
    (0.4, 0.4, 1.25, 2.5),
    // Stretched one way, shrunk the other.
    (3.1, 0.55, 0.5, 1.75),
    // Mirrored.
    (-1.8, 1.3, 60.2, 3.4),
  ])
  func scaledMatchesTheDirectSum(_ sx: Double, _ sy: Double, _ tx: Double, _ ty: Double) {
    let image = Self.checkerboard(sx < 1 ? 120 : 22, sy < 1 ? 90 : 18, cell: sx < 1 ? 5 : 3)
    let rect = Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
    let r = Self.check(image, rect: rect, AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty))
    #expect(r.compared > 200)
    #expect(r.worst <= 2, "worst \(r.worst) over \(r.compared) pixels")
  }

  @Test func rotatedMatchesTheDirectSum() {
    let image = Self.checkerboard(20, 16, cell: 4)
    let rect = Rect(x: -10, y: -8, width: 30, height: 24)  // 1.5 points per bitmap pixel
    let angle = 0.52
    let t = AffineTransform(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 32.3, ty: 27.6)
    let r = Self.check(image, rect: rect, t)
    #expect(r.compared > 300)
    #expect(r.worst <= 2, "worst \(r.worst) over \(r.compared) pixels")
    // Rotated and shrunk: the footprint widens along the rotated axes.
    let small = Self.checkerboard(100, 80, cell: 6)
    let s = 0.45
    let shrunk = AffineTransform(
      a: s * cos(angle), b: s * sin(angle), c: -s * sin(angle), d: s * cos(angle), tx: 30, ty: 3)
    let q = Self.check(small, rect: Rect(x: 0, y: 0, width: 100, height: 80), shrunk)
    #expect(q.compared > 300)
    #expect(q.worst <= 2, "worst \(q.worst) over \(q.compared) pixels")
  }

  @Test func opacityScalesEveryChannel() {
    let image = Self.checkerboard(24, 20, cell: 4)
    let rect = Rect(x: 0, y: 0, width: 24, height: 20)
    let r = Self.check(image, rect: rect, AffineTransform(a: 1.7, b: 0, c: 0, d: 1.7, tx: 2.2, ty: 3.9), opacity: 0.37)
    #expect(r.compared > 300)
    #expect(r.worst <= 2, "worst \(r.worst)")
  }

  /// The image's edges are the rectangle's: a pixel the rectangle half covers gets half the
  /// edge pixel's color, as a filled rectangle of that color would.
  @Test func edgesHaveTheRectanglesCoverage() {
    let white = Pixmap(width: 4, height: 4, bytes: [UInt8](repeating: 255, count: 64))
    let rect = Rect(x: 0, y: 0, width: 4, height: 4)
    let t = AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 3.5, ty: 2)
    let p = render(
      [.shape(ShapeItem(geometry: .rectangle(rect), style: .fill, transform: t, color: .black, image: ImagePaint(pixmap: white, rect: rect)))],
      width: 16, height: 12)
    #expect(p.pixel(x: 3, y: 5) == (128, 128, 128, 128) || p.pixel(x: 3, y: 5) == (127, 127, 127, 127))
    #expect(p.pixel(x: 4, y: 5) == (255, 255, 255, 255))
    #expect(p.pixel(x: 11, y: 5) == (128, 128, 128, 128) || p.pixel(x: 11, y: 5) == (127, 127, 127, 127))
    #expect(p.pixel(x: 2, y: 5).a == 0)
  }

  /// Degenerate input draws nothing and never traps: an empty bitmap, a zero-size rectangle,
  /// a singular or non-finite transform, a NaN opacity, a huge minification.
  @Test func degenerateInputDrawsNothingOrStaysFinite() {
    let image = Self.checkerboard(8, 8, cell: 2)
    let rect = Rect(x: 0, y: 0, width: 8, height: 8)
    func draw(_ pixmap: Pixmap, _ r: Rect, _ t: AffineTransform, _ opacity: Double) -> Pixmap {
      render(
        [.shape(ShapeItem(geometry: .rectangle(r), style: .fill, transform: t, color: Color(red: 0, green: 0, blue: 0, opacity: opacity), image: ImagePaint(pixmap: pixmap, rect: r)))],
        width: 10, height: 10)
    }
    #expect(draw(Pixmap(width: 0, height: 0), rect, .identity, 1).isTransparent)
    #expect(draw(image, Rect(x: 0, y: 0, width: 0, height: 8), .identity, 1).isTransparent)
    #expect(draw(image, rect, AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0), 1).isTransparent)
    #expect(draw(image, rect, AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0), 1).isTransparent)
    #expect(draw(image, rect, .identity, .nan).isTransparent)
    // 8 × 8 pixels onto a thousandth of a pixel: a tiny speck, never a trap.
    let speck = draw(image, rect, AffineTransform(a: 1e-4, b: 0, c: 0, d: 1e-4, tx: 5, ty: 5), 1)
    #expect(speck.pixel(x: 5, y: 5).a <= 1)
  }
}

extension Pixmap {
  fileprivate var isTransparent: Bool { bytes.allSatisfy { $0 == 0 } }
}
