import FlipbookDisplayList

// Styled strokes (`StrokeStyle`) of paths, as outlines filled with the non-zero rule through
// the exact sweep (Sweep.swift), or plainly where RasterBuffers proves an outline simple
// (`strokeOpen` leaves the subpath's pixel-space chord for that test).
//
// The stroke is built in local coordinates (line widths, dashes and caps are local lengths;
// a non-uniform transform stretches the pen as in SwiftUI) and every outline point is mapped to
// pixels as it is emitted. Curves are flattened first, in local space, to `curveTolerance`
// pixels (by the transform's largest stretch), met by the outer offset, whose chords deviate
// 1 + h·κ times as much as the centerline's (`CubicFlattening`: chords spread
// evenly by Levien's method, at most `maxCubicSteps` per curve; quadratics as their cubic
// elevation), the inner points pushed out for equal area (`pushOut`), and consecutive equal
// points are dropped. The flattened polyline is then offset by half the line width:
//
// - Every segment is the quad p0 ± n·h, p1 ± n·h (n its unit normal), every join the wedge
//   between two segments' outer corners (miter tip, round arc or bevel), every cap its own
//   piece, all oriented the same way. Their union is the stroke; with the non-zero rule the
//   outline that is their sum (shared sides cancel) covers exactly that union. Per subpath
//   that sum is one contour (open: one side forward, end cap, the other side backward, start
//   cap) or two (closed: one per side), on which the inner side of a join goes through the
//   corner point itself (`v`).
// - Where the inner offset edges of two segments meet within both segments (h·sin θ and
//   h·tan(θ/2) at most the shorter length, θ the turn), the inner side takes that meeting
//   point instead: this only removes an area covered by both quads, so the union is
//   unchanged, and the outlines of smooth curves stay simple (few crossings for the sweep).
//   Where they do not (a short chord) at a smooth point of a curve whose radius of curvature
//   exceeds h, the inner side takes the curve's exact offset point instead (`innerJoin`): a
//   short chord's quad is askew to the curve, and through the corner it reached past a butt
//   end at pens near the curve's diameter.
// - Joins between the flattened pieces of one curve are round. Joins between elements use
//   the style's join: `miter` where 1 / cos(θ/2) (miter length / line width) is at most
//   `miterLimit`, otherwise `bevel`, as Core Graphics.
// - Round joins and caps are arcs cut by repeated halving (only + − × ÷ √) until each chord
//   is within `arcTolerance` pixels of the arc and at most `arcMaxChord` long (at most 2¹²
//   pieces per quarter), inner vertices pushed out so that each chord keeps its sector's area
//   (as the fills' arcs). A round join inside a flattened curve whose miter would reach less
//   than `curveTolerance` beyond the arc is that miter tip alone.
// - Caps, and the outer wedges of joins between elements, lie across the elements' true
//   tangents (a curve's derivative at its ends), kept per point in `LocalPolyline`; a dash
//   cut inside a curve takes the tangent of the cubic Hermite piece between its chord's ends
//   (`curvedSegment`). Laid across the first or last chord instead, a cap would tilt by half
//   a flattening step.
// - Dashes (see `StrokeStyle`) cut the polyline at the path's arc lengths (a chord of a curve
//   counts its Hermite piece's length, `curvedSegment`; a flattening point whose chord's end
//   would poke past a cut's cap is left out of the dash, `chordEndPokesPastCap`); each dash
//   is stroked as an open polyline
//   keeping the joins at the vertices it passes (a short straight one whose outline would
//   overlap itself at a join: as its convex pieces, for the inclusion–exclusion of
//   OverlapTerms.swift, `strokePieces`). A pattern that would cut the path (by its
//   control polygon's length, an upper bound) into more than `maxDashes` dashes and gaps
//   draws the undashed stroke instead, as Skia does past its limit: only patterns far finer
//   than the path is long reach it, and no shape can make the stroker hang. A dash whose
//   outline lies wholly beyond one side of the canvas is dropped (`isBeyondCanvas`).
// - A subpath with a drawing element but no length (and a zero-length dash) draws its caps
//   alone: a disc of diameter lineWidth (round), a square (square, along the tangent, or
//   along local x for a lone point) or nothing (butt). A lone `move` draws nothing.
// - Undashed strokes turn curves that lie off the canvas by more than any pen piece can
//   reach into their chords.

let maxDashes = 1 << 16
let maxArcLevels = 12

