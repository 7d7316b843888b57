/// Sorts `count` indices by their keys (ascending; equal keys in any order), with the keys in
/// a contiguous buffer beside them: `keys[t]` is the key of `indices[t]`, and both are permuted
/// together. Why: the fallback of `orderByTopRow` for few contours or a tall spread of rows;
/// insertion on the copied keys up to `insertionSortLimit` (its quadratic worst case bounded),
/// the standard library's sort past it.
func sortIndicesByKey(_ indices: UnsafeMutablePointer<Int>, keys: UnsafeMutablePointer<Double>, count k: Int) {
  if k <= insertionSortLimit {
    var t = 1
    while t < k {
      let key = keys[t], index = indices[t]
      var s = t
      while s > 0 && keys[s &- 1] > key {
        keys[s] = keys[s &- 1]
        indices[s] = indices[s &- 1]
        s &-= 1
      }
      keys[s] = key
      indices[s] = index
      t &+= 1
    }
    return
  }
  let order = (0..<k).sorted { keys[$0] < keys[$1] }
  let sortedIndices = order.map { indices[$0] }, sortedKeys = order.map { keys[$0] }
  var t = 0
  while t < k {
    indices[t] = sortedIndices[t]
    keys[t] = sortedKeys[t]
    t &+= 1
  }
}

/// The most keys `sortIndicesByKey` sorts by insertion (at most ~k²/4 moves).
let insertionSortLimit = 24

/// `sortIndicesByKey` on arrays, for tests: the indices in the order of their keys.
package func indicesSortedByKey(_ keys: [Double]) -> [Int] {
  if keys.isEmpty { return [] }
  var indices = Array(0..<keys.count)
  var k = keys
  indices.withUnsafeMutableBufferPointer { ip in
    k.withUnsafeMutableBufferPointer { kp in
      sortIndicesByKey(ip.baseAddress!, keys: kp.baseAddress!, count: keys.count)
    }
  }
  return indices
}

/// Orders `count` contours by their top rows for `partitionContours`' sweep over pairs, in
/// O(count + rows) when their tops span few rows: a counting sort by row index
/// `Int(top − origin)` (origin the least top). Returns (origin, rows); rows = 0 when it fell
/// back to `sortIndicesByKey` on the exact tops. `keys[t]` is then the sort key of `order[t]`:
/// its row index as a Double, or its top. `topRowKey` gives the same key for any y, monotone
/// in y, so that a contour whose key passes that of another's bottom starts below it, as does
/// every later one. Why: the standard library's sort through a closure cost ~8,800
/// instructions per dashed stroke of ~55 contours (0.44M a frame in the path workload); the
/// grouping does not depend on the order of contours with equal keys.
func orderByTopRow(
  tops: UnsafePointer<Double>, stride: Int, count k: Int, order: UnsafeMutablePointer<Int>,
  keys: UnsafeMutablePointer<Double>, counts: inout UnsafeMutablePointer<Int>, countsCapacity: inout Int
) -> (origin: Double, rows: Int) {
  var lo = Double.infinity, hi = -Double.infinity
  var nan = false
  var i = 0
  while i < k {
    let y = tops[i &* stride]
    if y < lo { lo = y }
    if y > hi { hi = y }
    if y.isNaN { nan = true }
    i &+= 1
  }
  // Rows spanned (the subtraction and truncation are monotone, so every row index is < rows).
  // A NaN top (coordinates overflowed by a huge transform) takes the fallback, where it is
  // only compared: its row index would trap.
  let span = hi - lo
  let limit = Double(k &* 4 &+ 256)
  if nan || k <= insertionSortLimit || !(span < limit) {
    i = 0
    while i < k {
      order[i] = i
      keys[i] = tops[i &* stride]
      i &+= 1
    }
    sortIndicesByKey(order, keys: keys, count: k)
    return (lo, 0)
  }
  let rows = Int(span) &+ 1
  if countsCapacity < rows &+ 1 {
    counts.deallocate()
    countsCapacity = max(rows &+ 1, countsCapacity &* 2)
    counts = .allocate(capacity: countsCapacity)
  }
  counts.update(repeating: 0, count: rows &+ 1)
  i = 0
  while i < k {
    counts[Int(tops[i &* stride] - lo) &+ 1] &+= 1
    i &+= 1
  }
  // counts[r]: the first position of row r.
  var r = 1
  while r <= rows {
    counts[r] &+= counts[r &- 1]
    r &+= 1
  }
  i = 0
  while i < k {
    let row = Int(tops[i &* stride] - lo)
    let t = counts[row]
    counts[row] = t &+ 1
    order[t] = i
    keys[t] = Double(row)
    i &+= 1
  }
  return (lo, rows)
}

/// The key `orderByTopRow` gives a contour whose top is at `y` (≥ origin), for comparing with
/// `keys`: the row index (capped at `rows`, past every top's), or y itself after the fallback.
@inline(__always)
func topRowKey(_ y: Double, origin: Double, rows: Int) -> Double {
  if rows == 0 { return y }
  let d = y - origin
  return d < Double(rows) ? Double(Int(d)) : Double(rows)
}

/// `orderByTopRow` on tops, for tests: the order, the keys, and the key of each of `probes`.
package func contoursOrderedByTopRow(_ tops: [Double], probes: [Double]) -> (
  order: [Int], keys: [Double], probeKeys: [Double]
) {
  if tops.isEmpty { return ([], [], []) }
  var order = [Int](repeating: 0, count: tops.count), keys = [Double](repeating: 0, count: tops.count)
  var counts = UnsafeMutablePointer<Int>.allocate(capacity: 1), capacity = 1
  defer { counts.deallocate() }
  let (origin, rows) = tops.withUnsafeBufferPointer { tp in
    order.withUnsafeMutableBufferPointer { op in
      keys.withUnsafeMutableBufferPointer { kp in
        orderByTopRow(
          tops: tp.baseAddress!, stride: 1, count: tops.count, order: op.baseAddress!, keys: kp.baseAddress!,
          counts: &counts, countsCapacity: &capacity)
      }
    }
  }
  return (order, keys, probes.map { topRowKey($0, origin: origin, rows: rows) })
}
