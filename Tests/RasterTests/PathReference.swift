import FlipbookDisplayList
import Foundation

// An independent reference for path fills and strokes, sharing no code with the rasterizer.
//
// Geometry: the test's own flattening (recursive de Casteljau subdivision until the control
// points lie within `refCurveTolerance` of the chord; arcs by angle steps whose sagitta is
// below `refArcTolerance`, with libm's sin and cos) and its own stroke construction from the
// definition: the union of one convex piece per segment (the rectangle of the segment ± half
// the width), per join (miter quadrilateral, bevel triangle or round sector on the outer
// side) and per cap (square or half disc), with dashes cut by arc length.
//
// Area: exact integration of each pixel ∩ region by vertical slabs. Inside a pixel, the
// length of a vertical line's inside part, clipped to the pixel, is linear in x between
// "events": the x of vertices, of edges crossing the pixel's top or bottom, and of crossings
// of two edges inside the pixel. Summing width × length at each slab's middle is exact
// (up to rounding, ~1e-12). The inside part of a vertical line is, for contours, where the
// winding number (signed crossings above) is non-zero or odd; for stroke pieces, the union
// of each piece's interval.
//
// Error bound of the reference: the fine flattening lies within 2·10⁻⁴ px of the true curves
// and arcs (pieces' edges inscribed), so per pixel the area differs from the ideal by at most
// the boundary length inside the pixel (≤ 4 px for the shapes tested) × 2·10⁻⁴ < 10⁻³
// (0.26/255), and in practice ≈ 0.05/255. Dashes on curves are cut with a finer flattening,
// `refDashCurveTolerance`: a dash's cap lies across the chord its cut falls in, which turns
// from the curve's tangent by up to half a chord's turn (√(2·tolerance/r) rad); at 2·10⁻⁴ and
// a pen of 7.6 on a radius of 23 that moved a cap's corner by 0.016 px (up to 1.7/255 in its
// pixel), at 2·10⁻⁶ by 0.0016 px. Butt and square caps of pens near a curve's diameter
// ask for it too (`fine:` in PathCoverage.checkStroke; CircularArcStrokeTests): the cap lies
// across the first chord, tilted by half its turn, which on a radius of 12.1 at h = 11.95
// moved the far corner by 0.07 px (12/255 next to the centre of curvature).

let refCurveTolerance = 2e-4
let refDashCurveTolerance = 2e-6
let refArcTolerance = 1e-5

typealias V = (x: Double, y: Double)

enum RefRule { case nonZero, evenOdd, union }

// MARK: Flattening

/// A flattened subpath: points, per point whether it ends an element (a corner), closed.
struct RefSubpath {
  var points: [V] = []
  var corner: [Bool] = []
  var closed = false
  /// Had a drawing element (a lone move draws nothing).
  var drew = false

  mutating func add(_ p: V, corner c: Bool) {
    if let l = points.last, l.x == p.x, l.y == p.y {
      if c { corner[corner.count - 1] = true }
      return
    }
    points.append(p); corner.append(c)
  }
}

func refFlattenCubic(
  _ p0: V, _ p1: V, _ p2: V, _ p3: V, into out: inout [V], tolerance: Double = refCurveTolerance, depth: Int = 0
) {
  // Distance of the control points from the chord.
  let dx = p3.x - p0.x, dy = p3.y - p0.y
  let len = (dx * dx + dy * dy).squareRoot()
  func dist(_ p: V) -> Double {
    if len == 0 { return ((p.x - p0.x) * (p.x - p0.x) + (p.y - p0.y) * (p.y - p0.y)).squareRoot() }
    return abs((p.x - p0.x) * dy - (p.y - p0.y) * dx) / len
  }
  // The curve lies within 3/4 of the control points' distance from the chord.
  if depth >= 24 || 0.75 * max(dist(p1), dist(p2)) <= tolerance {
    out.append(p3)
    return
  }
  func mid(_ a: V, _ b: V) -> V { ((a.x + b.x) / 2, (a.y + b.y) / 2) }
  let a = mid(p0, p1), b = mid(p1, p2), c = mid(p2, p3)
  let d = mid(a, b), e = mid(b, c)
  let m = mid(d, e)
  refFlattenCubic(p0, a, d, m, into: &out, tolerance: tolerance, depth: depth + 1)
  refFlattenCubic(m, e, c, p3, into: &out, tolerance: tolerance, depth: depth + 1)
}