/// A local-space polyline: points and, per point, whether it is a corner between elements
/// (style join) or inside a flattened curve (round join), and the true tangents there.
///
/// Tangents are the path's own (a curve's derivative, a line's direction), not the chords':
/// caps and corner joins laid along a chord would tilt by half a flattening step, which at a
/// wide pen moves a butt cap's far corner by a visible fraction of a pixel.
struct LocalPolyline {
  var xy: UnsafeMutablePointer<Double>
  /// Per point: where it lies on the path itself (x, y): an inner flattening point's place
  /// before the equal-area correction moved it (`pushOut`), else the point. Dashes measure
  /// and orient their cuts by these (`curvedSegment`).
  var on: UnsafeMutablePointer<Double>
  var corner: UnsafeMutablePointer<Bool>
  /// Per point: unit tangent arriving (in x, y) and leaving (out x, y); NaN where unknown
  /// (a zero-length element), then the chord stands in.
  var tan: UnsafeMutablePointer<Double>
  /// Per segment k (from point k to k + 1, cyclically): unit direction and length.
  var seg: UnsafeMutablePointer<Double>
  var count = 0
  var capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    xy = .allocate(capacity: capacity &* 2)
    on = .allocate(capacity: capacity &* 2)
    corner = .allocate(capacity: capacity)
    tan = .allocate(capacity: capacity &* 4)
    seg = .allocate(capacity: capacity &* 3)
  }

  func deallocate() { xy.deallocate(); on.deallocate(); corner.deallocate(); tan.deallocate(); seg.deallocate() }

  @inline(never)
  mutating func grow() {
    let cap = capacity &* 2
    let nxy = UnsafeMutablePointer<Double>.allocate(capacity: cap &* 2)
    nxy.initialize(from: xy, count: count &* 2)
    let non = UnsafeMutablePointer<Double>.allocate(capacity: cap &* 2)
    non.initialize(from: on, count: count &* 2)
    let nc = UnsafeMutablePointer<Bool>.allocate(capacity: cap)
    nc.initialize(from: corner, count: count)
    let nt = UnsafeMutablePointer<Double>.allocate(capacity: cap &* 4)
    nt.initialize(from: tan, count: count &* 4)
    deallocate()
    xy = nxy; on = non; corner = nc; tan = nt; seg = .allocate(capacity: cap &* 3)
    capacity = cap
  }

  /// Appends a point whose tangents (in and out) are (tx, ty), normalized here, unless it is
  /// at zero distance from the last one (then only its corner flag is merged). It lies on the
  /// path at (ox, oy) (an inner flattening point before `pushOut`), by default at itself.
  @inline(__always)
  mutating func push(
    _ x: Double, _ y: Double, corner c: Bool, tangent tx: Double, _ ty: Double, on ox: Double = .nan,
    _ oy: Double = .nan
  ) {
    if count > 0 {
      let dx = x - xy[(count &- 1) &* 2], dy = y - xy[(count &- 1) &* 2 &+ 1]
      let len = (dx * dx + dy * dy).squareRoot()
      if !(len > 0) || !len.isFinite {
        if c { corner[count &- 1] = true }
        return
      }
    }
    if count == capacity { grow() }
    xy[count &* 2] = x
    xy[count &* 2 &+ 1] = y
    on[count &* 2] = ox.isNaN ? x : ox
    on[count &* 2 &+ 1] = ox.isNaN ? y : oy
    corner[count] = c
    let (ux, uy) = unitOrNaN(tx, ty)
    let t = tan + count &* 4
    t[0] = ux; t[1] = uy; t[2] = ux; t[3] = uy
    count &+= 1
  }

  /// Sets the last point's leaving tangent (the next element starts there).
  @inline(__always)
  mutating func setOut(_ tx: Double, _ ty: Double) {
    if count == 0 { return }
    let (ux, uy) = unitOrNaN(tx, ty)
    if ux.isNaN { return }
    let t = tan + (count &- 1) &* 4
    t[2] = ux; t[3] = uy
  }

  /// Segment k (from point k to j = k + 1, cyclically) as a piece of a curve, for cutting
  /// dashes: its true arc length, and the tangent angles φ0, φ1 (sines, against its chord on
  /// the path, `on`) at its ends; nil for a straight segment between corners (its chord is
  /// the path).
  ///
  /// The piece is taken as the cubic Hermite curve through the chord's ends with the true
  /// tangents there, whose offset from the chord (chord length c, fraction x) is
  /// y = c·(φ0·x(1 − x)² − φ1·x²(1 − x)): its length is c·(1 + (2φ0² + 2φ1² − φ0·φ1) / 30)
  /// up to fourth-order terms, and its tangent turns from the chord by y′ (at a cut, in
  /// `dashPolyline`). Measured along the flattened polyline instead, whose inner points
  /// `pushOut` moved outward, dashes drifted forward by c·θ²/24 per chord (θ its turn),
  /// 5·10⁻⁵ of the length of a circle flattened to `curveTolerance` (0.006 px a third of the
  /// way round a radius of 23, which took dash ends' pixels past 2/255 in PathCoverageTests);
  /// and tangents interpolated linearly between the ends, right for a piece of a circle,
  /// turned the wrong way near an inflection (by 1.5·φ mid-chord), tilting butt caps there.
  @inline(__always)
  func curvedSegment(_ k: Int, _ j: Int) -> (length: Double, ux: Double, uy: Double, phi0: Double, phi1: Double)? {
    if corner[k] && corner[j] { return nil }
    let dx = on[j &* 2] - on[k &* 2], dy = on[j &* 2 &+ 1] - on[k &* 2 &+ 1]
    let c = (dx * dx + dy * dy).squareRoot()
    if !(c > 0) || !c.isFinite { return nil }
    let ux = dx / c, uy = dy / c
    var p0 = ux * tan[k &* 4 &+ 3] - uy * tan[k &* 4 &+ 2]
    var p1 = ux * tan[j &* 4 &+ 1] - uy * tan[j &* 4]
    if p0.isNaN { p0 = 0 }
    if p1.isNaN { p1 = 0 }
    return (c * (1 + (2 * (p0 * p0 + p1 * p1) - p0 * p1) * (1.0 / 30)), ux, uy, p0, p1)
  }

  /// Fills `seg` for `segments` segments (count − 1 open, count closed).
  mutating func measure(segments: Int) {
    var k = 0
    while k < segments {
      let j = k &+ 1 == count ? 0 : k &+ 1
      let dx = xy[j &* 2] - xy[k &* 2], dy = xy[j &* 2 &+ 1] - xy[k &* 2 &+ 1]
      let len = (dx * dx + dy * dy).squareRoot()
      seg[k &* 3] = dx / len
      seg[k &* 3 &+ 1] = dy / len
      seg[k &* 3 &+ 2] = len
      k &+= 1
    }
  }
}

/// (x, y) scaled to length 1, or NaNs if it has no finite direction.
@inline(__always)
func unitOrNaN(_ x: Double, _ y: Double) -> (Double, Double) {
  let len = (x * x + y * y).squareRoot()
  if !(len > 0) || !len.isFinite { return (.nan, .nan) }
  return (x / len, y / len)
}

/// Scratch memory of the stroker, owned by `RasterBuffers`.
struct StrokeScratch {
  var path = LocalPolyline(capacity: 256)
  var dash = LocalPolyline(capacity: 256)

  func deallocate() { path.deallocate(); dash.deallocate() }
}

/// The pen: everything about a stroke that is fixed for one shape.
struct Pen {
  let m: PixelTransform
  /// Half the line width (local).
  let h: Double
  let cap: LineCap
  let join: LineJoin
  /// Whether miters are allowed at all, and miterLimit².
  let miterOK: Bool
  let limit2: Double
  /// The transform's largest stretch (pixels per local unit), for flattening curves.
  let stretch: Double
  /// Half width in pixels (largest stretch), for the arc tolerance.
  let radiusPx: Double
  /// How far (pixels) any piece reaches from the centerline point it belongs to.
  let reachPx: Double

  init(style: StrokeStyle, m: PixelTransform) {
    self.m = m
    h = style.lineWidth * 0.5
    cap = style.lineCap
    join = style.lineJoin
    let limit = style.miterLimit
    miterOK = limit >= 1
    limit2 = miterOK ? limit * limit : 0
    let stretch = m.spectralNorm(sx: 1, sy: 1)
    self.stretch = stretch
    radiusPx = h * stretch
    var reach = 1.0
    if join == .miter && miterOK && limit > reach { reach = limit }
    if cap == .square && reach < 1.4142135623730951 { reach = 1.4142135623730951 }
    reachPx = radiusPx * reach
  }
}

