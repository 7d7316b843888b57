import FlipbookImage
import FlipbookDisplayList

// Flattening of the shapes into the accumulator, in local coordinates mapped through the
// shape's affine transform. Only + − × ÷ and sqrt (correctly rounded everywhere): no libm
// transcendentals, so the same list gives the same bytes on every platform.
//
// Tolerances are in pixels, measured after the transform:
// - circular arcs (ellipses, rounded-rect corners, capsule ends): a rotation recurrence with n
//   equal steps of θ per quarter. Interior vertices are pushed out by k = √(θ / sin θ), which
//   makes every chord triangle's area equal to its sector's (exact total area); the polygon
//   then lies between +⅔s and −⅓s of the true arc (s = R·θ²/8, R the largest pixel-space
//   radius) and its signed area error over any piece of boundary is at most ≈ 0.13·s·L
//   (L = R·θ, the chord length). θ = min(√(8·0.01/R), 1.5/R): s ≤ 0.01 px and L ≤ 1.5 px,
//   which keeps the error in any pixel below 0.0016 (0.4/255) before 8-bit rounding.
//   Arc end points stay exactly on the tangent points.
// - cubic Béziers of continuous corners and glyphs: uniform parameter steps with
//   ‖B″‖max/8 · (1/m)² ≤ `bezierTolerance`; of other paths: see `curveTolerance`.
// Step counts are bounded (4096 per quarter arc, 1024 per cubic) so absurd scales cannot hang.

let arcTolerance = 0.01
let arcMaxChord = 1.5
let bezierTolerance = 0.0015
let maxArcSteps = 4096
let maxCubicSteps = 1024
/// Outline points one frame may record (256 MiB of coordinates, allocated only as a frame
/// needs them). Curves are flattened finely (see `bezierTolerance`), so text needs many: a
/// 1080p frame of 200 labels records about 5 million. A frame that needs more (a
/// path of millions of segments, or a stroke magnified far beyond the canvas) is not drawn:
/// `Rasterizer.exceededWorkLimit` reports it, so the caller can make it an error instead of
/// spending minutes and gigabytes on it.
let maxFramePoints = 1 << 24

/// The iOS 7 "continuous" corner reach, in corner radii (the corner's points are
/// `continuousCornerPoint`, shared with `ShapeGeometry.path`).
let continuousReach = continuousCornerReach

/// Collects flattened contours in pixel coordinates (x, y pairs) into growable scratch
/// buffers owned by `RasterBuffers`, with their signs (+1, or −1 for the inner edge of a ring) and
/// the bounding box of every point.
struct PathRecorder {
  var points: UnsafeMutablePointer<Double>
  /// Capacity and count in points (pairs).
  var capacity: Int
  var count = 0
  var contourStart = 0
  var sign: Double = 1
  var minX = Double.infinity, minY = Double.infinity
  var maxX = -Double.infinity, maxY = -Double.infinity
  /// Finished contours: (first point, end point, sign).
  var contours: [(start: Int, end: Int, sign: Double)] = []
  /// The pixel-space direction from the first to the last point of the last open polyline
  /// the stroker outlined (`strokeOpen`): the direction to test a lone stroke contour's
  /// monotonicity along.
  var chordX = 0.0, chordY = 0.0
  /// Whether the stroker's last outline went through a corner point on the inner side of a
  /// join (`joinSide`), so that it may overlap itself.
  var innerThroughCorner = false
  /// The frame needed more than `maxFramePoints`; what was recorded is meaningless.
  var exceeded = false
  /// The canvas the stroke being recorded is drawn on (`strokePath`'s width and height;
  /// infinite under a projection): a dash wholly beyond one of its sides is dropped.
  var canvasWidth = Double.infinity, canvasHeight = Double.infinity

  init(points: UnsafeMutablePointer<Double>, capacity: Int) {
    self.points = points; self.capacity = capacity
  }

  mutating func reset(keepingPointsFrom start: Int) {
    count = start; contourStart = start; sign = 1
    minX = .infinity; minY = .infinity; maxX = -.infinity; maxY = -.infinity
  }

