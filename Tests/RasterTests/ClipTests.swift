import FlipbookDisplayList
import FlipbookImage
import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// Clipped layers against independent references: the exact per-pixel area of
/// PathReference.swift for anti-aliased clips (true circles and corner arcs from libm, not the
/// rasterizer's flattening), and a direct pixel-center test for `clipped`. Opaque white on
/// clear: alpha = coverage.
@Suite struct ClipCoverage {
  static let limit = 1.5

  static func alpha(_ p: Pixmap) -> [UInt8] {
    var a: [UInt8] = []
    for y in 0..<p.height { for x in 0..<p.width { a.append(p.pixel(x: x, y: y).a) } }
    return a
  }

  /// An opaque white fill over the whole canvas, clipped.
  static func clippedFill(_ clip: Clip, width: Int, height: Int, opacity: Double = 1) -> DisplayItem {
    .layer(
      items: [fill(.rectangle(Rect(x: -5, y: -5, width: Double(width) + 10, height: Double(height) + 10)))],
      opacity: opacity, clip: clip)
  }

  static func mapped(_ points: [V], _ t: AffineTransform) -> [V] {
    points.map { v in
      let q = t.apply(Point(x: v.x, y: v.y)); return (q.x, q.y)
    }
  }

  /// A true circle (ellipse in the rect) as a fine polygon in local space.
  static func refEllipse(_ r: Rect, tolerance: Double) -> [V] {
    let rx = r.width / 2, ry = r.height / 2
    let n = max(64, Int((Double.pi / (2 * (2 * tolerance / max(rx, ry)).squareRoot())).rounded(.up)) * 4)
    return (0..<n).map { k in
      let a = 2 * Double.pi * Double(k) / Double(n)
      return (r.midX + rx * cos(a), r.midY + ry * sin(a))
    }
  }

  /// A rounded rectangle with circular corners of radius `c`, as a fine polygon.
  static func refRoundedRect(_ r: Rect, _ c: Double, tolerance: Double) -> [V] {
    let corners: [(V, Double)] = [
      ((r.maxX - c, r.minY + c), -Double.pi / 2), ((r.maxX - c, r.maxY - c), 0),
      ((r.minX + c, r.maxY - c), Double.pi / 2), ((r.minX + c, r.minY + c), Double.pi),
    ]
    return corners.flatMap { center, a0 in refArc(tolerance: tolerance, center, c, a0, a0 + Double.pi / 2) }
  }

  @discardableResult
  static func check(_ label: String, _ p: Pixmap, _ area: [Double], limit: Double = limit) -> CoverageComparison {
    let c = CoverageComparison(alpha(p), area, width: p.width)
    print("clip \(label): \(c)")
    #expect(c.maxError <= limit, "\(label): \(c)")
    #expect(c.edgePixels > 0, "\(label): no edge")
    return c
  }

  @Test func circleClipHasExactAreaCoverage() {
    let w = 64, h = 48
    let cases: [(String, Rect, AffineTransform)] = [
      ("circle", Rect(x: 10.3, y: 5.6, width: 37.1, height: 37.1), .identity),
      ("small circle", Rect(x: 3.2, y: 4.9, width: 5.3, height: 5.3), .identity),
      (
        "rotated scaled ellipse", Rect(x: -12, y: -8, width: 24, height: 16),
        AffineTransform.scale(x: 1.7, y: 1.3).concatenating(.rotation(cos: cos(0.4), sin: sin(0.4)))
          .concatenating(.translation(x: 31.4, y: 22.7))
      ),
    ]
    for (label, r, t) in cases {
      let clip = Clip(geometry: .ellipse(r), transform: t)
      let p = render([Self.clippedFill(clip, width: w, height: h)], width: w, height: h)
      let poly = Self.mapped(Self.refEllipse(r, tolerance: 1e-5), t)
      Self.check(label, p, exactCoverage([poly], rule: .nonZero, width: w, height: h))
    }
  }

  @Test func roundedRectClipHasExactAreaCoverage() {
    let w = 60, h = 40
    let r = Rect(x: 4.4, y: 3.7, width: 50.2, height: 31.9)
    for (label, t) in [
      ("rounded rect", AffineTransform.identity),
      (
        "rotated rounded rect",
        AffineTransform.translation(x: -30, y: -20).concatenating(.rotation(cos: cos(-0.3), sin: sin(-0.3)))
          .concatenating(.translation(x: 30, y: 20))
      ),
    ] {
      let clip = Clip(geometry: .roundedRectangle(r, cornerRadius: 9.3, style: .circular), transform: t)
      let p = render([Self.clippedFill(clip, width: w, height: h)], width: w, height: h)
      let poly = Self.mapped(Self.refRoundedRect(r, 9.3, tolerance: 1e-5), t)
      Self.check(label, p, exactCoverage([poly], rule: .nonZero, width: w, height: h))
    }
  }

