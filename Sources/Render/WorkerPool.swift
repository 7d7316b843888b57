import Dispatch
import Foundation

/// The threads every multi-frame output runs on: PNG sequences, GIFs and any later format.
///
/// One pool, two shapes of work:
/// - ``forEach(count:cancellation:progress:makeWorker:body:)``: items in any order, each
///   finished where it was made (a PNG file written by the worker that drew it).
/// - ``forEachInOrder(count:window:cancellation:progress:makeWorker:produce:consume:)``:
///   items made in parallel and consumed in order on the calling thread (a GIF's frames, which
///   its encoder needs one after the other).
///
/// Each thread makes its own worker state with `makeWorker` (a frame producer, an encoder,
/// scratch buffers) on that thread and keeps it for all its items, so workers share nothing but
/// the counter that hands out item numbers. Items must not depend on each other or on which
/// thread makes them; then the output is the same for any `jobs`.
///
/// Threads are started per call by the calling thread, so they inherit its signal mask (a
/// command that unblocks SIGINT before a write gets it unblocked on every worker too). The pool
/// never touches signals: it stops when a ``CancellationToken`` says so.
public struct WorkerPool: Sendable {
  /// Threads working at once (at least 1).
  public let jobs: Int
  /// The name of the threads the pool starts, as debuggers and `top -H` show them.
  public let name: String

  /// A pool of `jobs` threads (values below 1 count as 1).
  public init(jobs: Int, name: String = "flipbook-worker") {
    self.jobs = max(1, jobs)
    self.name = name
  }

  /// Runs `body` for every item of `0..<count`, in no particular order, on up to ``jobs``
  /// threads, the calling thread being one of them; returns when all have stopped.
  ///
  /// Item numbers come from an atomic counter, so a fast thread simply takes more, and no
  /// finished item waits in memory for a slower one: memory is ``jobs`` workers' worth.
  /// `progress` is called after each item, one call at a time, in increasing order.
  ///
  /// When `body` throws, the other threads stop after their current item; `cancellation` is
  /// checked before every item.
  ///
  /// - Throws: `CancellationError` when `cancellation` was cancelled by the time the threads
  ///   stopped; otherwise the error of the lowest-numbered item that failed, so the error does
  ///   not depend on timing.
  public func forEach<Worker>(
    count: Int, cancellation: CancellationToken? = nil, progress: FrameProgress? = nil,
    makeWorker: @escaping @Sendable () -> Worker,
    body: @escaping @Sendable (_ worker: inout Worker, _ item: Int) throws -> Void
  ) throws {
    let run = WorkerPoolRun(count: count, cancellation: cancellation, progress: progress)
    let work: @Sendable () -> Void = {
      var worker = makeWorker()
      run.work { try body(&worker, $0) }
    }
    let threads = max(1, min(jobs, count))
    let group = DispatchGroup()
    for _ in 1..<threads { start(work, in: group) }
    work()
    group.wait()
    try run.finish()
  }

  /// Starts a thread that runs `work`, entered in `group` until it returns.
  func start(_ work: @escaping @Sendable () -> Void, in group: DispatchGroup) {
    group.enter()
    let thread = Thread {
      work()
      group.leave()
    }
    thread.name = name
    thread.start()
  }
}
