import FlipbookDisplayList
import FlipbookImage
import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// Strokes of trimmed circles drawn straight from the circle (`strokeCircularArc`: the outer
/// and inner arcs and the caps, not the stroker's offsets of the path's cubics), against the
/// exact reference (PathReference.swift) of the true circle's arc: the path is the circle's
/// cubic approximation, 2.7·10⁻⁴·R off the circle, which the outline does not follow.
@Suite struct CircularArcOutline {
  /// The arc of the circle of radius r around (cx, cy) from angle a0 turning by θ (clockwise
  /// on screen), as cubics of at most π/64 each (control distance 4/3·tan(α/4)·r: within
  /// 10⁻⁹·r of the circle), by libm: the reference's path.
  static func trueArc(_ cx: Double, _ cy: Double, _ r: Double, _ a0: Double, _ theta: Double) -> PathGeometry {
    let m = max(1, Int((theta / (Double.pi / 64)).rounded(.up)))
    let alpha = theta / Double(m)
    let k = 4.0 / 3.0 * tan(alpha / 4) * r
    func p(_ a: Double) -> Point { Point(x: cx + r * cos(a), y: cy + r * sin(a)) }
    var e: [PathGeometry.Element] = [.move(p(a0))]
    for i in 0..<m {
      let a = a0 + alpha * Double(i), b = a + alpha
      let pa = p(a), pb = p(b)
      e.append(
        .cubic(
          control1: Point(x: pa.x - k * sin(a), y: pa.y + k * cos(a)),
          control2: Point(x: pb.x + k * sin(b), y: pb.y - k * cos(b)), to: pb))
    }
    return PathGeometry(e)
  }

  /// Renders the trimmed circle's stroke and compares it with the reference of the true arc
  /// (PathCoverage's bounds: 2/255 max, 0.5/255 mean on edge pixels); returns whether the
  /// raster took its one contour plain (proved or tested simple) or swept.
  @discardableResult
  static func check(
    _ label: String, _ cx: Double, _ cy: Double, _ r: Double, _ f: Double, _ t: Double, _ style: StrokeStyle,
    _ tr: FlipbookDisplayList.AffineTransform = .identity, scale: Double = 1, width: Int = 62, height: Int = 60
  ) -> (plain: Int, swept: Int) {
    let path = CircularArcStroke.trimmedCircle(cx, cy, r, f, t)
    let item = DisplayItem.shape(ShapeItem(geometry: .path(path), style: .stroke(style), transform: tr, color: .white))
    let p = render([item], width: width, height: height)
    let ref = trueArc(cx, cy, r, 2 * Double.pi * f, 2 * Double.pi * (t - f))
    let subs = refSubpaths(ref, .identity, tolerance: refCurveTolerance / scale)
    let pieces = refStrokePieces(
      subs, RefStroke(width: style.lineWidth, cap: style.lineCap, join: style.lineJoin, miterLimit: style.miterLimit),
      arcTolerance: refArcTolerance / scale
    ).map { piece in
      piece.map { v -> V in
        let q = tr.apply(Point(x: v.x, y: v.y)); return (q.x, q.y)
      }
    }
    let area = exactCoverage(pieces, rule: .union, width: width, height: height)
    let c = CoverageComparison(PathCoverage.alpha(p), area, width: width)
    print("arc outline \(label): \(c)")
    #expect(c.maxError <= PathCoverage.maxLimit, "\(label): \(c)")
    #expect(c.meanEdgeError <= PathCoverage.meanLimit, "\(label): \(c)")
    #expect(c.edgePixels > 0, "\(label): nothing drawn")
    return PathCoverage.contourCounts(item, width: width, height: height)
  }

