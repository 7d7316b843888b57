// Exact coverage of a union of overlapping simple contours without the sweep, by
// inclusion–exclusion: 1(A ∪ B ∪ …) = Σ 1(A) − Σ 1(A ∩ B) + Σ 1(A ∩ B ∩ C) − …
//
// The accumulation of Coverage.swift is linear: each contour adds the signed area of its
// region in every pixel. A simple contour signed for positive coverage adds its region's
// indicator; adding every intersection of two or more contours with the alternating sign
// makes the sum the union's indicator, whose pixel integrals lie in [0, 1]: exact coverage,
// with no clamp at work. That is the non-zero fill of contours that all wind the same way,
// which is what a dashed stroke is (one outline per dash, all oriented alike; cairo and skia
// fill them as one shape with the non-zero rule).
//
// Intersections are clipped by Sutherland–Hodgman against convex clippers: clipping any closed
// polygon by a convex one keeps its winding inside the clipper and gives 0 outside (at worst
// with zero-area bridges along the clip edges, which add no area). So an intersection of
// several contours is computable when at most one of them is not convex: start from it, clip
// by the others. A group where two non-convex contours overlap is left to the sweep.
//
// The terms are enumerated depth first over members in index order, pruned where an
// intersection is empty (or of zero area) or misses the next member's box. Work is
// bounded (`maxOverlapWork` point pairs per shape); past it the group goes to the sweep.
// Arithmetic is + − × ÷ in a fixed order: the same bytes everywhere.

/// Subject-point × clipper-point steps that the terms of one shape may take.
let maxOverlapWork = 1 << 18

/// Terms with |twice the area| at most this (px²) are left out: they add no visible coverage.
let negligibleTwiceArea = 1e-9

/// Scratch memory of `PathRecorder.addOverlapTerms`, kept by `RasterBuffers`.
struct OverlapScratch {
  /// Per depth of the enumeration: the intersection so far (x, y pairs) and its box.
  var levels: [[Double]] = []
  var boxes: [Double] = []
  /// The clipper's two buffers.
  let clip = PolygonClipScratch()
  /// The terms added (contours whose points are in the recorder).
  var terms: [(start: Int, end: Int, sign: Double)] = []
  var work = 0
}

/// Per-contour facts `addOverlapTerms` reads, `stride` doubles per contour: box (minX, minY,
/// maxX, maxY), then convex (1 or 0) at `convexIndex`.
struct ContourFacts {
  let info: UnsafePointer<Double>
  let stride: Int
  let convexIndex: Int

  @inline(__always) func box(_ i: Int) -> UnsafePointer<Double> { info + i &* stride }
  @inline(__always) func convex(_ i: Int) -> Bool { info[i &* stride &+ convexIndex] != 0 }
}

extension PathRecorder {
  /// Records every intersection of two or more of the contours `members` (indices from c0,
  /// in increasing order; simple, all with shoelace orientation `orientation`, no two
  /// non-convex ones overlapping) as a contour in `s.terms`, signed so that together with the
  /// members (signed for positive coverage) the accumulation gives their union. Returns false
  /// (recording nothing) when the work passes `maxOverlapWork` or two non-convex members meet.
  mutating func addOverlapTerms(
    _ members: [Int], c0: Int, facts: ContourFacts, orientation: Double, scratch s: inout OverlapScratch
  ) -> Bool {
    let count0 = count
    let terms0 = s.terms.count
    var ok = true
    var m = 0
    while m < members.count && ok {
      let i = members[m]
      let c = contours[c0 &+ i]
      if s.levels.isEmpty { s.levels.append([]) }
      s.levels[0].removeAll(keepingCapacity: true)
      s.levels[0].append(contentsOf: UnsafeBufferPointer(start: points + c.start &* 2, count: (c.end &- c.start) &* 2))
      if s.boxes.count < 4 { s.boxes.append(contentsOf: [0, 0, 0, 0]) }
      let b = facts.box(i)
      s.boxes[0] = b[0]; s.boxes[1] = b[1]; s.boxes[2] = b[2]; s.boxes[3] = b[3]
      ok = overlapTerms(
        members, from: m &+ 1, depth: 0, size: 1, convex: facts.convex(i), c0: c0, facts: facts,
        orientation: orientation, scratch: &s)
      m &+= 1
    }
    if !ok {
      count = count0; contourStart = count0
      s.terms.removeSubrange(terms0...)
    }
    return ok
  }

