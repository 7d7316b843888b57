import FlipbookImage
import FlipbookDisplayList
import FlipbookRaster
import Foundation
import Testing

/// Paths and styled strokes: repeatable bytes, degenerate and extreme input, and the plain
/// built-in strokes left on their own code path.
@Suite struct PathRobustness {
  static func P(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

  static func scene() -> [DisplayItem] {
    var items: [DisplayItem] = []
    let star = PathGeometry(
      [.move(P(30, 2)), .line(P(47, 55)), .line(P(2, 22)), .line(P(58, 22)), .line(P(13, 55)), .close],
      fillRule: .evenOdd)
    items.append(
      .shape(
        ShapeItem(
          geometry: .path(star), style: .fill, transform: .translation(x: 3.3, y: 1.7),
          color: Color(red: 1, green: 0.2, blue: 0.1, opacity: 0.8))))
    let wave = PathGeometry([
      .move(P(0, 30)), .cubic(control1: P(20, -10), control2: P(40, 70), to: P(60, 30)),
      .quad(control: P(70, 0), to: P(80, 40)),
    ])
    items.append(
      .shape(
        ShapeItem(
          geometry: .path(wave),
          style: .stroke(
            StrokeStyle(lineWidth: 5, lineCap: .round, lineJoin: .round, dash: [7, 3, 0, 3], dashPhase: 1.5)),
          transform: .scale(x: 1.2, y: 0.9).concatenating(.translation(x: 5, y: 40)),
          color: Color(red: 0.1, green: 0.5, blue: 1, opacity: 0.7))))
    items.append(
      .shape(
        ShapeItem(
          geometry: .roundedRectangle(Rect(x: 10, y: 60, width: 70, height: 30), cornerRadius: 9, style: .continuous),
          style: .stroke(StrokeStyle(lineWidth: 3, lineJoin: .bevel, dash: [4, 2])), transform: .identity, color: .white
        )))
    items.append(
      .shape(
        ShapeItem(
          geometry: .ellipse(Rect(x: 20, y: 10, width: 50, height: 30)),
          style: .stroke(StrokeStyle(lineWidth: 6, lineCap: .square, miterLimit: 2)),
          transform: .rotation(cos: 0.8, sin: 0.6).concatenating(.translation(x: 30, y: 0)),
          color: Color(red: 0, green: 1, blue: 0, opacity: 0.5))))
    return items
  }

  @Test func sameBytesOnRepeatedRuns() {
    let a = render(Self.scene(), width: 96, height: 100, background: .black)
    var r = Rasterizer()
    var p = Pixmap(width: 0, height: 0)
    let list = DisplayList(width: 96, height: 100, background: .black, items: Self.scene())
    for _ in 0..<3 {
      r.render(list, into: &p)
      #expect(p.bytes == a.bytes)
    }
    // Interleaved with other work on the same rasterizer (warm scratch buffers).
    r.render(DisplayList(width: 300, height: 200, background: .white, items: Self.scene() + Self.scene()), into: &p)
    r.render(list, into: &p)
    #expect(p.bytes == a.bytes)
    #expect(a.bytes.contains { $0 != 0 && $0 != 255 })
  }

  @Test func plainBuiltInStrokesAreStrokeLineWidth() {
    // stroke(lineWidth:) is the default StrokeStyle; an equivalent explicit style is the same
    // value and draws the same bytes; a styled stroke of the same shape draws through the
    // stroker, close to the ring (mitered corners are the same geometry).
    #expect(ShapeStyle.stroke(lineWidth: 3) == .stroke(StrokeStyle(lineWidth: 3)))
    let r = Rect(x: 4.3, y: 5.1, width: 30.4, height: 20.7)
    let ring = render(
      [.shape(ShapeItem(geometry: .rectangle(r), style: .stroke(lineWidth: 3), transform: .identity, color: .white))],
      width: 40, height: 32)
    let styled = render(
      [
        .shape(
          ShapeItem(
            geometry: .rectangle(r), style: .stroke(StrokeStyle(lineWidth: 3, miterLimit: 9)), transform: .identity,
            color: .white))
      ], width: 40, height: 32)
    var maxDiff = 0
    for i in 0..<ring.bytes.count { maxDiff = max(maxDiff, abs(Int(ring.bytes[i]) - Int(styled.bytes[i]))) }
    #expect(maxDiff <= 1)
  }

  @Test func degenerateAndExtremeInputDoesNotHang() {
    typealias E = PathGeometry.Element
    let nan = Double.nan, inf = Double.infinity
    var zigzag: [E] = []
    for i in 0..<2000 {
      let a = Point(x: Double(i % 17), y: Double(i % 13)), b = Point(x: Double(i % 11), y: Double(i % 7))
      zigzag.append(i % 2 == 0 ? E.move(a) : E.line(b))
    }
    let lists: [[E]] = [
      [],
      [E.close, E.close],
      [E.line(Self.P(5, 5)), E.line(Self.P(9, 2))],  // no move: starts at the origin
      [E.move(Self.P(3, 3)), E.line(Self.P(3, 3)), E.line(Self.P(3, 3)), E.close],
      [E.move(Self.P(1, 1)), E.line(Self.P(8, 8)), E.line(Self.P(1, 1)), E.line(Self.P(8, 8))],  // U-turns
      [E.move(Self.P(nan, 1)), E.line(Self.P(4, 4))],
      [E.move(Self.P(1, 1)), E.line(Self.P(inf, 4))],
      [
        E.move(Self.P(1e300, 1)), E.cubic(control1: Self.P(-1e300, 5), control2: Self.P(1e300, 9), to: Self.P(2, 2)),
        E.close,
      ],
      [
        E.move(Self.P(0, 0)), E.cubic(control1: Self.P(10, 0), control2: Self.P(0, 10), to: Self.P(10, 10)),
        E.quad(control: Self.P(10, 10), to: Self.P(10, 10)), E.close,
      ],
      zigzag,
    ]
    let shapes = lists.map { PathGeometry($0) }
    let styles: [ShapeStyle] = [
      .fill,
      .stroke(StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round)),
      .stroke(StrokeStyle(lineWidth: 3, lineCap: .square, lineJoin: .miter, miterLimit: 1e9)),
      .stroke(StrokeStyle(lineWidth: 1, lineJoin: .miter, miterLimit: -3)),
      .stroke(StrokeStyle(lineWidth: 1, dash: [1e-9, 1e-9])),  // at most maxDashes intervals
      .stroke(StrokeStyle(lineWidth: 1, dash: [0, 0], dashPhase: .nan)),
      .stroke(StrokeStyle(lineWidth: 1, dash: [-1, 2])),
      .stroke(StrokeStyle(lineWidth: 1, lineCap: .round, dash: [2, 3], dashPhase: -1e300)),
      .stroke(StrokeStyle(lineWidth: 1e9, lineCap: .round)),
      .stroke(StrokeStyle(lineWidth: .nan)),
      .stroke(StrokeStyle(lineWidth: 0)),
    ]
    let transforms: [FlipbookDisplayList.AffineTransform] = [
      .identity,
      .scale(x: 1e-6, y: 1e-6),
      .scale(x: 1e6, y: 1e6).concatenating(.translation(x: -1e6, y: -1e6)),
      .rotation(cos: 0.6, sin: 0.8).concatenating(.scale(x: 1e9, y: 1e9)),
      .scale(x: 1e6, y: 1e-6),
    ]
    var items: [DisplayItem] = []
    for g in shapes {
      for s in styles {
        for t in transforms {
          items.append(
            .shape(
              ShapeItem(
                geometry: .path(g), style: s, transform: t, color: Color(red: 1, green: 0, blue: 0, opacity: 0.5))))
        }
      }
    }
    // Each item alone: finishes (no hang or crash), and either draws or is over the work
    // limit, which then leaves only the background.
    var r = Rasterizer()
    var p = Pixmap(width: 0, height: 0)
    for item in items {
      r.render(DisplayList(width: 23, height: 17, background: .white, items: [item]), into: &p)
      #expect(p.width == 23 && p.height == 17)
      if r.exceededWorkLimit { #expect(p.bytes.allSatisfy { $0 == 255 }) }
    }
  }

  @Test func aFrameOverTheWorkLimitIsReportedAndDrawsOnlyItsBackground() {
    // A million-segment zig-zag, stroked with round joins at a scale that makes every join an
    // arc of thousands of pieces: far more outline points than the limit.
    var e: [PathGeometry.Element] = [.move(Self.P(0, 0))]
    for i in 1...1_000_000 { e.append(.line(Self.P(Double(i % 2) * 3, Double(i) * 1e-3))) }
    let heavy = DisplayItem.shape(
      ShapeItem(
        geometry: .path(PathGeometry(e)), style: .stroke(StrokeStyle(lineWidth: 2, lineJoin: .round)),
        transform: .scale(x: 50, y: 50), color: .black))
    let light = DisplayItem.shape(
      ShapeItem(
        geometry: .rectangle(Rect(x: 2, y: 2, width: 10, height: 10)), style: .fill, transform: .identity, color: .black
      ))
    var r = Rasterizer()
    var p = Pixmap(width: 0, height: 0)
    r.render(DisplayList(width: 40, height: 30, background: .white, items: [light, heavy]), into: &p)
    #expect(r.exceededWorkLimit)
    #expect(p.bytes.allSatisfy { $0 == 255 })
    // The next frame is judged on its own.
    r.render(DisplayList(width: 40, height: 30, background: .white, items: [light]), into: &p)
    #expect(!r.exceededWorkLimit)
    #expect(p.pixel(x: 5, y: 5).a == 255 && p.pixel(x: 5, y: 5).r == 0)
  }
}