extension PathRecorder {
  /// Adds the stroke outline of `path` (local coordinates) as non-zero contours in pixels.
  mutating func strokePath(
    _ elements: [PathGeometry.Element], style: StrokeStyle, _ m: PixelTransform,
    width W: Double, height H: Double, scratch: inout StrokeScratch
  ) {
    let pen = Pen(style: style, m: m)
    sign = 1
    canvasWidth = W; canvasHeight = H
    // The dash pattern, if it draws one.
    var dashed = false
    if !style.dash.isEmpty {
      var sum = 0.0
      var valid = true
      for d in style.dash {
        if !(d >= 0) || !d.isFinite { valid = false }
        sum += d
      }
      dashed = valid && sum > 0 && sum.isFinite
      if dashed {
        // Too many dashes (a pattern far finer than the path is long): the undashed stroke.
        let entries = style.dash.count & 1 == 0 ? style.dash.count : style.dash.count &* 2
        let period = style.dash.count & 1 == 0 ? sum : sum + sum
        let intervals = (controlPolygonLength(elements) / period + 1) * Double(entries)
        if !(intervals <= Double(maxDashes)) { dashed = false }
      }
    }
    var dashState = DashState(style: style, active: dashed)
    var open = false
    var drew = false  // the subpath has a drawing element
    var cx = 0.0, cy = 0.0, sx = 0.0, sy = 0.0  // current point and subpath start (local)
    scratch.path.count = 0

    @inline(__always) func finish(_ closed: Bool, _ rec: inout PathRecorder, _ scratch: inout StrokeScratch) {
      if !open { return }
      var poly = scratch.path
      if closed && poly.count >= 2 {
        // Drop a last point equal to the first (the closing line has no length).
        let dx = poly.xy[0] - poly.xy[(poly.count &- 1) &* 2], dy = poly.xy[1] - poly.xy[(poly.count &- 1) &* 2 &+ 1]
        let len = (dx * dx + dy * dy).squareRoot()
        if !(len > 0) || !len.isFinite {
          if poly.corner[poly.count &- 1] { poly.corner[0] = true }
          poly.count &-= 1
          // Point 0 is reached by the last element.
          poly.tan[0] = poly.tan[poly.count &* 4]
          poly.tan[1] = poly.tan[poly.count &* 4 &+ 1]
        } else {
          // The closing line.
          poly.setOut(dx, dy)
          let (ux, uy) = unitOrNaN(dx, dy)
          poly.tan[0] = ux
          poly.tan[1] = uy
        }
      }
      poly.corner[0] = true
      if poly.count >= 2 { poly.corner[poly.count &- 1] = true }
      let isClosed = closed && poly.count >= 2
      if dashed {
        rec.dashPolyline(&poly, closed: isClosed, drew: drew, pen: pen, state: &dashState, scratch: &scratch.dash)
      } else if poly.count >= 2 {
        let segments = isClosed ? poly.count : poly.count &- 1
        poly.measure(segments: segments)
        if isClosed { rec.strokeClosed(poly, pen) } else { rec.strokeOpen(poly, pen) }
      } else if drew && poly.count == 1 {
        rec.dot(poly.xy[0], poly.xy[1], 1, 0, pen)
      }
      scratch.path = poly
      scratch.path.count = 0
      open = false
      drew = false
    }

    @inline(__always) func begin(_ scratch: inout StrokeScratch) {
      if !open {
        sx = cx; sy = cy
        scratch.path.count = 0
        scratch.path.push(cx, cy, corner: true, tangent: .nan, .nan)
        open = true
      }
    }

    for e in elements {
      // Past the frame's point budget the local polyline stops growing too (at most one
      // curve's `maxCubicSteps` beyond it).
      if exceeded { return }
      if scratch.path.count > maxFramePoints { exceeded = true; return }
      switch e {
      case .move(let p):
        finish(false, &self, &scratch)
        cx = p.x; cy = p.y
        begin(&scratch)
      case .line(let p):
        begin(&scratch)
        drew = true
        scratch.path.setOut(p.x - cx, p.y - cy)
        scratch.path.push(p.x, p.y, corner: true, tangent: p.x - cx, p.y - cy)
        cx = p.x; cy = p.y
      case .quad(let c, let p):
        begin(&scratch)
        drew = true
        let third = 2.0 / 3.0
        flattenLocal(
          &scratch.path, cx, cy, cx + (c.x - cx) * third, cy + (c.y - cy) * third,
          p.x + (c.x - p.x) * third, p.y + (c.y - p.y) * third, p.x, p.y, pen, cull: !dashed, W, H)
        cx = p.x; cy = p.y
      case .cubic(let c1, let c2, let p):
        begin(&scratch)
        drew = true
        flattenLocal(&scratch.path, cx, cy, c1.x, c1.y, c2.x, c2.y, p.x, p.y, pen, cull: !dashed, W, H)
        cx = p.x; cy = p.y
      case .close:
        if open {
          drew = true
          finish(true, &self, &scratch)
          cx = sx; cy = sy
        }
      }
    }
    finish(false, &self, &scratch)
  }

  // MARK: Outlines

  /// Emits a point of the current outline contour (local → pixels).
  @inline(__always)
  mutating func emit(_ pen: Pen, _ x: Double, _ y: Double, _ first: inout Bool) {
    let px = pen.m.x(x, y), py = pen.m.y(x, y)
    if first { moveTo(px, py); first = false } else { lineTo(px, py) }
  }

  /// An open polyline (count ≥ 2, segments measured): one contour.
  mutating func strokeOpen(_ poly: LocalPolyline, _ pen: Pen) {
    let last = (poly.count &- 1) &* 2
    chordX = pen.m.x(poly.xy[last], poly.xy[last &+ 1]) - pen.m.x(poly.xy[0], poly.xy[1])
    chordY = pen.m.y(poly.xy[last], poly.xy[last &+ 1]) - pen.m.y(poly.xy[0], poly.xy[1])
    var first = true
    side(poly, pen, reversed: false, closed: false, &first)
    side(poly, pen, reversed: true, closed: false, &first)
    close()
  }

  /// A closed polyline (count ≥ 2, count segments measured): one contour per side.
  mutating func strokeClosed(_ poly: LocalPolyline, _ pen: Pen) {
    var first = true
    side(poly, pen, reversed: false, closed: true, &first)
    close()
    first = true
    side(poly, pen, reversed: true, closed: true, &first)
    close()
  }

