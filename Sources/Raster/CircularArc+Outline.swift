import FlipbookDisplayList

// The stroke of a circle's arc (a trimmed circle, `PathGeometry.circularArc` with its centre)
// drawn straight from the circle: the outer arc at R + h, the end cap, the inner arc at R − h
// back, the start cap: one contour, in the stroker's order and orientation (Stroker.swift),
// without flattening the path's cubics, offsetting every chord and joining them. For the path
// workload's 100 trimmed circles the stroker cost 4.4M instructions a frame, this 0.9M, and
// 0.65M with the arcs' points written straight into the buffer (`arcInnerPoints`).
//
// The arcs are cut as the fills' arcs and the ring strokes of circles (`ArcSteps`): equal
// pieces within `arcTolerance` pixels and at most `arcMaxChord` long (at most π/4 each, at
// most `maxArcSteps` per quarter turn), inner vertices pushed out by √(β / sin β) so that each
// chord keeps its sector's area, ends on the circle; round caps alike (half a turn of radius
// h: ⌈π/β⌉ pieces, where the stroker's `arcPoints` halves to 2^k per quarter, up to twice as
// many). Only + − × ÷ √ (`sinCosSmall` after a reduction by quarter turns): the same
// bytes on every platform. The outline is the true circle's, not the path's: the path is the
// circle's cubic approximation (within 2.7·10⁻⁴ of R), so the pixels differ from the
// stroker's by up to that much of an edge.

extension PathGeometry.CircularArc {
  /// Whether `strokeCircularArc` draws this arc's stroke: an undashed butt- or round-capped
  /// pen narrower than the circle (h < R, so that the inner arc has a radius) along an arc
  /// with a known centre, all finite. Square caps and dashes are left to the stroker.
  func hasDirectOutline(_ style: StrokeStyle) -> Bool {
    guard let c = center, c.x.isFinite, c.y.isFinite, startAngle.isFinite, radius.isFinite else { return false }
    let h = style.lineWidth * 0.5
    return style.dash.isEmpty && style.lineCap != .square && sweep > 0 && sweep <= 2 * Double.pi && h > 0
      && h < radius
  }
}

/// sin and cos of any finite angle: reduced by the nearest multiple of π/2 (π/2 in two parts,
/// so the remainder is exact to rounding), then `sinCosSmall`.
@inline(__always)
func sinCosAngle(_ a: Double) -> (sin: Double, cos: Double) {
  let q = (a * (2 / Double.pi)).rounded()
  if !(q.magnitude < 1e15) { return (0, 1) }
  let r = (a - q * 1.5707963267948966) - q * 6.123233995736766e-17
  let sc = sinCosSmall(r)
  switch Int(q) & 3 {
  case 0: return (sc.sin, sc.cos)
  case 1: return (sc.cos, -sc.sin)
  case 2: return (-sc.sin, -sc.cos)
  default: return (-sc.cos, sc.sin)
  }
}

/// The pieces of an arc of radius `r` (local) turning by `sweep`: their count, the cosine
/// and sine of one piece's angle, and the push-out of inner vertices (√(β / sin β)).
@inline(__always)
func arcOutlineSteps(_ r: Double, sweep: Double, stretch: Double) -> (n: Int, cos: Double, sin: Double, k: Double) {
  let rp = r * stretch
  var beta = 0.7853981633974483  // π/4 at most (`sinCosSmall`'s range)
  if rp > 0 {
    let t = (8 * arcTolerance / rp).squareRoot()
    if t < beta { beta = t }
    if beta * rp > arcMaxChord { beta = arcMaxChord / rp }
  }
  let q = sweep / beta
  let limit = Double(maxArcSteps) * (sweep * (2 / Double.pi) + 1)
  let n = q < limit ? (q.rounded(.up) > 1 ? Int(q.rounded(.up)) : 1) : Int(limit)
  let step = sweep / Double(n)
  let sc = sinCosSmall(step)
  return (n, sc.cos, sc.sin, n > 1 ? (step / sc.sin).squareRoot() : 1)
}