/// The cubic flattened with the first and last 10⁻⁶ of its parameter as chords of their own,
/// so that the polyline leaves and arrives along the curve's true tangents (within ~10⁻⁶
/// rad): caps and corner joins laid along the end chords are then the true stroke's (see
/// `polyline` in `refStrokePieces` for the chords next to them).
func refFlattenCubicWithEnds(_ p0: V, _ p1: V, _ p2: V, _ p3: V, into out: inout [V], tolerance: Double) {
  func lerp(_ a: V, _ b: V, _ t: Double) -> V { (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t) }
  /// de Casteljau at t: the two halves' control points.
  func split(_ q: [V], _ t: Double) -> ([V], [V]) {
    let a = lerp(q[0], q[1], t), b = lerp(q[1], q[2], t), c = lerp(q[2], q[3], t)
    let d = lerp(a, b, t), e = lerp(b, c, t), m = lerp(d, e, t)
    return ([q[0], a, d, m], [m, e, c, q[3]])
  }
  let eps = 1e-6
  let (head, rest) = split([p0, p1, p2, p3], eps)
  let (mid, tail) = split(rest, (1 - 2 * eps) / (1 - eps))
  out.append(head[3])
  refFlattenCubic(mid[0], mid[1], mid[2], mid[3], into: &out, tolerance: tolerance)
  out.append(tail[3])
}

/// The path's subpaths (transform applied to control points first), flattened to `tolerance`.
func refSubpaths(
  _ path: PathGeometry, _ t: FlipbookDisplayList.AffineTransform = .identity, tolerance: Double = refCurveTolerance
) -> [RefSubpath] {
  func map(_ p: Point) -> V { let q = t.apply(p); return (q.x, q.y) }
  var subs: [RefSubpath] = []
  var cur = RefSubpath()
  var open = false
  var current: V = map(Point(x: 0, y: 0)), start = current
  func begin() {
    if !open { cur = RefSubpath(); cur.add(current, corner: true); start = current; open = true }
  }
  func end() {
    if open { subs.append(cur); open = false }
  }
  for e in path.elements {
    switch e {
    case .move(let p):
      end(); current = map(p); begin()
    case .line(let p):
      begin(); cur.drew = true; current = map(p); cur.add(current, corner: true)
    case .quad(let c, let p):
      begin(); cur.drew = true
      let q = map(c), e = map(p)
      var pts: [V] = []
      refFlattenCubicWithEnds(
        current, (current.x + 2 * (q.x - current.x) / 3, current.y + 2 * (q.y - current.y) / 3),
        (e.x + 2 * (q.x - e.x) / 3, e.y + 2 * (q.y - e.y) / 3), e, into: &pts, tolerance: tolerance)
      for (i, p) in pts.enumerated() { cur.add(p, corner: i == pts.count - 1) }
      current = e
    case .cubic(let c1, let c2, let p):
      begin(); cur.drew = true
      let e = map(p)
      var pts: [V] = []
      refFlattenCubicWithEnds(current, map(c1), map(c2), e, into: &pts, tolerance: tolerance)
      for (i, p) in pts.enumerated() { cur.add(p, corner: i == pts.count - 1) }
      current = e
    case .close:
      if open {
        cur.drew = true
        cur.closed = true
        end()
        current = start
      }
    }
  }
  end()
  return subs
}

// MARK: Stroke pieces

struct RefStroke {
  var width: Double
  var cap: LineCap = .butt
  var join: LineJoin = .miter
  var miterLimit: Double = 10
  var dash: [Double] = []
  var phase: Double = 0
}

/// Points on the arc of radius r around c from angle a0 to a1 (radians, a1 > a0), ends included.
func refArc(tolerance: Double = refArcTolerance, _ c: V, _ r: Double, _ a0: Double, _ a1: Double) -> [V] {
  let step = (8 * tolerance / max(r, 1e-9)).squareRoot()
  let n = max(1, Int(((a1 - a0) / step).rounded(.up)))
  return (0...n).map { i in
    let a = a0 + (a1 - a0) * Double(i) / Double(n)
    return (c.x + r * cos(a), c.y + r * sin(a))
  }
}