  /// One side (the left, +n, of the traversal direction) of the polyline traversed forward or
  /// backward: for an open polyline from the start's offset point to the end cap inclusive;
  /// for a closed one, the whole loop.
  mutating func side(_ poly: LocalPolyline, _ pen: Pen, reversed: Bool, closed: Bool, _ first: inout Bool) {
    let n = poly.count
    let segments = closed ? n : n &- 1
    let xy = poly.xy, sg = poly.seg
    // Point and segment k of the traversal.
    @inline(__always) func pointIndex(_ k: Int) -> Int {
      if !reversed { return k }
      if closed { return k == 0 ? 0 : n &- k }
      return n &- 1 &- k
    }
    @inline(__always) func segment(_ k: Int) -> (Double, Double, Double) {
      if !reversed { return (sg[k &* 3], sg[k &* 3 &+ 1], sg[k &* 3 &+ 2]) }
      let j = closed ? n &- 1 &- k : n &- 2 &- k
      return (-sg[j &* 3], -sg[j &* 3 &+ 1], sg[j &* 3 &+ 2])
    }
    // The true tangents arriving at and leaving point v in the traversal's direction, or the
    // chord `d` where unknown.
    let tan = poly.tan
    @inline(__always) func tangentIn(_ v: Int, _ d: (Double, Double, Double)) -> (Double, Double) {
      let x = reversed ? -tan[v &* 4 &+ 2] : tan[v &* 4], y = reversed ? -tan[v &* 4 &+ 3] : tan[v &* 4 &+ 1]
      return x.isNaN ? (d.0, d.1) : (x, y)
    }
    @inline(__always) func tangentOut(_ v: Int, _ d: (Double, Double, Double)) -> (Double, Double) {
      let x = reversed ? -tan[v &* 4] : tan[v &* 4 &+ 2], y = reversed ? -tan[v &* 4 &+ 1] : tan[v &* 4 &+ 3]
      return x.isNaN ? (d.0, d.1) : (x, y)
    }
    // The true tangent at a smooth point v (inside a curve, or a corner whose tangents do not
    // turn) from segment a into b, if the pen's half width stays below the radius of
    // curvature on both sides (estimated from the turn of the true tangents over each chord:
    // sin(turn) / length), else nil.
    let h = pen.h
    @inline(__always) func smoothTangent(
      _ p: Int, _ v: Int, _ q: Int, _ a: (Double, Double, Double), _ b: (Double, Double, Double)
    ) -> (Double, Double)? {
      let ti = tangentIn(v, a), to = tangentOut(v, b)
      if poly.corner[v] {
        let cross = ti.0 * to.1 - ti.1 * to.0
        if !((cross < 0 ? -cross : cross) <= 1e-9) || !(ti.0 * to.0 + ti.1 * to.1 > 0) { return nil }
      }
      let tp = tangentOut(p, a), tq = tangentIn(q, b)
      let c0 = tp.0 * ti.1 - tp.1 * ti.0, c1 = to.0 * tq.1 - to.1 * tq.0
      if !(tp.0 * ti.0 + tp.1 * ti.1 > 0) || !(to.0 * tq.0 + to.1 * tq.1 > 0) { return nil }
      if !(h * (c0 < 0 ? -c0 : c0) < a.2) || !(h * (c1 < 0 ? -c1 : c1) < b.2) { return nil }
      return ti
    }
    if closed {
      var prev = segment(segments &- 1)
      var k = 0
      while k < segments {
        let cur = segment(k)
        let v = pointIndex(k)
        let c = poly.corner[v]
        if !joinSide(
          pen, xy[v &* 2], xy[v &* 2 &+ 1], prev, cur, c, c ? tangentIn(v, prev) : (0, 0),
          c ? tangentOut(v, cur) : (0, 0), &first)
        {
          let p = pointIndex(k == 0 ? segments &- 1 : k &- 1), q = pointIndex(k &+ 1 == segments ? 0 : k &+ 1)
          innerJoin(pen, poly, v, prev, cur, smoothTangent(p, v, q, prev, cur), &first)
        }
        prev = cur
        k &+= 1
      }
      return
    }
    var cur = segment(0)
    let p0 = pointIndex(0)
    let t0 = tangentOut(p0, cur)
    emit(pen, xy[p0 &* 2] + t0.1 * h, xy[p0 &* 2 &+ 1] - t0.0 * h, &first)
    var k = 1
    while k < segments {
      let next = segment(k)
      let v = pointIndex(k)
      let c = poly.corner[v]
      if !joinSide(
        pen, xy[v &* 2], xy[v &* 2 &+ 1], cur, next, c, c ? tangentIn(v, cur) : (0, 0),
        c ? tangentOut(v, next) : (0, 0), &first)
      {
        innerJoin(pen, poly, v, cur, next, smoothTangent(pointIndex(k &- 1), v, pointIndex(k &+ 1), cur, next), &first)
      }
      cur = next
      k &+= 1
    }
    let e = pointIndex(segments)
    let ex = xy[e &* 2], ey = xy[e &* 2 &+ 1]
    let te = tangentIn(e, cur)
    emit(pen, ex + te.1 * h, ey - te.0 * h, &first)
    capPoints(pen, ex, ey, te.0, te.1, &first)
  }

  /// The left side of the join at (vx, vy) from segment a into segment b (unit directions,
  /// with lengths): the outer wedge or the inner meeting point, and true; false for an inner
  /// side whose meeting point lies beyond a segment (then `innerJoin`).
  ///
  /// At a corner between elements where the true tangents `ta`, `tb` turn away from this
  /// side, the wedge is laid along them, with the style's join. Elsewhere the chords decide: a
  /// side they turn away from gets a round join between them (inside a curve, or at a corner
  /// whose tangents barely turn: either way a flattening step); a side they turn toward, their
  /// offset edges' meeting point when it lies within both segments.
  @inline(__always)
  mutating func joinSide(
    _ pen: Pen, _ vx: Double, _ vy: Double, _ a: (Double, Double, Double), _ b: (Double, Double, Double),
    _ corner: Bool, _ ta: (Double, Double), _ tb: (Double, Double), _ first: inout Bool
  ) -> Bool {
    if corner {
      let cross = ta.0 * tb.1 - ta.1 * tb.0
      if cross > 0 || (cross == 0 && ta.0 * tb.0 + ta.1 * tb.1 < 0) {
        outerJoin(pen, vx, vy, ta, tb, pen.join, &first)
        return true
      }
    }
    let cross = a.0 * b.1 - a.1 * b.0
    let dot = a.0 * b.0 + a.1 * b.1
    if cross > 0 || (cross == 0 && dot < 0) {
      outerJoin(pen, vx, vy, (a.0, a.1), (b.0, b.1), .round, &first)
      return true
    }
    let onePlus = 1 + dot
    if onePlus > 0 {
      let h = pen.h
      let c = cross < 0 ? -cross : cross
      let reach = h * (onePlus < 1 ? c / onePlus : c)
      if reach <= a.2 && reach <= b.2 {
        let s = h / onePlus
        emit(pen, vx + (b.1 + a.1) * s, vy - (a.0 + b.0) * s, &first)
        return true
      }
    }
    return false
  }

