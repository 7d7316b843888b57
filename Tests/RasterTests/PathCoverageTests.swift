import FlipbookImage
import FlipbookDisplayList
import FlipbookRaster
import Foundation
import Testing

/// Path fills and styled strokes against the independent exact reference of
/// PathReference.swift (its own flattening, stroke construction and exact per-pixel area; its
/// own error is below 0.26/255, typically 0.05/255). Opaque white on clear: alpha = coverage.
/// Every case: |alpha − 255·area| ≤ 2/255 at every pixel and ≤ 0.5/255 on average over the
/// edge pixels.
@Suite struct PathCoverage {
  static let maxLimit = 2.0
  static let meanLimit = 0.5

  static func P(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

  static func alpha(_ p: Pixmap) -> [UInt8] {
    var a: [UInt8] = []
    for y in 0..<p.height { for x in 0..<p.width { a.append(p.pixel(x: x, y: y).a) } }
    return a
  }

  /// Renders a stroke and compares it with the reference pieces (built in local space and
  /// mapped by `t`, flattened finely enough for the transform's largest scale `scale`).
  @discardableResult
  static func checkStroke(
    _ label: String, _ path: PathGeometry, _ style: StrokeStyle, _ t: FlipbookDisplayList.AffineTransform = .identity,
    scale: Double = 1, fine: Bool = false, width: Int, height: Int
  ) -> CoverageComparison {
    let p = render(
      [.shape(ShapeItem(geometry: .path(path), style: .stroke(style), transform: t, color: .white))],
      width: width, height: height)
    // Dashes' caps lie across the reference's chords at their cuts: flattened finely enough
    // that their tilt moves no corner (PathReference.swift); `fine` asks the same for caps.
    let tolerance = fine || !style.dash.isEmpty ? refDashCurveTolerance : refCurveTolerance
    let subs = refSubpaths(path, .identity, tolerance: tolerance / scale)
    let ref = RefStroke(
      width: style.lineWidth, cap: style.lineCap, join: style.lineJoin, miterLimit: style.miterLimit,
      dash: style.dash, phase: style.dashPhase)
    let pieces = refStrokePieces(subs, ref, arcTolerance: refArcTolerance / scale).map { piece in
      piece.map { v -> V in
        let q = t.apply(Point(x: v.x, y: v.y)); return (q.x, q.y)
      }
    }
    let area = exactCoverage(pieces, rule: .union, width: width, height: height)
    let c = CoverageComparison(alpha(p), area, width: width)
    print("stroke \(label): \(c)")
    #expect(c.maxError <= maxLimit, "\(label): \(c)")
    #expect(c.meanEdgeError <= meanLimit, "\(label): \(c)")
    #expect(c.edgePixels > 0, "\(label): nothing drawn")
    return c
  }

  @discardableResult
  static func checkFill(
    _ label: String, _ path: PathGeometry, _ t: FlipbookDisplayList.AffineTransform = .identity, width: Int, height: Int
  ) -> CoverageComparison {
    let p = render(
      [.shape(ShapeItem(geometry: .path(path), style: .fill, transform: t, color: .white))], width: width,
      height: height)
    let contours = refSubpaths(path, t).map { $0.points }.filter { $0.count >= 2 }
    let area = exactCoverage(
      contours, rule: path.fillRule == .evenOdd ? .evenOdd : .nonZero, width: width, height: height)
    let c = CoverageComparison(alpha(p), area, width: width)
    print("fill \(label): \(c)")
    #expect(c.maxError <= maxLimit, "\(label): \(c)")
    #expect(c.meanEdgeError <= meanLimit, "\(label): \(c)")
    #expect(c.edgePixels > 0, "\(label): nothing drawn")
    return c
  }

  /// A zig-zag with a right turn, a left turn and an acute turn.
  static let zigzag = PathGeometry([
    .move(P(5.3, 8.2)), .line(P(18.7, 30.4)), .line(P(27.1, 9.6)), .line(P(33.2, 31.5)), .line(P(44.6, 27.9)),
  ])

  @Test(arguments: [LineCap.butt, .round, .square])
  func caps(_ cap: LineCap) {
    Self.checkStroke(
      "cap \(cap)", Self.zigzag, StrokeStyle(lineWidth: 5.5, lineCap: cap, lineJoin: .round), width: 52, height: 40)
    // One diagonal segment: both caps alone.
    let seg = PathGeometry([.move(Self.P(9.4, 21.3)), .line(Self.P(30.2, 8.7))])
    Self.checkStroke("cap \(cap) single segment", seg, StrokeStyle(lineWidth: 7.3, lineCap: cap), width: 40, height: 30)
  }

  @Test(arguments: [LineJoin.miter, .round, .bevel])
  func joins(_ join: LineJoin) {
    Self.checkStroke("join \(join)", Self.zigzag, StrokeStyle(lineWidth: 4.6, lineJoin: join), width: 52, height: 40)
    // A closed polygon: joins at every vertex including the start, turning both ways.
    let poly = PathGeometry([
      .move(Self.P(8.5, 6.5)), .line(Self.P(38.2, 9.1)), .line(Self.P(24.6, 19.7)), .line(Self.P(36.9, 33.4)),
      .line(Self.P(7.7, 30.2)), .close,
    ])
    Self.checkStroke("join \(join) closed", poly, StrokeStyle(lineWidth: 3.7, lineJoin: join), width: 46, height: 40)
  }

  @Test func miterLimit() {
    // Interior angle 30° between the segments: miter length / width = 1 / sin 15° ≈ 3.864.
    let half = 15.0 * Double.pi / 180
    let v = Self.P(30, 20)
    let a = Self.P(v.x - 22 * cos(half), v.y - 22 * sin(half)), b = Self.P(v.x - 22 * cos(half), v.y + 22 * sin(half))
    let path = PathGeometry([.move(a), .line(v), .line(b)])
    let mitered = Self.checkStroke(
      "miter under the limit", path, StrokeStyle(lineWidth: 4, miterLimit: 3.9), width: 48, height: 40)
    let beveled = Self.checkStroke(
      "miter over the limit", path, StrokeStyle(lineWidth: 4, miterLimit: 3.85), width: 48, height: 40)
    _ = (mitered, beveled)
    // The tip: the miter reaches 2 · 3.864 ≈ 7.7 px past the corner, the bevel ≈ 2·sin 15° ≈ 0.5.
    let m = render(
      [
        .shape(
          ShapeItem(
            geometry: .path(path), style: .stroke(StrokeStyle(lineWidth: 4, miterLimit: 3.9)), transform: .identity,
            color: .white))
      ], width: 48, height: 40)
    let bv = render(
      [
        .shape(
          ShapeItem(
            geometry: .path(path), style: .stroke(StrokeStyle(lineWidth: 4, miterLimit: 3.85)), transform: .identity,
            color: .white))
      ], width: 48, height: 40)
    #expect(m.pixel(x: 35, y: 20).a > 100 && bv.pixel(x: 35, y: 20).a == 0)
  }

  @Test func dashesOnAnOpenSubpath() {
    let style = StrokeStyle(lineWidth: 3.2, lineCap: .round, lineJoin: .round, dash: [6, 3, 1.5, 3], dashPhase: 2.5)
    Self.checkStroke("dashes open", Self.zigzag, style, width: 52, height: 40)
    // Zero-length dashes: dots with round caps, squares along the path with square caps.
    Self.checkStroke(
      "dots", Self.zigzag, StrokeStyle(lineWidth: 3, lineCap: .round, dash: [0, 5], dashPhase: 1), width: 52, height: 40
    )
    Self.checkStroke(
      "square dots", Self.zigzag, StrokeStyle(lineWidth: 2.5, lineCap: .square, dash: [0, 6]), width: 52, height: 40)
  }

  @Test func dashesOnAClosedSubpath() {
    // Dashes run on around the corners (miter joins inside a dash) and past the start.
    let poly = PathGeometry([
      .move(Self.P(6.5, 6.5)), .line(Self.P(38.5, 6.5)), .line(Self.P(30.2, 30.8)), .line(Self.P(9.1, 27.3)), .close,
    ])
    Self.checkStroke(
      "dashes closed", poly, StrokeStyle(lineWidth: 2.6, dash: [7, 3.5], dashPhase: -3), width: 46, height: 38)
    // An odd count repeats: 5 on, 2 off, 3 on, 5 off, 2 on, 3 off.
    Self.checkStroke(
      "dashes odd count", poly, StrokeStyle(lineWidth: 2.2, lineCap: .square, dash: [5, 2, 3], dashPhase: 4), width: 46,
      height: 38)
    // A curved closed subpath (circle as four cubics), dashes with round caps.
    Self.checkStroke(
      "dashes circle", Self.circle(cx: 20.3, cy: 19.6, r: 13.2),
      StrokeStyle(lineWidth: 3, lineCap: .round, dash: [9, 4], dashPhase: 2), width: 41, height: 40)
  }

  @Test func curveWiderThanItsRadiusOfCurvature() {
    // An arch with a sharp apex, stroked wider than twice its radius of curvature there.
    // (Its radius of curvature at the apex is 3 px, the quadratic’s below: the inner offsets fold.)
    let arch = PathGeometry([
      .move(Self.P(6, 34)), .cubic(control1: Self.P(46, 2), control2: Self.P(-10, 2), to: Self.P(30, 34)),
    ])
    Self.checkStroke("wide curve round", arch, StrokeStyle(lineWidth: 10, lineCap: .round), width: 40, height: 42)
    Self.checkStroke("wide curve butt", arch, StrokeStyle(lineWidth: 8), width: 40, height: 42)
    // A quadratic with a tight turn.
    let quad = PathGeometry([.move(Self.P(6, 30)), .quad(control: Self.P(44, 12), to: Self.P(8, 8))])
    Self.checkStroke(
      "wide quad", quad, StrokeStyle(lineWidth: 9, lineCap: .square, lineJoin: .bevel), width: 44, height: 40)
    // Three quarters of a circle of radius 6.1 stroked 17.3 wide (half the width beyond the
    // radius): the inner offsets of many consecutive pieces fold over the center.
    let k = 0.5522847498307936 * 6.1
    let (cx, cy, r) = (21.3, 20.7, 6.1)
    let arc = PathGeometry([
      .move(Self.P(cx + r, cy)),
      .cubic(control1: Self.P(cx + r, cy + k), control2: Self.P(cx + k, cy + r), to: Self.P(cx, cy + r)),
      .cubic(control1: Self.P(cx - k, cy + r), control2: Self.P(cx - r, cy + k), to: Self.P(cx - r, cy)),
      .cubic(control1: Self.P(cx - r, cy - k), control2: Self.P(cx - k, cy - r), to: Self.P(cx, cy - r)),
    ])
    // Butt and square caps lie across the curve's true end tangents, not across the first and
    // last chords (which would tilt them by half a flattening step: at half a width of 8.65,
    // 0.17 px at the cap's far corner).
    Self.checkStroke("wide arc round", arc, StrokeStyle(lineWidth: 17.3, lineCap: .round), width: 44, height: 42)
    Self.checkStroke("wide arc butt", arc, StrokeStyle(lineWidth: 17.3), width: 44, height: 42)
    Self.checkStroke("wide arc square", arc, StrokeStyle(lineWidth: 17.3, lineCap: .square), width: 44, height: 42)
  }

  @Test func strokeUnderATransform() {
    // The pen is stretched by the transform (non-uniform scale, then a rotation).
    let co = cos(0.5), si = sin(0.5)
    let t = FlipbookDisplayList.AffineTransform.scale(x: 1.7, y: 0.8).concatenating(.rotation(cos: co, sin: si))
      .concatenating(.translation(x: 14, y: 3))
    let path = PathGeometry([
      .move(Self.P(2, 4)), .line(Self.P(18, 6)), .quad(control: Self.P(26, 16), to: Self.P(12, 22)),
    ])
    Self.checkStroke(
      "transformed", path, StrokeStyle(lineWidth: 4, lineCap: .round, lineJoin: .miter), t, scale: 1.7, width: 44,
      height: 44)
  }

  static let star = PathGeometry([
    .move(P(25.3, 2.4)), .line(P(39.8, 46.1)), .line(P(2.6, 19.2)), .line(P(48.1, 19.5)), .line(P(10.7, 46.3)), .close,
  ])

  @Test func selfIntersectingStar() {
    Self.checkFill("star nonZero", Self.star, width: 51, height: 49)
    var eo = Self.star
    eo.fillRule = .evenOdd
    Self.checkFill("star evenOdd", eo, width: 51, height: 49)
    // The even-odd star's center is empty, the non-zero one's full.
    let a = render(
      [.shape(ShapeItem(geometry: .path(eo), style: .fill, transform: .identity, color: .white))], width: 51, height: 49
    )
    #expect(a.pixel(x: 25, y: 26).a == 0)
  }

  /// A circle as four cubics, clockwise on screen or (reversed) counter-clockwise.
  static func circle(cx: Double, cy: Double, r: Double, reversed: Bool = false) -> PathGeometry {
    let k = 0.5522847498307936 * r
    if !reversed {
      return PathGeometry([
        .move(P(cx + r, cy)),
        .cubic(control1: P(cx + r, cy + k), control2: P(cx + k, cy + r), to: P(cx, cy + r)),
        .cubic(control1: P(cx - k, cy + r), control2: P(cx - r, cy + k), to: P(cx - r, cy)),
        .cubic(control1: P(cx - r, cy - k), control2: P(cx - k, cy - r), to: P(cx, cy - r)),
        .cubic(control1: P(cx + k, cy - r), control2: P(cx + r, cy - k), to: P(cx + r, cy)),
        .close,
      ])
    }
    return PathGeometry([
      .move(P(cx + r, cy)),
      .cubic(control1: P(cx + r, cy - k), control2: P(cx + k, cy - r), to: P(cx, cy - r)),
      .cubic(control1: P(cx - k, cy - r), control2: P(cx - r, cy - k), to: P(cx - r, cy)),
      .cubic(control1: P(cx - r, cy + k), control2: P(cx - k, cy + r), to: P(cx, cy + r)),
      .cubic(control1: P(cx + k, cy + r), control2: P(cx + r, cy + k), to: P(cx + r, cy)),
      .close,
    ])
  }

  @Test(arguments: [false, true], [FillRule.nonZero, .evenOdd])
  func overlappingSubpaths(opposite: Bool, rule: FillRule) {
    // Two discs and a rectangle overlapping; the second disc reversed or not.
    let a = Self.circle(cx: 17.2, cy: 18.6, r: 12.4)
    let b = Self.circle(cx: 29.7, cy: 21.3, r: 10.1, reversed: opposite)
    let rect = PathGeometry([
      .move(Self.P(10.5, 14.2)), .line(Self.P(38.3, 14.2)), .line(Self.P(38.3, 25.9)), .line(Self.P(10.5, 25.9)),
      .close,
    ])
    let path = PathGeometry(a.elements + b.elements + rect.elements, fillRule: rule)
    Self.checkFill("overlap opposite=\(opposite) \(rule)", path, width: 44, height: 36)
  }

  @Test func zeroLengthSubpaths() {
    // move + line to the same point, and move + close: dots of diameter lineWidth.
    let path = PathGeometry([.move(Self.P(10.4, 12.7)), .line(Self.P(10.4, 12.7)), .move(Self.P(27.8, 15.1)), .close])
    Self.checkStroke("round dot", path, StrokeStyle(lineWidth: 9.2, lineCap: .round), width: 36, height: 26)
    Self.checkStroke("square dot", path, StrokeStyle(lineWidth: 7.4, lineCap: .square), width: 36, height: 26)
    let butt = render(
      [
        .shape(
          ShapeItem(
            geometry: .path(path), style: .stroke(StrokeStyle(lineWidth: 9, lineCap: .butt)), transform: .identity,
            color: .white))
      ],
      width: 36, height: 26)
    #expect(butt.bytes.allSatisfy { $0 == 0 })
    // A lone move draws nothing, whatever the cap.
    let lone = render(
      [
        .shape(
          ShapeItem(
            geometry: .path(PathGeometry([.move(Self.P(10, 10))])),
            style: .stroke(StrokeStyle(lineWidth: 9, lineCap: .round)), transform: .identity, color: .white))
      ],
      width: 20, height: 20)
    #expect(lone.bytes.allSatisfy { $0 == 0 })
  }

  @Test func filledCurvesAndConvexFastPath() {
    // One convex curved contour (plain accumulation) and a non-convex one (the sweep).
    Self.checkFill("convex disc", Self.circle(cx: 20.4, cy: 19.3, r: 15.6), width: 42, height: 40)
    let blob = PathGeometry([
      .move(Self.P(6, 20)), .cubic(control1: Self.P(6, -4), control2: Self.P(40, 40), to: Self.P(38, 10)),
      .quad(control: Self.P(44, 38), to: Self.P(20, 36)), .close,
    ])
    Self.checkFill("blob", blob, width: 48, height: 44)
  }

  /// A blob as the benchmark draws it: the closed Catmull-Rom curve through six points at
  /// radii R·k[j] around (cx, cy).
  static func catmullRomBlob(cx: Double, cy: Double, radius: Double, k: [Double], rot: Double) -> PathGeometry {
    let pts = (0..<6).map { j -> Point in
      let phi = rot + 2 * Double.pi * Double(j) / 6
      return P(cx + radius * k[j] * cos(phi), cy + radius * k[j] * sin(phi))
    }
    var e: [PathGeometry.Element] = [.move(pts[0])]
    for j in 0..<6 {
      let p0 = pts[(j + 5) % 6], p1 = pts[j], p2 = pts[(j + 1) % 6], p3 = pts[(j + 2) % 6]
      e.append(
        .cubic(
          control1: P(p1.x + (p2.x - p0.x) / 6, p1.y + (p2.y - p0.y) / 6),
          control2: P(p2.x - (p3.x - p1.x) / 6, p2.y - (p3.y - p1.y) / 6), to: p2))
    }
    e.append(.close)
    return PathGeometry(e)
  }

  /// Points of a path's single contour, densely sampled (cubics at 64 steps).
  static func samples(_ path: PathGeometry) -> [Double] {
    var xy: [Double] = []
    var c = P(0, 0)
    for e in path.elements {
      switch e {
      case .move(let p), .line(let p): xy += [p.x, p.y]; c = p
      case .cubic(let c1, let c2, let p):
        for i in 1...64 {
          let t = Double(i) / 64, u = 1 - t
          let a = u * u * u, b = 3 * u * u * t, d = 3 * u * t * t, f = t * t * t
          xy += [a * c.x + b * c1.x + d * c2.x + f * p.x, a * c.y + b * c1.y + d * c2.y + f * p.y]
        }
        c = p
      case .quad(_, let p): xy += [p.x, p.y]; c = p
      case .close: break
      }
    }
    return xy
  }

  @Test(arguments: [FillRule.nonZero, .evenOdd])
  func starShapedFastPath(rule: FillRule) {
    // Accepted: non-convex blobs (radii varying by 2.2×), a concave star polygon.
    let blobs = [
      Self.catmullRomBlob(cx: 30.3, cy: 29.6, radius: 25.7, k: [1, 0.45, 0.97, 0.5, 0.92, 0.46], rot: 0.3),
      Self.catmullRomBlob(cx: 28.8, cy: 31.2, radius: 24.1, k: [0.45, 1, 0.6, 0.99, 0.47, 0.8], rot: 2.1),
    ]
    for (i, b) in blobs.enumerated() {
      #expect(polygonIsStarShaped(Self.samples(b)), "blob \(i)")
      Self.checkFill("star-shaped blob \(i) \(rule)", PathGeometry(b.elements, fillRule: rule), width: 60, height: 62)
    }
    var starPoly: [Point] = []
    for j in 0..<10 {
      let r = j % 2 == 0 ? 22.3 : 9.1, a = 0.2 + Double(j) * Double.pi / 5
      starPoly.append(Self.P(25.4 + r * cos(a), 24.8 + r * sin(a)))
    }
    let concave = PathGeometry(
      [.move(starPoly[0])] + starPoly.dropFirst().map { .line($0) } + [.close], fillRule: rule)
    #expect(polygonIsStarShaped(starPoly.flatMap { [$0.x, $0.y] }))
    Self.checkFill("concave star polygon \(rule)", concave, width: 50, height: 50)

    // Rejected: a figure eight, a bow-tie, a spiral turning twice, the self-crossing star.
    let eight = PathGeometry(
      [
        .move(Self.P(24, 22)),
        .cubic(control1: Self.P(44, 2), control2: Self.P(48, 42), to: Self.P(24, 22)),
        .cubic(control1: Self.P(0, 2), control2: Self.P(4, 42), to: Self.P(24, 22)), .close,
      ], fillRule: rule)
    let bowTie = PathGeometry(
      [
        .move(Self.P(4.3, 5.1)), .line(Self.P(40.2, 36.7)), .line(Self.P(40.6, 4.4)), .line(Self.P(4.9, 37.3)), .close,
      ], fillRule: rule)
    var spiral: [Point] = []
    for j in 0...47 {
      // Two turns, the radius growing from 6 to 21: winding 2 in the middle.
      let a = Double(j) * Double.pi / 12, r = 6 + 15 * Double(j) / 47
      spiral.append(Self.P(25.2 + r * cos(a), 24.6 + r * sin(a)))
    }
    let spiralPath = PathGeometry([.move(spiral[0])] + spiral.dropFirst().map { .line($0) } + [.close], fillRule: rule)
    #expect(!polygonIsStarShaped(Self.samples(eight)))
    #expect(!polygonIsStarShaped([4.3, 5.1, 40.2, 36.7, 40.6, 4.4, 4.9, 37.3]))
    #expect(!polygonIsStarShaped(spiral.flatMap { [$0.x, $0.y] }))
    #expect(!polygonIsStarShaped(Self.samples(Self.star)))
    Self.checkFill("figure eight \(rule)", eight, width: 50, height: 44)
    Self.checkFill("bow-tie \(rule)", bowTie, width: 46, height: 42)
    Self.checkFill("double spiral \(rule)", spiralPath, width: 50, height: 50)
  }

  @Test func freeContoursBesideTheSweep() {
    // Dashes of a self-crossing polyline with sharp miter joins: straight dashes apart from
    // the others take the plain accumulation, dashes that cross or overlap at a join the sweep.
    let poly = PathGeometry([
      .move(Self.P(4.2, 6.1)), .line(Self.P(52.7, 40.3)), .line(Self.P(8.9, 44.6)), .line(Self.P(50.1, 5.2)),
      .line(Self.P(30.4, 46.8)), .line(Self.P(33.9, 4.7)),
    ])
    for (w, on, off) in [(3.3, 9.7, 4.1), (5.6, 14.2, 6.3), (2.4, 3.1, 1.2)] {
      Self.checkStroke(
        "dashed crossing w=\(w)", poly,
        StrokeStyle(lineWidth: w, lineCap: .butt, lineJoin: .miter, miterLimit: 10, dash: [on, off], dashPhase: 1.7),
        width: 58, height: 52)
    }
    Self.checkStroke(
      "dashed round caps", poly, StrokeStyle(lineWidth: 4.1, lineCap: .round, lineJoin: .round, dash: [7.3, 5.2]),
      width: 58, height: 52)
    Self.checkStroke(
      "dashed square caps, closed", PathGeometry(poly.elements + [.close]),
      StrokeStyle(lineWidth: 3.7, lineCap: .square, lineJoin: .bevel, dash: [6.1, 3.3], dashPhase: 0.4),
      width: 58, height: 52)
    // Fills: disjoint discs of opposite orientations sharing pixels (plain), beside two
    // overlapping ones and a self-crossing star (sweep), under both rules.
    for rule in [FillRule.nonZero, .evenOdd] {
      let parts =
        Self.circle(cx: 10.3, cy: 10.6, r: 7.2).elements
        + Self.circle(cx: 25.1, cy: 10.4, r: 7.45, reversed: true).elements
        + Self.circle(cx: 12.2, cy: 30.3, r: 8.1).elements + Self.circle(cx: 20.7, cy: 33.1, r: 6.6).elements
        + Self.star.elements.map { e -> PathGeometry.Element in
          if case .move(let p) = e { return .move(Self.P(p.x + 30, p.y + 12)) }
          if case .line(let p) = e { return .line(Self.P(p.x + 30, p.y + 12)) }
          return e
        }
      Self.checkFill("free discs beside the sweep \(rule)", PathGeometry(parts, fillRule: rule), width: 84, height: 64)
    }
  }

  /// A circle arc of radius r around (cx, cy) from angle a0 to a1 (radians, y down) as cubics
  /// of at most a quarter turn each.
  static func arc(cx: Double, cy: Double, r: Double, from a0: Double, to a1: Double) -> PathGeometry {
    let pieces = max(1, Int(((a1 - a0) / (Double.pi / 2)).rounded(.up)))
    let step = (a1 - a0) / Double(pieces)
    let k = 4.0 / 3.0 * tan(step / 4) * r
    var e: [PathGeometry.Element] = [.move(P(cx + r * cos(a0), cy + r * sin(a0)))]
    for i in 0..<pieces {
      let b0 = a0 + Double(i) * step, b1 = b0 + step
      e.append(
        .cubic(
          control1: P(cx + r * cos(b0) - k * sin(b0), cy + r * sin(b0) + k * cos(b0)),
          control2: P(cx + r * cos(b1) + k * sin(b1), cy + r * sin(b1) - k * cos(b1)),
          to: P(cx + r * cos(b1), cy + r * sin(b1))))
    }
    return PathGeometry(e)
  }

  @Test func monotoneStrokeOutlines() {
    // The predicate: an annular sector of 180° with round-ish ends is accepted along its chord;
    // a bow-tie and two chains that cross are rejected.
    var sector: [Double] = []
    for j in 0...36 { let a = Double.pi + Double(j) * Double.pi / 36; sector += [30 + 20 * cos(a), 30 + 20 * sin(a)] }
    for j in 0...36 {
      let a = 2 * Double.pi - Double(j) * Double.pi / 36; sector += [30 + 12 * cos(a), 30 + 12 * sin(a)]
    }
    #expect(polygonIsMonotoneSimple(sector, direction: 1, 0))
    #expect(!polygonIsMonotoneSimple(sector, direction: 0, 1))
    #expect(!polygonIsMonotoneSimple([4.3, 5.1, 40.2, 36.7, 40.6, 4.4, 4.9, 37.3], direction: 1, 0))
    #expect(!polygonIsMonotoneSimple([0, 0, 10, 5, 20, 0, 20.5, 1, 10, -3], direction: 1, 0))
    // Accepted outlines, against the reference: arcs up to half a turn with round caps, an
    // arc under a rotation and scale, a straight segment.
    let round = StrokeStyle(lineWidth: 9.3, lineCap: .round)
    Self.checkStroke("arc 90°", Self.arc(cx: 30.2, cy: 29.7, r: 18.4, from: 0.3, to: 1.9), round, width: 62, height: 60)
    Self.checkStroke(
      "arc 180°", Self.arc(cx: 30.2, cy: 29.7, r: 18.4, from: 0.7, to: 0.7 + Double.pi),
      StrokeStyle(lineWidth: 21.5, lineCap: .round), width: 62, height: 60)
    Self.checkStroke(
      "arc transformed", Self.arc(cx: 20.2, cy: 18.1, r: 12.4, from: -0.4, to: 2.2), round,
      FlipbookDisplayList.AffineTransform(a: 1.3, b: 0.4, c: -0.5, d: 1.1, tx: 14.2, ty: 5.7), scale: 1.5,
      width: 62, height: 60)
    // Rejected (the sweep): a 350° arc whose round caps overlap, a spiral turning twice, a
    // stroke wider than its curve's radius, a figure eight.
    Self.checkStroke(
      "arc 350° caps touching", Self.arc(cx: 30.2, cy: 29.7, r: 15.1, from: 0.2, to: 0.2 + 350 * Double.pi / 180),
      StrokeStyle(lineWidth: 10.2, lineCap: .round), width: 62, height: 60)
    var spiral: [PathGeometry.Element] = [.move(Self.P(36, 30))]
    for j in 1...96 {
      let a = Double(j) * Double.pi / 24, r = 6 + 16 * Double(j) / 96
      spiral.append(.line(Self.P(30 + r * cos(a), 30 + r * sin(a))))
    }
    Self.checkStroke(
      "spiral two turns", PathGeometry(spiral), StrokeStyle(lineWidth: 5.2, lineCap: .round), width: 60, height: 60)
    // (The inner offsets fold: radius of curvature 3 px at the apex, half width 5 and 4.)
    let arch = PathGeometry([
      .move(Self.P(6, 34)), .cubic(control1: Self.P(46, 2), control2: Self.P(-10, 2), to: Self.P(30, 34)),
    ])
    Self.checkStroke("wider than the radius, round", arch, round, width: 40, height: 42)
    Self.checkStroke("wider than the radius, butt", arch, StrokeStyle(lineWidth: 8), width: 40, height: 42)
    let eight = PathGeometry([
      .move(Self.P(30, 28)), .cubic(control1: Self.P(52, 6), control2: Self.P(56, 50), to: Self.P(30, 28)),
      .cubic(control1: Self.P(4, 6), control2: Self.P(8, 50), to: Self.P(30, 28)),
    ])
    Self.checkStroke("figure eight stroke", eight, StrokeStyle(lineWidth: 4.4, lineCap: .round), width: 60, height: 56)
  }

  /// Renders one item and returns how many of its contours took the plain accumulation
  /// (inclusion–exclusion terms included) and how many the sweep.
  static func contourCounts(_ item: DisplayItem, width: Int, height: Int) -> (plain: Int, swept: Int) {
    var r = Rasterizer()
    var p = Pixmap(width: 0, height: 0)
    r.render(DisplayList(width: width, height: height, background: .clear, items: [item]), into: &p)
    return r.lastFrameContourCounts
  }

  static func strokeItem(_ path: PathGeometry, _ style: StrokeStyle) -> DisplayItem {
    .shape(ShapeItem(geometry: .path(path), style: .stroke(style), transform: .identity, color: .white))
  }

  @Test(arguments: [LineCap.butt, .square, .round])
  func crossingDashesByInclusionExclusion(_ cap: LineCap) {
    // Three dashed lines through one point (pairwise and triple intersections of convex
    // dashes) and a fourth crossing two of them: drawn as one fill of their union, every
    // overlap by an intersection term, none through the sweep; compared with the exact union
    // of the reference's pieces.
    var e: [PathGeometry.Element] = []
    for a in [0.13, 1.18, 2.23] {
      let dx = 25 * cos(a), dy = 25 * sin(a)
      e += [.move(Self.P(31.3 - dx, 30.6 - dy)), .line(Self.P(31.3 + dx, 30.6 + dy))]
    }
    e += [.move(Self.P(8.4, 50.2)), .line(Self.P(55.1, 14.7))]
    let path = PathGeometry(e)
    let style = StrokeStyle(lineWidth: 4.7, lineCap: cap, dash: [12, 3.2])
    let counts = Self.contourCounts(Self.strokeItem(path, style), width: 62, height: 60)
    #expect(counts.swept == 0, "\(counts)")
    #expect(counts.plain > 12, "\(counts)")  // 14 dashes and their intersection terms
    Self.checkStroke("three dashes through a point, \(cap)", path, style, width: 62, height: 60)
  }

  @Test func randomDashedPolylines() {
    // The path workload's polylines in small: random points, miter joins (limit 10), butt
    // caps, dashes crossing each other and passing joins; seeded, so the same every run.
    var state: UInt32 = 20_261_124
    func u() -> Double {
      state = 1_664_525 &* state &+ 1_013_904_223
      return Double(state >> 8) / 16_777_216
    }
    for seed in 0..<6 {
      var e: [PathGeometry.Element] = [.move(Self.P(6 + 52 * u(), 6 + 52 * u()))]
      for _ in 0..<(5 + seed % 3) { e.append(.line(Self.P(6 + 52 * u(), 6 + 52 * u()))) }
      let style = StrokeStyle(
        lineWidth: 2 + 4 * u(), lineCap: .butt, lineJoin: .miter, miterLimit: 10, dash: [3 + 8 * u(), 2 + 4 * u()],
        dashPhase: 10 * u())
      Self.checkStroke("random dashed polyline \(seed)", PathGeometry(e), style, width: 64, height: 64)
    }
  }

  @Test func overlappingFillsByInclusionExclusion() {
    // Three discs overlapping pairwise and all together, wound alike: the non-zero fill is
    // their union, by inclusion–exclusion without the sweep. Even-odd, or a disc wound the
    // other way, is not a union: the sweep. All against the exact reference.
    let a = Self.circle(cx: 17.2, cy: 18.6, r: 11.4), b = Self.circle(cx: 29.7, cy: 20.3, r: 10.1)
    let c = Self.circle(cx: 23.1, cy: 29.8, r: 9.7), cr = Self.circle(cx: 23.1, cy: 29.8, r: 9.7, reversed: true)
    for (label, parts, rule, sweep) in [
      ("alike nonZero", a.elements + b.elements + c.elements, FillRule.nonZero, false),
      ("alike evenOdd", a.elements + b.elements + c.elements, .evenOdd, true),
      ("one reversed nonZero", a.elements + b.elements + cr.elements, .nonZero, true),
    ] {
      let path = PathGeometry(parts, fillRule: rule)
      let counts = Self.contourCounts(
        .shape(ShapeItem(geometry: .path(path), style: .fill, transform: .identity, color: .white)), width: 44,
        height: 42)
      #expect((counts.swept > 0) == sweep, "\(label): \(counts)")
      Self.checkFill("three discs \(label)", path, width: 44, height: 42)
    }
  }
}
