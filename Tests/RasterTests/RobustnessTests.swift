import FlipbookImage
import FlipbookDisplayList
import FlipbookRaster
import Testing

@Suite struct Robustness {
  @Test func extremeTransformsDoNotCrashOrHang() {
    let shapes: [ShapeGeometry] = [
      .rectangle(Rect(x: -5, y: -5, width: 10, height: 10)),
      .roundedRectangle(Rect(x: -5, y: -5, width: 10, height: 10), cornerRadius: 3, style: .circular),
      .roundedRectangle(Rect(x: -5, y: -5, width: 10, height: 10), cornerRadius: 30, style: .continuous),
      .ellipse(Rect(x: -5, y: -5, width: 10, height: 10)),
      .capsule(Rect(x: -5, y: -2, width: 10, height: 4)),
      .ellipse(Rect(x: 0, y: 0, width: 0, height: 0)),
      .rectangle(Rect(x: 3, y: 3, width: 0, height: 5)),
      .ellipse(Rect(x: .nan, y: 0, width: 1, height: 1)),
      .roundedRectangle(Rect(x: 1, y: 1, width: .infinity, height: 3), cornerRadius: .nan, style: .circular),
    ]
    let transforms: [AffineTransform] = [
      .scale(x: 1e-5, y: 1e-5).concatenating(.translation(x: 10, y: 10)),
      .scale(x: 1e6, y: 1e6).concatenating(.translation(x: 10, y: 10)),
      .scale(x: 1e6, y: 3).concatenating(.translation(x: -1e7, y: 10)),
      .scale(x: -1e6, y: 1e6),
      .rotation(cos: 0.6, sin: 0.8).concatenating(.scale(x: 1e9, y: 1e9)),
      AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
      AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0),
      AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 5, ty: 5),
      .translation(x: 1e300, y: -1e300),
      .translation(x: -7, y: 12),
    ]
    var items: [DisplayItem] = []
    for g in shapes {
      for t in transforms {
        items.append(fill(g, t, color: Color(red: 1, green: 0, blue: 0, opacity: 0.5)))
        items.append(stroke(g, width: 2, t, color: Color(red: 0, green: 1, blue: 0, opacity: 0.5)))
        items.append(stroke(g, width: .nan, t))
        items.append(stroke(g, width: 1e9, t))
      }
    }
    items.append(.layer(items: items, opacity: .nan))
    items.append(.layer(items: Array(items.prefix(40)), opacity: 2))
    let p = render(items, width: 23, height: 17, background: .white)
    #expect(p.width == 23 && p.height == 17)
    let empty = render(items, width: 0, height: 5)
    #expect(empty.bytes.isEmpty)
  }

  @Test func negativeScaleMirrorsExactly() {
    // An ellipse drawn under scale(−1, 1) + translate covers the mirrored pixels.
    let g = ShapeGeometry.ellipse(Rect(x: 1.3, y: 2.1, width: 9.4, height: 6.2))
    let a = render([fill(g, .translation(x: 0, y: 0))], width: 12, height: 10)
    let b = render([fill(g, AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 12, ty: 0))], width: 12, height: 10)
    var maxDiff = 0
    for y in 0..<10 {
      for x in 0..<12 { maxDiff = max(maxDiff, abs(Int(a.pixel(x: x, y: y).a) - Int(b.pixel(x: 11 - x, y: y).a))) }
    }
    #expect(maxDiff <= 1)
  }

  @Test func offCanvasAndPartlyOffCanvasShapes() {
    // A circle mostly left of / above the canvas: only the visible part is drawn, exactly.
    let (cx, cy, r) = (-3.4, -2.2, 9.1)
    let p = render([fill(.ellipse(Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r)))], width: 10, height: 10)
    let e = maxAlphaError(p, ChordRegion(chord: circleChord(cx: cx, cy: cy, r: r)))
    #expect(e.error <= 1.5)
    let q = render([fill(.ellipse(Rect(x: 100, y: 100, width: 5, height: 5)))], width: 10, height: 10)
    #expect(q.bytes.allSatisfy { $0 == 0 })
  }

  @Test func thickStrokeFillsWhenInnerVanishes() {
    // A circle of radius 4 stroked 10 wide: the inner offset vanishes, so the result is the
    // disk of radius 9 (the outer offset of a circle is a circle).
    let (cx, cy) = (11.3, 10.6)
    let s = render(
      [stroke(.ellipse(Rect(x: cx - 4, y: cy - 4, width: 8, height: 8)), width: 10)], width: 23, height: 22)
    let e = maxAlphaError(s, ChordRegion(chord: circleChord(cx: cx, cy: cy, r: 9)))
    #expect(e.error <= 1.5, "error \(e.error) at (\(e.x), \(e.y))")
    #expect(s.pixel(x: 11, y: 10).a == 255)
    // Rect stroke wider than the rect: the outer rect, solid.
    let r = render([stroke(.rectangle(Rect(x: 5, y: 5, width: 2, height: 2)), width: 6)], width: 12, height: 12)
    for y in 0..<12 {
      for x in 0..<12 { #expect(r.pixel(x: x, y: y).a == ((2..<10).contains(x) && (2..<10).contains(y) ? 255 : 0)) }
    }
  }
}