  /// The inner side at point v of `poly` from segment a into b whose offset edges meet beyond
  /// a segment (a short chord: at a trim's or dash's end, next to a joint between a curve's
  /// pieces, or a corner shorter than the pen): at a smooth point where the pen's half width
  /// is below the radius of curvature (`t`, its true tangent), the exact offset point
  /// on + h·n(t); elsewhere through the corner, v + h·n_a → v → v + h·n_b.
  ///
  /// Through the corner, the outline covers each chord's own quad; a short chord turned from
  /// the curve's tangent (between a pushed-out flattening point and an on-curve joint, or
  /// ending at a cut) then lays its quad's far edge askew, which at a pen near the curve's
  /// diameter reached past a butt end next to the centre (a quarter circle of radius 12.1
  /// stroked 23.9 wide: 68/255 where 32 is exact). The exact offset point has no such
  /// error; where the pen is wider than the radius of curvature the offset curve has a cusp
  /// and the corner's pivot is what covers the inside without holes.
  @inline(__always)
  mutating func innerJoin(
    _ pen: Pen, _ poly: LocalPolyline, _ v: Int, _ a: (Double, Double, Double), _ b: (Double, Double, Double),
    _ t: (Double, Double)?, _ first: inout Bool
  ) {
    let h = pen.h
    if let t {
      emit(pen, poly.on[v &* 2] + t.1 * h, poly.on[v &* 2 &+ 1] - t.0 * h, &first)
      return
    }
    let vx = poly.xy[v &* 2], vy = poly.xy[v &* 2 &+ 1]
    innerThroughCorner = true
    emit(pen, vx + a.1 * h, vy - a.0 * h, &first)
    emit(pen, vx, vy, &first)
    emit(pen, vx + b.1 * h, vy - b.0 * h, &first)
  }

  /// The outer wedge at (vx, vy) turning from unit direction a to b (to the right of the
  /// side). A round join whose miter would reach no farther than `curveTolerance` beyond its
  /// arc (a flattening step of a curve, whose outer offset is already within that tolerance)
  /// is that miter's tip alone: one outline point, not two or more.
  @inline(__always)
  mutating func outerJoin(
    _ pen: Pen, _ vx: Double, _ vy: Double, _ a: (Double, Double), _ b: (Double, Double), _ kind: LineJoin,
    _ first: inout Bool
  ) {
    let h = pen.h
    let dot = a.0 * b.0 + a.1 * b.1
    // Left normals n = (dy, −dx).
    let nax = a.1, nay = -a.0, nbx = b.1, nby = -b.0
    if kind == .round && dot > 0 {
      // The miter's reach beyond the arc: h·(1 / cos(θ/2) − 1), θ the turn.
      let c = ((1 + dot) * 0.5).squareRoot()
      if (1 - c) * pen.radiusPx <= curveTolerance * c {
        let s = h / (1 + dot)
        emit(pen, vx + (nax + nbx) * s, vy + (nay + nby) * s, &first)
        return
      }
    }
    emit(pen, vx + nax * h, vy + nay * h, &first)
    switch kind {
    case .miter:
      if pen.miterOK && (1 + dot) * pen.limit2 >= 2 {
        let s = h / (1 + dot)
        emit(pen, vx + (nax + nbx) * s, vy + (nay + nby) * s, &first)
      }
    case .round:
      arcPoints(pen, vx, vy, nax, nay, nbx, nby, &first)
    case .bevel:
      break
    }
    emit(pen, vx + nbx * h, vy + nby * h, &first)
  }

  /// The cap at the end (ex, ey) of a side going in direction (dx, dy): the points strictly
  /// between the left offset point and the right one.
  @inline(__always)
  mutating func capPoints(_ pen: Pen, _ ex: Double, _ ey: Double, _ dx: Double, _ dy: Double, _ first: inout Bool) {
    let h = pen.h
    let nx = dy, ny = -dx
    switch pen.cap {
    case .butt:
      break
    case .square:
      emit(pen, ex + (nx + dx) * h, ey + (ny + dy) * h, &first)
      emit(pen, ex + (dx - nx) * h, ey + (dy - ny) * h, &first)
    case .round:
      arcPoints(pen, ex, ey, nx, ny, -nx, -ny, &first)
    }
  }

  /// The caps of a subpath (or dash) without length at (x, y), tangent (dx, dy): one contour.
  mutating func dot(_ x: Double, _ y: Double, _ dx: Double, _ dy: Double, _ pen: Pen) {
    if pen.cap == .butt { return }
    var first = true
    let h = pen.h
    emit(pen, x + dy * h, y - dx * h, &first)
    capPoints(pen, x, y, dx, dy, &first)
    emit(pen, x - dy * h, y + dx * h, &first)
    capPoints(pen, x, y, -dx, -dy, &first)
    close()
  }

