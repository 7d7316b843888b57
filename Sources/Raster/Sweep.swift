// Exact coverage of overlapping and self-intersecting contours, for both fill rules.
//
// The accumulation in Coverage.swift sums signed trapezoid areas and takes min(|sum|, 1): the
// exact area only where the winding number is 0 or ±1. Where a region of winding 2 meets the
// outside inside one pixel, or regions of winding +1 and −1 share a pixel, it is wrong. The
// sweep below turns any set of contours into non-overlapping boundaries first (overlaps that
// inclusion–exclusion can take, OverlapTerms.swift, do not come here):
//
// Each pixel row [y, y+1) of the window is cut into sub-strips at every edge end point and
// every crossing of two edges inside it. Inside a sub-strip no two edges cross, so they are
// ordered by x (by the sum of their x at the strip's top and bottom: the same order for
// segments that do not cross, and defined for segments that share an end point). Walking them
// left to right with the winding number, only the edges where the fill rule's inside/outside
// changes are handed to the accumulator: rising edges of inside spans with +1, falling ones
// with −1. The spans are disjoint, so the accumulated sum is the exact area in [0, 1].
//
// Edges are bucketed by first row (counting sort) and kept in an active list sorted by their
// leftmost x in the row (insertion sort: rows change that order little). Crossings are only
// tested between edges whose x ranges in the row overlap. Everything lives in `SweepScratch`,
// grown on demand and kept by `RasterBuffers`: nothing is allocated per shape once warm.
// Arithmetic is + − × ÷ only, in a fixed order: the same bytes everywhere.
//
// The work grows with the edges active in a row times the row's sub-strips, which outlines
// with millions of crossings (a stroke magnified far beyond the canvas) make enormous. The
// sweep counts it against `maxSweepWork` per frame (about a second); past it, it stops and
// sets `SweepScratch.exceeded`, and the frame is reported as over the work limit.

/// Sweep steps (edges visited) one frame may take.
let maxSweepWork = 1 << 29

/// One non-horizontal edge in window coordinates, top (y0) to bottom (y1).
struct SweepEdge {
  var x0: Double, y0: Double, x1: Double, y1: Double
  /// dx/dy.
  var slope: Double
  /// Winding contribution: +1 for a contour edge running down, −1 up (times the contour's sign).
  var dir: Int
  /// First window row the edge reaches.
  var row: Int

  /// x on the edge at height y (the end points exactly).
  @inline(__always)
  func x(at y: Double) -> Double {
    if y <= y0 { return x0 }
    if y >= y1 { return x1 }
    return x0 + (y - y0) * slope
  }
}

/// An edge's piece inside one sub-strip.
struct SubEdge {
  var xa: Double, xb: Double, key: Double
  var dir: Int
}

/// Growable scratch memory of the sweep.
struct SweepScratch {
  var edges = UnsafeMutablePointer<SweepEdge>.allocate(capacity: 1)
  /// Per edge: top and bottom of its part in the current row, x there.
  var span = UnsafeMutablePointer<Double>.allocate(capacity: 4)
  var order = UnsafeMutablePointer<Int>.allocate(capacity: 1)
  var active = UnsafeMutablePointer<Int>.allocate(capacity: 1)
  var sub = UnsafeMutablePointer<SubEdge>.allocate(capacity: 1)
  var edgeCapacity = 1
  var rowStart = UnsafeMutablePointer<Int>.allocate(capacity: 2)
  var rowCapacity = 1
  var events = UnsafeMutablePointer<Double>.allocate(capacity: 64)
  var eventCapacity = 64
  /// Steps taken this frame, and whether they passed `maxSweepWork` (reset per frame).
  var work = 0
  var exceeded = false

  func deallocate() {
    edges.deallocate(); span.deallocate(); order.deallocate(); active.deallocate(); sub.deallocate()
    rowStart.deallocate(); events.deallocate()
  }

  mutating func reserve(edges n: Int, rows: Int) {
    if n > edgeCapacity {
      let cap = max(n, edgeCapacity &* 2)
      edges.deallocate(); span.deallocate(); order.deallocate(); active.deallocate(); sub.deallocate()
      edges = .allocate(capacity: cap)
      span = .allocate(capacity: cap &* 4)
      order = .allocate(capacity: cap)
      active = .allocate(capacity: cap)
      sub = .allocate(capacity: cap)
      edgeCapacity = cap
    }
    if rows > rowCapacity {
      let cap = max(rows, rowCapacity &* 2)
      rowStart.deallocate()
      rowStart = .allocate(capacity: cap &+ 1)
      rowCapacity = cap
    }
  }