  @Test func evenOddPathClipHasExactAreaCoverage() {
    let w = 48, h = 48
    // A self-crossing star and a square hole: even-odd leaves the star's center and the
    // overlap with the square out; non-zero fills the star's center.
    var star: [PathGeometry.Element] = []
    for k in 0..<5 {
      let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
      let p = Point(x: 24.3 + 20.2 * cos(a), y: 25.1 + 20.2 * sin(a))
      star.append(k == 0 ? .move(p) : .line(p))
    }
    star.append(.close)
    star += [
      .move(Point(x: 30.5, y: 30.25)), .line(Point(x: 44.7, y: 30.25)), .line(Point(x: 44.7, y: 45.6)),
      .line(Point(x: 30.5, y: 45.6)), .close,
    ]
    for rule in [FillRule.evenOdd, .nonZero] {
      let path = PathGeometry(star, fillRule: rule)
      let p = render(
        [Self.clippedFill(Clip(geometry: .path(path), transform: .identity), width: w, height: h)], width: w,
        height: h)
      let contours = refSubpaths(path, .identity).map { $0.points }.filter { $0.count >= 2 }
      Self.check(
        "star \(rule)", p,
        exactCoverage(contours, rule: rule == .evenOdd ? .evenOdd : .nonZero, width: w, height: h))
    }
  }

  @Test func clipTimesOpacityAndNestedClipsMultiplyCoverage() {
    let w = 48, h = 40
    let circle = Rect(x: 6.3, y: 2.2, width: 34.5, height: 34.5)
    let box = Rect(x: 17.25, y: 9.6, width: 28.3, height: 24.1)
    let circleArea = exactCoverage([Self.refEllipse(circle, tolerance: 1e-5)], rule: .nonZero, width: w, height: h)
    let boxPoly: [V] = [(box.minX, box.minY), (box.maxX, box.minY), (box.maxX, box.maxY), (box.minX, box.maxY)]
    let boxArea = exactCoverage([boxPoly], rule: .nonZero, width: w, height: h)

    // Coverage × opacity: a clipped layer with opacity 0.4, and a clip inside a 0.4 group.
    let direct = render(
      [Self.clippedFill(Clip(geometry: .ellipse(circle), transform: .identity), width: w, height: h, opacity: 0.4)],
      width: w, height: h)
    let grouped = render(
      [
        .layer(
          items: [Self.clippedFill(Clip(geometry: .ellipse(circle), transform: .identity), width: w, height: h)],
          opacity: 0.4)
      ], width: w, height: h)
    // 0.4 is 102/255 in 8 bits; two roundings of at most ½ each, plus the coverage's error.
    let scaled = circleArea.map { $0 * 102 / 255 }
    Self.check("circle × 0.4", direct, scaled, limit: 1.5)
    Self.check("circle in a 0.4 group", grouped, scaled, limit: 1.5)

    // A clip inside a clip: coverage is the product of both.
    let nested = DisplayItem.layer(
      items: [
        Self.clippedFill(Clip(geometry: .rectangle(box), transform: .identity), width: w, height: h)
      ], opacity: 1, clip: Clip(geometry: .ellipse(circle), transform: .identity))
    let p = render([nested], width: w, height: h)
    Self.check("circle ∩ box", p, zip(circleArea, boxArea).map { $0 * $1 }, limit: 2)
  }

