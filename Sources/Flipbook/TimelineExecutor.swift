import Dispatch
import FlipbookRender
import FlipbookScene
import Foundation
import Synchronization

/// Runs an async timeline on virtual time: a task executor that runs every job of the
/// timeline's tasks on one thread, one after the other, and moves the clock only when all of
/// them are suspended.
///
/// The loop: run queued jobs in the order they were queued (FIFO) until none is left; then, if
/// the timeline has not returned, run the one scheduler action due next (advancing time to
/// it), which resumes a sleeping task or runs a `withAnimation` completion; repeat. So at one
/// instant, tasks resume in the order their sleeps were registered, each running (with any
/// task it wakes) until everything is suspended again before the next one resumes. Nothing
/// depends on thread scheduling, and the recording is the same on every run.
///
/// The timeline's tasks run with this executor as their preference, so `async let` and task
/// groups run here too. Each job runs in a transaction of its own, as each scheduler action
/// does. All of it happens on one thread of its own, started per recording, while the movie's
/// caller waits: a timeline that loops without suspending can then be given up on (the thread
/// stays parked) instead of hanging its caller. `@unchecked Sendable`: everything but the job
/// queue is touched on that thread only.
final class TimelineExecutor: TaskExecutor, @unchecked Sendable {
  /// Jobs run at one virtual instant before the timeline is said never to let time move.
  static let jobLimit = 100_000
  /// Reads and changes of the state between two suspensions before the timeline is said to
  /// loop without suspending.
  static let accessLimit = 1_000_000

  let scheduler: TestScheduler
  let recorder: Recorder
  /// Where the recording ends: the movie's duration, or (without one) the longest movie the
  /// frame rate allows, past which the timeline is an error.
  let end: (seconds: Double, isDuration: Bool)
  let cancellation: CancellationToken?

  /// Jobs queued by the timeline's tasks (enqueued from any thread, run on the recording one).
  private let jobs = Mutex<[UnownedJob]>([])
  /// The recording thread, and whether a job was queued from another one: a task came back
  /// from another executor (an actor, a real clock's timer), which virtual time cannot order.
  private var thread: Thread?
  private let queuedElsewhere = Atomic<Bool>(false)
  /// The exact instant of the last sleep that ended, and its time in seconds: `now` as the
  /// clock reports it while the scheduler is still there.
  private var exact: (instant: Duration, seconds: Double) = (.zero, 0)
  private var jobsAtInstant = 0
  private var accesses = 0
  /// The timeline's result once it returned or threw, with the time it did.
  private var result: (error: (any Error)?, time: Double)?
  private var root: Task<Void, Never>?
  /// The outcome handed to the waiting caller: the first one set wins.
  private let outcome = Mutex<Result<Void, any Error>?>(nil)
  private let done = DispatchSemaphore(value: 0)

  init(scheduler: TestScheduler, recorder: Recorder, end: (Double, Bool), cancellation: CancellationToken?) {
    self.scheduler = scheduler
    self.recorder = recorder
    self.end = end
    self.cancellation = cancellation
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    if Thread.current !== thread { queuedElsewhere.store(true, ordering: .relaxed) }
    jobs.withLock { $0.append(job) }
  }

  /// The clock's current instant.
  var now: Duration {
    scheduler.now == exact.seconds ? exact.instant : Duration(exactSeconds: scheduler.now)
  }

  /// Records `timeline` on a thread of its own and waits for it.
  ///
  /// `start` runs there first, with the recorder current, and returns the timeline to run.
  func record(_ start: @escaping () -> () async throws -> Void) throws {
    let work = UncheckedBox { [self] in
      Recorder.$current.withValue(recorder) { finish(drive(start())) }
    }
    let thread = Thread { work.value() }
    thread.name = "flipbook-timeline"
    thread.stackSize = 8 << 20
    thread.start()
    done.wait()
    try outcome.withLock { $0! }.get()
  }

  private func finish(_ result: Result<Void, any Error>) {
    let first = outcome.withLock { current in
      if current != nil { return false }
      current = result
      return true
    }
    if first { done.signal() }
  }

  /// Counts a read or change of the state; past ``accessLimit`` between two suspensions the
  /// timeline is given up on: the caller gets the error, and this thread parks for good, as
  /// a job that never returns cannot be left any other way.
  func countAccess() {
    accesses += 1
    guard accesses > Self.accessLimit else { return }
    recorder.isStopped = true
    finish(
      .failure(
        MovieError(
          "the timeline read or changed its state \(Self.accessLimit) times at \(scheduler.now) s without suspending: "
            + "a loop that never awaits the clock (its thread is left parked)", time: scheduler.now)))
    while true { DispatchSemaphore(value: 0).wait() }
  }