  /// Radii, widths and sweeps from a sliver to nearly the whole circle, under the identity
  /// and a rotated, sheared and scaled transform; each case also checked to take the plain
  /// accumulation where the outline is proved simple, and to be one contour either way.
  @Test(arguments: [LineCap.butt, .round])
  func coverage(_ cap: LineCap) {
    let rot = FlipbookDisplayList.AffineTransform(a: 1.3, b: 0.4, c: -0.5, d: 1.1, tx: 14.2, ty: 5.7)
    let twoPi = 2 * Double.pi
    // label, centre, radius, from, to, width, transform, scale, proved simple
    let cases:
      [(String, Double, Double, Double, Double, Double, Double, FlipbookDisplayList.AffineTransform, Double, Bool)] = [
        ("sweep near 0", 30.2, 29.7, 18.4, 0.31, 0.31 + 2e-4, 9.3, .identity, 1, true),
        ("sweep 1", 30.2, 29.7, 24.6, 0.7, 0.7 + 1 / twoPi, 11.2, .identity, 1, true),
        ("sweep π − 0.1", 30.2, 29.7, 18.4, 0.07, 0.07 + 0.5 - 0.1 / twoPi, 9.2, .identity, 1, true),
        ("sweep near 3π/2", 30.2, 29.7, 22.5, 0.1, 0.84, 4.4, .identity, 1, true),
        ("width R", 30.2, 29.7, 16.3, 0.6, 0.83, 16.3, .identity, 1, true),
        // The reference finer here (scale 100): its rectangles along chords spanning δ end across
        // the chord, not the radius, and so reach h·tan(δ/2) past a butt end (0.07 px at the
        // centre at its usual tolerance, 8/255 in the centre's pixel).
        ("width near 2R", 30.2, 29.7, 12.1, 0.2, 0.45, 23.9, .identity, 100, false),
        ("sweep near 2π", 30.2, 29.7, 17.2, 0.013, 0.987, 7.7, .identity, 1, false),
        ("thin, large", 31.1, 30.4, 27.3, 0.55, 0.92, 1.3, .identity, 1, true),
        ("tiny", 20.6, 20.3, 2.2, 0.1, 0.35, 1.7, .identity, 1, true),
        ("rotated and scaled", 20.2, 18.1, 12.4, 0.45, 0.78, 6.1, rot, 1.5, true),
        ("rotated and scaled, near 2π", 20.2, 18.1, 11.4, 0.005, 0.995, 5.1, rot, 1.5, false),
      ]
    for (label, cx, cy, r, f, t, w, tr, scale, proved) in cases {
      let style = StrokeStyle(lineWidth: w, lineCap: cap)
      let path = CircularArcStroke.trimmedCircle(cx, cy, r, f, t)
      #expect(path.circularArc?.center != nil, "\(label)")
      let counts = Self.check("\(label), \(cap)", cx, cy, r, f, t, style, tr, scale: scale)
      #expect(counts.plain + counts.swept == 1, "\(label), \(cap): \(counts)")
      let outline = circularArcStrokeOutline(path, style)
      #expect(outline.contours.count == 1, "\(label), \(cap)")
      #expect(outline.provedSimple == proved, "\(label), \(cap)")
      if proved { #expect(counts.plain == 1, "\(label), \(cap): \(counts)") }
    }
  }

  /// The outline's points lie where the circle puts them: its first point at R + h along the
  /// start angle, the outer arc's ends on the circle of R + h and its inner vertices just
  /// outside it (pushed out for equal area), and everything within R ± h·1.26 of the centre.
  @Test func outlinePointsFollowTheCircle() {
    let cx = 40.3, cy = 37.9, r = 21.7, h = 5.2
    let path = CircularArcStroke.trimmedCircle(cx, cy, r, 0.15, 0.6)
    let (contours, _) = circularArcStrokeOutline(path, StrokeStyle(lineWidth: 2 * h, lineCap: .round))
    #expect(contours.count == 1)
    let xy = contours[0]
    let a0 = 0.15 * 2 * Double.pi
    #expect(abs(xy[0] - (cx + (r + h) * cos(a0))) < 1e-12 && abs(xy[1] - (cy + (r + h) * sin(a0))) < 1e-12)
    var onOuter = 0
    for i in stride(from: 0, to: xy.count, by: 2) {
      let d = ((xy[i] - cx) * (xy[i] - cx) + (xy[i + 1] - cy) * (xy[i + 1] - cy)).squareRoot()
      // Arc points (outer and inner) or cap points (within h·k of an end).
      #expect(d >= r - h - 1e-9 && d <= r + h * 1.26 + 1e-9)
      if abs(d - (r + h)) < 0.01 { onOuter += 1 }
    }
    #expect(onOuter > 20)
  }

  /// Start angles in every quadrant and on the quadrant boundaries (the reduction of
  /// `sinCosAngle`), against the reference.
  @Test func startAnglesAroundTheCircle() {
    for f in [0.0, 0.1, 0.25, 0.3, 0.5, 0.62, 0.75, 0.8] {
      Self.check(
        "from \(f)", 30.2, 29.7, 19.3, f, min(1, f + 0.3), StrokeStyle(lineWidth: 6.6, lineCap: .round))
    }
  }
  /// How far the circle's outline lies from the reference of the path it replaces (the
  /// circle's cubic approximation, up to 2.7·10⁻⁴·R outside the circle, so the stroke's edges
  /// up to 2.7·10⁻⁴·(R + h) px apart): printed for the record (at the workload's radii, when
  /// written: max 1.7/255 at R 20, 4.2 at 50, 6.5 at 80, beyond PathCoverage's 2/255), and
  /// within the flattening's budget plus that distance over an edge's longest run through a
  /// pixel, √2 px.
  @Test(arguments: [20.0, 50.0, 80.0])
  func againstTheCubicPath(_ r: Double) {
    let size = Int(2 * r + 30)
    let c = Double(size) * 0.5 + 0.3
    let path = CircularArcStroke.trimmedCircle(c, c - 0.2, r, 0.08, 0.08 + 0.3)
    let style = StrokeStyle(lineWidth: 16, lineCap: .round)
    let p = render(
      [.shape(ShapeItem(geometry: .path(path), style: .stroke(style), transform: .identity, color: .white))],
      width: size, height: size)
    let pieces = refStrokePieces(refSubpaths(path), RefStroke(width: 16, cap: .round), arcTolerance: refArcTolerance)
    let cmp = CoverageComparison(
      PathCoverage.alpha(p), exactCoverage(pieces, rule: .union, width: size, height: size), width: size)
    print("arc outline against the cubic path's reference, R \(r): \(cmp)")
    let apart = 2.7e-4 * (r + 8) * 2.0.squareRoot() * 255
    #expect(cmp.maxError <= PathCoverage.maxLimit + apart, "\(cmp)")
  }
}

/// The arc outline's points written straight into the buffer (room made once per arc piece)
/// against the same outline recorded into a buffer that starts at one point, where the
/// pieces that do not fit go point by point through `emit` (growing it) and the rest direct:
/// the same points, bit for bit, and the bounding box of exactly those points.
@Suite struct CircularArcOutlineWrites {
  @Test func directWritesMatchPointByPoint() {
    var g = SeededRandomNumberGenerator(seed: 23)
    func unit() -> Double { Double(g.next() >> 11) * 0x1p-53 }
    for i in 0..<300 {
      let r = 5 + 120 * unit()
      let arc = PathGeometry.CircularArc(
        radius: r, sweep: 2 * Double.pi * (0.001 + 0.999 * unit()), center: Point(x: 200 * unit(), y: 200 * unit()),
        startAngle: 20 * unit() - 10)
      let style = StrokeStyle(lineWidth: 2 * r * (0.01 + 0.98 * unit()), lineCap: i % 2 == 0 ? .round : .butt)
      let t = 7 * unit()
      let m = FlipbookDisplayList.AffineTransform(
        a: (0.2 + 3 * unit()) * cos(t), b: sin(t), c: -sin(t) + unit() - 0.5, d: (0.2 + 3 * unit()) * cos(t),
        tx: 4000 * unit() - 2000, ty: 4000 * unit() - 2000)
      let direct = circularArcStrokeRecord(arc, style, m, capacity: 1 << 16)
      let grown = circularArcStrokeRecord(arc, style, m, capacity: 1)
      #expect(direct.points.count > 8)
      #expect(direct.points == grown.points, "arc \(i)")
      var box = [Double.infinity, .infinity, -Double.infinity, -Double.infinity]
      for k in stride(from: 0, to: direct.points.count, by: 2) {
        box[0] = min(box[0], direct.points[k]); box[1] = min(box[1], direct.points[k + 1])
        box[2] = max(box[2], direct.points[k]); box[3] = max(box[3], direct.points[k + 1])
      }
      #expect(direct.box == box, "arc \(i)")
      #expect(grown.box == box, "arc \(i)")
    }
  }
}
