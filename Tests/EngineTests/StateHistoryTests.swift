import Testing
import FlipbookScene

@testable import FlipbookEngine

/// The snapshots a frame sees are rebuilt from checkpoints: they must equal a plain replay of
/// every transaction from the start, and the checkpoints must stay few.
@Suite struct StateHistoryTests {
  /// A small deterministic generator (SplitMix64), so a failure names a reproducible case.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
  }

  @Test(arguments: [(variables: 3, maxChanges: 0), (20, 1), (20, 40), (600, 500), (40, 200)])
  func snapshotsEqualAPlainReplay(variables: Int, maxChanges: Int) {
    var random = Generator(state: UInt64(variables * 1000 + maxChanges))
    let names = (0..<variables).map { "v\($0)" }
    let initial = StateSnapshot(Dictionary(uniqueKeysWithValues: names.map { ($0, StateValue.number(0)) }))
    var history = StateHistory(initial: initial)
    var plain = [initial]
    var state = initial
    var steps = 0
    for t in 0..<300 {
      // Mostly small transactions, now and then a large one; sometimes none at all.
      let n = maxChanges == 0 ? 0 : (random.next(8) == 0 ? maxChanges : random.next(min(maxChanges, 4) + 1))
      let changes = (0..<n).map { _ in
        (name: names[random.next(variables)], value: StateValue.number(Double(random.next(1000))))
      }
      for c in changes { state[c.name] = c.value }
      history.didApply(
        Transaction(
          time: Double(t), changes: changes, animation: nil, disablesAnimations: false, path: "timeline[\(t)]"),
        state: state)
      plain.append(state)
      steps += 1 + n
    }
    for k in plain.indices {
      #expect(history[k] == plain[k], "after \(k) transactions")
    }
    // Memory: one checkpoint (about `interval` entries) per `interval` replay steps at most,
    // plus the initial one.
    #expect(history.checkpoints.count <= steps / history.interval + 1)
    #expect(history.interval >= variables)
  }
}