  /// Points strictly inside the arc around (cx, cy) of radius h from unit vector u0 to u1,
  /// turning the positive way (toward (−u0.y, u0.x)) by an angle in (0, π]. Returns the
  /// radial factor its inner vertices were pushed out by.
  ///
  /// As the fills' arcs (`ArcSteps`): equal pieces within `arcTolerance` and `arcMaxChord`,
  /// inner vertices pushed out by k = √(β / sin β) (β a piece's angle) so that every chord
  /// triangle has its sector's area. The ends stay on the circle, where the outline continues.
  @discardableResult
  mutating func arcPoints(
    _ pen: Pen, _ cx: Double, _ cy: Double, _ u0x: Double, _ u0y: Double, _ u1x: Double, _ u1y: Double,
    _ first: inout Bool, depth: Int = 0
  ) -> Double {
    let dot = u0x * u1x + u0y * u1y
    let cross = u0x * u1y - u0y * u1x
    if dot < 0 || (cross <= 0) {
      if depth >= 3 || !(dot < 1) { return 1 }
      // More than a quarter (or exactly a half turn): halve at the bisector, which is
      // perpendicular to the chord u0 − u1 on the turning side. Both halves are cut alike.
      let wx = u0x - u1x, wy = u0y - u1y
      let inv = 1 / (wx * wx + wy * wy).squareRoot()
      let mx = -wy * inv, my = wx * inv
      let k = arcPoints(pen, cx, cy, u0x, u0y, mx, my, &first, depth: depth &+ 1)
      emit(pen, cx + mx * (pen.h * k), cy + my * (pen.h * k), &first)
      arcPoints(pen, cx, cy, mx, my, u1x, u1y, &first, depth: depth &+ 1)
      return k
    }
    // Angle α ≤ π/2: halve (cos, sin) until each piece's chord is close and short enough.
    var c = dot, s = cross
    var pieces = 1
    let r = pen.radiusPx
    var level = 0
    while level < maxArcLevels {
      // Half-angle cosine; sagitta r(1 − cos(β/2)) and chord 2r·sin(β/2) of a piece of angle β.
      let ch = ((1 + c) * 0.5).squareRoot()
      let sagitta = r * (s * s) / (2 * (1 + c) * (1 + ch))
      let chord = r * s / ch
      if sagitta <= arcTolerance && chord <= arcMaxChord { break }
      s = s / (2 * ch)
      c = ch
      pieces &*= 2
      level &+= 1
    }
    // β / sin β = 1 + s²/6 + 3s⁴/40 + … (s = sin β ≤ 1/√2 here; the next term is below 10⁻³·s⁴).
    let s2 = s * s
    let k = (1 + s2 * (1.0 / 6 + s2 * (3.0 / 40 + s2 * (5.0 / 112)))).squareRoot()
    if pieces == 1 { return k }
    var ux = u0x, uy = u0y
    var i = 1
    let hk = pen.h * k
    while i < pieces {
      let nx = ux * c - uy * s
      uy = ux * s + uy * c
      ux = nx
      emit(pen, cx + ux * hk, cy + uy * hk, &first)
      i &+= 1
    }
    return k
  }

  // MARK: Dashes

  /// Cuts a subpath's polyline into dashes and strokes each.
  mutating func dashPolyline(
    _ poly: inout LocalPolyline, closed: Bool, drew: Bool, pen: Pen, state: inout DashState,
    scratch dash: inout LocalPolyline
  ) {
    if poly.count == 0 || (!drew && poly.count == 1) { return }
    let segments = closed ? poly.count : poly.count &- 1
    if segments > 0 { poly.measure(segments: segments) }
    state.restart()
    if state.exhausted { return }
    let xy = poly.xy, tan = poly.tan
    dash.count = 0
    if state.on { dash.push(xy[0], xy[1], corner: true, tangent: tan[2], tan[3]) }
    var tx = 1.0, ty = 0.0  // tangent of the current segment
    var k = 0
    while k < segments {
      let j = k &+ 1 == poly.count ? 0 : k &+ 1
      let ax = xy[k &* 2], ay = xy[k &* 2 &+ 1]
      let bx = xy[j &* 2], by = xy[j &* 2 &+ 1]
      tx = poly.seg[k &* 3]; ty = poly.seg[k &* 3 &+ 1]
      let curved = poly.curvedSegment(k, j)
      let len = curved?.length ?? poly.seg[k &* 3 &+ 2]
      var pos = 0.0
      while true {
        if state.remaining > len - pos {
          if state.on
            && !(dash.count == 1 && !poly.corner[j]
              && chordEndPokesPastCap(
                (bx - dash.xy[0]) * dash.tan[2] + (by - dash.xy[1]) * dash.tan[3],
                poly.seg[j &* 3], poly.seg[j &* 3 &+ 1], dash.tan[2], dash.tan[3], pen.h))
          {
            dash.push(bx, by, corner: poly.corner[j], tangent: tan[j &* 4], tan[j &* 4 &+ 1])
            dash.setOut(tan[j &* 4 &+ 2], tan[j &* 4 &+ 3])
          }
          state.remaining -= len - pos
          break
        }
        pos += state.remaining
        var qx = bx, qy = by
        // The cut, at the fraction of the segment's length: on a curve the Hermite piece's
        // tangent there; on a straight segment the true tangents at its ends, interpolated
        // (the chord where unknown).
        var t = 1.0
        if pos < len {
          t = pos / len
          qx = ax + (bx - ax) * t; qy = ay + (by - ay) * t
        }
        var cx: Double, cy: Double
        if let c = curved {
          // The Hermite piece's tangent (`curvedSegment`): the chord turned by y′(t).
          let d = c.phi0 * ((3 * t - 4) * t + 1) + c.phi1 * (3 * t - 2) * t
          (cx, cy) = unitOrNaN(c.ux - c.uy * d, c.uy + c.ux * d)
        } else {
          (cx, cy) = unitOrNaN(
            tan[k &* 4 &+ 2] * (1 - t) + tan[j &* 4] * t, tan[k &* 4 &+ 3] * (1 - t) + tan[j &* 4 &+ 1] * t)
        }
        if cx.isNaN { cx = tx; cy = ty }
        if state.on {
          // A flattening point just before the cut whose chord's square end would poke past
          // the cap (laid across the true tangent) is left out.
          if dash.count >= 2 && !poly.corner[k] && k > 0
            && chordEndPokesPastCap(
              (qx - ax) * cx + (qy - ay) * cy, poly.seg[(k &- 1) &* 3], poly.seg[(k &- 1) &* 3 &+ 1], cx, cy, pen.h)
          {
            dash.count &-= 1
          }
          dash.push(qx, qy, corner: false, tangent: cx, cy)
          strokeDash(&dash, cx, cy, pen)
        } else {
          dash.count = 0
          dash.push(qx, qy, corner: false, tangent: cx, cy)
        }
        state.advance()
        if state.exhausted { return }
      }
      k &+= 1
    }
    // A dash that would start exactly at the end has no length and is not a zero-length
    // entry (those finish above): nothing. A subpath without length shows the pattern's state
    // at its start.
    if state.on && (dash.count >= 2 || segments == 0) { strokeDash(&dash, tx, ty, pen) }
  }