  /// `clipped`: pixel (x, y) is kept iff its center is inside, so coverage is 0 or 255 exactly.
  @Test func clippedKeepsExactlyThePixelsWhoseCentersAreInside() {
    let w = 40, h = 30
    func expectCenters(
      _ label: String, _ r: Rect, _ t: AffineTransform, inside: (Double, Double) -> Bool
    ) {
      let clip = Clip(geometry: .rectangle(r), transform: t, antialiased: false)
      let p = render([Self.clippedFill(clip, width: w, height: h)], width: w, height: h)
      var wrong = 0, kept = 0
      for y in 0..<h {
        for x in 0..<w {
          let a = p.pixel(x: x, y: y).a
          let want: UInt8 = inside(Double(x) + 0.5, Double(y) + 0.5) ? 255 : 0
          if a != want { wrong += 1; if wrong < 4 { print("\(label): (\(x), \(y)) alpha \(a), want \(want)") } }
          if a == 255 { kept += 1 }
        }
      }
      #expect(wrong == 0, "\(label): \(wrong) pixels wrong")
      #expect(kept > 0, "\(label): nothing kept")
    }
    // Fractional edges, an edge exactly on pixel centers (x0 = 2.5 keeps column 2; x1 = 20.5
    // drops column 20), a canvas scale of 2, and a rotation (the aliased polygon path).
    let cases: [(String, Rect, AffineTransform)] = [
      ("fractional", Rect(x: 2.3, y: 1.6, width: 10.4, height: 7.7), .identity),
      ("on centers", Rect(x: 2.5, y: 3.5, width: 18, height: 10), .identity),
      ("scaled", Rect(x: 1.2, y: 0.7, width: 8.1, height: 6.05), .scale(x: 2, y: 2)),
      ("negative size", Rect(x: 30.2, y: 20.8, width: -11.1, height: -9.9), .identity),
    ]
    for (label, r, t) in cases {
      let a = t.apply(Point(x: min(r.minX, r.maxX), y: min(r.minY, r.maxY)))
      let b = t.apply(Point(x: max(r.minX, r.maxX), y: max(r.minY, r.maxY)))
      expectCenters(label, r, t) { x, y in x >= a.x && x < b.x && y >= a.y && y < b.y }
    }
    // Rotated: inside iff the center maps back into the rect (no center lies on an edge here).
    let r = Rect(x: -9.3, y: -5.2, width: 18.6, height: 10.4)
    let angle = 0.52
    let t = AffineTransform.rotation(cos: cos(angle), sin: sin(angle)).concatenating(.translation(x: 20.1, y: 14.7))
    expectCenters("rotated", r, t) { x, y in
      let dx = x - 20.1, dy = y - 14.7
      let u = cos(angle) * dx + sin(angle) * dy, v = -sin(angle) * dx + cos(angle) * dy
      return u >= r.minX && u < r.maxX && v >= r.minY && v < r.maxY
    }
  }