  /// Doubles the point buffer, or past `maxFramePoints` marks the frame `exceeded` and starts
  /// writing over the buffer again (safe, and bounded: the caller stops at the next shape).
  @inline(never)
  mutating func grow() {
    if capacity >= maxFramePoints {
      exceeded = true
      count = 0; contourStart = 0
      return
    }
    let cap = capacity &* 2
    let p = UnsafeMutablePointer<Double>.allocate(capacity: cap &* 2)
    p.initialize(from: points, count: count &* 2)
    points.deallocate()
    points = p; capacity = cap
  }

  /// Writes points straight into the buffer from `count` on, with the bounding box in
  /// locals: for loops that know there is room (no capacity check and no memory update per
  /// point). The caller advances `count` and hands the box back (`keepBox`).
  struct PointWriter {
    var out: UnsafeMutablePointer<Double>
    var x0: Double, x1: Double, y0: Double, y1: Double

    /// Writes (x, y) and widens the box: `push`'s updates (if x < minX { minX = x } …) as
    /// selects, so the same values.
    @inline(__always)
    mutating func put(_ x: Double, _ y: Double) {
      out[0] = x
      out[1] = y
      out += 2
      x0 = x < x0 ? x : x0
      x1 = x > x1 ? x : x1
      y0 = y < y0 ? y : y0
      y1 = y > y1 ? y : y1
    }
  }

  /// A writer at the end of the points, with the box so far.
  @inline(__always)
  func pointWriter() -> PointWriter {
    PointWriter(out: points + count &* 2, x0: minX, x1: maxX, y0: minY, y1: maxY)
  }

  /// The box of the points `w` wrote.
  @inline(__always)
  mutating func keepBox(_ w: PointWriter) {
    minX = w.x0; maxX = w.x1; minY = w.y0; maxY = w.y1
  }

  @inline(__always)
  mutating func push(_ x: Double, _ y: Double) {
    if count == capacity { grow() }
    points[count &* 2] = x
    points[count &* 2 &+ 1] = y
    count &+= 1
    if x < minX { minX = x }
    if x > maxX { maxX = x }
    if y < minY { minY = y }
    if y > maxY { maxY = y }
  }

  @inline(__always)
  mutating func moveTo(_ x: Double, _ y: Double) {
    contourStart = count
    push(x, y)
  }

  @inline(__always)
  mutating func lineTo(_ x: Double, _ y: Double) { push(x, y) }

  @inline(__always)
  mutating func close() {
    if count > contourStart { contours.append((contourStart, count, sign)) }
    contourStart = count
  }
}

/// Uniform parameter steps that keep a cubic's chords within `tolerance` of it (at most
/// `maxCubicSteps`): ‖B″‖ ≤ 6·dd, and a chord over a step 1/m deviates by at most ‖B″‖/(8 m²).
/// For glyph outlines and continuous corners (`cubicTo`); path curves are flattened by
/// `cubicFlatteningParameters`.
@inline(__always)
func cubicSteps(
  _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double,
  tolerance: Double
) -> Int {
  let d1x = x0 - 2 * x1 + x2, d1y = y0 - 2 * y1 + y2
  let d2x = x1 - 2 * x2 + x3, d2y = y1 - 2 * y2 + y3
  let dd = max(d1x * d1x + d1y * d1y, d2x * d2x + d2y * d2y).squareRoot()
  let q = (0.75 * dd / tolerance).squareRoot()
  return q < Double(maxCubicSteps) ? Int(q) &+ 1 : maxCubicSteps
}

/// The affine map, unpacked.
struct PixelTransform {
  let a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

  @inline(__always) func x(_ px: Double, _ py: Double) -> Double { a * px + c * py + tx }
  @inline(__always) func y(_ px: Double, _ py: Double) -> Double { b * px + d * py + ty }

  /// Largest singular value of the linear part scaled by (sx, sy) on its columns.
  func spectralNorm(sx: Double, sy: Double) -> Double {
    let a = self.a * sx, b = self.b * sx, c = self.c * sy, d = self.d * sy
    let f = a * a + b * b + c * c + d * d
    let det = a * d - b * c
    let disc = f * f - 4 * det * det
    let s2 = 0.5 * (f + (disc > 0 ? disc.squareRoot() : 0))
    return s2.squareRoot()
  }
}