  /// The terms that extend the intersection at `s.levels[depth]` (of `size` members, convex
  /// or not) by members from index `first` on.
  private mutating func overlapTerms(
    _ members: [Int], from first: Int, depth: Int, size: Int, convex: Bool, c0: Int, facts: ContourFacts,
    orientation: Double, scratch s: inout OverlapScratch
  ) -> Bool {
    var m = first
    while m < members.count {
      let i = members[m]
      m &+= 1
      let b = facts.box(i), o = depth &* 4
      if b[2] < s.boxes[o] || s.boxes[o &+ 2] < b[0] || b[3] < s.boxes[o &+ 1] || s.boxes[o &+ 3] < b[1] { continue }
      let memberConvex = facts.convex(i)
      if !convex && !memberConvex { return false }
      let c = contours[c0 &+ i]
      let n = c.end &- c.start
      let current = s.levels[depth].count >> 1
      s.work &+= n &* current
      if s.work > maxOverlapWork { return false }
      if s.levels.count <= depth &+ 1 { s.levels.append([]) }
      if s.boxes.count < (depth &+ 2) &* 4 { s.boxes.append(contentsOf: [0, 0, 0, 0]) }
      let memberPoints = UnsafePointer(points + c.start &* 2)
      let clip = s.clip
      let (out, k) = s.levels[depth].withUnsafeBufferPointer { current in
        if convex {
          // The intersection so far is convex: clip the member by it.
          return clipPolygon(
            memberPoints, n, by: current.baseAddress!, current.count >> 1, orientation: orientation, scratch: clip)
        } else {
          return clipPolygon(
            current.baseAddress!, current.count >> 1, by: memberPoints, n, orientation: orientation, scratch: clip)
        }
      }
      var area2 = 0.0
      var box = (minX: 0.0, minY: 0.0, maxX: 0.0, maxY: 0.0)
      if k >= 3 {
        let r = polygonBoxAndArea(out, count: k)
        area2 = r.twiceArea
        box = (r.minX, r.minY, r.maxX, r.maxY)
      }
      if k >= 3 && (area2 < 0 ? -area2 : area2) > negligibleTwiceArea {
        // Positive coverage (as `partitionContours` signs members), times (−1)^(size of S + 1).
        let positive: Double = area2 < 0 ? 1 : -1
        let start = count
        var j = 0
        while j < k {
          push(out[j &* 2], out[j &* 2 &+ 1])
          j &+= 1
        }
        s.terms.append((start, count, size & 1 == 1 ? -positive : positive))
        let o1 = o &+ 4
        s.boxes[o1] = box.minX; s.boxes[o1 &+ 1] = box.minY; s.boxes[o1 &+ 2] = box.maxX
        s.boxes[o1 &+ 3] = box.maxY
        s.levels[depth &+ 1].removeAll(keepingCapacity: true)
        s.levels[depth &+ 1].append(contentsOf: UnsafeBufferPointer(start: out, count: k &* 2))
        if m < members.count {
          let ok = overlapTerms(
            members, from: m, depth: depth &+ 1, size: size &+ 1, convex: convex && memberConvex, c0: c0,
            facts: facts, orientation: orientation, scratch: &s)
          if !ok { return false }
        }
      } else {
        s.levels[depth &+ 1].removeAll(keepingCapacity: true)
        s.levels[depth &+ 1].append(contentsOf: UnsafeBufferPointer(start: out, count: k &* 2))
      }
    }
    return true
  }
}