extension PathRecorder {
  /// Records the stroke outline of a circular arc (`hasDirectOutline`) as one contour in
  /// pixels, and the pixel chord from its start to its end (`chordX`, `chordY`, for
  /// `isMonotoneSimple`). Returns whether that contour is proved simple, so that the plain
  /// accumulation is exact without testing its points.
  ///
  /// Why it is simple when h ≤ R/2, the sweep θ ≤ 3π/2 and the inner arc's polygon lies
  /// inside the outer one's (checked here: the inner's largest radius, k·(R − h), below the
  /// outer's smallest, (R + h)·cos(β/2) at its chords' middles): about the centre C, each
  /// piece keeps to its own angles. The arcs' polygons lie within the angles they turn
  /// through (a chord spans at most π/4), the outer one farther out than the inner one. A
  /// round cap lies within h·k of its end E (k ≤ √((π/4) / sin(π/4)) = 1.054), in a disc
  /// that misses C (h·k ≤ 0.53R), on the far side of the line from C through E (its inner
  /// vertices strictly, its ends on it): so within asin(0.53) = 0.56 rad past its end, and
  /// the two caps, the arcs' angles and the gap between them (2π − θ ≥ π/2 > 2·0.56) keep
  /// them apart. Pieces meet only at their shared end points, and each is a simple chain, so
  /// the contour is simple.
  mutating func strokeCircularArc(_ arc: PathGeometry.CircularArc, style: StrokeStyle, _ m: PixelTransform) -> Bool {
    let pen = Pen(style: style, m: m)
    let h = pen.h, r = arc.radius, sweep = arc.sweep
    let cx = arc.center?.x ?? 0, cy = arc.center?.y ?? 0
    let a = sinCosAngle(arc.startAngle), b = sinCosAngle(arc.startAngle + sweep)
    let c0 = a.cos, s0 = a.sin, c1 = b.cos, s1 = b.sin
    let round = pen.cap == .round
    let cap = arcOutlineSteps(h, sweep: Double.pi, stretch: pen.stretch)
    sign = 1
    var first = true
    // The outer arc forward, from angle φ0 to φ1.
    let outer = arcOutlineSteps(r + h, sweep: sweep, stretch: pen.stretch)
    let ro = r + h
    emit(pen, cx + ro * c0, cy + ro * s0, &first)
    arcInnerPoints(pen, cx, cy, ro, c0, s0, outer, positive: true, &first)
    emit(pen, cx + ro * c1, cy + ro * s1, &first)
    // The end cap: half a turn around the end from the outer side, through the tangent.
    if round { arcInnerPoints(pen, cx + r * c1, cy + r * s1, h, c1, s1, cap, positive: true, &first) }
    // The inner arc backward, from φ1 to φ0.
    let inner = arcOutlineSteps(r - h, sweep: sweep, stretch: pen.stretch)
    let ri = r - h
    emit(pen, cx + ri * c1, cy + ri * s1, &first)
    arcInnerPoints(pen, cx, cy, ri, c1, s1, inner, positive: false, &first)
    emit(pen, cx + ri * c0, cy + ri * s0, &first)
    // The start cap: from the inner side, through the tangent reversed.
    if round { arcInnerPoints(pen, cx + r * c0, cy + r * s0, h, -c0, -s0, cap, positive: true, &first) }
    close()
    let ex = cx + r * c1, ey = cy + r * s1, sx = cx + r * c0, sy = cy + r * s0
    chordX = m.x(ex, ey) - m.x(sx, sy)
    chordY = m.y(ex, ey) - m.y(sx, sy)
    // (R + h)·cos(β/2), cos(β/2) = √((1 + cos β) / 2).
    let outerMin = ro * ((1 + outer.cos) * 0.5).squareRoot()
    return h <= r * 0.5 && sweep <= 1.5 * Double.pi && ri * inner.k < outerMin
  }

