import Synchronization

/// What the threads of one ``WorkerPool/forEach(count:cancellation:progress:makeWorker:body:)``
/// share: the next item to take, the first failure, and the count of items done.
final class WorkerPoolRun: Sendable {
  let count: Int
  let cancellation: CancellationToken?
  let progress: FrameProgress?

  private let next = Atomic<Int>(0)
  private let failed = Atomic<Bool>(false)
  /// The failure with the lowest item number, so the error does not depend on timing.
  private let failure = Mutex<(item: Int, error: any Error)?>(nil)
  /// Items done; progress is reported under this lock, so calls are serialized and ordered.
  private let done = Mutex<Int>(0)

  init(count: Int, cancellation: CancellationToken?, progress: FrameProgress?) {
    self.count = count
    self.cancellation = cancellation
    self.progress = progress
  }

  /// True once an item failed or the run was cancelled.
  var shouldStop: Bool {
    failed.load(ordering: .relaxed) || cancellation?.isCancelled == true
  }

  /// One thread's loop: takes item numbers until none are left or the run stops.
  func work(_ body: (Int) throws -> Void) {
    while !shouldStop {
      let item = next.wrappingAdd(1, ordering: .relaxed).oldValue
      guard item < count else { return }
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