  /// The loop that runs the timeline to its end; returns how it ended.
  private func drive(_ timeline: @escaping () async throws -> Void) -> Result<Void, any Error> {
    thread = Thread.current
    let recording = UncheckedBox(timeline)
    root = Task(executorPreference: self) { [self] in
      do {
        try await Recorder.$current.withValue(recorder) { try await recording.value() }
        result = (nil, scheduler.now)
      } catch {
        result = (error, scheduler.now)
      }
    }
    while true {
      if let failure = runJobs() { return stop(failure) }
      if queuedElsewhere.load(ordering: .relaxed) { return stop(.failure(waitingElsewhere())) }
      if cancellation?.isCancelled == true { return stop(.failure(CancellationError())) }
      if let (error, time) = result {
        if let error {
          return .failure(MovieError("the timeline threw at \(time) s: \(error)", time: time, underlying: error))
        }
        // Work the timeline left on the scheduler (withAnimation completions) runs, as when
        // a scheduler timeline returns.
        while let date = scheduler.nextDate, date <= end.seconds { scheduler.runNext() }
        return .success(())
      }
      guard let date = scheduler.nextDate else { return stop(.failure(waitingElsewhere())) }
      if date > end.seconds {
        if end.isDuration { return stop(.success(())) }
        return stop(
          .failure(
            MovieError(
              "the timeline is still running at \(date) s, past the longest movie at this frame rate "
                + "(\(SceneLimits.maxFrames) frames); end it, or give the movie a duration", time: date)))
      }
      if date > scheduler.now { jobsAtInstant = 0 }
      scheduler.runNext()
    }
  }

  /// The error for a timeline that waits for work no one runs on virtual time: nothing is
  /// left to run here, or work came back from another executor.
  private func waitingElsewhere() -> MovieError {
    MovieError(
      "the timeline is waiting at \(scheduler.now) s for something other than its clock (a real Task.sleep, "
        + "an unstructured Task, the main actor, an actor with its own executor): only the clock runs in virtual time",
      time: scheduler.now)
  }

  /// Runs queued jobs until none is left, each in a transaction of its own; an error when
  /// time has not moved for ``jobLimit`` jobs.
  private func runJobs() -> Result<Void, any Error>? {
    while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
      jobsAtInstant += 1
      if jobsAtInstant > Self.jobLimit {
        return .failure(
          MovieError(
            "the timeline ran \(Self.jobLimit) steps at \(scheduler.now) s without virtual time moving: "
              + "a loop that awaits (Task.yield, a child task) but never sleeps on the clock", time: scheduler.now))
      }
      accesses = 0
      recorder.within(Transaction()) { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
    return nil
  }

  /// Ends the recording early: later changes are not recorded, and the timeline's tasks are
  /// cancelled and run until they have unwound (within the job limit), so none is left
  /// suspended on the clock.
  private func stop(_ outcome: Result<Void, any Error>) -> Result<Void, any Error> {
    recorder.isStopped = true
    root?.cancel()
    jobsAtInstant = 0
    _ = runJobs()
    return outcome
  }

  /// Suspends the current task until `deadline`, or throws `CancellationError` when it is
  /// cancelled first (its wake-up is then withdrawn, so it never moves time).
  func sleep(until deadline: Duration) async throws {
    try Task.checkCancellation()
    let sleeper = Sleeper()
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
        sleeper.continuation = continuation
        if sleeper.isCancelled {
          sleeper.wake(throwing: CancellationError())
          return
        }
        let seconds = deadline.exactSeconds
        sleeper.id = scheduler.scheduleRemovable(after: seconds) { [self] in
          // A deadline already past resumes at the current time, which keeps its instant.
          if seconds == scheduler.now { exact = (deadline, seconds) }
          sleeper.wake(throwing: nil)
        }
      }
    } onCancel: { [self] in
      // Cancellation comes from the timeline's own tasks (a parent, a group, `stop`), so on
      // this thread.
      sleeper.isCancelled = true
      if let id = sleeper.id { scheduler.remove(id) }
      sleeper.wake(throwing: CancellationError())
    }
  }
}

/// One sleep's continuation and scheduler entry, resumed exactly once.
private final class Sleeper: @unchecked Sendable {
  var continuation: UnsafeContinuation<Void, any Error>?
  var id: Int?
  var isCancelled = false

  func wake(throwing error: (any Error)?) {
    guard let continuation else { return }
    self.continuation = nil
    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
  }
}

/// A value handed to the recording thread, which alone uses it while the caller waits.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
