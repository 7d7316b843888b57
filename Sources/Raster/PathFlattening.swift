import FlipbookDisplayList

// Paths (`ShapeGeometry.path`) flattened for filling, in pixel space: control points are
// mapped first (Bézier curves are affine-invariant), then each curve is cut into uniform
// parameter steps within `bezierTolerance` pixels (quadratics as their exact cubic
// elevation), at most `maxCubicSteps` per curve. A curve whose control points all lie off
// the canvas on one side becomes its chord: above, below or right of the canvas it covers no
// pixel either way, and left of it the chord crosses every row the same net number of times.

extension PathRecorder {
  /// Adds every subpath of `elements` as a closed contour (sign +1) in pixel coordinates.
  mutating func fillPath(_ elements: [PathGeometry.Element], _ m: PixelTransform, width W: Double, height H: Double) {
    var open = false
    var cx = m.tx, cy = m.ty  // current point (pixels)
    var sx = cx, sy = cy  // subpath start
    sign = 1
    for e in elements {
      switch e {
      case .move(let p):
        if open { close() }
        cx = m.x(p.x, p.y); cy = m.y(p.x, p.y)
        sx = cx; sy = cy
        moveTo(cx, cy)
        open = true
      case .line(let p):
        if !open { sx = cx; sy = cy; moveTo(cx, cy); open = true }
        cx = m.x(p.x, p.y); cy = m.y(p.x, p.y)
        lineTo(cx, cy)
      case .quad(let c, let p):
        if !open { sx = cx; sy = cy; moveTo(cx, cy); open = true }
        let qx = m.x(c.x, c.y), qy = m.y(c.x, c.y)
        let ex = m.x(p.x, p.y), ey = m.y(p.x, p.y)
        let third = 2.0 / 3.0
        curve(
          (cx, cy), (cx + (qx - cx) * third, cy + (qy - cy) * third),
          (ex + (qx - ex) * third, ey + (qy - ey) * third), (ex, ey), W, H)
        cx = ex; cy = ey
      case .cubic(let c1, let c2, let p):
        if !open { sx = cx; sy = cy; moveTo(cx, cy); open = true }
        let ex = m.x(p.x, p.y), ey = m.y(p.x, p.y)
        curve((cx, cy), (m.x(c1.x, c1.y), m.y(c1.x, c1.y)), (m.x(c2.x, c2.y), m.y(c2.x, c2.y)), (ex, ey), W, H)
        cx = ex; cy = ey
      case .close:
        if open {
          close()
          cx = sx; cy = sy
          open = false
        }
      }
    }
    if open { close() }
  }

  /// A cubic in pixel space from the current point p0: its chord when it lies wholly off the
  /// canvas on one side, else flattened.
  @inline(__always)
  mutating func curve(
    _ p0: (Double, Double), _ p1: (Double, Double), _ p2: (Double, Double), _ p3: (Double, Double),
    _ W: Double, _ H: Double
  ) {
    let minX = min(min(p0.0, p1.0), min(p2.0, p3.0)), maxX = max(max(p0.0, p1.0), max(p2.0, p3.0))
    let minY = min(min(p0.1, p1.1), min(p2.1, p3.1)), maxY = max(max(p0.1, p1.1), max(p2.1, p3.1))
    if maxX <= 0 || minX >= W || maxY <= 0 || minY >= H {
      lineTo(p3.0, p3.1)
    } else {
      cubicTo(p0, p1, p2, p3)
    }
  }
}

