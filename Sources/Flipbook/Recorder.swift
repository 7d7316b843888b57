/// Records a timeline as it runs: every state change becomes a snapshot of the evaluated view,
/// stamped with the scheduler's time and the transaction it happened in.
///
/// It is reachable from the free functions (`withAnimation`) through a task-local, as SwiftUI's
/// transaction is ambient. It is only used on the thread that runs the timeline, inside
/// `Recorder.$current.withValue`, hence `@unchecked Sendable`.
final class Recorder: @unchecked Sendable {
  @TaskLocal static var current: Recorder?

  struct Snapshot {
    var time: Double
    var transaction: Transaction
    /// Changes in the same segment at the same time are one transaction.
    var segment: Int
    var piece: Piece
  }

  let clock: TestScheduler
  var transaction = Transaction()
  /// Bumped whenever a transaction scope or a scheduled action begins or ends.
  var segment = 0
  var snapshots: [Snapshot]

  /// Probe numbers handed out in the current evaluation of the view (`keyframeAnimator`), so
  /// that the same animator gets the same probes in every state.
  private var probeCount = 0

  /// The first of `count` new probe indices.
  func probes(_ count: Int) -> Int {
    defer { probeCount += count }
    return probeCount
  }

  /// Phase animators seen in the current evaluation, and each one's state by its place.
  var phaseCount = 0
  var phaseStates: [Int: PhaseState] = [:]
  /// Records the view as it now is (set by the movie): a phase animator's step changes the
  /// view without changing the store.
  var refresh: () -> Void = {}
  /// The movie's duration, where cycling phase animators stop; nil: none given.
  var until: Double?
  /// Problems found while recording, which the movie reports.
  var problems: [String] = []

  /// Evaluates the view for a state, its probes and phase animators numbered from 0.
  func evaluate(_ body: () -> Piece) -> Piece {
    probeCount = 0
    phaseCount = 0
    return body()
  }

  /// Begins a movie's recording (with this recorder current): the first snapshot is the view
  /// for `state`, and the returned store records every later change.
  func start<State, Content: View>(state: State, content: @escaping (State) -> Content) -> Store<State> {
    let store = Store(state) { [unowned self] state in record(evaluate { content(state).piece }) }
    refresh = { [unowned self, unowned store] in record(evaluate { content(store.state).piece }) }
    snapshots[0].piece = evaluate { content(state).piece }
    return store
  }

  init(clock: TestScheduler, initial: Piece) {
    self.clock = clock
    snapshots = [Snapshot(time: clock.now, transaction: Transaction(), segment: -1, piece: initial)]
  }

  /// When true, changes are no longer recorded: an async timeline unwinding after the movie's
  /// end.
  var isStopped = false

  /// A state change: the view as it now is.
  func record(_ piece: Piece) {
    if isStopped { return }
    if snapshots.count > 1, let last = snapshots.last, last.segment == segment, last.time == clock.now {
      snapshots[snapshots.count - 1].piece = piece
    } else {
      snapshots.append(Snapshot(time: clock.now, transaction: transaction, segment: segment, piece: piece))
    }
  }

  /// While a mutating method of the state runs through the store: the transaction of the
  /// last `withAnimation` scope that ended in it (nil while there is none).
  private var mutation: (depth: Int, transaction: Transaction?) = (0, nil)

  /// A mutation through the store begins; returns the enclosing one's transaction so far.
  func beginMutation() -> Transaction? {
    let outer = mutation.transaction
    mutation = (mutation.depth + 1, nil)
    return outer
  }

  /// The mutation ends; returns the transaction its change belongs to, if a `withAnimation`
  /// ran inside it (else nil: the change takes the enclosing transaction).
  func endMutation(_ outer: Transaction?) -> Transaction? {
    let inner = mutation.transaction
    let depth = mutation.depth - 1
    mutation = (depth, depth > 0 ? inner ?? outer : nil)
    return inner
  }

  /// Makes the rest of the running scope (an async task's run up to its next suspension) one
  /// transaction of its own in `transaction`: what an animated clock does after a sleep.
  func adopt(_ transaction: Transaction) {
    self.transaction = transaction
    segment += 1
  }

  /// Runs `body` with its state changes in `transaction`, then returns to the enclosing one.
  func within<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    if mutation.depth > 0 { mutation.transaction = transaction }
    let saved = self.transaction
    self.transaction = transaction
    segment += 1
    defer {
      self.transaction = saved
      segment += 1
    }
    return try body()
  }
}