/// The bounding box of a closed polygon (n ≥ 1 points, x y pairs) and twice its signed
/// (shoelace) area, summed about its first point: positive counterclockwise in x-right y-up
/// axes, so negative for a contour running clockwise on screen.
@inline(__always)
func polygonBoxAndArea(
  _ p: UnsafePointer<Double>, count n: Int
) -> (minX: Double, minY: Double, maxX: Double, maxY: Double, twiceArea: Double) {
  var mnx = p[0], mny = p[1], mxx = p[0], mxy = p[1]
  var area = 0.0
  var j = 0
  var qx = p[(n &- 1) &* 2] - p[0], qy = p[(n &- 1) &* 2 &+ 1] - p[1]
  while j < n {
    let x = p[j &* 2], y = p[j &* 2 &+ 1]
    if x < mnx { mnx = x }
    if x > mxx { mxx = x }
    if y < mny { mny = y }
    if y > mxy { mxy = y }
    let rx = x - p[0], ry = y - p[1]
    area += qx * ry - rx * qy
    qx = rx; qy = ry
    j &+= 1
  }
  return (mnx, mny, mxx, mxy, area)
}

/// Sutherland–Hodgman: the closed polygon `subject` (n points, x y pairs; any polygon) clipped
/// by the convex polygon `clip` (m points) whose shoelace orientation (Σ cross of consecutive
/// points: positive counterclockwise in x-right y-up axes) has the sign of `orientation`.
/// Points on a clip edge count as inside. Returns the result's points (in one of `scratch`'s
/// buffers, valid until its next use) and their count. The passes write into raw buffers
/// sized for each pass's most points (two per point in), not appended to arrays: appends cost
/// a uniqueness check each (1M a frame in the path workload's dash terms).
func clipPolygon(
  _ subject: UnsafePointer<Double>, _ n: Int, by clip: UnsafePointer<Double>, _ m: Int, orientation: Double,
  scratch: PolygonClipScratch
) -> (points: UnsafePointer<Double>, count: Int) {
  var cur = scratch.buffer(0, points: n)
  cur.update(from: subject, count: n &* 2)
  var which = 0
  var k = n
  var ax = clip[(m &- 1) &* 2], ay = clip[(m &- 1) &* 2 &+ 1]
  var e = 0
  while e < m {
    let bx = clip[e &* 2], by = clip[e &* 2 &+ 1]
    e &+= 1
    let ex = bx - ax, ey = by - ay
    let cax = ax, cay = ay
    ax = bx; ay = by
    if ex == 0 && ey == 0 { continue }
    if k == 0 { break }
    which ^= 1
    let p = UnsafePointer(cur)
    let out = scratch.buffer(which, points: k &* 2)
    var o = 0
    // Signed distance (times the edge length) to the inside, ≥ 0 inside.
    @inline(__always) func d(_ x: Double, _ y: Double) -> Double {
      let c = ex * (y - cay) - ey * (x - cax)
      return orientation < 0 ? -c : c
    }
    var sx = p[(k &- 1) &* 2], sy = p[(k &- 1) &* 2 &+ 1]
    var ds = d(sx, sy)
    var j = 0
    while j < k {
      let x = p[j &* 2], y = p[j &* 2 &+ 1]
      let de = d(x, y)
      if de >= 0 {
        if ds < 0 && de > 0 {
          let t = ds / (ds - de)
          out[o] = sx + (x - sx) * t; out[o &+ 1] = sy + (y - sy) * t
          o &+= 2
        }
        out[o] = x; out[o &+ 1] = y
        o &+= 2
      } else if ds > 0 {
        let t = ds / (ds - de)
        out[o] = sx + (x - sx) * t; out[o &+ 1] = sy + (y - sy) * t
        o &+= 2
      }
      sx = x; sy = y; ds = de
      j &+= 1
    }
    cur = out
    k = o >> 1
  }
  return (UnsafePointer(cur), k)
}
