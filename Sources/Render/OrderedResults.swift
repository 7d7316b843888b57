import Foundation

/// Hands item numbers to the threads of ``WorkerPool/forEachInOrder(count:window:cancellation:progress:makeWorker:produce:consume:)``
/// and their results to the consumer, in order, letting threads run at most `window` items
/// ahead of the consumer.
final class OrderedResults<Output: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private let count: Int
  private let window: Int
  private let cancellation: CancellationToken?
  private var next = 0
  private var taken = 0
  private var stopped = false
  private var ready: [Int: Result<Output, any Error>] = [:]

  init(count: Int, window: Int, cancellation: CancellationToken?) {
    self.count = count
    self.window = window
    self.cancellation = cancellation
  }

  /// The next item to make, or `nil` when there is none left or the run stopped.
  func claim() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    while !stopped && next < count && next >= taken + window { condition.wait() }
    guard !stopped && next < count && cancellation?.isCancelled != true else { return nil }
    next += 1
    return next - 1
  }

  func deliver(_ item: Int, _ result: Result<Output, any Error>) {
    condition.lock()
    ready[item] = result
    condition.broadcast()
    condition.unlock()
  }

  /// Waits for item `item`; `nil` when the run was cancelled first.
  ///
  /// With a token, the wait wakes every 50 ms to look at it (a signal handler that cancels
  /// cannot signal a condition).
  func take(_ item: Int) -> Result<Output, any Error>? {
    condition.lock()
    defer { condition.unlock() }
    while ready[item] == nil {
      guard let cancellation else {
        condition.wait()
        continue
      }
      if cancellation.isCancelled { return nil }
      _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
    }
    taken = item + 1
    condition.broadcast()
    return ready.removeValue(forKey: item)
  }

  /// Lets waiting threads go; no item is handed out afterwards.
  func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
  }
}
