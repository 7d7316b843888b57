import Synchronization

/// What the threads of one ``WorkerPool/forEach(count:cancellation:progress:makeWorker:body:)``
/// share: the next item to take, the first failure, and the count of items done.
final class WorkerPoolRun: Sendable {
  let count: Int
  /// The most items a thread takes at once, and the threads sharing them (see ``take()``).
  let batch: Int
  let threads: Int
  let cancellation: CancellationToken?
  let progress: FrameProgress?

  private let next = Atomic<Int>(0)
  private let failed = Atomic<Bool>(false)
  /// The failure with the lowest item number, so the error does not depend on timing.
  private let failure = Mutex<(item: Int, error: any Error)?>(nil)
  /// Items done; progress is reported under this lock, so calls are serialized and ordered.
  private let done = Mutex<Int>(0)

  init(count: Int, batch: Int = 1, threads: Int = 1, cancellation: CancellationToken?, progress: FrameProgress?) {
    self.count = count
    self.batch = max(1, batch)
    self.threads = max(1, threads)
    self.cancellation = cancellation
    self.progress = progress
  }

  /// True once an item failed or the run was cancelled.
  var shouldStop: Bool {
    failed.load(ordering: .relaxed) || cancellation?.isCancelled == true
  }

  /// The next items for a thread: up to ``batch`` of them; with several threads no more than
  /// a quarter of each one's share of what is left, so that the last items are taken one at a
  /// time and no thread ends long after the others. Empty when none are left.
  func take() -> Range<Int> {
    var first = next.load(ordering: .relaxed)
    while first < count {
      let size = threads == 1 ? batch : max(1, min(batch, (count &- first) / (4 &* threads)))
      let (exchanged, seen) = next.compareExchange(
        expected: first, desired: first &+ size, ordering: .relaxed)
      if exchanged { return first..<min(first &+ size, count) }
      first = seen
    }
    return count..<count
  }

  /// One thread's loop: takes items (``take()``), calls `prepare` with each run of them, then
  /// `body` with each item, until none are left or the run stops.
  func work(prepare: ((Range<Int>) -> Void)? = nil, _ body: (Int) throws -> Void) {
    while !shouldStop {
      let items = take()
      guard !items.isEmpty else { return }
      prepare?(items)
      for item in items {
        if item != items.lowerBound && shouldStop { return }
        do {
          try body(item)
        } catch {
          fail(item, error)
          return
        }
        if let progress {
          done.withLock { done in
            done += 1
            progress(done, count)
          }
        }
      }
    }
  }

  /// After every thread stopped: throws why the run did not finish, if it did not.
  func finish() throws {
    if cancellation?.isCancelled == true { throw CancellationError() }
    if let error = failure.withLock({ $0?.error }) { throw error }
  }

  /// Records a failure and tells the other threads to stop.
  private func fail(_ item: Int, _ error: any Error) {
    failure.withLock { current in
      if current == nil || item < current!.item { current = (item, error) }
    }
    failed.store(true, ordering: .relaxed)
  }
}
