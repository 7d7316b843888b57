import FlipbookScene

/// The state after each transaction, kept as checkpoints plus the transactions' own changes.
///
/// A full snapshot per transaction would cost state variables × transactions (10,000
/// variables and 1,000,000 transactions: gigabytes). Instead a checkpoint is taken whenever
/// the work replayed since the last one (one step per transaction plus one per change)
/// reaches `interval`, which is at least the number of variables. So memory stays linear in
/// the file's size (each checkpoint, about `interval` entries, stands for at least
/// `interval` steps of the file), and a frame rebuilds its snapshot from the nearest
/// checkpoint with fewer than `interval` steps, about the cost of copying one snapshot.
/// Counting changes, not transactions, matters for timelines whose transactions set many
/// variables each: a counter of transactions would replay `interval` of them, each with all
/// of its changes, for every frame.
struct StateHistory: Sendable {
  /// The times of the transactions, in the order the replay applied them.
  private(set) var times: [Double] = []
  /// Their changes (arrays shared with the timeline's transactions, not copies): what a frame
  /// replays from a checkpoint needs nothing else of a transaction.
  private var changes: [[(name: String, value: StateValue)]] = []
  /// The number of transactions applied.
  var count: Int { times.count }
  /// The replay steps between two checkpoints: at least the number of variables.
  let interval: Int
  /// `checkpoints[j]` is the state after the first `starts[j]` transactions.
  private(set) var checkpoints: [StateSnapshot]
  /// The number of transactions each checkpoint comes after, increasing.
  private var starts: [Int] = [0]
  /// Replay steps since the last checkpoint.
  private var pending = 0

  init(initial: StateSnapshot) {
    interval = max(16, initial.values.count)
    checkpoints = [initial]
  }

  /// Records the next transaction and the state after it, as the replay reaches it.
  mutating func didApply(_ transaction: Transaction, state: StateSnapshot) {
    times.append(transaction.time)
    changes.append(transaction.changes)
    pending += 1 + transaction.changes.count
    if pending >= interval {
      checkpoints.append(state)
      starts.append(count)
      pending = 0
    }
  }

  /// The state after the first `k` transactions (0: the initial state).
  subscript(k: Int) -> StateSnapshot {
    // The last checkpoint at or before k.
    var lo = 0
    var hi = starts.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if starts[mid] <= k { lo = mid } else { hi = mid - 1 }
    }
    var state = checkpoints[lo]
    for changes in changes[starts[lo]..<k] {
      for change in changes { state[change.name] = change.value }
    }
    return state
  }
}