/// Whether the closed polygon is convex and winds once (every turn the same way, or straight,
/// and its direction's vertical component changes sign exactly twice): then it is simple, and
/// the plain accumulation is exact. False for anything else (conservative).
func isConvexPolygon(_ p: UnsafePointer<Double>, count n: Int) -> Bool {
  if n < 3 { return true }
  var turn = 0.0  // sign of the first non-zero turn
  var flips = 0
  var lastDy = 0.0, firstDy = 0.0  // signs of the last and first non-zero dy
  var ex = 0.0, ey = 0.0  // previous non-zero edge
  var fx = 0.0, fy = 0.0  // first non-zero edge
  var px = p[(n &- 1) &* 2], py = p[(n &- 1) &* 2 &+ 1]
  var i = 0
  while i <= n {
    // Edges p[i−1] → p[i] cyclically; the first non-zero edge is compared again at the end.
    var dx: Double, dy: Double
    if i < n {
      let x = p[i &* 2], y = p[i &* 2 &+ 1]
      dx = x - px; dy = y - py
      px = x; py = y
    } else {
      dx = fx; dy = fy
    }
    if dx != 0 || dy != 0 {
      if ex != 0 || ey != 0 {
        let cross = ex * dy - ey * dx
        if cross != 0 {
          if turn == 0 { turn = cross } else if (cross > 0) != (turn > 0) { return false }
        } else if ex * dx + ey * dy < 0 {
          return false  // a reversal
        }
      } else {
        fx = dx; fy = dy
      }
      if dy != 0 && i < n {
        let s: Double = dy > 0 ? 1 : -1
        if firstDy == 0 { firstDy = s } else if s != lastDy { flips &+= 1 }
        lastDy = s
      }
      ex = dx; ey = dy
    }
    i &+= 1
  }
  if lastDy != firstDy { flips &+= 1 }
  return flips <= 2
}

/// Whether the closed polygon is strictly star-shaped about its area centroid or, failing
/// that, its bounding box's center: seen from that point c every edge (zero-length ones
/// skipped) turns the same way (cross product of p[i] − c and p[i+1] − c of one strict sign,
/// with a margin far above rounding) and the edges together turn exactly once around c
/// (quadrant steps add up to 4). Then every ray from c crosses the polygon exactly once, so
/// it is simple, winds ±1 inside and 0 outside, and the plain accumulation is exact under
/// both fill rules. False for anything else (conservative; linear time, no allocation).
func isStarShaped(_ p: UnsafePointer<Double>, count n: Int) -> Bool {
  if n < 3 { return false }
  // Area centroid (shoelace), relative to the first point for accuracy.
  let x0 = p[0], y0 = p[1]
  var a2 = 0.0, sx = 0.0, sy = 0.0
  var minX = x0, maxX = x0, minY = y0, maxY = y0
  var px = 0.0, py = 0.0
  var i = 1
  while i < n {
    let xa = p[i &* 2], ya = p[i &* 2 &+ 1]
    if xa < minX { minX = xa }
    if xa > maxX { maxX = xa }
    if ya < minY { minY = ya }
    if ya > maxY { maxY = ya }
    let x = xa - x0, y = ya - y0
    let c = px * y - x * py
    a2 += c
    sx += (px + x) * c
    sy += (py + y) * c
    px = x; py = y
    i &+= 1
  }
  if a2 != 0 && a2.isFinite {
    let cx = x0 + sx / (3 * a2), cy = y0 + sy / (3 * a2)
    if starShaped(p, count: n, about: cx, cy) { return true }
  }
  return starShaped(p, count: n, about: (minX + maxX) * 0.5, (minY + maxY) * 0.5)
}

/// The test of `isStarShaped` about one point.
@inline(__always)
func starShaped(_ p: UnsafePointer<Double>, count n: Int, about cx: Double, _ cy: Double) -> Bool {
  if !(cx.isFinite && cy.isFinite) { return false }
  // Quadrant of a vector, by half-open angle intervals [0, π/2), [π/2, π), [π, 3π/2), [3π/2, 2π).
  @inline(__always) func quadrant(_ x: Double, _ y: Double) -> Int {
    if y >= 0 { return x > 0 ? 0 : 1 }
    return x < 0 ? 2 : 3
  }
  var ax = p[(n &- 1) &* 2] - cx, ay = p[(n &- 1) &* 2 &+ 1] - cy
  var qa = quadrant(ax, ay)
  var sign = 0.0
  var steps = 0
  var i = 0
  while i < n {
    let bx = p[i &* 2] - cx, by = p[i &* 2 &+ 1] - cy
    i &+= 1
    if bx == ax && by == ay { continue }  // a zero-length edge adds nothing
    let cross = ax * by - ay * bx
    // The rounding of the subtractions above and of the cross product is below 2⁻⁵⁰ of this
    // bound, so the true cross product has the computed sign.
    let bound = ((ax < 0 ? -ax : ax) + (ay < 0 ? -ay : ay)) * ((bx < 0 ? -bx : bx) + (by < 0 ? -by : by))
    if !((cross < 0 ? -cross : cross) > bound * 1e-12) { return false }
    if sign == 0 {
      sign = cross
    } else if (cross > 0) != (sign > 0) {
      return false
    }
    // The edge turns by less than π about c, so by at most two quadrants, in `sign`'s direction.
    let qb = quadrant(bx, by)
    steps &+= (cross > 0 ? qb &- qa : qa &- qb) & 3
    ax = bx; ay = by; qa = qb
  }
  return steps == 4
}

