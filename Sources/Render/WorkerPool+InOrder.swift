import Dispatch

extension WorkerPool {
  /// Makes items `0..<count` with `produce` on ``jobs`` threads and hands them to `consume` on
  /// the calling thread in order, for encoders that need their frames one after the other.
  ///
  /// Threads run at most `window` items (default `2 × jobs`) ahead of `consume`, so memory
  /// stays bounded by about that many items whatever `count` is. `progress` is called on the
  /// calling thread after each `consume`.
  ///
  /// An error of `produce` for item k is thrown when `consume` would have received k, so the
  /// error is the same for any `jobs`; an error of `consume` stops the run. `cancellation` is
  /// checked before every item and while waiting for one.
  ///
  /// - Throws: `CancellationError` when `cancellation` was cancelled by the time the threads
  ///   stopped; otherwise the first error in item order.
  public func forEachInOrder<Worker, Output: Sendable>(
    count: Int, window: Int? = nil, cancellation: CancellationToken? = nil, progress: FrameProgress? = nil,
    makeWorker: @escaping @Sendable () -> Worker,
    produce: @escaping @Sendable (_ worker: inout Worker, _ item: Int) throws -> Output,
    consume: (_ item: Int, _ output: Output) throws -> Void
  ) throws {
    let results = OrderedResults<Output>(count: count, window: max(1, window ?? 2 * jobs), cancellation: cancellation)
    let group = DispatchGroup()
    for _ in 0..<max(1, min(jobs, count)) {
      start(
        {
          var worker = makeWorker()
          while let item = results.claim() {
            results.deliver(item, Result { try produce(&worker, item) })
          }
        }, in: group)
    }
    var failure: (any Error)?
    for item in 0..<count {
      guard cancellation?.isCancelled != true, let result = results.take(item) else { break }
      do {
        try consume(item, try result.get())
      } catch {
        failure = error
        break
      }
      progress?(item + 1, count)
    }
    results.stop()
    group.wait()
    if cancellation?.isCancelled == true { throw CancellationError() }
    if let failure { throw failure }
  }
}
