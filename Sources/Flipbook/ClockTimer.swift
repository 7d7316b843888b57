/// A timer on a clock: `for await tick in clock.timer(interval: .seconds(0.5))` runs its body
/// at 0.5, 1, 1.5 … seconds from when it was made, until the task is cancelled (the sequence
/// then ends) or the loop breaks.
///
/// Tick k is at exactly `start + k·interval` (durations add without rounding), so ticks do not
/// drift however long the timer runs, as a scheduler's repeating work and a JSON sequence.
public struct ClockTimer<C: Clock>: AsyncSequence, Sendable where C.Duration == Duration {
  public typealias Element = C.Instant

  let clock: C
  let interval: Duration
  let start: C.Instant

  init(clock: C, interval: Duration) {
    self.clock = clock
    self.interval = interval
    start = clock.now
  }

  public func makeAsyncIterator() -> Iterator {
    Iterator(clock: clock, interval: interval, next: start.advanced(by: interval))
  }

  public struct Iterator: AsyncIteratorProtocol, Sendable {
    let clock: C
    let interval: Duration
    var next: C.Instant

    /// Sleeps until the next tick and returns its instant; nil once the task is cancelled.
    public mutating func next() async -> C.Instant? {
      let tick = next
      do {
        try await clock.sleep(until: tick, tolerance: nil)
      } catch {
        return nil
      }
      next = tick.advanced(by: interval)
      return tick
    }
  }
}