  /// The inner vertices of the arc of radius r around (cx, cy) from the unit vector (ux, uy),
  /// turning by `steps.n` pieces the positive way (toward (−uy, ux)) or the other, pushed out
  /// by `steps.k`.
  ///
  /// Written straight into the point buffer, room made once, with the count and the bounding
  /// box in locals (as `emit` → `push` per point, the same values in the same order, they
  /// went through memory, with a capacity check and four branches a point: ~50 instructions
  /// a point, 0.9M a frame for the path workload's arcs).
  @inline(__always)
  mutating func arcInnerPoints(
    _ pen: Pen, _ cx: Double, _ cy: Double, _ r: Double, _ ux0: Double, _ uy0: Double,
    _ steps: (n: Int, cos: Double, sin: Double, k: Double), positive: Bool, _ first: inout Bool
  ) {
    guard steps.n > 1 else { return }
    let rk = r * steps.k, c = steps.cos, s = positive ? steps.sin : -steps.sin
    var ux = ux0, uy = uy0
    var i = 1
    if first || capacity &- count < steps.n {
      // A first point (moveTo), or a buffer to grow: point by point.
      while i < steps.n {
        let nx = ux * c - uy * s
        uy = ux * s + uy * c
        ux = nx
        emit(pen, cx + rk * ux, cy + rk * uy, &first)
        i &+= 1
      }
      return
    }
    let m = pen.m
    var w = pointWriter()
    while i < steps.n {
      let nx = ux * c - uy * s
      uy = ux * s + uy * c
      ux = nx
      let x = cx + rk * ux, y = cy + rk * uy
      w.put(m.x(x, y), m.y(x, y))
      i &+= 1
    }
    count &+= steps.n &- 1
    keepBox(w)
  }
}

/// The outline `RasterBuffers` records for a stroke of `path` (in its own coordinates, as
/// x, y pairs per contour), and whether it takes that outline as proved simple, for tests:
/// straight from the circle where `circularArc` allows it (`strokeCircularArc`), else the
/// stroker's.
package func circularArcStrokeOutline(_ path: PathGeometry, _ style: StrokeStyle) -> (
  contours: [[Double]], provedSimple: Bool
) {
  var rec = PathRecorder(points: .allocate(capacity: 2 * 4096), capacity: 4096)
  var scratch = StrokeScratch()
  defer { rec.points.deallocate(); scratch.deallocate() }
  let m = PixelTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
  var proved: Bool
  if let arc = path.circularArc, arc.hasDirectOutline(style) {
    proved = rec.strokeCircularArc(arc, style: style, m)
  } else {
    rec.strokePath(path.elements, style: style, m, width: .infinity, height: .infinity, scratch: &scratch)
    proved = rec.strokeOutlineProvedSimple(from: 0, path.circularArc, style)
  }
  let contours = rec.contours.map {
    Array(UnsafeBufferPointer(start: rec.points + 2 * $0.start, count: 2 * ($0.end - $0.start)))
  }
  return (contours, proved)
}

/// For tests: the outline `strokeCircularArc` records for `arc` (`hasDirectOutline`) under
/// `m`, into a recorder whose buffer starts at `capacity` points (a small one takes the
/// point-by-point path that grows it), and the recorder's bounding box (minX, minY, maxX, maxY).
package func circularArcStrokeRecord(
  _ arc: PathGeometry.CircularArc, _ style: StrokeStyle, _ m: AffineTransform, capacity: Int
) -> (points: [Double], box: [Double]) {
  var rec = PathRecorder(points: .allocate(capacity: 2 &* capacity), capacity: capacity)
  defer { rec.points.deallocate() }
  _ = rec.strokeCircularArc(arc, style: style, PixelTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty))
  return (Array(UnsafeBufferPointer(start: rec.points, count: 2 &* rec.count)), [rec.minX, rec.minY, rec.maxX, rec.maxY])
}
