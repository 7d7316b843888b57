import FlipbookDisplayList
import FlipbookImage
import FlipbookRaster
import Foundation
import Testing

/// Dashed strokes' coverage against the exact area of PathReference.swift: straight dashes at
/// any angle, below a pixel, across the canvas' edges and band boundaries, crossing each other
/// or within a pixel of each other (a shared pixel gets the union's coverage, blended once),
/// miters inside dashes and a gradient's dashes. Straight dashes are exact up to the 8-bit
/// rounding (½ level) and the reference's own error. Written for a probe that painted small
/// convex dashes row by row without the cells (Benchmarks/RESULTS.md, "Paths: convex dashes
/// painted as spans"), which any such change must pass.
@Suite struct DashCoverage {
  /// What a straight dash may be off by: ½ level of rounding, the reference's 0.26 at most.
  static let straightLimit = 0.8

  static func P(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

  /// The stroke's contours: plain (inclusion–exclusion terms included) and swept.
  static func counts(_ path: PathGeometry, _ style: StrokeStyle, width: Int, height: Int) -> (plain: Int, swept: Int) {
    PathCoverage.contourCounts(PathCoverage.strokeItem(path, style), width: width, height: height)
  }

  @Test func rotatedDashes() {
    // A straight line at angles all round (steep, shallow, near the axes, both directions):
    // every dash apart from the next, none through the sweep.
    for k in 0..<24 {
      let a = Double(k) * Double.pi / 12 + 0.037
      let dx = cos(a), dy = sin(a)
      let path = PathGeometry([.move(Self.P(32 - 26 * dx, 32 - 26 * dy)), .line(Self.P(32 + 26 * dx, 32 + 26 * dy))])
      let style = StrokeStyle(lineWidth: 2 + Double(k % 5), lineCap: .butt, dash: [7.3, 4.6], dashPhase: Double(k) * 0.7)
      let n = Self.counts(path, style, width: 64, height: 64)
      #expect(n.swept == 0 && n.plain >= 4, "angle \(a): \(n)")
      let c = PathCoverage.checkStroke("rotated dashes \(k)", path, style, width: 64, height: 64)
      #expect(c.maxError <= Self.straightLimit, "angle \(a): \(c)")
    }
  }

  @Test func dashesBelowAPixel() {
    // Dashes shorter and thinner than a pixel, gaps of several: each covers a part of one
    // to four pixels.
    for (k, w) in [0.35, 0.8, 1.3].enumerated() {
      let path = PathGeometry([.move(Self.P(3.2, 4.9)), .line(Self.P(36.7, 27.4 - Double(k) * 9))])
      let style = StrokeStyle(lineWidth: w, lineCap: .butt, dash: [0.45, 2.9], dashPhase: 0.21 * Double(k))
      let n = Self.counts(path, style, width: 40, height: 32)
      #expect(n.swept == 0 && n.plain > 8, "width \(w): \(n)")
      let c = PathCoverage.checkStroke("dashes below a pixel, width \(w)", path, style, width: 40, height: 32)
      #expect(c.maxError <= Self.straightLimit, "width \(w): \(c)")
    }
  }

  @Test func dashesAcrossTheCanvasEdges() {
    // Lines that leave the canvas on every side, dashes cut by each edge (and dashes wholly
    // off it), under a rotation and a scale; and a band boundary is crossed on a tall canvas.
    let path = PathGeometry([
      .move(Self.P(-9.3, 12.2)), .line(Self.P(30.6, -7.7)), .move(Self.P(25.1, 51.3)), .line(Self.P(49.8, 5.2)),
      .move(Self.P(-4.4, 33.3)), .line(Self.P(44.9, 47.8)),
    ])
    let style = StrokeStyle(lineWidth: 3.9, lineCap: .butt, dash: [6.2, 3.3], dashPhase: 1.9)
    let n = Self.counts(path, style, width: 40, height: 42)
    #expect(n.plain > 6, "\(n)")
    let c = PathCoverage.checkStroke("dashes across the edges", path, style, width: 40, height: 42)
    #expect(c.maxError <= Self.straightLimit, "\(c)")
    let t = AffineTransform(a: 1.7, b: 0.4, c: -0.5, d: 1.3, tx: 6.5, ty: -3.1)
    PathCoverage.checkStroke("dashes across the edges, transformed", path, style, t, scale: 1.9, width: 48, height: 44)
    // Tall: the frame is drawn in bands of rows, and dashes straddle their boundaries.
    let tall = PathGeometry([.move(Self.P(3.3, -5.1)), .line(Self.P(28.6, 1605.2))])
    let s2 = StrokeStyle(lineWidth: 5.3, lineCap: .butt, dash: [9.1, 4.4])
    let c2 = PathCoverage.checkStroke("tall dashes", tall, s2, width: 32, height: 1600)
    #expect(c2.maxError <= Self.straightLimit, "\(c2)")
  }

  @Test func dashesOffTheCanvasAreDropped() {
    // The same dashed line inside the canvas, alone and beside copies wholly beyond each
    // side of it: the copies' dashes are dropped (no contour, no pixel), the line's are drawn
    // as before; and a line that leaves the canvas keeps the dashes that reach into it.
    let inside: [PathGeometry.Element] = [.move(Self.P(6.3, 9.1)), .line(Self.P(33.8, 28.4))]
    var beyond = inside
    for (dx, dy) in [(-40.0, 0.0), (40.0, 0.0), (0.0, -40.0), (0.0, 40.0)] {
      beyond += [.move(Self.P(6.3 + dx, 9.1 + dy)), .line(Self.P(33.8 + dx, 28.4 + dy))]
    }
    let style = StrokeStyle(lineWidth: 3.4, lineCap: .butt, dash: [5.2, 3.1], dashPhase: 0.8)
    let alone = Self.counts(PathGeometry(inside), style, width: 40, height: 36)
    let withCopies = Self.counts(PathGeometry(beyond), style, width: 40, height: 36)
    #expect(
      alone.plain > 3 && withCopies.plain == alone.plain && withCopies.swept == alone.swept, "\(alone) \(withCopies)")
    let a = render([PathCoverage.strokeItem(PathGeometry(inside), style)], width: 40, height: 36)
    let b = render([PathCoverage.strokeItem(PathGeometry(beyond), style)], width: 40, height: 36)
    #expect(a.bytes == b.bytes)
    let leaving = PathGeometry([.move(Self.P(-30.2, 4.4)), .line(Self.P(20.5, 31.7))])
    let c = PathCoverage.checkStroke("a line leaving the canvas", leaving, style, width: 40, height: 36)
    #expect(c.maxError <= Self.straightLimit, "\(c)")
  }

