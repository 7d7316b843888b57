import FlipbookDisplayList

// Paths (`ShapeGeometry.path`) flattened for filling, in pixel space: control points are
// mapped first (Bézier curves are affine-invariant), then each curve is cut into chords that
// deviate evenly by at most `curveTolerance` pixels (`CubicFlattening`, Levien's
// method; quadratics as their exact cubic elevation), at most `maxCubicSteps` per curve, and
// the inner points are pushed out so that the polygon keeps the curve's area (`pushOut`).
// Glyph outlines (`fine`) keep uniform parameter steps within `bezierTolerance`. A curve
// whose control points all lie off the canvas on one side becomes its chord: above, below or
// right of the canvas it covers no pixel either way, and left of it the chord crosses every
// row the same net number of times.

extension PathRecorder {
  /// Adds every subpath of `elements` as a closed contour (sign +1) in pixel coordinates:
  /// curves to `curveTolerance` with the equal-area correction, or with `fine` (glyph
  /// outlines) in uniform steps to `bezierTolerance`. A curve wholly off the canvas (0…W,
  /// 0…H) is its chord, unless `cull` is false (an outline flattened in local coordinates).
  mutating func fillPath(
    _ elements: [PathGeometry.Element], _ m: PixelTransform, width W: Double, height H: Double, fine: Bool = false,
    cull: Bool = true
  ) {
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
          (ex + (qx - ex) * third, ey + (qy - ey) * third), (ex, ey), W, H, fine, cull)
        cx = ex; cy = ey
      case .cubic(let c1, let c2, let p):
        if !open { sx = cx; sy = cy; moveTo(cx, cy); open = true }
        let ex = m.x(p.x, p.y), ey = m.y(p.x, p.y)
        curve(
          (cx, cy), (m.x(c1.x, c1.y), m.y(c1.x, c1.y)), (m.x(c2.x, c2.y), m.y(c2.x, c2.y)), (ex, ey), W, H, fine, cull)
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
    _ W: Double, _ H: Double, _ fine: Bool, _ cull: Bool
  ) {
    let minX = min(min(p0.0, p1.0), min(p2.0, p3.0)), maxX = max(max(p0.0, p1.0), max(p2.0, p3.0))
    let minY = min(min(p0.1, p1.1), min(p2.1, p3.1)), maxY = max(max(p0.1, p1.1), max(p2.1, p3.1))
    if cull && (maxX <= 0 || minX >= W || maxY <= 0 || minY >= H) {
      lineTo(p3.0, p3.1)
    } else if fine {
      cubicTo(p0, p1, p2, p3)
    } else {
      flattenCubic(p0, p1, p2, p3)
    }
  }

  /// Flattens a cubic from p0 (the current point) in pixel space to `curveTolerance`, its
  /// inner points pushed out for equal area (`pushOut`).
  mutating func flattenCubic(
    _ p0: (Double, Double), _ p1: (Double, Double), _ p2: (Double, Double), _ p3: (Double, Double)
  ) {
    let c = PowerCubic(p0, p1, p2, p3)
    // Each point is emitted once the next one is known (`pushOut` needs both neighbors).
    var ax = p0.0, ay = p0.1
    var v = p0
    var have = false
    var f = CubicFlattening(p0.0, p0.1, p1.0, p1.1, p2.0, p2.1, p3.0, p3.1, pixels: 1, halfWidth: 0)
    while let t = f.next() {
      let b = c.point(t)
      if have {
        let q = pushOut(ax, ay, v.0, v.1, b.0, b.1)
        lineTo(q.0, q.1)
        ax = v.0; ay = v.1
      }
      v = b
      have = true
    }
    if have {
      let q = pushOut(ax, ay, v.0, v.1, p3.0, p3.1)
      lineTo(q.0, q.1)
    }
    lineTo(p3.0, p3.1)
  }
}

/// A cubic in power form, for evaluating it and its derivative at many parameters.
struct PowerCubic {
  let ax: Double, ay: Double, bx: Double, by: Double, cx: Double, cy: Double, dx: Double, dy: Double

