import FlipbookDisplayList

// Styled strokes (`StrokeStyle`) of paths, as outlines filled with the non-zero rule through
// the exact sweep (Sweep.swift), or plainly where RasterBuffers proves an outline simple
// (`strokeOpen` leaves the subpath's pixel-space chord for that test).
//
// The stroke is built in local coordinates (line widths, dashes and caps are local lengths;
// a non-uniform transform stretches the pen as in SwiftUI) and every outline point is mapped to
// pixels as it is emitted. Curves are flattened first, in local space, to `bezierTolerance`
// pixels divided by the transform's largest stretch (uniform parameter steps, at most
// `maxCubicSteps` per curve; quadratics as their cubic elevation), and consecutive equal points
// are dropped. The flattened polyline is then offset by half the line width:
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
// - Joins between the flattened pieces of one curve are round. Joins between elements use
//   the style's join: `miter` where 1 / cos(θ/2) (miter length / line width) is at most
//   `miterLimit`, otherwise `bevel`, as Core Graphics.
// - Round joins and caps are arcs cut by repeated halving (only + − × ÷ √) until each chord
//   is within `bezierTolerance` pixels of the arc and at most `arcMaxChord` long (at most
//   2¹² pieces per quarter).
// - Dashes (see `StrokeStyle`) cut the polyline; each dash is stroked as an open polyline
//   keeping the joins at the vertices it passes. A pattern that would cut the path (by its
//   control polygon's length, an upper bound) into more than `maxDashes` dashes and gaps
//   draws the undashed stroke instead, as Skia does past its limit: only patterns far finer
//   than the path is long reach it, and no shape can make the stroker hang.
// - A subpath with a drawing element but no length (and a zero-length dash) draws its caps
//   alone: a disc of diameter lineWidth (round), a square (square, along the tangent, or
//   along local x for a lone point) or nothing (butt). A lone `move` draws nothing.
// - Undashed strokes turn curves that lie off the canvas by more than any pen piece can
//   reach into their chords.

let maxDashes = 1 << 16
let maxArcLevels = 12

