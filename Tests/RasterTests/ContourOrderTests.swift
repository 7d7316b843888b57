import FlipbookRaster
import Testing

/// `sortIndicesByKey` (the dash grouping's order of contours by top row) against a brute-force
/// reference: every result a permutation whose keys never decrease, for sizes on both sides of
/// the insertion-sort limit, with ties, negative keys and already ordered or reversed input.
struct ContourOrderTests {
  /// A small deterministic generator (xorshift), so that failures reproduce.
  struct Rand {
    var s: UInt64
    mutating func next() -> UInt64 {
      s ^= s << 13; s ^= s >> 7; s ^= s << 17
      return s
    }
    mutating func key() -> Double { Double(Int(next() % 64)) * 0.5 - 8 }
  }

  @Test func sortsLikeTheReference() {
    var r = Rand(s: 0x9E37_79B9_7F4A_7C15)
    for n in [1, 2, 3, 5, 17, 50, 95, 96, 97, 150, 512] {
      for shape in 0..<4 {
        var keys = (0..<n).map { _ in r.key() }
        if shape == 1 { keys.sort() }
        if shape == 2 { keys.sort(by: >) }
        if shape == 3 { keys = keys.map { ($0 * 1e3).rounded() / 7 } }
        let order = indicesSortedByKey(keys)
        // A permutation of 0..<n.
        #expect(order.sorted() == Array(0..<n), "n \(n) shape \(shape)")
        // Keys in order; the multiset equals the reference sort's.
        let ordered = order.map { keys[$0] }
        #expect(ordered == keys.sorted(), "n \(n) shape \(shape)")
      }
    }
    #expect(indicesSortedByKey([]) == [])
  }
}

/// `orderByTopRow` (counting sort by row, or the exact fallback) against brute force: the order
/// is a permutation with keys that never decrease, each key is its contour's own, and the
/// break that `partitionContours` takes is sound: whenever a top's key passes the key of a
/// bottom y (any y at or below the least top), that top lies strictly below y.
struct TopRowOrderTests {
  @Test func ordersAndBreaksSoundly() {
    var r = ContourOrderTests.Rand(s: 0x0123_4567_89AB_CDEF)
    func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(r.next() >> 11) / 9007199254740992 }
    for n in [1, 2, 20, 25, 55, 120, 512] {
      for spread in [0.0, 3.0, 300.0, 5000.0, 1e9] {
        var tops = (0..<n).map { _ in uniform(-150, -150 + spread) }
        if n > 3 { tops[1] = tops[0]; tops[2] = tops[0].nextUp }  // ties and neighbours
        let least = tops.min()!
        let probes = tops + (0..<64).map { _ in uniform(least, least + spread + 40) } + [least, tops.max()!, 1e300]
        let (order, keys, probeKeys) = contoursOrderedByTopRow(tops, probes: probes)
        #expect(order.sorted() == Array(0..<n), "n \(n) spread \(spread)")
        var t = 1
        while t < n {
          #expect(keys[t - 1] <= keys[t], "n \(n) spread \(spread) at \(t)")
          t += 1
        }
        // Each contour's key is the key of its own top.
        for t in 0..<n { #expect(keys[t] == probeKeys[order[t]], "n \(n) spread \(spread)") }
        for (y, yKey) in zip(probes, probeKeys) {
          for t in 0..<n where keys[t] > yKey {
            #expect(tops[order[t]] > y, "n \(n) spread \(spread): top \(tops[order[t]]) vs \(y)")
          }
        }
      }
    }
  }

  /// A NaN top (coordinates overflowed by a huge transform) among tops close enough for the
  /// counting sort: the fallback orders them, every contour once, no trap.
  @Test func aNaNTopTakesTheFallback() {
    var tops = (0..<40).map { Double($0 % 7) * 1.5 }
    tops[17] = .nan
    let (order, _, _) = contoursOrderedByTopRow(tops, probes: [0, 3])
    #expect(order.sorted() == Array(0..<40))
  }
}
