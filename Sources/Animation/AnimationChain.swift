/// What one entry of a chain does over time.
enum ChainMotion: Sendable {
  /// A fresh run: shows `(V_i − r) · fraction(t − start)`.
  case program(AnimationProgram)
  /// A FluidSpring that took over a running animation (SwiftUI's merge): integrated from the
  /// position, velocity and force it inherited; shows its own position.
  case mergedSpring(SpringSimulation)
}

/// One change inside a chain (SwiftUI's `DefaultCombiningAnimation` entry).
struct ChainEntry: Sendable {
  var start: Double
  var animation: Animation
  /// V_i: the model value after this change, minus the chain origin.
  var interval: AnimatableVector
  /// The model value after this change, kept exactly so a finished chain shows it bit for bit.
  var target: AnimatableVector
  var motion: ChainMotion
  /// When this entry finishes (nil: never).
  var end: Double?

  /// The work of preparing this entry (see ``AnimationProgram/cost``).
  var cost: Int {
    switch motion {
    case let .program(program): return program.cost
    case let .mergedSpring(simulation): return simulation.cost
    }
  }

  func isFinished(at time: Double) -> Bool {
    guard let end else { return false }
    return time >= end - timeTolerance
  }
}

/// A stretch of the track between two "fresh starts": a jump (no entries) or a chain of animated
/// changes sharing one origin. A new segment begins at a jump, at a change after everything
/// finished, and when a FluidSpring merges (it replaces the chain, keeping the origin).
struct AnimationSegment: Sendable {
  var start: Double
  /// The presentation is `origin + r`; for a jump, the value itself.
  var origin: AnimatableVector
  /// Entries in time order (equal times in call order).
  var entries: [ChainEntry]

  /// The model value once everything in this segment is applied.
  var target: AnimatableVector { entries.last?.target ?? origin }

  /// When the chain ends: SwiftUI's combining chain is finished when its *last* entry finishes,
  /// whatever older entries are still doing. nil: never; a jump ends at once.
  var end: Double? { entries.isEmpty ? start : entries[entries.count - 1].end }

  /// The number of entries that have started by `time`.
  private func startedCount(at time: Double) -> Int {
    var low = 0, high = entries.count
    while low < high {
      let mid = (low + high) / 2
      if entries[mid].start <= time { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The chain's offset `r` from the origin at `time` and whether it is still running, by the
  /// combine rule: `r = 0; for entry i: a_i = animate(V_i − r, t − t_i); r = finished_i ? V_i : r + a_i`.
  /// A finished entry overwrites r, so evaluation starts at the latest finished one: the work is
  /// proportional to the entries still running, not to the chain's history.
  ///
  /// `cost` is the number of entries evaluated, so that a replay of many overlapping changes
  /// can be bounded (each change evaluates every entry still running under it).
  func evaluate(at time: Double) -> (offset: AnimatableVector, value: AnimatableVector, running: Bool, cost: Int) {
    let count = startedCount(at: time)
    guard count > 0 else { return (.zero, origin, false, 0) }
    let last = entries[count - 1]
    if last.isFinished(at: time) { return (last.interval, last.target, false, 1) }
    var first = count - 1
    while first > 0 && !entries[first - 1].isFinished(at: time) { first -= 1 }
    var r: AnimatableVector = first > 0 ? entries[first - 1].interval : .zero
    for index in first..<count {
      let entry = entries[index]
      let elapsed = time - entry.start
      switch entry.motion {
      case let .program(program):
        if let f = program.fraction(at: elapsed) {
          r += (entry.interval - r) * f
        } else {
          // Finished a hair before its recorded end (inner rounding): it shows its end.
          r = entry.interval
        }
      case let .mergedSpring(simulation):
        r = simulation.state(atStep: simulation.step(at: elapsed)).position
      }
    }
    return (r, origin + r, true, count - first)
  }
}
