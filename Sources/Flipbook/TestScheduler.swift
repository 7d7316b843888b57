/// A scheduler on virtual time that runs only when told to: the Composable Architecture's
/// `TestScheduler`, in seconds.
///
/// Work runs in order of date, and work due at the same date in the order it was scheduled.
/// While an action runs, ``now`` is its date, so state changes it makes are recorded then.
/// Each action runs in a transaction of its own, without animation unless it was scheduled
/// on an ``AnimatedScheduler``.
public final class TestScheduler: Scheduler {
  public private(set) var now: Double

  struct Item {
    let id: Int
    var sequence: Int
    var date: Double
    let action: () -> Void
    /// For repeating work: the first date, the interval and the number of runs so far, so
    /// that run k is at exactly `start + k·interval` (no drift, as a JSON sequence).
    var repetition: (start: Double, interval: Double, count: Int)?
  }

  private var items: [Item] = []
  private var nextSequence = 0
  private var nextID = 0

  /// The most actions `run()` performs before it decides the work never ends.
  public static let runLimit = 1_000_000

  public init(now: Double = 0) { self.now = now }

  public func schedule(_ action: @escaping () -> Void) { schedule(after: now, action) }

  public func schedule(after date: Double, _ action: @escaping () -> Void) {
    _ = add(date: date, action: action, repetition: nil)
  }

  @discardableResult
  public func schedule(after date: Double, interval: Double, _ action: @escaping () -> Void) -> AnyCancellable {
    precondition(interval > 0, "schedule(after:interval:) needs an interval > 0, got \(interval)")
    let id = add(date: date, action: action, repetition: (date, interval, 0))
    return AnyCancellable { [weak self] in self?.items.removeAll { $0.id == id } }
  }

  private func add(date: Double, action: @escaping () -> Void, repetition: (Double, Double, Int)?) -> Int {
    nextID += 1
    nextSequence += 1
    items.append(Item(id: nextID, sequence: nextSequence, date: date, action: action, repetition: repetition))
    return nextID
  }

  /// Whether any work is still scheduled.
  public var hasPendingWork: Bool { !items.isEmpty }

  /// Moves time forward by `seconds`, running every action that falls due on the way.
  public func advance(by seconds: Double = 0) { advance(to: now + seconds) }

  /// Moves time forward to `date`, running every action that falls due on the way (time
  /// never moves backward: an earlier date runs what is due now).
  public func advance(to date: Double) { advance(to: date, limit: .max) }

  /// ``advance(to:)`` that runs at most `limit` actions (``runNext()`` runs one, at its own
  /// date).
  private func advance(to date: Double, limit: Int) {
    let target = max(date, now)
    var performed = 0
    while performed < limit, let index = nextDue(by: target) {
      performed += 1
      var item = items.remove(at: index)
      now = max(now, item.date)
      if var r = item.repetition {
        r.count += 1
        item.repetition = r
        item.date = r.start + Double(r.count) * r.interval
        nextSequence += 1
        item.sequence = nextSequence
        items.append(item)
      }
      if let recorder = Recorder.current {
        recorder.within(Transaction(), item.action)
      } else {
        item.action()
      }
    }
    now = target
  }

  /// Runs every scheduled action, advancing time to each; stops with a precondition failure
  /// after ``runLimit`` actions, since only uncancelled repeating work can go on that long.
  public func run() {
    var performed = 0
    while let index = nextDue(by: .infinity) {
      performed += 1
      precondition(
        performed <= Self.runLimit,
        "TestScheduler.run() performed \(Self.runLimit) actions: repeating work scheduled with schedule(after:interval:) was never cancelled"
      )
      advance(to: items[index].date)
    }
  }

  /// The earliest date of work that does not repeat.
  var pendingOneShotDate: Double? {
    items.filter { $0.repetition == nil }.map(\.date).min()
  }

  private func nextDue(by date: Double) -> Int? {
    var best: Int?
    for (i, item) in items.enumerated() where item.date <= date {
      if let b = best {
        let other = items[b]
        if item.date < other.date || (item.date == other.date && item.sequence < other.sequence) { best = i }
      } else {
        best = i
      }
    }
    return best
  }
}

extension TestScheduler {
  /// Schedules `action` at `date` and returns its id, for ``remove(_:)``: a clock's sleep,
  /// withdrawn when its task is cancelled.
  func scheduleRemovable(after date: Double, _ action: @escaping () -> Void) -> Int {
    add(date: date, action: action, repetition: nil)
  }

  /// Withdraws the work with id `id`, if it has not run.
  func remove(_ id: Int) { items.removeAll { $0.id == id } }

  /// The date of the work that runs next, if any.
  var nextDate: Double? { nextDue(by: .infinity).map { items[$0].date } }

  /// Runs the one action that is due next (advancing time to it, never backward), so that
  /// an async timeline can run the tasks it resumes before the next action.
  func runNext() {
    if let date = nextDate { advance(to: date, limit: 1) }
  }

  /// Runs every one-shot action still scheduled (what a movie does when its timeline closure
  /// returns); returns false if repeating work is left, which would never end.
  func runOneShotWork() -> Bool {
    while let date = pendingOneShotDate { advance(to: date) }
    return !hasPendingWork
  }
}
