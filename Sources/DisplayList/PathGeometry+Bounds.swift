extension PathGeometry {
  /// The smallest rect holding every point of the path (curves by their extrema, not their
  /// control points), as Core Graphics' `boundingBoxOfPath` and SwiftUI's
  /// `Path.boundingRect` give it; nil for a path without elements. A gradient's unit points
  /// are placed in it.
  public var bounds: Rect? {
    var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
    func add(_ p: SIMD2<Double>) {
      lo = SIMD2(min(lo.x, p.x), min(lo.y, p.y))
      hi = SIMD2(max(hi.x, p.x), max(hi.y, p.y))
    }
    func v(_ p: Point) -> SIMD2<Double> { SIMD2(p.x, p.y) }
    var current = SIMD2<Double>.zero, start = SIMD2<Double>.zero
    var open = false
    for e in elements {
      if !open, e != .close {
        if case .move = e {} else { add(current) }
      }
      switch e {
      case .move(let p):
        current = v(p); start = current; add(current); open = true
      case .line(let p):
        current = v(p); add(current); open = true
      case .quad(let c, let p):
        let p0 = current, c1 = v(c), p1 = v(p)
        for axis in 0..<2 {
          let d = p0[axis] - 2 * c1[axis] + p1[axis]
          guard d != 0 else { continue }
          let t = (p0[axis] - c1[axis]) / d
          if t > 0 && t < 1 {
            let u = 1 - t
            add(u * u * p0 + 2 * u * t * c1 + t * t * p1)
          }
        }
        current = p1; add(current); open = true
      case .cubic(let c1, let c2, let p):
        let p0 = current, a1 = v(c1), a2 = v(c2), p1 = v(p)
        for axis in 0..<2 {
          // Roots of the derivative / 3: a t² + b t + c.
          let a = -p0[axis] + 3 * a1[axis] - 3 * a2[axis] + p1[axis]
          let b = 2 * (p0[axis] - 2 * a1[axis] + a2[axis])
          let c = a1[axis] - p0[axis]
          var roots: [Double] = []
          if abs(a) < 1e-12 {
            if b != 0 { roots.append(-c / b) }
          } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
              let s = disc.squareRoot()
              roots += [(-b + s) / (2 * a), (-b - s) / (2 * a)]
            }
          }
          for t in roots where t > 0 && t < 1 {
            let u = 1 - t
            add(u * u * u * p0 + 3 * u * u * t * a1 + 3 * u * t * t * a2 + t * t * t * p1)
          }
        }
        current = p1; add(current); open = true
      case .close:
        current = start; open = false
      }
    }
    guard lo.x <= hi.x, lo.y <= hi.y else { return nil }
    return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
  }
}