/// sin and cos of 0 < t ≤ π/4 by Taylor series (pure arithmetic; error < 1e-16).
@inline(__always)
func sinCosSmall(_ t: Double) -> (sin: Double, cos: Double) {
  let t2 = t * t
  let s =
    t * (1 - t2 / 6 * (1 - t2 / 20 * (1 - t2 / 42 * (1 - t2 / 72 * (1 - t2 / 110 * (1 - t2 / 156 * (1 - t2 / 210)))))))
  let c =
    1 - t2 / 2
    * (1 - t2 / 12 * (1 - t2 / 30 * (1 - t2 / 56 * (1 - t2 / 90 * (1 - t2 / 132 * (1 - t2 / 182 * (1 - t2 / 240)))))))
  return (s, c)
}

/// Steps of a quarter arc whose largest pixel-space radius is `radius`.
struct ArcSteps {
  let n: Int
  let cos: Double, sin: Double
  /// Radial factor for interior vertices (equal-area chords).
  let k: Double

  init(radius: Double) {
    let halfPi = 1.5707963267948966
    var n = 2
    if radius > 0 {
      var theta = (8 * arcTolerance / radius).squareRoot()
      if theta * radius > arcMaxChord { theta = arcMaxChord / radius }
      let q = halfPi / theta
      n = q < Double(maxArcSteps) ? Int(q) &+ 1 : maxArcSteps
      if n < 2 { n = 2 }
    }
    self.n = n
    let t = halfPi / Double(n)
    let sc = sinCosSmall(t)
    sin = sc.sin; cos = sc.cos
    k = (t / sc.sin).squareRoot()
  }
}

extension PathRecorder {
  @inline(__always)
  mutating func moveTo(_ m: PixelTransform, _ x: Double, _ y: Double) { moveTo(m.x(x, y), m.y(x, y)) }

  @inline(__always)
  mutating func lineTo(_ m: PixelTransform, _ x: Double, _ y: Double) { lineTo(m.x(x, y), m.y(x, y)) }

  /// A closed rectangle contour.
  mutating func rectangle(_ m: PixelTransform, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
    moveTo(m, x0, y0)
    lineTo(m, x1, y0)
    lineTo(m, x1, y1)
    lineTo(m, x0, y1)
    close()
  }

  /// An ellipse (center, radii) offset by `offset` along its normals (0 for the ellipse
  /// itself; ± half a line width for stroke edges), as a closed contour.
  mutating func ellipse(
    _ m: PixelTransform, cx: Double, cy: Double, rx: Double, ry: Double, offset e: Double
  ) {
    let steps = ArcSteps(radius: m.spectralNorm(sx: rx + (e > 0 ? e : 0), sy: ry + (e > 0 ? e : 0)))
    let k = steps.k
    var first = true
    for q in 0..<4 {
      var c = 1.0, s = 0.0
      for _ in 0..<steps.n {
        var u = c, v = s
        switch q {
        case 1: u = -s; v = c
        case 2: u = -c; v = -s
        case 3: u = s; v = -c
        default: break
        }
        var px = rx * u, py = ry * v
        if e != 0 {
          let nx = ry * u, ny = rx * v
          let inv = e / (nx * nx + ny * ny).squareRoot()
          px += nx * inv; py += ny * inv
        }
        let x = cx + k * px, y = cy + k * py
        if first { moveTo(m, x, y); first = false } else { lineTo(m, x, y) }
        let nc = c * steps.cos - s * steps.sin
        s = s * steps.cos + c * steps.sin
        c = nc
      }
    }
    close()
  }