  @inline(__always)
  init(_ p0: (Double, Double), _ p1: (Double, Double), _ p2: (Double, Double), _ p3: (Double, Double)) {
    ax = p3.0 - p0.0 + 3 * (p1.0 - p2.0); ay = p3.1 - p0.1 + 3 * (p1.1 - p2.1)
    bx = 3 * (p0.0 - 2 * p1.0 + p2.0); by = 3 * (p0.1 - 2 * p1.1 + p2.1)
    cx = 3 * (p1.0 - p0.0); cy = 3 * (p1.1 - p0.1)
    dx = p0.0; dy = p0.1
  }

  @inline(__always)
  func point(_ t: Double) -> (Double, Double) {
    (((ax * t + bx) * t + cx) * t + dx, ((ay * t + by) * t + cy) * t + dy)
  }

  /// B′(t).
  @inline(__always)
  func tangent(_ t: Double) -> (Double, Double) {
    ((3 * ax * t + 2 * bx) * t + cx, (3 * ay * t + 2 * by) * t + cy)
  }
}

/// Whether the closed polygon is convex and winds once (every turn the same way, or straight,
/// and its direction's vertical component changes sign exactly twice): then it is simple, and
/// the plain accumulation is exact. False for anything else (conservative). With `slack`, a
/// turn whose cross product is within slack × the product of its edges' L1 lengths counts as
/// straight: convex up to rounding (a dash's cap laid across a tangent that differs from its
/// side by an ulp), which is convex enough to clip by (OverlapTerms.swift).
func isConvexPolygon(_ p: UnsafePointer<Double>, count n: Int, slack: Double = 0) -> Bool {
  if n < 3 { return true }
  if n == 4 && slack == 0 && isStrictlyTurningQuad(p) { return true }
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
        let turns =
          slack == 0
          ? cross != 0
          : (cross < 0 ? -cross : cross) > slack * ((ex < 0 ? -ex : ex) + (ey < 0 ? -ey : ey))
            * ((dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy))
        if turns {
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

/// Whether the quad's four turns are all strictly one way (each cross product of an edge and
/// the next non-zero, all of one sign): then it is convex and winds once (four exterior
/// angles in (0, π) add up to 2π), and `isConvexPolygon` without slack says so from the same
/// products of the same edges (with slack, a tiny turn may count as a reversal). Why: most
/// contours that test meets are a dashed stroke's straight dashes (3,100 a frame in the path
/// workload, ~280 instructions each through the general loop); this answers them in a few
/// dozen, with the same answer.
@inline(__always)
func isStrictlyTurningQuad(_ p: UnsafePointer<Double>) -> Bool {
  // Edges p[i] − p[i−1], as the general loop takes them (the first from the last point).
  let e0x = p[0] - p[6], e0y = p[1] - p[7]
  let e1x = p[2] - p[0], e1y = p[3] - p[1]
  let e2x = p[4] - p[2], e2y = p[5] - p[3]
  let e3x = p[6] - p[4], e3y = p[7] - p[5]
  let c1 = e0x * e1y - e0y * e1x
  let c2 = e1x * e2y - e1y * e2x
  let c3 = e2x * e3y - e2y * e3x
  let c0 = e3x * e0y - e3y * e0x
  return (c0 > 0 && c1 > 0 && c2 > 0 && c3 > 0) || (c0 < 0 && c1 < 0 && c2 < 0 && c3 < 0)
}

/// Whether the closed polygon is strictly star-shaped about its area centroid or, failing
/// that, its bounding box's center: seen from that point c every edge (zero-length ones
/// skipped) turns the same way (cross product of p[i] − c and p[i+1] − c of one strict sign,
/// with a margin far above rounding) and the edges together turn exactly once around c
/// (quadrant steps add up to 4). Then every ray from c crosses the polygon exactly once, so
/// it is simple, winds ±1 inside and 0 outside, and the plain accumulation is exact under
/// both fill rules. False for anything else (conservative; linear time, no allocation).
///
/// `StarCertificate.init` repeats the centroid's loop operation for operation (its proof is
/// about the centroid computed here): a change to one must be made to the other.
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
///
/// `sr` is scratch for 2·n doubles: each vertex's s and r, computed once (each is read up
/// to three times by the two passes).
func isMonotoneSimple(
  _ p: UnsafePointer<Double>, count n: Int, direction tx: Double, _ ty: Double, scratch sr: UnsafeMutablePointer<Double>
) -> Bool {
  if n < 3 { return false }
  let len = (tx * tx + ty * ty).squareRoot()
  if !(len > 0 && len.isFinite) { return false }
  let ux = tx / len, uy = ty / len
  var lo = 0, hi = 0
  var sLo = p[0] * ux + p[1] * uy, sHi = sLo
  var scale = 1.0
  var i = 0
  while i < n {
    let x = p[i &* 2], y = p[i &* 2 &+ 1]
    let v = x * ux + y * uy
    sr[i &* 2] = v
    sr[i &* 2 &+ 1] = y * ux - x * uy
    if v < sLo { sLo = v; lo = i }
    if v > sHi { sHi = v; hi = i }
    let ax = x < 0 ? -x : x, ay = y < 0 ? -y : y
    if ax + ay > scale { scale = ax + ay }
    i &+= 1
  }
  if !scale.isFinite { return false }
  let margin = scale * 1e-9
  // Each chain in its own loop, where `forward` is a constant.
  var side = 0.0
  return monotoneChain(sr, n, lo, hi, margin, forward: true, &side)
    && monotoneChain(sr, n, lo, hi, margin, forward: false, &side)
}

/// One pass of `isMonotoneSimple` over the vertices' (s, r): walks chain A (lo → hi forward)
/// or B (backward), checks that it rises strictly by the margin, and puts each inner vertex
/// against the other chain's edge over the same s (found by a walk that stops at hi whatever
/// the other chain does; that chain is checked in its own pass). Without division: the other
/// chain's edge e → f rises (s1 > s0) where it matters, so the sign of d·(s1 − s0) is d's.
/// `side` carries the sign found first from one pass to the next.
@inline(__always)
private func monotoneChain(
  _ sr: UnsafePointer<Double>, _ n: Int, _ lo: Int, _ hi: Int, _ margin: Double, forward: Bool,
  _ side: inout Double
) -> Bool {
  @inline(__always) func s(_ i: Int) -> Double { sr[i &* 2] }
  @inline(__always) func r(_ i: Int) -> Double { sr[i &* 2 &+ 1] }
  @inline(__always) func next(_ i: Int, _ forward: Bool) -> Int {
    forward ? (i &+ 1 == n ? 0 : i &+ 1) : (i == 0 ? n &- 1 : i &- 1)
  }
  var sPrev = s(lo)
  var v = next(lo, forward)
  // The other chain's edge e → f = next(e) with s(e) ≤ s(v) < s(f), and their s and r
  // (kept while the walk stays on that edge).
  var e = lo, f = next(lo, !forward)
  var se = sPrev, re = r(lo), sf = s(f), rf = r(f)
  while true {
    let sv = s(v)
    if !(sv - sPrev > margin) { return false }
    if v == hi { return true }
    while sf <= sv && f != hi {
      e = f; se = sf; re = rf
      f = next(e, !forward)
      sf = s(f); rf = r(f)
    }
    if !(sf > sv) { return false }
    let ds = sf - se
    let num = (r(v) - re) * ds - (rf - re) * (sv - se)  // d · ds, d = r(v) − r(other)
    let d = forward ? num : -num
    let m = margin * ds
    if !(d > m || d < -m) { return false }
    if side == 0 { side = d } else if (d > 0) != (side > 0) { return false }
    sPrev = sv
    v = next(v, forward)
  }
}

/// `isMonotoneSimple` on x, y pairs, for tests.
package func polygonIsMonotoneSimple(_ xy: [Double], direction tx: Double, _ ty: Double) -> Bool {
  var sr = [Double](repeating: 0, count: xy.count)
  return xy.withUnsafeBufferPointer { p in
    sr.withUnsafeMutableBufferPointer {
      isMonotoneSimple(p.baseAddress!, count: xy.count / 2, direction: tx, ty, scratch: $0.baseAddress!)
    }
  }
}

// MARK: Adaptive flattening of path curves

/// Largest distance (pixels) between a path curve and its chords, before the equal-area
/// correction (`pushOut`). Path fills and strokes use it; glyph outlines and continuous
/// corners keep `bezierTolerance` with uniform steps (`cubicTo`).
///
/// With the correction the polygon's signed area error over a piece of boundary averages out
/// (no bias); in one pixel it is largest next to a vertex of long chords, whose ⅔·tolerance
/// bulge a pixel crossed diagonally sees over √2 px: ≈ 0.94·tolerance (0.96/255). Fills and
/// strokes thus stay within 2/255 of the exact area with 8-bit rounding (PathCoverageTests).
/// (Looser deviations for short chords, as the fills' `ArcSteps` allow, failed those tests:
/// the correction is only as good as the chords are even.)
let curveTolerance = 0.004
/// The most quadratics a cubic is split into to place its flattening points (their values fit
/// on the stack; beyond, the points are spread less evenly over a huge curve).
let maxFlatteningQuads = 24

/// Levien's approximation of ∫₀ˣ (1 + 4u²)^¼ du, the parabola y = x²'s flattening integral
/// ("Flattening quadratic Béziers", 2019; kurbo and lyon use the same), by + − × ÷ √ only.
@inline(__always)
func parabolaIntegral(_ x: Double) -> Double {
  let d = 0.67
  let d4 = d * d * d * d
  return x / (1 - d + (d4 + 0.25 * x * x).squareRoot().squareRoot())
}

/// The inverse of `parabolaIntegral` (same approximation).
@inline(__always)
func parabolaIntegralInverse(_ x: Double) -> Double {
  let b = 0.39
  return x * (1 - b + (b * b + 0.25 * x * x).squareRoot())
}

/// The parameters (0 < t < 1, increasing; `next()`) of the inner flattening points of a cubic,
/// at most `maxCubicSteps` − 1 of them. Nothing is allocated (the quadratics' values live in
/// the struct). Coordinates are in units of 1 / `pixels` pixel.
///
/// Levien's method, as kurbo's `flatten`: the cubic is cut into m quadratics at uniform
/// parameters (m the fewest for which they lie within the tolerance of it, a quarter of it
/// if the cubic inflects, by the third-difference estimate, at most `maxFlatteningQuads`;
/// they only place the points, which lie on the cubic, so chords deviate by at most about
/// 1.25 × the tolerance), each
/// mapped onto the parabola y = x², whose flattening integral gives the chords it needs for a
/// deviation of `curveTolerance`; the points are then spread evenly over the integral's sum,
/// so every chord deviates by about the same amount and their count is ∝ ∫ √κ ds, the fewest
/// for the tolerance. With `halfWidth` h > 0 (a stroke's centerline) each quadratic's share
/// grows by √(1 + h·κmax), κmax its largest curvature, so that the outer offset, whose chords
/// deviate (1 + h·κ) times as much, meets the tolerance.
struct CubicFlattening {
  /// Per quadratic: its share of the integral, a0, a2, u0 and 1 / (u2 − u0).
  var q = InlineArray<120, Double>(repeating: 0)  // 5 · maxFlatteningQuads
  var m = 1
  /// Chords, the integral per chord, and the quadratics' parameter span.
  var n = 1
  var step = 0.0
  var dt = 1.0
  /// Uniform steps instead (a curve far beyond any canvas, or not finite).
  var uniform = false
  /// The next point k, its quadratic j, and the integral before j.
  var k = 1
  var j = 0
  var before = 0.0

  init(
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double,
    pixels: Double, halfWidth h: Double
  ) {
    let tolerance = curveTolerance / pixels
    // Power basis: B(s) = a·s³ + b·s² + c·s + p0, B′(s) = 3a·s² + 2b·s + c.
    let ax = x3 - x0 + 3 * (x1 - x2), ay = y3 - y0 + 3 * (y1 - y2)
    let bx = 3 * (x0 - 2 * x1 + x2), by = 3 * (y0 - 2 * y1 + y2)
    let cx = 3 * (x1 - x0), cy = 3 * (y1 - y0)
    // Third difference: how far the cubic is from a quadratic.
    let ex = x0 - 3 * x1 + 3 * x2 - x3, ey = y0 - 3 * y1 + 3 * y2 - y3
    let err = ex * ex + ey * ey
    // B′ × B″ / 2 = −3(a × b)·s² + 3(c × a)·s + (c × b): where it changes sign (an inflection)
    // no quadratic follows the cubic well, so the quadratics there must be 4 times closer.
    let axb = ax * by - ay * bx, cxa = cx * ay - cy * ax, cxb = cx * by - cy * bx
    let q1 = -3 * axb + 3 * cxa + cxb
    var inflects = (cxb > 0 && q1 < 0) || (cxb < 0 && q1 > 0)
    if !inflects && axb != 0 {
      let s = cxa / (2 * axb)  // the quadratic's extremum
      if s > 0 && s < 1 {
        let qs = (-3 * axb * s + 3 * cxa) * s + cxb
        inflects = (qs > 0 && (cxb < 0 || q1 < 0)) || (qs < 0 && (cxb > 0 || q1 > 0))
      }
    }
    let qa = inflects ? 0.25 * tolerance : tolerance
    let limit = 432 * qa * qa  // (36 / √3)² · accuracy²: m⁶ · limit ≥ err
    var m = 1
    while m < maxFlatteningQuads {
      let m2 = Double(m &* m)
      if m2 * m2 * m2 * limit >= err { break }
      m &+= 1
    }
    let sqrtTol = tolerance.squareRoot()
    do {
      self.m = m
      let dt = 1 / Double(m)
      self.dt = dt
      var sum = 0.0
      var px = x0, py = y0
      var dx = cx, dy = cy  // B′ at the quadratic's start
      var i = 0
      while i < m {
        let s = Double(i &+ 1) * dt
        let qx = i &+ 1 == m ? x3 : ((ax * s + bx) * s + cx) * s + x0
        let qy = i &+ 1 == m ? y3 : ((ay * s + by) * s + cy) * s + y0
        let ndx = (3 * ax * s + 2 * bx) * s + cx, ndy = (3 * ay * s + 2 * by) * s + cy
        // The quadratic through the piece's ends, its control from both end tangents.
        let kx = 0.5 * (px + qx) + 0.25 * dt * (dx - ndx), ky = 0.5 * (py + qy) + 0.25 * dt * (dy - ndy)
        let d01x = kx - px, d01y = ky - py, d12x = qx - kx, d12y = qy - ky
        let ddx = d01x - d12x, ddy = d01y - d12y
        let cross = (qx - px) * ddy - (qy - py) * ddx
        var val = 0.0, a0 = 0.0, a2 = 0.0, u0 = 0.0, us = 0.0
        if cross != 0 && cross.isFinite {
          let xa = (d01x * ddx + d01y * ddy) / cross, xb = (d12x * ddx + d12y * ddy) / cross
          let scale = cross / ((ddx * ddx + ddy * ddy).squareRoot() * (xb - xa))
          let sc = scale < 0 ? -scale : scale
          a0 = parabolaIntegral(xa); a2 = parabolaIntegral(xb)
          if sc.isFinite {
            let da = a2 > a0 ? a2 - a0 : a0 - a2
            let sqrtScale = sc.squareRoot()
            if (xa < 0) == (xb < 0) {
              val = da * sqrtScale
            } else {
              // The piece holds the parabola's vertex (its curvature peak).
              val = sqrtTol * da / parabolaIntegral(sqrtTol / sqrtScale)
            }
            if h > 0 {
              // κmax = |d01 × d12| / (2·min|B′/2|³), the minimum over the piece.
              var w = (d01x * ddx + d01y * ddy) / (ddx * ddx + ddy * ddy)
              w = w > 0 ? (w < 1 ? w : 1) : 0
              let mx = d01x - w * ddx, my = d01y - w * ddy
              let mm = (mx * mx + my * my).squareRoot()
              let c01 = d01x * d12y - d01y * d12x
              var hk = h * (c01 < 0 ? -c01 : c01) / (2 * mm * mm * mm)
              if !(hk < 63) { hk = 63 }
              val *= (1 + hk).squareRoot()
            }
            if !val.isFinite { val = 0 }
            u0 = parabolaIntegralInverse(a0)
            us = 1 / (parabolaIntegralInverse(a2) - u0)
          }
        }
        let r = i &* 5
        q[r] = val; q[r &+ 1] = a0; q[r &+ 2] = a2; q[r &+ 3] = u0; q[r &+ 4] = us
        sum += val
        px = qx; py = qy; dx = ndx; dy = ndy
        i &+= 1
      }
      let want = 0.5 * sum / sqrtTol
      if !(want < Double(maxCubicSteps)) {
        uniform = true
        n = want.isNaN ? 1 : maxCubicSteps
        return
      }
      n = ceilInt(want) > 1 ? ceilInt(want) : 1
      step = sum / Double(n)
    }
  }

  /// The next parameter, or nil after the last inner point.
  @inline(__always)
  mutating func next() -> Double? {
    if k >= n { return nil }
    defer { k &+= 1 }
    if uniform { return Double(k) / Double(n) }
    let target = Double(k) * step
    while j < m &- 1 && target >= before + q[j &* 5] {
      before += q[j &* 5]
      j &+= 1
    }
    let r = j &* 5
    var u = q[r] > 0 ? (target - before) / q[r] : 0.5
    u = u > 0 ? (u < 1 ? u : 1) : 0
    var tq = (parabolaIntegralInverse(q[r &+ 1] + (q[r &+ 2] - q[r &+ 1]) * u) - q[r &+ 3]) * q[r &+ 4]
    if !(tq > 0) { tq = 0 } else if tq > 1 { tq = 1 }
    return (Double(j) + tq) * dt
  }
}

/// The equal-area correction of a flattening point v between its neighbors a and b (all on
/// the curve): v moved by a sixth of its distance from the chord a–b's midpoint, across that
/// chord. For chords that each deviate by s from a curve of slowly varying curvature, v lies
/// 4s beyond that midpoint, so it moves by ⅔·s: the mean gap between a parabolic arc and its
/// chord, which makes each chord's polygon area that of its arc (where the curve inflects,
/// v lies near a–b and hardly moves).
@inline(__always)
func pushOut(
  _ ax: Double, _ ay: Double, _ vx: Double, _ vy: Double, _ bx: Double, _ by: Double
) -> (Double, Double) {
  let ex = bx - ax, ey = by - ay
  let e2 = ex * ex + ey * ey
  if !(e2 > 0) { return (vx, vy) }
  // The component of v − (a + b)/2 across e, over six.
  let f = (ex * (vy - 0.5 * (ay + by)) - ey * (vx - 0.5 * (ax + bx))) / (6 * e2)
  return (vx - ey * f, vy + ex * f)
}

/// The flattening of one cubic in pixel space as path fills do it, for tests: the parameters
/// of its inner points and the polygon's points after p0 (inner points pushed out, then p3),
/// as x, y pairs.
package func cubicFlattening(_ p: [Point]) -> (parameters: [Double], points: [Double]) {
  var t: [Double] = []
  var f = CubicFlattening(p[0].x, p[0].y, p[1].x, p[1].y, p[2].x, p[2].y, p[3].x, p[3].y, pixels: 1, halfWidth: 0)
  while let u = f.next() { t.append(u) }
  var rec = PathRecorder(points: .allocate(capacity: 2 * 4096), capacity: 4096)
  defer { rec.points.deallocate() }
  rec.moveTo(p[0].x, p[0].y)
  rec.flattenCubic((p[0].x, p[0].y), (p[1].x, p[1].y), (p[2].x, p[2].y), (p[3].x, p[3].y))
  return (t, Array(UnsafeBufferPointer(start: rec.points + 2, count: 2 * (rec.count - 1))))
}
