import FlipbookAnimation

/// The clock of an async ``Movie`` timeline: Swift's `Clock` on the movie's virtual time.
///
/// `try await clock.sleep(for: .seconds(0.3))` suspends the task until the movie's time has
/// moved 0.3 s, with no real waiting: time moves only when every task of the timeline is
/// suspended, straight to the earliest wake-up, so a ten-second timeline records in
/// milliseconds. `Task.sleep(for:clock:)`, ``timer(interval:)``, `async let` and task groups
/// work through it; cancelling a sleeping task wakes it at once with `CancellationError`.
///
/// Tasks waking at the same instant resume in the order they went to sleep, each running
/// until it suspends again before the next resumes (see <doc:AsyncTimelines>).
public struct VirtualClock: Clock, Sendable {
  /// A point on the movie's virtual time: an exact offset from its start.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// Time since the movie's first frame.
    public var offset: Duration

    public init(offset: Duration) { self.offset = offset }

    /// The instant `seconds` after the start, converted exactly (to the attosecond), so that
    /// a sleep until `.seconds(2.0 + Double(k) * 0.1)` happens at the very `Double` date a
    /// scheduler or a JSON sequence uses; `Duration.seconds(_:)` of a `Double` can be one
    /// bit off.
    public static func seconds(_ seconds: Double) -> Instant { Instant(offset: Duration(exactSeconds: seconds)) }

    /// Seconds since the start, the nearest `Double` (a timeline event's `at`).
    public var seconds: Double { offset.exactSeconds }

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
  }

  let executor: TimelineExecutor

  /// The movie's current time.
  public var now: Instant { Instant(offset: executor.now) }

  /// Virtual time has no granularity: an attosecond.
  public var minimumResolution: Duration { Duration(secondsComponent: 0, attosecondsComponent: 1) }

  /// Suspends until the movie's time reaches `deadline` (a deadline already past resumes at
  /// the current time, after the work already due). Throws `CancellationError` if the task is
  /// cancelled first. `tolerance` is ignored: virtual time is exact.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await executor.sleep(until: deadline.offset)
  }

  /// This clock with every task resuming from a sleep in `withAnimation(animation)` until it
  /// next suspends: the clock form of ``Scheduler/animation(_:)``.
  public func animation(_ animation: Animation? = .default) -> AnimatedClock {
    AnimatedClock(base: self, transaction: Transaction(animation: animation))
  }

  /// This clock with every task resuming from a sleep in `transaction` until it next
  /// suspends.
  public func transaction(_ transaction: Transaction) -> AnimatedClock {
    AnimatedClock(base: self, transaction: transaction)
  }

  /// An endless sequence of instants `interval` apart, the first one `interval` from now.
  public func timer(interval: Duration) -> ClockTimer<VirtualClock> { ClockTimer(clock: self, interval: interval) }
}

/// A ``VirtualClock`` whose sleeps end in a transaction (`clock.animation(.easeInOut)`): the
/// task that resumes makes its changes, until it next suspends, in that transaction, as
/// each action of an ``AnimatedScheduler`` is.
public struct AnimatedClock: Clock, Sendable {
  public typealias Instant = VirtualClock.Instant

  public let base: VirtualClock
  public let transaction: Transaction

  public var now: Instant { base.now }
  public var minimumResolution: Duration { base.minimumResolution }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await base.sleep(until: deadline, tolerance: tolerance)
    // The rest of this task's run is the resumption: it happens in the clock's transaction.
    base.executor.recorder.adopt(transaction)
  }

  /// An endless sequence of instants `interval` apart, each tick's work in the clock's
  /// transaction.
  public func timer(interval: Duration) -> ClockTimer<AnimatedClock> { ClockTimer(clock: self, interval: interval) }
}