/// `isStarShaped` on x, y pairs, for tests.
package func polygonIsStarShaped(_ xy: [Double]) -> Bool {
  xy.withUnsafeBufferPointer { isStarShaped($0.baseAddress!, count: xy.count / 2) }
}

/// Whether the closed polygon is strictly monotone along the direction (tx, ty) and simple:
/// its projections s = p·t rise strictly from the lowest vertex to the highest one and fall
/// strictly back (two chains), and at every inner vertex of either chain the other chain,
/// interpolated at the same s, lies strictly on one and the same side (r = p·n, by a margin
/// far above rounding). The two chains then meet only at their ends, so the polygon is
/// simple, winds ±1 inside and 0 outside, and the plain accumulation is exact. Linear time.
func isMonotoneSimple(_ p: UnsafePointer<Double>, count n: Int, direction tx: Double, _ ty: Double) -> Bool {
  if n < 3 { return false }
  let len = (tx * tx + ty * ty).squareRoot()
  if !(len > 0 && len.isFinite) { return false }
  let ux = tx / len, uy = ty / len
  @inline(__always) func s(_ i: Int) -> Double { p[i &* 2] * ux + p[i &* 2 &+ 1] * uy }
  @inline(__always) func r(_ i: Int) -> Double { p[i &* 2 &+ 1] * ux - p[i &* 2] * uy }
  var lo = 0, hi = 0
  var sLo = s(0), sHi = sLo
  var scale = 1.0
  var i = 0
  while i < n {
    let v = s(i)
    if v < sLo { sLo = v; lo = i }
    if v > sHi { sHi = v; hi = i }
    let ax = p[i &* 2] < 0 ? -p[i &* 2] : p[i &* 2], ay = p[i &* 2 &+ 1] < 0 ? -p[i &* 2 &+ 1] : p[i &* 2 &+ 1]
    if ax + ay > scale { scale = ax + ay }
    i &+= 1
  }
  if !scale.isFinite { return false }
  let margin = scale * 1e-9
  @inline(__always) func next(_ i: Int, _ forward: Bool) -> Int {
    forward ? (i &+ 1 == n ? 0 : i &+ 1) : (i == 0 ? n &- 1 : i &- 1)
  }
  // Chain A: lo → hi forward; chain B: lo → hi backward. Each pass walks one chain, checks
  // that it rises strictly by the margin, and puts each inner vertex against the other
  // chain's edge over the same s (found by a walk that stops at hi whatever the other chain
  // does; that chain is checked in its own pass). Without division: the other chain's edge
  // e → f rises (s1 > s0) where it matters, so the sign of d·(s1 − s0) is d's.
  var side = 0.0
  for pass in 0..<2 {
    let forward = pass == 0
    var sPrev = sLo
    var v = next(lo, forward)
    var e = lo  // the other chain's edge e → next(e) with s(e) ≤ s(v) < s(next(e))
    var se = sLo
    while true {
      let sv = s(v)
      if !(sv - sPrev > margin) { return false }
      if v == hi { break }
      var f = next(e, !forward)
      var sf = s(f)
      while sf <= sv && f != hi {
        e = f; se = sf
        f = next(e, !forward)
        sf = s(f)
      }
      if !(sf > sv) { return false }
      let ds = sf - se
      let num = (r(v) - r(e)) * ds - (r(f) - r(e)) * (sv - se)  // d · ds, d = r(v) − r(other)
      let d = forward ? num : -num
      let m = margin * ds
      if !(d > m || d < -m) { return false }
      if side == 0 { side = d } else if (d > 0) != (side > 0) { return false }
      sPrev = sv
      v = next(v, forward)
    }
  }
  return true
}

/// `isMonotoneSimple` on x, y pairs, for tests.
package func polygonIsMonotoneSimple(_ xy: [Double], direction tx: Double, _ ty: Double) -> Bool {
  xy.withUnsafeBufferPointer { isMonotoneSimple($0.baseAddress!, count: xy.count / 2, direction: tx, ty) }
}