  @Test func emptyOrOffCanvasClipsHideTheLayer() {
    for clip in [
      Clip(geometry: .ellipse(Rect(x: 5, y: 5, width: 0, height: 10)), transform: .identity),
      Clip(geometry: .rectangle(Rect(x: 50, y: 5, width: 10, height: 10)), transform: .identity, antialiased: false),
      Clip(geometry: .rectangle(Rect(x: 2, y: 2, width: 0.2, height: 5)), transform: .identity, antialiased: false),
      Clip(geometry: .ellipse(Rect(x: 5, y: 5, width: 10, height: 10)), transform: .scale(x: 0, y: 1)),
    ] {
      let p = render(
        [Self.clippedFill(clip, width: 20, height: 20)], width: 20, height: 20,
        background: Color(red: 0, green: 0, blue: 1))
      #expect(
        p.bytes == render([], width: 20, height: 20, background: Color(red: 0, green: 0, blue: 1)).bytes, "\(clip)")
    }
  }

  /// The buffers are clean after a clipped frame: a rasterizer that drew one draws the next
  /// frame exactly as a fresh one, and bands (a tall canvas) change nothing.
  @Test func clippedFramesLeaveNoTraceAndBandsAgree() {
    let w = 300, h = 2000  // several bands
    let clipA = Clip(geometry: .ellipse(Rect(x: 20.5, y: 100.3, width: 250, height: 1700)), transform: .identity)
    let clipB = Clip(
      geometry: .roundedRectangle(Rect(x: 40, y: 500, width: 200, height: 900), cornerRadius: 30, style: .continuous),
      transform: .identity)
    let inner = DisplayItem.layer(
      items: [fill(.ellipse(Rect(x: 0, y: 0, width: 300, height: 2000)), color: Color(red: 1, green: 0, blue: 0))],
      opacity: 0.7, clip: clipB)
    let frameA = DisplayList(
      width: w, height: h, background: .white,
      items: [
        .layer(
          items: [
            fill(.rectangle(Rect(x: 0, y: 0, width: 300, height: 2000)), color: Color(red: 0, green: 0, blue: 1)),
            inner,
          ], opacity: 1,
          clip: clipA)
      ])
    let frameB = DisplayList(
      width: w, height: h, background: .white,
      items: [
        .layer(
          items: [
            fill(.rectangle(Rect(x: 10, y: 10, width: 200, height: 1900)), color: Color(red: 0, green: 1, blue: 0))
          ], opacity: 0.5)
      ])
    var shared = Rasterizer()
    var p1 = Pixmap(width: 0, height: 0), p2 = Pixmap(width: 0, height: 0)
    shared.render(frameA, into: &p1)
    shared.render(frameB, into: &p1)
    var fresh = Rasterizer()
    fresh.render(frameB, into: &p2)
    #expect(p1.bytes == p2.bytes)
    // Frame A twice on one rasterizer, and once on a fresh one: the same bytes.
    var a1 = Pixmap(width: 0, height: 0), a2 = Pixmap(width: 0, height: 0)
    shared.render(frameA, into: &a1)
    var other = Rasterizer()
    other.render(frameA, into: &a2)
    #expect(a1.bytes == a2.bytes)
    // Spot checks: outside the outer clip is background; inside both, red at 0.7 over blue.
    #expect(a1.pixel(x: 2, y: 1000) == (255, 255, 255, 255))
    #expect(a1.pixel(x: 150, y: 1000).a == 255)
    #expect(a1.pixel(x: 150, y: 1000).r > 150)
    #expect(a1.pixel(x: 150, y: 300).b > 200)
  }

  @Test func maskedLayerKernelMatchesScalarReference() {
    var g = SeededRandomNumberGenerator(seed: 7)
    var mismatches = 0
    for trial in 0..<400 {
      let count = g.below(70)
      let offset = g.below(3)
      let n = count + offset
      func pixels(_ kind: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: n * 4)
        var i = 0
        while i < n {
          let run = 1 + g.below(12)
          let k = g.below(4)
          for j in i..<min(i + run, n) {
            let c: PremulColor =
              k == 0
              ? PremulColor(r: 0, g: 0, b: 0, a: 0)
              : k == 1 ? PremulColor(r: 255, g: 255, b: 255, a: 255) : k == 2 ? g.premul() : g.premul()
            out[j * 4] = c.r; out[j * 4 + 1] = c.g; out[j * 4 + 2] = c.b; out[j * 4 + 3] = c.a
            if kind == 1 && k == 3 { out[j * 4 + 3] = 255 }  // opaque layer pixels
          }
          i += run
        }
        return out
      }
      let dst = pixels(0), layer = pixels(1), mask = pixels(2)
      let opacity: UInt8 = g.below(3) == 0 ? 255 : g.byte()
      var a = dst, b = dst
      a.withUnsafeMutableBytes { d in
        layer.withUnsafeBytes { l in
          mask.withUnsafeBytes { m in
            compositeLayerMasked(
              d.baseAddress! + offset * 4, layer: l.baseAddress! + offset * 4, mask: m.baseAddress! + offset * 4,
              count: count, opacity: opacity)
          }
        }
      }
      b.withUnsafeMutableBytes { d in
        layer.withUnsafeBytes { l in
          mask.withUnsafeBytes { m in
            compositeLayerMaskedScalar(
              d.baseAddress! + offset * 4, layer: l.baseAddress! + offset * 4, mask: m.baseAddress! + offset * 4,
              count: count, opacity: opacity)
          }
        }
      }
      if a != b { mismatches += 1; if mismatches < 3 { print("masked composite mismatch in trial \(trial)") } }
    }
    #expect(mismatches == 0)
  }

  /// A clip over a full-HD frame: a big clipped layer must cost about what the layer costs.
  @Test func bigClippedLayersStayReasonable() {
    let w = 1920, h = 1080
    let content: [DisplayItem] = (0..<20).map { k in
      fill(
        .ellipse(Rect(x: Double(k * 90), y: Double(k * 40), width: 600, height: 500)),
        color: Color(red: 1, green: 0, blue: 0))
    }
    let lists: [(String, DisplayItem)] = [
      ("compositingGroup", .layer(items: content, opacity: 0.9)),
      (
        "clipShape circle",
        .layer(
          items: content, opacity: 1,
          clip: Clip(geometry: .ellipse(Rect(x: 100, y: 20, width: 1700, height: 1040)), transform: .identity))
      ),
      (
        "clipped",
        .layer(
          items: content, opacity: 1,
          clip: Clip(
            geometry: .rectangle(Rect(x: 100.3, y: 50.6, width: 1500, height: 900)), transform: .identity,
            antialiased: false))
      ),
    ]
    var r = Rasterizer()
    var p = Pixmap(width: 0, height: 0)
    var times: [Double] = []
    for (label, item) in lists {
      let list = DisplayList(width: w, height: h, background: .white, items: [item])
      r.render(list, into: &p)
      let start = Date()
      for _ in 0..<3 { r.render(list, into: &p) }
      let t = Date().timeIntervalSince(start) / 3
      times.append(t)
      print("1920×1080 \(label): \(String(format: "%.1f", t * 1000)) ms per frame")
    }
    // Generous: the clipped layers cost at most a few times the plain group (shared machine).
    #expect(times[1] < times[0] * 4 + 0.05)
    #expect(times[2] < times[0] * 4 + 0.05)
  }
}
