/// Reference Bézier evaluation, independent of the engine's Newton/bisection solver: plain
/// bisection on x(t) to full double precision, then y at that t (Bernstein form).
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
  func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
  }
  var low = 0.0, high = 1.0
  for _ in 0..<200 {
    let mid = (low + high) / 2
    if bernstein(x1, x2, mid) < x { low = mid } else { high = mid }
  }
  return bernstein(y1, y2, (low + high) / 2)
}