  /// Strokes one dash (open) or, without length, its caps. A dash of a few straight segments
  /// whose outline goes through a corner on its inner side (a piece shorter than the inner
  /// offsets' meeting point: the outline overlaps itself there, which would send it to the
  /// sweep) is drawn as its convex pieces instead (`strokePieces`). A dash wholly beyond one
  /// side of the canvas is dropped (`isBeyondCanvas`).
  @inline(__always)
  mutating func strokeDash(_ dash: inout LocalPolyline, _ tx: Double, _ ty: Double, _ pen: Pen) {
    let c0 = contours.count, p0 = count
    if dash.count >= 2 {
      dash.measure(segments: dash.count &- 1)
      innerThroughCorner = false
      strokeOpen(dash, pen)
      if innerThroughCorner && dash.count <= maxPieceDashPoints && dash.isStraightBetweenEnds {
        contours.removeSubrange(c0...)
        count = p0; contourStart = p0
        strokePieces(dash, pen)
      }
    } else if dash.count == 1 {
      dot(dash.xy[0], dash.xy[1], tx, ty, pen)
    }
    dash.count = 0
    if count > p0 && isBeyondCanvas(from: p0) {
      contours.removeSubrange(c0...)
      count = p0; contourStart = p0
    }
  }

  /// Whether the points from `p0` on lie wholly on or beyond one side of the canvas
  /// (x ≤ 0, x ≥ width, y ≤ 0 or y ≥ height). Their contours then add nothing to it: lines
  /// above or below the canvas are not accumulated, and lines beside it clamp onto its edge,
  /// where each row's parts of a closed contour cancel. Why: 14 % of the path workload's dash
  /// length lies off the canvas (its polylines move up to 236 px past their start), and each
  /// such dash cost its grouping tests and its line steps along the canvas edge all the same.
  /// (The recorder's box keeps their points, so the shape's box does not change.)
  @inline(__always)
  func isBeyondCanvas(from p0: Int) -> Bool {
    var left = true, right = true, above = true, below = true
    var i = p0
    while i < count {
      let x = points[i &* 2], y = points[i &* 2 &+ 1]
      if x > 0 { left = false }
      if x < canvasWidth { right = false }
      if y > 0 { above = false }
      if y < canvasHeight { below = false }
      if !(left || right || above || below) { return false }  // most dashes: at the first point
      i &+= 1
    }
    return true
  }
}

/// Whether a chord's square end at a flattening point a gap (along the tangent t) away from a
/// dash's cut would reach past the cap laid across t there: the chord (direction d) ends
/// across d, its corners ±h·(d × t) along t from a, which for a cut within h·θ/2 of the point
/// (θ the flattening step's turn) pokes a sliver past a butt cap (up to 0.04 px at a pen of 4
/// and chords turning by 2°: 4/255 in the pixel at the cap's corner). Then the point is left
/// out of the dash, whose last chord runs on to the cut instead: the curve lies as close to
/// it, the point being within that gap of the cut.
@inline(__always)
func chordEndPokesPastCap(_ gap: Double, _ dx: Double, _ dy: Double, _ tx: Double, _ ty: Double, _ h: Double) -> Bool {
  let cross = dx * ty - dy * tx
  return h * (cross < 0 ? -cross : cross) > gap
}

/// The most points of a dash drawn as convex pieces (`strokePieces`).
let maxPieceDashPoints = 8

extension LocalPolyline {
  /// Whether every inner point is a corner whose true tangents are its segments' directions
  /// (straight lines meeting there; up to rounding, as a dash's cut point lies on its line
  /// only so far), so that pieces laid along the segments lie as `strokeOpen`'s outline.
  /// Segments measured.
  var isStraightBetweenEnds: Bool {
    @inline(__always) func near(_ a: Double, _ b: Double) -> Bool { (a - b < 0 ? b - a : a - b) <= 1e-9 }
    var v = 1
    while v < count &- 1 {
      let t = tan + v &* 4
      if !corner[v] || !near(t[0], seg[(v &- 1) &* 3]) || !near(t[1], seg[(v &- 1) &* 3 &+ 1])
        || !near(t[2], seg[v &* 3]) || !near(t[3], seg[v &* 3 &+ 1])
      {
        return false
      }
      v &+= 1
    }
    return true
  }
}

extension PathRecorder {
  /// An open polyline (count ≥ 2, segments measured, `isStraightBetweenEnds`) as convex
  /// contours whose union is its stroke: per segment the rectangle along it (with the cap at
  /// the polyline's ends, across the true tangents there, as `strokeOpen` lays them), per
  /// inner corner the outer wedge of the join. All are wound as `strokeOpen`'s outline; they
  /// overlap on the inner side of the corners, which the inclusion–exclusion of
  /// OverlapTerms.swift turns into their exact union.
  mutating func strokePieces(_ poly: LocalPolyline, _ pen: Pen) {
    let n = poly.count, xy = poly.xy, sg = poly.seg, tan = poly.tan
    let h = pen.h
    var k = 0
    while k < n &- 1 {
      let dx = sg[k &* 3], dy = sg[k &* 3 &+ 1]
      // Start and end directions: the true tangents at the polyline's ends, else the segment's.
      var sx = dx, sy = dy, ex = dx, ey = dy
      if k == 0 && !tan[2].isNaN { sx = tan[2]; sy = tan[3] }
      let e = k &+ 1
      if e == n &- 1 && !tan[e &* 4].isNaN { ex = tan[e &* 4]; ey = tan[e &* 4 &+ 1] }
      let ax = xy[k &* 2], ay = xy[k &* 2 &+ 1], bx = xy[e &* 2], by = xy[e &* 2 &+ 1]
      var first = true
      emit(pen, ax + sy * h, ay - sx * h, &first)
      emit(pen, bx + ey * h, by - ex * h, &first)
      if e == n &- 1 { capPoints(pen, bx, by, ex, ey, &first) }
      emit(pen, bx - ey * h, by + ex * h, &first)
      emit(pen, ax - sy * h, ay + sx * h, &first)
      if k == 0 { capPoints(pen, ax, ay, -sx, -sy, &first) }
      close()
      if e < n &- 1 {
        // The join at point e, on the side its segments turn away from.
        let a = (dx, dy), b = (sg[e &* 3], sg[e &* 3 &+ 1])
        let cross = a.0 * b.1 - a.1 * b.0
        if cross != 0 || a.0 * b.0 + a.1 * b.1 < 0 {
          var first = true
          emit(pen, bx, by, &first)
          if cross > 0 || (cross == 0 && a.0 * b.0 + a.1 * b.1 < 0) {
            outerJoin(pen, bx, by, a, b, pen.join, &first)
          } else {
            outerJoin(pen, bx, by, (-b.0, -b.1), (-a.0, -a.1), pen.join, &first)
          }
          close()
        }
      }
      k &+= 1
    }
  }
}

