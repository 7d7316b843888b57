import FlipbookScene

/// The state after each transaction, kept as checkpoints plus the transactions' own changes.
///
/// A full snapshot per transaction would cost state variables × transactions (10,000
/// variables and 1,000,000 transactions: gigabytes). A checkpoint every `interval`
/// transactions, with `interval` at least the number of variables, keeps memory linear in
/// the file's size, and a frame rebuilds its snapshot from the nearest checkpoint with at
/// most `interval` transactions' changes.
struct StateHistory: Sendable {
  /// The times of the transactions, in the order the replay applied them.
  private(set) var times: [Double] = []
  /// Their changes (arrays shared with the timeline's transactions, not copies): what a frame
  /// replays from a checkpoint needs nothing else of a transaction.
  private var changes: [[(name: String, value: StateValue)]] = []
  /// The number of transactions applied.
  var count: Int { times.count }
  let interval: Int
  /// `checkpoints[j]` is the state after `j · interval` transactions.
  private(set) var checkpoints: [StateSnapshot]

  init(initial: StateSnapshot) {
    interval = max(16, initial.values.count)
    checkpoints = [initial]
  }

  /// Records the next transaction and the state after it, as the replay reaches it.
  mutating func didApply(_ transaction: Transaction, state: StateSnapshot) {
    times.append(transaction.time)
    changes.append(transaction.changes)
    if count % interval == 0 { checkpoints.append(state) }
  }

  /// The state after the first `k` transactions (0: the initial state).
  subscript(k: Int) -> StateSnapshot {
    let j = min(k / interval, checkpoints.count - 1)
    var state = checkpoints[j]
    for changes in changes[(j * interval)..<k] {
      for change in changes { state[change.name] = change.value }
    }
    return state
  }
}