  /// A rounded rectangle with circular corners of radius r (0 ≤ r ≤ half the shorter side).
  mutating func roundedRectCircular(
    _ m: PixelTransform, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, r: Double
  ) {
    if !(r > 0) { rectangle(m, x0, y0, x1, y1); return }
    let steps = ArcSteps(radius: m.spectralNorm(sx: r, sy: r))
    let rk = r * steps.k
    for corner in 0..<4 {
      // Center, start direction (u0) and end direction (u1) of each corner, clockwise in y-down.
      let cx: Double, cy: Double, u0x: Double, u0y: Double, u1x: Double, u1y: Double
      switch corner {
      case 0: cx = x1 - r; cy = y0 + r; u0x = 0; u0y = -1; u1x = 1; u1y = 0
      case 1: cx = x1 - r; cy = y1 - r; u0x = 1; u0y = 0; u1x = 0; u1y = 1
      case 2: cx = x0 + r; cy = y1 - r; u0x = 0; u0y = 1; u1x = -1; u1y = 0
      default: cx = x0 + r; cy = y0 + r; u0x = -1; u0y = 0; u1x = 0; u1y = -1
      }
      let sx = cx + r * u0x, sy = cy + r * u0y
      if corner == 0 { moveTo(m, sx, sy) } else { lineTo(m, sx, sy) }
      var c = 1.0, s = 0.0
      for _ in 1..<steps.n {
        let nc = c * steps.cos - s * steps.sin
        s = s * steps.cos + c * steps.sin
        c = nc
        lineTo(m, cx + rk * (c * u0x + s * u1x), cy + rk * (c * u0y + s * u1y))
      }
      lineTo(m, cx + r * u1x, cy + r * u1y)
    }
    close()
  }

  /// A rounded rectangle with Apple's continuous corners: the iOS 7 UIBezierPath construction
  /// (PaintCode's reverse-engineering): per corner, three cubics joined by two short lines,
  /// leaving the straight edge 1.52866483·r before the corner. Where 1.52866483·r exceeds half
  /// the shorter side the corner is blended linearly toward a circular corner (κ-cubic) until its
  /// reach fits, so r = half the shorter side gives a capsule's round ends.
  mutating func roundedRectContinuous(
    _ m: PixelTransform, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, r: Double
  ) {
    if !(r > 0) { rectangle(m, x0, y0, x1, y1); return }
    let half = min(x1 - x0, y1 - y0) * 0.5
    var t = 0.0
    if continuousReach * r > half {
      t = (continuousReach * r - half) / ((continuousReach - 1) * r)
      if t > 1 { t = 1 }
    }
    for corner in 0..<4 {
      let px: Double, py: Double, ex: Double, ey: Double, lx: Double, ly: Double
      switch corner {
      case 0: px = x1; py = y0; ex = 1; ey = 0; lx = 0; ly = 1
      case 1: px = x1; py = y1; ex = 0; ey = 1; lx = -1; ly = 0
      case 2: px = x0; py = y1; ex = -1; ey = 0; lx = 0; ly = -1
      default: px = x0; py = y0; ex = 0; ey = -1; lx = 1; ly = 0
      }
      // Corner point j in pixel space.
      @inline(__always) func q(_ j: Int) -> (Double, Double) {
        let ab = continuousCornerPoint(j, blend: t)
        let lxp = px - ab.0 * r * ex + ab.1 * r * lx
        let lyp = py - ab.0 * r * ey + ab.1 * r * ly
        return (m.x(lxp, lyp), m.y(lxp, lyp))
      }
      let s = q(0)
      if corner == 0 { moveTo(s.0, s.1) } else { lineTo(s.0, s.1) }
      cubicTo(s, q(1), q(2), q(3))
      let l1 = q(4)
      lineTo(l1.0, l1.1)
      cubicTo(l1, q(5), q(6), q(7))
      let l2 = q(8)
      lineTo(l2.0, l2.1)
      cubicTo(l2, q(9), q(10), q(11))
    }
    close()
  }

  /// Flattens a cubic from p0 (the current point) in pixel space.
  @inline(__always)
  mutating func cubicTo(
    _ p0: (Double, Double), _ p1: (Double, Double), _ p2: (Double, Double), _ p3: (Double, Double)
  ) {
    let steps = cubicSteps(p0.0, p0.1, p1.0, p1.1, p2.0, p2.1, p3.0, p3.1, tolerance: bezierTolerance)
    let inv = 1 / Double(steps)
    var i = 1
    while i < steps {
      let t = Double(i) * inv
      let mt = 1 - t
      let w0 = mt * mt * mt, w1 = 3 * mt * mt * t, w2 = 3 * mt * t * t, w3 = t * t * t
      lineTo(
        w0 * p0.0 + w1 * p1.0 + w2 * p2.0 + w3 * p3.0,
        w0 * p0.1 + w1 * p1.1 + w2 * p2.1 + w3 * p3.1)
      i &+= 1
    }
    lineTo(p3.0, p3.1)
  }
}
