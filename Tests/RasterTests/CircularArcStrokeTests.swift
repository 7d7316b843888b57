import FlipbookDisplayList
import FlipbookImage
import FlipbookRaster
import Foundation
import Testing

/// Strokes of trimmed circles, whose outlines the rasterizer takes as simple from the arc's
/// radius and sweep (`CircularArc.strokeOutlineIsSimple`) instead of testing their points:
/// every outline it takes so is checked simple by brute force (every pair of edges), and the
/// coverage of such strokes against PathCoverage's exact reference.
@Suite struct CircularArcStroke {
  /// Whether segments ab and cd meet (touching counts), by orientations of exact doubles'
  /// products: for the closed polygon test below.
  static func segmentsMeet(_ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double), _ d: (Double, Double))
    -> Bool
  {
    func orient(_ p: (Double, Double), _ q: (Double, Double), _ r: (Double, Double)) -> Double {
      (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0)
    }
    func within(_ p: (Double, Double), _ q: (Double, Double), _ r: (Double, Double)) -> Bool {
      min(p.0, q.0) <= r.0 && r.0 <= max(p.0, q.0) && min(p.1, q.1) <= r.1 && r.1 <= max(p.1, q.1)
    }
    let d1 = orient(c, d, a), d2 = orient(c, d, b), d3 = orient(a, b, c), d4 = orient(a, b, d)
    if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
    if d1 == 0 && within(c, d, a) { return true }
    if d2 == 0 && within(c, d, b) { return true }
    if d3 == 0 && within(a, b, c) { return true }
    if d4 == 0 && within(a, b, d) { return true }
    return false
  }

  /// Whether the closed polygon (x, y pairs; repeated consecutive points merged) is simple:
  /// no two edges meet except neighbours at their shared vertex, and no neighbours fold back
  /// onto each other.
  static func isSimple(_ xy: [Double]) -> Bool {
    var p: [(Double, Double)] = []
    for i in stride(from: 0, to: xy.count, by: 2) where p.last.map({ $0 != (xy[i], xy[i + 1]) }) ?? true {
      p.append((xy[i], xy[i + 1]))
    }
    if p.count > 1 && p.first! == p.last! { p.removeLast() }
    let n = p.count
    if n < 3 { return false }
    for i in 0..<n {
      let a = p[i], b = p[(i + 1) % n]
      // The neighbour after: folding back means the next edge turns by exactly π.
      let c = p[(i + 2) % n]
      let cross = (b.0 - a.0) * (c.1 - b.1) - (b.1 - a.1) * (c.0 - b.0)
      let dot = (b.0 - a.0) * (c.0 - b.0) + (b.1 - a.1) * (c.1 - b.1)
      if cross == 0 && dot < 0 { return false }
      var j = i + 2
      while j < n {
        if !(i == 0 && j == n - 1), segmentsMeet(a, b, p[j], p[(j + 1) % n]) { return false }
        j += 1
      }
    }
    return true
  }

  /// A deterministic generator (xorshift), uniform in 0..<1.
  struct Random {
    var state: UInt64
    mutating func next() -> Double {
      state ^= state << 13; state ^= state >> 7; state ^= state << 17
      return Double(state >> 11) / Double(1 << 53)
    }
  }

  /// A circle of radius r around (cx, cy) trimmed to the fractions f…t, the way the scene
  /// compiler trims it.
  static func trimmedCircle(_ cx: Double, _ cy: Double, _ r: Double, _ f: Double, _ t: Double) -> PathGeometry {
    let g = ShapeGeometry.ellipse(Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r)).trimmed(from: f, to: t)
    guard case .path(let p) = g else { fatalError("a trimmed circle is a path") }
    return p
  }

  @Test func trimmedCirclesKnowTheirArc() {
    let p = Self.trimmedCircle(10, 20, 7.5, 0.125, 0.375)
    #expect(
      p.circularArc
        == PathGeometry.CircularArc(
          radius: 7.5, sweep: Double.pi / 2, center: Point(x: 10, y: 20), startAngle: Double.pi / 4))
    // The whole circle, an empty trim, an ellipse and a second trim know nothing.
    #expect(Self.trimmedCircle(10, 20, 7.5, 0, 1).circularArc == nil)
    #expect(Self.trimmedCircle(10, 20, 7.5, 0.5, 0.5).circularArc == nil)
    let ellipse = ShapeGeometry.ellipse(Rect(x: 0, y: 0, width: 10, height: 12)).trimmed(from: 0.1, to: 0.3)
    #expect(ellipse.path.circularArc == nil)
    #expect(ShapeGeometry.path(p).trimmed(from: 0.2, to: 0.6).path.circularArc == nil)
  }

  /// The path without its circle's centre: what the stroker draws (with the proof of
  /// `strokeOutlineIsSimple`) where the outline cannot come straight from the circle.
  static func withoutCenter(_ p: PathGeometry) -> PathGeometry {
    var q = p
    q.circularArc?.center = nil
    return q
  }

  /// Random arcs at and inside the bounds, radii from 0.02 to 120 px (so from one chord per
  /// quarter to hundreds), ends on and next to the cubics' joints: every outline the
  /// rasterizer would take unseen is simple. Straight from the circle (`strokeCircularArc`:
  /// sweep ≤ 3π/2, half width ≤ R/2) and, without the centre, the stroker's (sweep ≤ π − 0.1,
  /// half width ≤ R/2).
  @Test(arguments: [true, false])
  func provedOutlinesAreSimple(_ direct: Bool) {
    var rng = Random(state: direct ? 0x2545_F491_4F6C_DD1D : 0x9E37_79B9_7F4A_7C15)
    var proved = 0, cases = 0
    for k in 0..<600 {
      let r = 0.02 * pow(6000, rng.next())
      let maxSweep = direct ? 1.5 * Double.pi : Double.pi - 0.1
      var sweep: Double
      switch k % 6 {
      case 0: sweep = maxSweep
      case 1: sweep = 1e-4 * (1 + rng.next())
      default: sweep = maxSweep * rng.next()
      }
      var f = rng.next() * (1 - sweep / (2 * Double.pi))
      if k % 5 == 0 { f = 0.25 * Double(Int(f * 4)) }  // on a joint
      if k % 5 == 1 { f = 0.25 * Double(Int(f * 4)) + 1e-7 }  // just past one
      let t = f + sweep / (2 * Double.pi)
      let h = (k % 4 == 0 ? 0.5 : 0.5 * rng.next()) * r
      let cap: LineCap = k % 2 == 0 ? .round : .butt
      let join: LineJoin = [.miter, .round, .bevel][k % 3]
      var path = Self.trimmedCircle(200 * rng.next(), 200 * rng.next(), r, f, t)
      if !direct { path = Self.withoutCenter(path) }
      let style = StrokeStyle(lineWidth: 2 * h, lineCap: cap, lineJoin: join)
      let (contours, provedSimple) = circularArcStrokeOutline(path, style)
      cases += 1
      if !provedSimple { continue }
      proved += 1
      #expect(contours.count == 1)
      #expect(Self.isSimple(contours[0]), "r \(r) sweep \(sweep) from \(f) h \(h) \(cap) direct \(direct)")
    }
    // Nearly all are taken (the stroker's short last chords, or the circle's inner and outer
    // arcs of a sub-pixel radius cut so coarsely that their polygons may meet, send a few to
    // the test of their points).
    #expect(proved * 10 >= cases * 9, "\(proved) of \(cases)")
  }

  /// Outside the bounds nothing is taken unseen: straight from the circle, sweeps past
  /// 3π/2 and pens wider than R; the stroker's, sweeps past π − 0.1 and pens wider than R;
  /// square caps and dashes (both the stroker's).
  @Test func outsideTheBoundsNothingIsProved() {
    let round = StrokeStyle(lineWidth: 4, lineCap: .round)
    func proved(_ f: Double, _ t: Double, _ style: StrokeStyle, direct: Bool = true) -> Bool {
      let p = Self.trimmedCircle(30, 30, 20, f, t)
      return circularArcStrokeOutline(direct ? p : Self.withoutCenter(p), style).provedSimple
    }
    #expect(proved(0.1, 0.1 + 0.74, round))
    #expect(!proved(0.1, 0.1 + 0.76, round))
    #expect(!proved(0.1, 0.1 + 0.5 - 0.01, round, direct: false))
    #expect(proved(0.1, 0.1 + 0.48, round, direct: false))
    #expect(!proved(0.1, 0.95, round, direct: false))
    for direct in [true, false] {
      #expect(!proved(0.1, 0.3, StrokeStyle(lineWidth: 20.5, lineCap: .round), direct: direct))
      #expect(proved(0.1, 0.3, StrokeStyle(lineWidth: 20, lineCap: .round), direct: direct))
      #expect(!proved(0.1, 0.3, StrokeStyle(lineWidth: 4, lineCap: .square), direct: direct))
      #expect(!proved(0.1, 0.3, StrokeStyle(lineWidth: 4, lineCap: .round, dash: [30, 200]), direct: direct))
    }
  }

  /// Coverage of the stroker's outlines of trimmed circles (without the centre, which would
  /// take butt and round caps straight from the circle: CircularArcOutlineTests) against the
  /// exact reference (PathCoverage's bounds: 2/255 max, 0.5/255 mean on edge pixels), each
  /// case also checked to take the path it should (plain when proved, else whatever the
  /// points' test decides).
  @Test(arguments: [LineCap.butt, .round, .square])
  func coverage(_ cap: LineCap) {
    let rot = FlipbookDisplayList.AffineTransform(a: 1.3, b: 0.4, c: -0.5, d: 1.1, tx: 14.2, ty: 5.7)
    let cases: [(String, PathGeometry, Double, FlipbookDisplayList.AffineTransform, Double, Bool)] = [
      ("sweep near 0", Self.trimmedCircle(30.2, 29.7, 18.4, 0.31, 0.31 + 2e-4), 9.3, .identity, 1, true),
      (
        "sweep π − 0.1", Self.trimmedCircle(30.2, 29.7, 18.4, 0.07, 0.07 + 0.5 - 0.1 / (2 * Double.pi)), 9.2, .identity,
        1, true
      ),
      ("width R", Self.trimmedCircle(30.2, 29.7, 16.3, 0.6, 0.83), 16.3, .identity, 1, true),
      ("width near 2R", Self.trimmedCircle(30.2, 29.7, 12.1, 0.2, 0.45), 23.9, .identity, 1, false),
      ("width 0.83·2R", Self.trimmedCircle(30.2, 29.7, 12.1, 0.2, 0.45), 20.1, .identity, 1, false),
      ("sweep near 2π", Self.trimmedCircle(30.2, 29.7, 17.2, 0.013, 0.987), 7.7, .identity, 1, false),
      ("rotated and scaled", Self.trimmedCircle(20.2, 18.1, 12.4, 0.45, 0.78), 6.1, rot, 1.5, true),
    ]
    for (label, trimmed, width, t, scale, inBounds) in cases {
      let path = Self.withoutCenter(trimmed)
      let style = StrokeStyle(lineWidth: width, lineCap: cap)
      // Butt and square caps of pens near the diameter: the reference's caps, across its
      // first and last chords, tilt too far at its usual flattening (PathReference.swift).
      let fine = cap != .round && width > 2 * 12.1 * 0.8
      PathCoverage.checkStroke("\(label), \(cap)", path, style, t, scale: scale, fine: fine, width: 62, height: 60)
      let provedSimple = circularArcStrokeOutline(path, style).provedSimple
      if !inBounds || cap == .square { #expect(!provedSimple, "\(label), \(cap)") }
      if provedSimple {
        let counts = PathCoverage.contourCounts(
          .shape(ShapeItem(geometry: .path(path), style: .stroke(style), transform: t, color: .white)), width: 62,
          height: 60)
        #expect(counts.plain == 1 && counts.swept == 0, "\(label), \(cap): \(counts)")
      }
    }
    // The arcs in bounds here are taken unseen (the ends of these trims leave no short chord).
    let style = StrokeStyle(lineWidth: 9.3, lineCap: cap == .square ? .round : cap)
    #expect(
      circularArcStrokeOutline(Self.withoutCenter(Self.trimmedCircle(30.2, 29.7, 18.4, 0.6, 0.83)), style).provedSimple)
  }
}
