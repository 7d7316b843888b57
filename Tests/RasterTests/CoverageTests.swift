import FlipbookImage
import FlipbookDisplayList
import FlipbookRaster
import Foundation
import Testing

/// Coverage accuracy: every pixel's alpha (opaque white on clear) against the exact area of
/// pixel ∩ shape from an independent chord integration; |error| ≤ 1.5/255 everywhere.
@Suite struct CoverageAccuracy {
  static let limit = 1.5

  @Test(arguments: [0.7, 2.5, 6.0, 13.3, 29.6, 57.3])
  func circle(radius r: Double) {
    var worst = 0.0
    for (fx, fy) in [(0.0, 0.0), (0.37, 0.81), (0.5, 0.25), (0.93, 0.11)] {
      let size = Int((2 * r).rounded(.up)) + 6
      let cx = 3 + r + fx, cy = 3 + r + fy
      let p = render(
        [fill(.ellipse(Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r)))],
        width: size, height: size)
      let e = maxAlphaError(p, ChordRegion(chord: circleChord(cx: cx, cy: cy, r: r)))
      #expect(e.error <= Self.limit, "r \(r) center (\(cx), \(cy)): error \(e.error)/255 at (\(e.x), \(e.y))")
      worst = max(worst, e.error)
    }
    print("circle r=\(r): max alpha error \(worst)/255")
  }

  @Test func ellipse() {
    let rect = Rect(x: 2.3, y: 3.85, width: 34.6, height: 12.4)
    let p = render([fill(.ellipse(rect))], width: 40, height: 20)
    let e = maxAlphaError(
      p,
      ChordRegion(
        chord: affineDiskChord(cx: rect.midX, cy: rect.midY, a: rect.width / 2, b: 0, c: 0, d: rect.height / 2)))
    print("ellipse: max alpha error \(e.error)/255")
    #expect(e.error <= Self.limit, "error \(e.error) at (\(e.x), \(e.y))")
  }

  @Test func rotatedScaledEllipse() {
    // Unit-radius circle under scale(14, 5), rotation 35°, translate: an oblique ellipse.
    let co = cos(35 * Double.pi / 180), si = sin(35 * Double.pi / 180)
    let t = AffineTransform.scale(x: 14, y: 5).concatenating(.rotation(cos: co, sin: si))
      .concatenating(.translation(x: 18.4, y: 14.7))
    let p = render([fill(.ellipse(Rect(x: -1, y: -1, width: 2, height: 2)), t)], width: 37, height: 30)
    let e = maxAlphaError(
      p, ChordRegion(chord: affineDiskChord(cx: t.tx, cy: t.ty, a: t.a, b: t.b, c: t.c, d: t.d)))
    print("rotated ellipse: max alpha error \(e.error)/255")
    #expect(e.error <= Self.limit, "error \(e.error) at (\(e.x), \(e.y))")
  }

  @Test func roundedRect() {
    let (x0, y0, w, h, r) = (3.3, 4.6, 30.2, 20.7, 7.5)
    let p = render(
      [fill(.roundedRectangle(Rect(x: x0, y: y0, width: w, height: h), cornerRadius: r, style: .circular))],
      width: 38, height: 29)
    let e = maxAlphaError(
      p, ChordRegion(chord: roundedRectChord(x0: x0, y0: y0, x1: x0 + w, y1: y0 + h, r: r)))
    print("rounded rect: max alpha error \(e.error)/255")
    #expect(e.error <= Self.limit, "error \(e.error) at (\(e.x), \(e.y))")
  }

  @Test func roundedRectScaledByTransform() {
    // Workload-style: local rect around the origin, scale then translate (corner radius scales).
    let s = 1.37
    let t = AffineTransform.scale(x: s, y: s).concatenating(.translation(x: 21.6, y: 15.2))
    let p = render(
      [fill(.roundedRectangle(Rect(x: -13, y: -9, width: 26, height: 18), cornerRadius: 6, style: .circular), t)],
      width: 44, height: 31)
    let e = maxAlphaError(
      p,
      ChordRegion(
        chord: roundedRectChord(
          x0: 21.6 - 13 * s, y0: 15.2 - 9 * s, x1: 21.6 + 13 * s, y1: 15.2 + 9 * s, r: 6 * s)))
    print("scaled rounded rect: max alpha error \(e.error)/255")
    #expect(e.error <= Self.limit, "error \(e.error) at (\(e.x), \(e.y))")
  }

  @Test func capsule() {
    let (x0, y0, w, h) = (2.7, 5.2, 35.4, 12.6)
    let p = render([fill(.capsule(Rect(x: x0, y: y0, width: w, height: h)))], width: 41, height: 21)
    let e = maxAlphaError(
      p, ChordRegion(chord: roundedRectChord(x0: x0, y0: y0, x1: x0 + w, y1: y0 + h, r: h / 2)))
    print("capsule: max alpha error \(e.error)/255")
    #expect(e.error <= Self.limit, "error \(e.error) at (\(e.x), \(e.y))")
  }

  @Test func rotatedRectangle() {
    let co = cos(30 * Double.pi / 180), si = sin(30 * Double.pi / 180)
    let t = AffineTransform.rotation(cos: co, sin: si).concatenating(.translation(x: 20.3, y: 17.6))
    let corners = [(-12.0, -6.5), (12.0, -6.5), (12.0, 6.5), (-12.0, 6.5)].map { p -> (Double, Double) in
      let q = t.apply(Point(x: p.0, y: p.1)); return (q.x, q.y)
    }
    let p = render([fill(.rectangle(Rect(x: -12, y: -6.5, width: 24, height: 13)), t)], width: 40, height: 36)
    let e = maxAlphaError(p, ChordRegion(chord: convexPolygonChord(corners)))
    print("rotated rectangle: max alpha error \(e.error)/255")
    #expect(e.error <= Self.limit, "error \(e.error) at (\(e.x), \(e.y))")
  }

  @Test func strokedCircleRing() {
    let (cx, cy, r, lw) = (17.4, 16.8, 11.0, 3.0)
    let p = render(
      [stroke(.ellipse(Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r)), width: lw)],
      width: 35, height: 34)
    let e = maxAlphaError(
      p,
      ChordRegion(
        chord: circleChord(cx: cx, cy: cy, r: r + lw / 2),
        hole: circleChord(cx: cx, cy: cy, r: r - lw / 2)))
    print("stroke ring: max alpha error \(e.error)/255")
    #expect(e.error <= Self.limit, "error \(e.error) at (\(e.x), \(e.y))")
  }

  @Test func strokedRotatedRectangleMitered() {
    let co = cos(20 * Double.pi / 180), si = sin(20 * Double.pi / 180)
    let t = AffineTransform.rotation(cos: co, sin: si).concatenating(.translation(x: 19.5, y: 16.25))
    func poly(_ hx: Double, _ hy: Double) -> [(Double, Double)] {
      [(-hx, -hy), (hx, -hy), (hx, hy), (-hx, hy)].map { p in
        let q = t.apply(Point(x: p.0, y: p.1)); return (q.x, q.y)
      }
    }
    let p = render(
      [stroke(.rectangle(Rect(x: -11, y: -7, width: 22, height: 14)), width: 2.5, t)], width: 39, height: 33)
    let e = maxAlphaError(
      p, ChordRegion(chord: convexPolygonChord(poly(12.25, 8.25)), hole: convexPolygonChord(poly(9.75, 5.75))))
    print("stroked rotated rect: max alpha error \(e.error)/255")
    #expect(e.error <= Self.limit, "error \(e.error) at (\(e.x), \(e.y))")
  }

  @Test func strokedRoundedRect() {
    let (x0, y0, w, h, r, lw) = (5.2, 4.9, 26.0, 18.3, 5.0, 2.0)
    let p = render(
      [
        stroke(.roundedRectangle(Rect(x: x0, y: y0, width: w, height: h), cornerRadius: r, style: .circular), width: lw)
      ],
      width: 37, height: 29)
    let e = maxAlphaError(
      p,
      ChordRegion(
        chord: roundedRectChord(x0: x0 - 1, y0: y0 - 1, x1: x0 + w + 1, y1: y0 + h + 1, r: r + 1),
        hole: roundedRectChord(x0: x0 + 1, y0: y0 + 1, x1: x0 + w - 1, y1: y0 + h - 1, r: r - 1)))
    print("stroked rounded rect: max alpha error \(e.error)/255")
    #expect(e.error <= Self.limit, "error \(e.error) at (\(e.x), \(e.y))")
  }

  @Test func largeCircle() {
    // A big radius stresses the flattening step (chord length cap); only a band is checked.
    let (cx, cy, r) = (-140.3, 20.6, 160.2)
    let p = render([fill(.ellipse(Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r)))], width: 24, height: 40)
    let e = maxAlphaError(p, ChordRegion(chord: circleChord(cx: cx, cy: cy, r: r)))
    print("large circle: max alpha error \(e.error)/255")
    #expect(e.error <= Self.limit, "error \(e.error) at (\(e.x), \(e.y))")
  }

  @Test func rectFastPathIsExact() {
    // scale + translate keeps the rect axis-aligned: alpha = ⌊255·overlapX·overlapY + ½⌋.
    let t = AffineTransform.scale(x: 1.3, y: 0.9).concatenating(.translation(x: 0.35, y: 1.15))
    let rect = Rect(x: 2.3, y: 3.7, width: 10.45, height: 5.1)
    let p = render([fill(.rectangle(rect), t)], width: 20, height: 12)
    let x0 = 2.3 * 1.3 + 0.35, x1 = (2.3 + 10.45) * 1.3 + 0.35
    let y0 = 3.7 * 0.9 + 1.15, y1 = (3.7 + 5.1) * 0.9 + 1.15
    var mismatches = 0
    for y in 0..<p.height {
      for x in 0..<p.width {
        let ox = max(0, min(x1, Double(x + 1)) - max(x0, Double(x)))
        let oy = max(0, min(y1, Double(y + 1)) - max(y0, Double(y)))
        let v = ox * oy
        let expected = v >= 1 ? 255 : Int(v * 255 + 0.5)
        let px = p.pixel(x: x, y: y)
        if Int(px.a) != expected || px.r != px.a || px.g != px.a || px.b != px.a { mismatches += 1 }
      }
    }
    #expect(mismatches == 0)
  }

  @Test func continuousCornersAreSymmetricAndBounded() {
    // Continuous corners: symmetric, interior solid, area between a circular rounded rect of
    // the same radius and the plain rect.
    let rect = Rect(x: 4, y: 4, width: 40, height: 30)
    let p = render([fill(.roundedRectangle(rect, cornerRadius: 8, style: .continuous))], width: 48, height: 38)
    var sum = 0.0
    var asym = 0
    for y in 0..<38 {
      for x in 0..<48 {
        let a = p.pixel(x: x, y: y).a
        sum += Double(a) / 255
        if abs(Int(a) - Int(p.pixel(x: 47 - x, y: y).a)) > 1 || abs(Int(a) - Int(p.pixel(x: x, y: 37 - y).a)) > 1 {
          asym += 1
        }
      }
    }
    #expect(asym == 0)
    #expect(p.pixel(x: 24, y: 19).a == 255 && p.pixel(x: 6, y: 19).a == 255)
    let circularArea = 40.0 * 30 - (4 - Double.pi) * 64
    #expect(sum < 40 * 30 && sum > circularArea - (4 - Double.pi) * 64, "area \(sum)")
    // Smoother than circular: removes more area than the circular corner of the same radius.
    #expect(sum < circularArea, "area \(sum) vs circular \(circularArea)")
  }
}