/// Where a stroke is in its dash pattern.
struct DashState {
  let dash: [Double]
  /// Pattern length in entries: the array, twice when its count is odd.
  let period: Int
  let startIndex: Int
  let startRemaining: Double
  var index = 0
  var remaining = 0.0
  var on: Bool { index & 1 == 0 }
  var intervals = 0
  var exhausted: Bool { intervals >= maxDashes }

  init(style: StrokeStyle, active: Bool) {
    dash = active ? style.dash : []
    let n = dash.count
    period = n & 1 == 0 ? n : n &* 2
    var start = 0
    var rem = 0.0
    if active {
      var total = 0.0
      for d in dash { total += d }
      if n & 1 == 1 { total += total }
      var p = style.dashPhase.isFinite ? style.dashPhase : 0
      // p mod total, without libm.
      let q = p / total
      if !(q < 2e15 && q > -2e15) {
        p = 0
      } else {
        let f = q < 0 ? -Double(floorToInt(-q)) - (Double(floorToInt(-q)) == -q ? 0 : 1) : Double(floorToInt(q))
        p -= f * total
        if p < 0 { p = 0 }
        if p >= total { p = 0 }
      }
      var guardCount = 0
      while guardCount <= period {
        let l = dash[start % n]
        if p < l { rem = l - p; break }
        if p == 0 { rem = 0; break }
        p -= l
        start = (start &+ 1) % period
        guardCount &+= 1
      }
    }
    startIndex = start
    startRemaining = rem
  }

  /// Back to the phase's start, for a new subpath.
  mutating func restart() {
    index = startIndex
    remaining = startRemaining
  }

  @inline(__always)
  mutating func advance() {
    index = index &+ 1 == period ? 0 : index &+ 1
    remaining = dash[index % dash.count]
    intervals &+= 1
  }
}

/// Flattens the cubic from (x0, y0) into the local polyline (its end a corner, inner points
/// smooth). With `cull`, a curve farther off the canvas than the pen reaches becomes its chord.
@inline(__always)
func flattenLocal(
  _ poly: inout LocalPolyline, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
  _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double, _ pen: Pen, cull: Bool, _ W: Double, _ H: Double
) {
  let m = pen.m
  if cull {
    let ax = m.x(x0, y0), bx = m.x(x1, y1), cx = m.x(x2, y2), dx = m.x(x3, y3)
    let ay = m.y(x0, y0), by = m.y(x1, y1), cy = m.y(x2, y2), dy = m.y(x3, y3)
    let r = pen.reachPx
    if max(max(ax, bx), max(cx, dx)) + r <= 0 || min(min(ax, bx), min(cx, dx)) - r >= W
      || max(max(ay, by), max(cy, dy)) + r <= 0 || min(min(ay, by), min(cy, dy)) - r >= H
    {
      poly.setOut(x3 - x0, y3 - y0)
      poly.push(x3, y3, corner: true, tangent: x3 - x0, y3 - y0)
      return
    }
  }
  // End tangents: the first control point apart from the end (all equal: no direction).
  var sx = x1 - x0, sy = y1 - y0
  if sx == 0 && sy == 0 { sx = x2 - x0; sy = y2 - y0 }
  if sx == 0 && sy == 0 { sx = x3 - x0; sy = y3 - y0 }
  var ex = x3 - x2, ey = y3 - y2
  if ex == 0 && ey == 0 { ex = x3 - x1; ey = y3 - y1 }
  if ex == 0 && ey == 0 { ex = x3 - x0; ey = y3 - y0 }
  poly.setOut(sx, sy)
  let c = PowerCubic((x0, y0), (x1, y1), (x2, y2), (x3, y3))
  // Each point is pushed once the next one is known (`pushOut` needs both neighbors); both
  // offsets follow the pushed centerline.
  var ax = x0, ay = y0
  var v = (x0, y0), tv = 0.0
  var have = false
  var f = CubicFlattening(x0, y0, x1, y1, x2, y2, x3, y3, pixels: pen.stretch, halfWidth: pen.h)
  while true {
    let next = f.next()
    let b = next.map { c.point($0) } ?? (x3, y3)
    if have {
      let q = pushOut(ax, ay, v.0, v.1, b.0, b.1)
      let d = c.tangent(tv)
      poly.push(q.0, q.1, corner: false, tangent: d.0, d.1, on: v.0, v.1)
      ax = v.0; ay = v.1
    }
    guard let t = next else { break }
    v = b; tv = t
    have = true
  }
  poly.push(x3, y3, corner: true, tangent: ex, ey)
}

extension StrokeStyle {
  /// Butt caps, miter joins with the default limit, no dashes: built-in shapes keep their
  /// ring strokes for this.
  var isPlain: Bool { lineCap == .butt && lineJoin == .miter && miterLimit == 10 && dash.isEmpty }
}

/// Length of the lines and control polygons of all elements, closing lines included: at least
/// the path's length.
func controlPolygonLength(_ elements: [PathGeometry.Element]) -> Double {
  var total = 0.0
  var cx = 0.0, cy = 0.0, sx = 0.0, sy = 0.0
  @inline(__always) func seg(_ x: Double, _ y: Double) {
    let dx = x - cx, dy = y - cy
    total += (dx * dx + dy * dy).squareRoot()
    cx = x; cy = y
  }
  for e in elements {
    switch e {
    case .move(let p): cx = p.x; cy = p.y; sx = cx; sy = cy
    case .line(let p): seg(p.x, p.y)
    case .quad(let c, let p): seg(c.x, c.y); seg(p.x, p.y)
    case .cubic(let c1, let c2, let p): seg(c1.x, c1.y); seg(c2.x, c2.y); seg(p.x, p.y)
    case .close: seg(sx, sy)
    }
  }
  return total
}

/// The stroke outline of `path` in its own coordinates (identity transform, as many contours
/// as the stroker records), as x, y pairs, for tests that check where the stroker puts dash
/// ends and caps.
package func strokeOutlineContours(_ path: PathGeometry, _ style: StrokeStyle) -> [[Double]] {
  circularArcStrokeOutline(path, style).contours
}
