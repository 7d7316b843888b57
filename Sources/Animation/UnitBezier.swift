/// A cubic Bézier timing curve from (0,0) to (1,1), evaluated the way WebKit's `UnitBezier` (and
/// SwiftUI's `BezierAnimation`) does: solve the curve for the parameter whose x is the time fraction,
/// then take that parameter's y. Evaluating y at the parameter `t = x` directly would be wrong.
package struct UnitBezier: Hashable, Sendable {
  let ax: Double, bx: Double, cx: Double
  let ay: Double, by: Double, cy: Double

  /// Solver tolerance on x, 2⁻²⁰ as in SwiftUI's curve solver.
  package static let epsilon = 1.0 / 1_048_576.0

  /// Control points P1 = (x1, y1), P2 = (x2, y2). The x coordinates are clamped to 0…1 (as CSS
  /// requires) so that x(t) stays monotonic and the solver always has exactly one answer.
  package init(x1: Double, y1: Double, x2: Double, y2: Double) {
    let x1 = Self.sanitized(x1, clampToUnit: true), x2 = Self.sanitized(x2, clampToUnit: true)
    let y1 = Self.sanitized(y1, clampToUnit: false), y2 = Self.sanitized(y2, clampToUnit: false)
    cx = 3 * x1
    bx = 3 * (x2 - x1) - cx
    ax = 1 - cx - bx
    cy = 3 * y1
    by = 3 * (y2 - y1) - cy
    ay = 1 - cy - by
  }

  private static func sanitized(_ v: Double, clampToUnit: Bool) -> Double {
    guard v.isFinite else { return 0 }
    return clampToUnit ? min(max(v, 0), 1) : v
  }

  @inline(__always) func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
  @inline(__always) func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
  @inline(__always) func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

  /// The curve parameter whose x is `x`: Newton's method first (fast near smooth regions), then
  /// bisection, which always converges because x(t) is monotonic. Bisection is capped so odd input
  /// can never loop forever.
  package func solveX(_ x: Double, epsilon: Double = UnitBezier.epsilon) -> Double {
    var t2 = x
    for _ in 0..<8 {
      let x2 = sampleX(t2) - x
      if abs(x2) < epsilon { return t2 }
      let d2 = sampleDerivativeX(t2)
      if abs(d2) < 1e-6 { break }
      t2 -= x2 / d2
    }
    var t0 = 0.0, t1 = 1.0
    t2 = x
    if t2 < t0 { return t0 }
    if t2 > t1 { return t1 }
    var iterations = 0
    while t0 < t1 && iterations < 100 {
      let x2 = sampleX(t2)
      if abs(x2 - x) < epsilon { return t2 }
      if x > x2 { t0 = t2 } else { t1 = t2 }
      t2 = (t1 - t0) * 0.5 + t0
      iterations += 1
    }
    return t2
  }

  /// The eased fraction (y) at time fraction `x`, with x clamped to 0…1.
  package func value(at x: Double) -> Double {
    guard x.isFinite else { return x > 0 ? 1 : 0 }
    let x = min(max(x, 0), 1)
    return sampleY(solveX(x))
  }
}