func angle(_ v: V) -> Double { atan2(v.y, v.x) }

/// Convex pieces whose union is the stroke of the subpaths.
func refStrokePieces(_ subs: [RefSubpath], _ s: RefStroke, arcTolerance: Double = refArcTolerance) -> [[V]] {

  var pieces: [[V]] = []
  let h = s.width / 2
  var dashOK = !s.dash.isEmpty && s.dash.allSatisfy { $0 >= 0 && $0.isFinite }
  var pattern = s.dash
  if pattern.count % 2 == 1 { pattern += pattern }
  let period = pattern.reduce(0, +)
  if !(period > 0) { dashOK = false }

  func unit(_ a: V, _ b: V) -> V {
    let dx = b.x - a.x, dy = b.y - a.y, l = (dx * dx + dy * dy).squareRoot()
    return (dx / l, dy / l)
  }
  func cap(_ e: V, _ d: V) {
    let n: V = (d.y, -d.x)
    switch s.cap {
    case .butt: break
    case .square:
      pieces.append([
        (e.x + n.x * h, e.y + n.y * h), (e.x + (n.x + d.x) * h, e.y + (n.y + d.y) * h),
        (e.x + (d.x - n.x) * h, e.y + (d.y - n.y) * h), (e.x - n.x * h, e.y - n.y * h),
      ])
    case .round:
      // d is n turned by +90° (atan2 order), so the half disc runs from angle(n) up by π.
      let a = angle(n)
      pieces.append(refArc(tolerance: arcTolerance, e, h, a, a + Double.pi))
    }
  }
  func join(_ v: V, _ a: V, _ b: V, corner: Bool) {
    let cross = a.x * b.y - a.y * b.x
    let dot = a.x * b.x + a.y * b.y
    let kind = corner ? s.join : .round
    if cross == 0 && dot > 0 { return }
    if cross == 0 {
      // U-turn: only a round join has area (the half disc ahead).
      if kind == .round {
        let a0 = angle((a.y, -a.x))
        pieces.append(refArc(tolerance: arcTolerance, v, h, a0, a0 + Double.pi))
      }
      return
    }
    // Outer side normals.
    let sg: Double = cross > 0 ? 1 : -1
    let na: V = (sg * a.y, -sg * a.x), nb: V = (sg * b.y, -sg * b.x)
    let pa: V = (v.x + na.x * h, v.y + na.y * h), pb: V = (v.x + nb.x * h, v.y + nb.y * h)
    switch kind {
    case .bevel:
      pieces.append([v, pa, pb])
    case .miter:
      // Miter length / width = 1 / cos(θ/2), θ the turn.
      let theta = acos(max(-1, min(1, dot)))
      if 1 / cos(theta / 2) <= s.miterLimit {
        let k = h / (1 + dot)
        pieces.append([v, pa, (v.x + (na.x + nb.x) * k, v.y + (na.y + nb.y) * k), pb])
      } else {
        pieces.append([v, pa, pb])
      }
    case .round:
      var a0 = angle(na), a1 = angle(nb)
      // The short way round (turn < π).
      if a1 - a0 > Double.pi { a1 -= 2 * Double.pi } else if a0 - a1 > Double.pi { a0 -= 2 * Double.pi }
      let arc = a1 > a0 ? refArc(tolerance: arcTolerance, v, h, a0, a1) : refArc(tolerance: arcTolerance, v, h, a1, a0)
      pieces.append([v] + arc)
    }
  }
  func dot(_ p: V, _ d: V) {
    cap(p, d)
    cap(p, (-d.x, -d.y))
    // The two caps of a square dot leave no gap: their shared side is the normal line.
  }
  /// An open or closed polyline (distinct consecutive points).
  func polyline(_ pts: [V], _ corner: [Bool], closed: Bool) {
    let n = pts.count
    let segs = closed ? n : n - 1
    var dirs: [V] = []
    for k in 0..<segs { dirs.append(unit(pts[k], pts[(k + 1) % n])) }
    // Next to an end of an open polyline that is a curve's tiny end chord (its true tangent),
    // the chord before it ends (or starts) across that tangent instead of across itself: a
    // chord's rectangle tilts by half its turn, and at a butt or square cap its inner corner
    // would reach past the cap's line by that tilt times the half width.
    let tiny = 1e-4
    func length(_ k: Int) -> Double {
      let a = pts[k], b = pts[(k + 1) % n]
      return ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }
    for k in 0..<segs {
      let a = pts[k], b = pts[(k + 1) % n]
      let d = dirs[k]
      var da = d, db = d
      if !closed && segs >= 2 {
        if k == 1 && length(0) < tiny { da = dirs[0] }
        if k == segs - 2 && length(segs - 1) < tiny { db = dirs[segs - 1] }
      }
      let na: V = (da.y * h, -da.x * h), nb: V = (db.y * h, -db.x * h)
      pieces.append([
        (a.x + na.x, a.y + na.y), (b.x + nb.x, b.y + nb.y), (b.x - nb.x, b.y - nb.y), (a.x - na.x, a.y - na.y),
      ])
    }
    if closed {
      for k in 0..<segs {
        join(pts[(k + 1) % n], dirs[k], dirs[(k + 1) % segs], corner: corner[(k + 1) % n])
      }
    } else {
      for k in 1..<segs { join(pts[k], dirs[k - 1], dirs[k], corner: corner[k]) }
      cap(pts[n - 1], dirs[segs - 1])
      cap(pts[0], (-dirs[0].x, -dirs[0].y))
    }
  }

  for sub in subs {
    var pts = sub.points, corner = sub.corner
    var closed = sub.closed
    if closed && pts.count >= 2, let f = pts.first, let l = pts.last, f.x == l.x, f.y == l.y {
      pts.removeLast(); corner.removeLast()
    }
    if pts.count < 2 { closed = false }
    if !dashOK {
      if pts.count >= 2 {
        polyline(pts, corner, closed: closed)
      } else if sub.drew {
        dot(pts[0], (1, 0))
      }
      continue
    }
    if !sub.drew { continue }
    // Dashes by arc length: the "on" intervals of the pattern shifted by the phase.
    var loop = pts, loopCorner = corner
    if closed { loop.append(pts[0]); loopCorner.append(true) }
    var cum: [Double] = [0]
    for k in 1..<max(loop.count, 1) {
      let dx = loop[k].x - loop[k - 1].x, dy = loop[k].y - loop[k - 1].y
      cum.append(cum[k - 1] + (dx * dx + dy * dy).squareRoot())
    }
    let total = cum.last!
    func at(_ s: Double) -> (V, Int) {  // point at length s, and the segment index
      var k = 0
      while k < loop.count - 2 && cum[k + 1] < s { k += 1 }
      if loop.count == 1 { return (loop[0], 0) }
      let l = cum[k + 1] - cum[k]
      let t = l > 0 ? (s - cum[k]) / l : 0
      return ((loop[k].x + (loop[k + 1].x - loop[k].x) * t, loop[k].y + (loop[k + 1].y - loop[k].y) * t), k)
    }
    var phase = s.phase.truncatingRemainder(dividingBy: period)
    if phase < 0 { phase += period }
    // Pattern intervals in path length: start at −phase.
    var pos = -phase
    var i = 0
    while pos <= total {
      let len = pattern[i % pattern.count]
      if i % 2 == 0 {
        let a = max(pos, 0), b = min(pos + len, total)
        if len > 0 && b > a {
          var dp: [V] = [], dc: [Bool] = []
          let (pa, ka) = at(a)
          dp.append(pa); dc.append(false)
          var k = ka + 1
          while k < loop.count && cum[k] < b {
            if let l = dp.last, l.x == loop[k].x, l.y == loop[k].y {
            } else {
              dp.append(loop[k]); dc.append(loopCorner[k])
            }
            k += 1
          }
          let (pb, _) = at(b)
          if let l = dp.last, l.x == pb.x, l.y == pb.y {} else { dp.append(pb); dc.append(false) }
          if dp.count >= 2 { polyline(dp, dc, closed: false) }
        } else if len == 0 && pos >= 0 && pos <= total {
          let (p, k) = at(pos)
          let d = loop.count >= 2 ? unit(loop[k], loop[k + 1]) : (1.0, 0.0)
          dot(p, d)
        } else if total == 0 && pos <= 0 && pos + len > 0 {
          dot(loop[0], (1, 0))
        }
      }
      pos += len
      i += 1
    }
  }
  return pieces
}

