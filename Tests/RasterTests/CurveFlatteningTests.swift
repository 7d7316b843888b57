import FlipbookDisplayList
import FlipbookRaster
import Foundation
import Testing

/// Path curves' flattening (`cubicFlatteningParameters`, `pushOut`) against references computed
/// here from the curve itself: every chord's largest distance from its arc (dense sampling),
/// the count the tolerance needs at the least (∫ √(κ / 8·tol) ds, numerically), and the exact
/// area under the curve (Green's theorem, numerically).
@Suite struct CurveFlattening {
  static let tolerance = 0.004

  static func P(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

  static func point(_ c: [Point], _ t: Double) -> (Double, Double) {
    let m = 1 - t
    let w = [m * m * m, 3 * m * m * t, 3 * m * t * t, t * t * t]
    return (
      w[0] * c[0].x + w[1] * c[1].x + w[2] * c[2].x + w[3] * c[3].x,
      w[0] * c[0].y + w[1] * c[1].y + w[2] * c[2].y + w[3] * c[3].y
    )
  }

  static func derivatives(_ c: [Point], _ t: Double) -> (Double, Double, Double, Double) {
    let m = 1 - t
    let dx = 3 * (m * m * (c[1].x - c[0].x) + 2 * m * t * (c[2].x - c[1].x) + t * t * (c[3].x - c[2].x))
    let dy = 3 * (m * m * (c[1].y - c[0].y) + 2 * m * t * (c[2].y - c[1].y) + t * t * (c[3].y - c[2].y))
    let ddx = 6 * (m * (c[2].x - 2 * c[1].x + c[0].x) + t * (c[3].x - 2 * c[2].x + c[1].x))
    let ddy = 6 * (m * (c[2].y - 2 * c[1].y + c[0].y) + t * (c[3].y - 2 * c[2].y + c[1].y))
    return (dx, dy, ddx, ddy)
  }

  /// Test curves in pixels: a quarter circle (r 40), a blob's Catmull-Rom piece, an S curve
  /// with an inflection, a tight hook, a long gentle arc.
  static let curves: [[Point]] = [
    [P(140, 100), P(140, 122.09), P(122.09, 140), P(100, 140)],
    [P(10.2, 40.5), P(22.7, 8.1), P(61.3, 3.2), P(80.4, 30.6)],
    [P(5, 50), P(60, -20), P(40, 120), P(95, 50)],
    [P(10, 10), P(90, 15), P(95, 60), P(20, 12)],
    [P(0, 0), P(300, 40), P(600, 40), P(900, 0)],
  ]

  @Test(arguments: 0..<5)
  func chordsDeviateEvenlyWithinTheTolerance(_ k: Int) {
    let c = Self.curves[k]
    let t = [0] + cubicFlattening(c).parameters + [1]
    var worst = 0.0
    for i in 0..<(t.count - 1) {
      let a = Self.point(c, t[i]), b = Self.point(c, t[i + 1])
      let ex = b.0 - a.0, ey = b.1 - a.1, len = (ex * ex + ey * ey).squareRoot()
      for j in 1..<64 {
        let p = Self.point(c, t[i] + (t[i + 1] - t[i]) * Double(j) / 64)
        worst = max(worst, abs((p.0 - a.0) * ey - (p.1 - a.1) * ex) / len)
      }
    }
    // Levien's integral approximations are within a few percent; the quadratics that place
    // the points lie within a quarter of the tolerance of the cubic.
    #expect(worst <= Self.tolerance * 1.25, "curve \(k): largest deviation \(worst)")
    // The fewest chords any flattening needs: ∫ √(κ / (8·tol)) ds (a chord over an arc of
    // nearly constant curvature κ deviates κ·L²/8), so within 10 % of it (+1 for rounding up).
    var integral = 0.0
    let n = 4000
    for j in 0..<n {
      let (dx, dy, ddx, ddy) = Self.derivatives(c, (Double(j) + 0.5) / Double(n))
      let speed = (dx * dx + dy * dy).squareRoot()
      let kappa = abs(dx * ddy - dy * ddx) / (speed * speed * speed)
      integral += (kappa / (8 * Self.tolerance)).squareRoot() * speed / Double(n)
    }
    let chords = Double(t.count - 1)
    #expect(chords <= integral * 1.1 + 1, "curve \(k): \(chords) chords, at least \(integral) needed")
  }

  @Test func pushedPointsKeepTheArea() {
    // A quarter disc (the quarter circle closed through its center) and the blob piece closed
    // by its chord: the area of the flattened polygon against the curve's exact area.
    for (k, c) in Self.curves.prefix(2).enumerated() {
      let close = k == 0 ? [Self.P(100, 100)] : []
      // Exact: ½∮(x dy − y dx) over the curve (fine midpoint rule), then the straight closing
      // edges.
      var exact = 0.0
      let n = 20000
      for j in 0..<n {
        let t = (Double(j) + 0.5) / Double(n)
        let p = Self.point(c, t)
        let (dx, dy, _, _) = Self.derivatives(c, t)
        exact += 0.5 * (p.0 * dy - p.1 * dx) / Double(n)
      }
      let tail: [(Double, Double)] = [(c[3].x, c[3].y)] + close.map { ($0.x, $0.y) } + [(c[0].x, c[0].y)]
      for i in 0..<(tail.count - 1) { exact += 0.5 * (tail[i].0 * tail[i + 1].1 - tail[i].1 * tail[i + 1].0) }
      func area(_ xy: [Double]) -> Double {
        var pts = [(c[0].x, c[0].y)]
        for i in stride(from: 0, to: xy.count, by: 2) { pts.append((xy[i], xy[i + 1])) }
        pts += close.map { ($0.x, $0.y) }
        var a = 0.0
        for i in 0..<pts.count {
          let p = pts[i], q = pts[(i + 1) % pts.count]
          a += 0.5 * (p.0 * q.1 - p.1 * q.0)
        }
        return a
      }
      let f = cubicFlattening(c)
      var plain: [Double] = []
      for t in f.parameters { let p = Self.point(c, t); plain += [p.0, p.1] }
      plain += [c[3].x, c[3].y]
      let pushedError = abs(area(f.points) - exact), chordError = abs(area(plain) - exact)
      // Chords alone lose about ⅔·tol per unit of length; the pushed points win back all but
      // the two end chords' halves.
      #expect(chordError > 0.1, "curve \(k): chords lose \(chordError)")
      #expect(pushedError < 0.25 * chordError, "curve \(k): pushed \(pushedError), chords \(chordError)")
    }
  }
}