  @Test func dashesThatShareAPixel() {
    // Gaps under a pixel's extent: two dashes may cover parts of one pixel, whose coverage
    // is the sum of both parts, blended once (painted apart it would be blended twice, off
    // by a·b: up to ~60 levels here).
    let path = PathGeometry([.move(Self.P(4.2, 5.1)), .line(Self.P(41.3, 30.9))])
    for gap in [0.3, 0.9, 1.2] {
      let style = StrokeStyle(lineWidth: 4.1, lineCap: .butt, dash: [3.7, gap])
      PathCoverage.checkStroke("dashes \(gap) apart", path, style, width: 46, height: 36)
    }
    // Two parallel dashed lines 0.88 px apart (edge to edge), dashes side by side: a pixel
    // square across them spans 1.1 px.
    let pair = PathGeometry([
      .move(Self.P(3.1, 8.3)), .line(Self.P(44.7, 12.6)), .move(Self.P(3.1, 13.1)), .line(Self.P(44.7, 17.4)),
    ])
    let style = StrokeStyle(lineWidth: 3.9, lineCap: .butt, dash: [5.3, 2.2])
    PathCoverage.checkStroke("parallel dashes", pair, style, width: 48, height: 24)
  }

  @Test func crossingDashes() {
    // Two dashed lines crossing: the dashes that overlap are a group for the
    // inclusion–exclusion (their union exact), none through the sweep.
    let path = PathGeometry([
      .move(Self.P(4.4, 6.1)), .line(Self.P(57.3, 51.2)), .move(Self.P(6.6, 50.3)), .line(Self.P(55.9, 7.4)),
    ])
    let style = StrokeStyle(lineWidth: 4.4, lineCap: .butt, dash: [8.1, 4.2], dashPhase: 3.3)
    let n = Self.counts(path, style, width: 62, height: 58)
    #expect(n.swept == 0 && n.plain > 8, "\(n)")
    PathCoverage.checkStroke("crossing dashes", path, style, width: 62, height: 58)
  }

  @Test func mitersInsideDashes() {
    // Long dashes around sharp and shallow corners (miter joins, some past the limit): bent
    // dashes are not convex, the straight ones beside them are.
    let path = PathGeometry([
      .move(Self.P(5.2, 44.1)), .line(Self.P(18.4, 6.3)), .line(Self.P(27.7, 40.6)), .line(Self.P(41.2, 12.2)),
      .line(Self.P(58.5, 14.9)), .line(Self.P(49.3, 47.7)),
    ])
    for (k, limit) in [10.0, 2.0].enumerated() {
      let style = StrokeStyle(
        lineWidth: 3.6, lineCap: .butt, lineJoin: .miter, miterLimit: limit, dash: [13.4, 3.1],
        dashPhase: 2.2 * Double(k))
      PathCoverage.checkStroke("miters inside dashes, limit \(limit)", path, style, width: 64, height: 52)
    }
  }

  @Test func gradientDashes() {
    // A gradient's dashes have the solid dashes' coverage: both stops opaque, so alpha is the
    // coverage.
    let path = PathGeometry([.move(Self.P(3.7, 30.2)), .line(Self.P(44.6, 4.9))])
    let style = StrokeStyle(lineWidth: 3.3, lineCap: .butt, dash: [6.6, 3.9])
    let g = GradientPaint(
      kind: .linear(start: Self.P(0, 0), end: Self.P(48, 34)),
      stops: [GradientPaint.Stop(color: .white, location: 0), GradientPaint.Stop(color: .black, location: 1)])
    let item = DisplayItem.shape(
      ShapeItem(geometry: .path(path), style: .stroke(style), transform: .identity, color: .white, gradient: g))
    let p = render([item], width: 48, height: 34)
    let solid = render([PathCoverage.strokeItem(path, style)], width: 48, height: 34)
    #expect(PathCoverage.alpha(p) == PathCoverage.alpha(solid))
    PathCoverage.checkStroke("gradient dashes (as white)", path, style, width: 48, height: 34)
  }
}