// MARK: Exact area

/// The exact area of every pixel ∩ region (row-major), see the top of this file.
func exactCoverage(_ polys: [[V]], rule: RefRule, width: Int, height: Int) -> [Double] {
  struct Edge { var x0, y0, x1, y1: Double; var piece: Int; var dir: Int }
  var edges: [Edge] = []
  // Vertical edges cross no vertical line between events, but their x is an event.
  var verticals: [(x: Double, y0: Double, y1: Double)] = []
  var bbox: [(Double, Double, Double, Double)] = []
  for (pi, p) in polys.enumerated() {
    var b = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
    for (i, a) in p.enumerated() {
      let c = p[(i + 1) % p.count]
      b = (min(b.0, a.x), min(b.1, a.y), max(b.2, a.x), max(b.3, a.y))
      if a.x == c.x {
        if a.y != c.y { verticals.append((a.x, min(a.y, c.y), max(a.y, c.y))) }
        continue
      }
      edges.append(Edge(x0: a.x, y0: a.y, x1: c.x, y1: c.y, piece: pi, dir: c.x > a.x ? 1 : -1))
    }
    bbox.append(b)
  }
  var out = [Double](repeating: 0, count: width * height)
  for px in 0..<width {
    let xl = Double(px), xr = xl + 1
    let col = edges.filter { max($0.x0, $0.x1) > xl && min($0.x0, $0.x1) < xr }
    if col.isEmpty { continue }
    let colVerticals = verticals.filter { $0.x > xl && $0.x < xr }
    // Each edge's y range over its part inside the column.
    let yr: [(Double, Double)] = col.map { e in
      func y(_ x: Double) -> Double { e.y0 + (x - e.x0) * (e.y1 - e.y0) / (e.x1 - e.x0) }
      let xa = max(min(e.x0, e.x1), xl), xb = min(max(e.x0, e.x1), xr)
      let ya = y(xa), yb = y(xb)
      return (min(ya, yb), max(ya, yb))
    }
    for py in 0..<height {
      let yt = Double(py), yb = yt + 1
      // Edges (of the column) whose part in the column reaches the pixel, and for the union
      // the pieces that overlap the pixel (others cannot cover it).
      var pix: [Int] = []
      for (i, r) in yr.enumerated() where r.1 >= yt && r.0 <= yb { pix.append(i) }
      let pixVerticals = colVerticals.filter { $0.y1 > yt && $0.y0 < yb }
      var use = col
      if rule == .union {
        use = col.filter { e in
          let b = bbox[e.piece]
          return b.1 < yb && b.3 > yt
        }
        if use.isEmpty { continue }
      }
      func length(_ x: Double) -> Double {
        var hits: [(Double, Int, Int)] = []
        for e in use where min(e.x0, e.x1) <= x && x < max(e.x0, e.x1) {  // half-open: shared vertices count once
          hits.append((e.y0 + (x - e.x0) * (e.y1 - e.y0) / (e.x1 - e.x0), e.dir, e.piece))
        }
        var sum = 0.0
        func add(_ a: Double, _ b: Double) { sum += max(0, min(b, yb) - max(a, yt)) }
        if rule == .union {
          // A piece's edges are consecutive: one interval per run of the same piece.
          var iv: [(Double, Double)] = []
          var last = -1
          for (y, _, p) in hits {
            if p == last {
              iv[iv.count - 1] = (min(iv[iv.count - 1].0, y), max(iv[iv.count - 1].1, y))
            } else {
              iv.append((y, y)); last = p
            }
          }
          let sorted = iv.sorted { $0.0 < $1.0 }
          var ca = -Double.infinity, cb = -Double.infinity
          for (a, b) in sorted {
            if a > cb { if cb > ca { add(ca, cb) }; ca = a; cb = b } else { cb = max(cb, b) }
          }
          if cb > ca { add(ca, cb) }
        } else {
          hits.sort { $0.0 < $1.0 }
          var w = 0
          var prev = -Double.infinity
          for (y, d, _) in hits {
            let inside = rule == .nonZero ? w != 0 : w % 2 != 0
            if inside { add(prev, y) }
            w += d
            prev = y
          }
        }
        return sum
      }
      if pix.isEmpty && pixVerticals.isEmpty {
        out[py * width + px] = length(xl + 0.5)
        continue
      }
      var ev: [Double] = [xl, xr]
      for v in pixVerticals { ev.append(v.x) }
      // Edge boxes inside the pixel, to skip pairs that cannot meet.
      let boxes: [(Double, Double, Double, Double)] = pix.map { i in
        let e = col[i]
        return (max(min(e.x0, e.x1), xl), max(min(e.y0, e.y1), yt), min(max(e.x0, e.x1), xr), min(max(e.y0, e.y1), yb))
      }
      for i in pix {
        let e = col[i]
        for x in [e.x0, e.x1] where x > xl && x < xr { ev.append(x) }
        for y in [yt, yb] where (y > min(e.y0, e.y1) && y < max(e.y0, e.y1)) {
          let x = e.x0 + (y - e.y0) * (e.x1 - e.x0) / (e.y1 - e.y0)
          if x > xl && x < xr { ev.append(x) }
        }
      }
      for ii in 0..<pix.count {
        let a = col[pix[ii]]
        let ba = boxes[ii]
        for jj in (ii + 1)..<max(pix.count, ii + 1) {
          let b = col[pix[jj]]
          if rule == .union && a.piece == b.piece { continue }
          let bb = boxes[jj]
          if bb.0 > ba.2 || bb.2 < ba.0 || bb.1 > ba.3 || bb.3 < ba.1 { continue }
          let rx = a.x1 - a.x0, ry = a.y1 - a.y0, sx = b.x1 - b.x0, sy = b.y1 - b.y0
          let den = rx * sy - ry * sx
          if den == 0 { continue }
          let qx = b.x0 - a.x0, qy = b.y0 - a.y0
          let t = (qx * sy - qy * sx) / den, u = (qx * ry - qy * rx) / den
          if t > 0 && t < 1 && u > 0 && u < 1 {
            let x = a.x0 + t * rx, y = a.y0 + t * ry
            if x > xl && x < xr && y >= yt && y <= yb { ev.append(x) }
          }
        }
      }
      ev.sort()
      var area = 0.0
      for k in 0..<(ev.count - 1) where ev[k + 1] > ev[k] {
        area += (ev[k + 1] - ev[k]) * length((ev[k] + ev[k + 1]) / 2)
      }
      out[py * width + px] = area
    }
  }
  return out
}

/// Rendered alpha against 255 × reference area: the largest error anywhere and the mean over
/// edge pixels (reference strictly between 0 and 1), in 1/255 units.
struct CoverageComparison: CustomStringConvertible {
  var maxError = 0.0, meanEdgeError = 0.0
  var worst = (x: -1, y: -1, got: 0, expected: 0.0)
  var edgePixels = 0

  init(_ alpha: [UInt8], _ area: [Double], width: Int) {
    var sum = 0.0
    for i in 0..<area.count {
      let exact = min(max(area[i], 0), 1) * 255
      let e = abs(Double(alpha[i]) - exact)
      if e > maxError { maxError = e; worst = (i % width, i / width, Int(alpha[i]), exact) }
      if area[i] > 1e-9 && area[i] < 1 - 1e-9 { sum += e; edgePixels += 1 }
    }
    meanEdgeError = edgePixels > 0 ? sum / Double(edgePixels) : 0
  }

  var description: String {
    "max \(String(format: "%.3f", maxError))/255 at (\(worst.x), \(worst.y)) [got \(worst.got), exact \(String(format: "%.3f", worst.expected))], mean \(String(format: "%.3f", meanEdgeError))/255 over \(edgePixels) edge pixels"
  }
}