/// A local-space polyline: points and, per point, whether it is a corner between elements
/// (style join) or inside a flattened curve (round join).
struct LocalPolyline {
  var xy: UnsafeMutablePointer<Double>
  var corner: UnsafeMutablePointer<Bool>
  /// Per segment k (from point k to k + 1, cyclically): unit direction and length.
  var seg: UnsafeMutablePointer<Double>
  var count = 0
  var capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    xy = .allocate(capacity: capacity &* 2)
    corner = .allocate(capacity: capacity)
    seg = .allocate(capacity: capacity &* 3)
  }

  func deallocate() { xy.deallocate(); corner.deallocate(); seg.deallocate() }

  @inline(never)
  mutating func grow() {
    let cap = capacity &* 2
    let nxy = UnsafeMutablePointer<Double>.allocate(capacity: cap &* 2)
    nxy.initialize(from: xy, count: count &* 2)
    let nc = UnsafeMutablePointer<Bool>.allocate(capacity: cap)
    nc.initialize(from: corner, count: count)
    deallocate()
    xy = nxy; corner = nc; seg = .allocate(capacity: cap &* 3)
    capacity = cap
  }

  /// Appends a point, unless it is at zero distance from the last one (then only its corner
  /// flag is merged).
  @inline(__always)
  mutating func push(_ x: Double, _ y: Double, corner c: Bool) {
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
    corner[count] = c
    count &+= 1
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
  /// Local flattening tolerance for curves.
  let tolerance: Double
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
    tolerance = bezierTolerance / stretch
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
        scratch.path.push(cx, cy, corner: true)
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
        cx = p.x; cy = p.y
        scratch.path.push(cx, cy, corner: true)
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
    let h = pen.h
    if closed {
      var prev = segment(segments &- 1)
      var k = 0
      while k < segments {
        let cur = segment(k)
        let v = pointIndex(k)
        joinSide(pen, xy[v &* 2], xy[v &* 2 &+ 1], prev, cur, poly.corner[v], &first)
        prev = cur
        k &+= 1
      }
      return
    }
    var cur = segment(0)
    let p0 = pointIndex(0)
    emit(pen, xy[p0 &* 2] + cur.1 * h, xy[p0 &* 2 &+ 1] - cur.0 * h, &first)
    var k = 1
    while k < segments {
      let next = segment(k)
      let v = pointIndex(k)
      joinSide(pen, xy[v &* 2], xy[v &* 2 &+ 1], cur, next, poly.corner[v], &first)
      cur = next
      k &+= 1
    }
    let e = pointIndex(segments)
    let ex = xy[e &* 2], ey = xy[e &* 2 &+ 1]
    emit(pen, ex + cur.1 * h, ey - cur.0 * h, &first)
    capPoints(pen, ex, ey, cur.0, cur.1, &first)
  }

  /// The left side of the join at (vx, vy) from direction a into direction b (unit vectors,
  /// with segment lengths): the outer wedge, the inner meeting point, or the corner itself.
  @inline(__always)
  mutating func joinSide(
    _ pen: Pen, _ vx: Double, _ vy: Double, _ a: (Double, Double, Double), _ b: (Double, Double, Double),
    _ corner: Bool, _ first: inout Bool
  ) {
    let h = pen.h
    let cross = a.0 * b.1 - a.1 * b.0
    let dot = a.0 * b.0 + a.1 * b.1
    // Left normals n = (dy, −dx).
    let nax = a.1, nay = -a.0, nbx = b.1, nby = -b.0
    if cross > 0 || (cross == 0 && dot < 0) {
      // Outer side.
      emit(pen, vx + nax * h, vy + nay * h, &first)
      let kind = corner ? pen.join : .round
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
    } else {
      // Inner side: the offset edges' meeting point when it lies within both segments.
      let onePlus = 1 + dot
      if onePlus > 0 {
        let c = cross < 0 ? -cross : cross
        let reach = h * (onePlus < 1 ? c / onePlus : c)
        if reach <= a.2 && reach <= b.2 {
          let s = h / onePlus
          emit(pen, vx + (nax + nbx) * s, vy + (nay + nby) * s, &first)
          return
        }
      }
      emit(pen, vx + nax * h, vy + nay * h, &first)
      emit(pen, vx, vy, &first)
      emit(pen, vx + nbx * h, vy + nby * h, &first)
    }
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
  /// turning the positive way (toward (−u0.y, u0.x)) by an angle in (0, π].
  mutating func arcPoints(
    _ pen: Pen, _ cx: Double, _ cy: Double, _ u0x: Double, _ u0y: Double, _ u1x: Double, _ u1y: Double,
    _ first: inout Bool, depth: Int = 0
  ) {
    let dot = u0x * u1x + u0y * u1y
    let cross = u0x * u1y - u0y * u1x
    if dot < 0 || (cross <= 0) {
      if depth >= 3 || !(dot < 1) { return }
      // More than a quarter (or exactly a half turn): halve at the bisector, which is
      // perpendicular to the chord u0 − u1 on the turning side.
      let wx = u0x - u1x, wy = u0y - u1y
      let inv = 1 / (wx * wx + wy * wy).squareRoot()
      let mx = -wy * inv, my = wx * inv
      arcPoints(pen, cx, cy, u0x, u0y, mx, my, &first, depth: depth &+ 1)
      emit(pen, cx + mx * pen.h, cy + my * pen.h, &first)
      arcPoints(pen, cx, cy, mx, my, u1x, u1y, &first, depth: depth &+ 1)
      return
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
      if sagitta <= bezierTolerance && chord <= arcMaxChord { break }
      s = s / (2 * ch)
      c = ch
      pieces &*= 2
      level &+= 1
    }
    if pieces == 1 { return }
    var ux = u0x, uy = u0y
    var i = 1
    let h = pen.h
    while i < pieces {
      let nx = ux * c - uy * s
      uy = ux * s + uy * c
      ux = nx
      emit(pen, cx + ux * h, cy + uy * h, &first)
      i &+= 1
    }
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
    let xy = poly.xy
    dash.count = 0
    if state.on { dash.push(xy[0], xy[1], corner: true) }
    var tx = 1.0, ty = 0.0  // tangent of the current segment
    var k = 0
    while k < segments {
      let j = k &+ 1 == poly.count ? 0 : k &+ 1
      let ax = xy[k &* 2], ay = xy[k &* 2 &+ 1]
      let bx = xy[j &* 2], by = xy[j &* 2 &+ 1]
      tx = poly.seg[k &* 3]; ty = poly.seg[k &* 3 &+ 1]
      let len = poly.seg[k &* 3 &+ 2]
      var pos = 0.0
      while true {
        if state.remaining > len - pos {
          if state.on { dash.push(bx, by, corner: poly.corner[j]) }
          state.remaining -= len - pos
          break
        }
        pos += state.remaining
        var qx = bx, qy = by
        if pos < len {
          let t = pos / len
          qx = ax + (bx - ax) * t; qy = ay + (by - ay) * t
        }
        if state.on {
          dash.push(qx, qy, corner: false)
          strokeDash(&dash, tx, ty, pen)
        } else {
          dash.count = 0
          dash.push(qx, qy, corner: false)
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

  /// Strokes one dash (open) or, without length, its caps.
  @inline(__always)
  mutating func strokeDash(_ dash: inout LocalPolyline, _ tx: Double, _ ty: Double, _ pen: Pen) {
    if dash.count >= 2 {
      dash.measure(segments: dash.count &- 1)
      strokeOpen(dash, pen)
    } else if dash.count == 1 {
      dot(dash.xy[0], dash.xy[1], tx, ty, pen)
    }
    dash.count = 0
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
      poly.push(x3, y3, corner: true)
      return
    }
  }
  let steps = cubicSteps(x0, y0, x1, y1, x2, y2, x3, y3, tolerance: pen.tolerance)
  let inv = 1 / Double(steps)
  var i = 1
  while i < steps {
    let t = Double(i) * inv
    let mt = 1 - t
    let w0 = mt * mt * mt, w1 = 3 * mt * mt * t, w2 = 3 * mt * t * t, w3 = t * t * t
    poly.push(
      w0 * x0 + w1 * x1 + w2 * x2 + w3 * x3, w0 * y0 + w1 * y1 + w2 * y2 + w3 * y3, corner: false)
    i &+= 1
  }
  poly.push(x3, y3, corner: true)
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