  @inline(never)
  mutating func growEvents() {
    let cap = eventCapacity &* 2
    let p = UnsafeMutablePointer<Double>.allocate(capacity: cap)
    p.initialize(from: events, count: eventCapacity)
    events.deallocate()
    events = p
    eventCapacity = cap
  }
}

extension Accumulator {
  /// Adds the contours (pixel coordinates; sign ±1 each) with exact coverage under the fill
  /// rule, as described at the top of this file.
  mutating func addSweep(
    _ pts: UnsafePointer<Double>, contours: [(start: Int, end: Int, sign: Double)], range: Range<Int>,
    evenOdd: Bool, scratch s: inout SweepScratch
  ) {
    var total = 0
    for c in range { total &+= contours[c].end &- contours[c].start }
    s.reserve(edges: total, rows: rows)
    let edges = s.edges
    // Edges.
    var n = 0
    for c in range {
      let contour = contours[c]
      let count = contour.end &- contour.start
      if count < 2 { continue }
      let p = pts + contour.start &* 2
      let sgn = contour.sign < 0 ? -1 : 1
      var px = p[(count &- 1) &* 2] - ox, py = p[(count &- 1) &* 2 &+ 1] - oy
      var i = 0
      while i < count {
        let x = p[i &* 2] - ox, y = p[i &* 2 &+ 1] - oy
        if py != y && !((py <= 0 && y <= 0) || (py >= h && y >= h)) {
          var e: SweepEdge
          if py < y {
            e = SweepEdge(x0: px, y0: py, x1: x, y1: y, slope: 0, dir: sgn, row: 0)
          } else {
            e = SweepEdge(x0: x, y0: y, x1: px, y1: py, slope: 0, dir: -sgn, row: 0)
          }
          e.slope = (e.x1 - e.x0) / (e.y1 - e.y0)
          e.row = e.y0 <= 0 ? 0 : floorToInt(e.y0)
          edges[n] = e
          n &+= 1
        }
        px = x; py = y
        i &+= 1
      }
    }
    if n == 0 { return }
    // Counting sort by first row.
    let rowStart = s.rowStart
    let order = s.order
    if s.exceeded { return }
    var r = 0
    while r <= rows { rowStart[r] = 0; r &+= 1 }
    var i = 0
    while i < n { rowStart[edges[i].row &+ 1] &+= 1; i &+= 1 }
    r = 0
    while r < rows { rowStart[r &+ 1] &+= rowStart[r]; r &+= 1 }
    i = 0
    while i < n {
      let row = edges[i].row
      order[rowStart[row]] = i
      rowStart[row] &+= 1
      i &+= 1
    }
    // rowStart[r] is now the end of row r's bucket; row r starts where row r − 1 ends.

    let span = s.span
    let active = s.active
    let sub = s.sub
    var activeCount = 0
    var next = 0  // next edge in `order` to activate
    r = 0
    while r < rows {
      let top = Double(r), bottom = top + 1
      // Drop finished edges, add the row's new ones (keeping the list sorted by xmin below).
      var k = 0, j = 0
      while j < activeCount {
        let e = active[j]
        if edges[e].y1 > top { active[k] = e; k &+= 1 }
        j &+= 1
      }
      activeCount = k
      let bucketEnd = rowStart[r]
      while next < bucketEnd {
        active[activeCount] = order[next]
        activeCount &+= 1
        next &+= 1
      }
      s.work &+= activeCount
      if s.work > maxSweepWork { s.exceeded = true; return }
      if activeCount == 0 {
        // Jump to the next row that activates an edge.
        if next >= n { return }
        r = edges[order[next]].row
        continue
      }
      // Each edge's part in this row, and the events (end points inside the row).
      var eventCount = 0
      j = 0
      while j < activeCount {
        let e = active[j]
        let edge = edges[e]
        let ya = edge.y0 > top ? edge.y0 : top
        let yb = edge.y1 < bottom ? edge.y1 : bottom
        let o = e &* 4
        span[o] = ya; span[o &+ 1] = yb
        span[o &+ 2] = edge.x(at: ya); span[o &+ 3] = edge.x(at: yb)
        if ya > top {
          if eventCount == s.eventCapacity { s.growEvents() }
          s.events[eventCount] = ya; eventCount &+= 1
        }
        if yb < bottom {
          if eventCount == s.eventCapacity { s.growEvents() }
          s.events[eventCount] = yb; eventCount &+= 1
        }
        j &+= 1
      }
      // Sort by leftmost x in the row (insertion sort; the order persists between rows).
      j = 1
      while j < activeCount {
        let e = active[j]
        let key = xMin(span, e)
        var m = j
        while m > 0 && xMin(span, active[m &- 1]) > key {
          active[m] = active[m &- 1]
          m &-= 1
        }
        active[m] = e
        s.work &+= j &- m
        if s.work > maxSweepWork { s.exceeded = true; return }
        j &+= 1
      }
      // Crossings between edges whose x ranges overlap.
      j = 0
      while j < activeCount {
        let a = active[j]
        let oa = a &* 4
        let aMax = span[oa &+ 2] > span[oa &+ 3] ? span[oa &+ 2] : span[oa &+ 3]
        var m = j &+ 1
        while m < activeCount {
          let b = active[m]
          if xMin(span, b) > aMax { break }
          let ob = b &* 4
          let lo = span[oa] > span[ob] ? span[oa] : span[ob]
          let hi = span[oa &+ 1] < span[ob &+ 1] ? span[oa &+ 1] : span[ob &+ 1]
          if lo < hi {
            let ea = edges[a], eb = edges[b]
            let dLo = ea.x(at: lo) - eb.x(at: lo)
            let dHi = ea.x(at: hi) - eb.x(at: hi)
            if (dLo < 0 && dHi > 0) || (dLo > 0 && dHi < 0) {
              let y = lo + (hi - lo) * (dLo / (dLo - dHi))
              if y > lo && y < hi {
                if eventCount == s.eventCapacity { s.growEvents() }
                s.events[eventCount] = y; eventCount &+= 1
              }
            }
          }
          m &+= 1
        }
        s.work &+= m &- j
        if s.work > maxSweepWork { s.exceeded = true; return }
        j &+= 1
      }
      // Sub-strips visit every active edge; sorting the events is quadratic at worst.
      s.work &+= eventCount &* activeCount &+ (eventCount &* eventCount) >> 2
      if s.work > maxSweepWork { s.exceeded = true; return }
      if eventCount == 0 {
        // One sub-strip: every active edge spans the whole row.
        j = 0
        while j < activeCount {
          let e = active[j]
          let o = e &* 4
          let xa = span[o &+ 2], xb = span[o &+ 3]
          sub[j] = SubEdge(xa: xa, xb: xb, key: xa + xb, dir: edges[e].dir)
          j &+= 1
        }
        emitStrip(sub, count: activeCount, top, bottom, evenOdd: evenOdd)
      } else {
        let events = s.events
        // Sort the events (insertion sort: usually a handful).
        j = 1
        while j < eventCount {
          let v = events[j]
          var m = j
          while m > 0 && events[m &- 1] > v {
            events[m] = events[m &- 1]
            m &-= 1
          }
          events[m] = v
          j &+= 1
        }
        var a = top
        var ei = 0
        while true {
          // Next distinct boundary below a.
          while ei < eventCount && events[ei] <= a { ei &+= 1 }
          let b = ei < eventCount ? events[ei] : bottom
          var count = 0
          j = 0
          while j < activeCount {
            let e = active[j]
            let o = e &* 4
            if span[o] <= a && span[o &+ 1] >= b {
              let edge = edges[e]
              let xa = edge.x(at: a), xb = edge.x(at: b)
              sub[count] = SubEdge(xa: xa, xb: xb, key: xa + xb, dir: edge.dir)
              count &+= 1
            }
            j &+= 1
          }
          emitStrip(sub, count: count, a, b, evenOdd: evenOdd)
          if b >= bottom { break }
          a = b
        }
      }
      r &+= 1
    }
  }

  /// Sorts one sub-strip's edges by x and adds the boundaries of its inside spans.
  @inline(__always)
  mutating func emitStrip(_ sub: UnsafeMutablePointer<SubEdge>, count: Int, _ a: Double, _ b: Double, evenOdd: Bool) {
    if count < 2 { return }
    var j = 1
    while j < count {
      let v = sub[j]
      var m = j
      while m > 0 && sub[m &- 1].key > v.key {
        sub[m] = sub[m &- 1]
        m &-= 1
      }
      sub[m] = v
      j &+= 1
    }
    var w = 0
    var inside = false
    j = 0
    while j < count {
      let e = sub[j]
      w &+= e.dir
      let now = evenOdd ? (w & 1) != 0 : w != 0
      if now != inside {
        sign = now ? 1 : -1
        line(e.xa, a, e.xb, b)
        inside = now
      }
      j &+= 1
    }
  }
}

@inline(__always)
private func xMin(_ span: UnsafeMutablePointer<Double>, _ e: Int) -> Double {
  let a = span[e &* 4 &+ 2], b = span[e &* 4 &+ 3]
  return a < b ? a : b
}
