import FlipbookRender
import Testing

/// The one pool every output runs on: each item once, errors and cancellation independent of
/// timing, and, for ordered outputs, items consumed in order.
@Suite("Worker pool")
struct WorkerPoolTests {
  struct Failure: Error, Equatable { var item: Int }

  @Test("every item is done once and progress counts up, for any number of jobs", arguments: [1, 2, 3, 8])
  func everyItemOnce(jobs: Int) throws {
    let items = Recorder<Int>()
    let progress = Recorder<[Int]>()
    try WorkerPool(jobs: jobs).forEach(
      count: 50, progress: { progress.append([$0, $1]) }, makeWorker: { 0 },
      body: { done, item in
        done += 1
        items.append(item)
      })
    #expect(items.all.sorted() == Array(0..<50))
    #expect(progress.all == (1...50).map { [$0, 50] })
  }

  @Test(
    "with prepare, each thread gets runs of consecutive items, announced before they are done", arguments: [1, 2, 3])
  func batches(jobs: Int) throws {
    /// One thread's record: the runs announced, and each item done with the number of runs
    /// announced by then.
    final class Log: @unchecked Sendable {
      var runs: [Range<Int>] = []
      var items: [(item: Int, runsBefore: Int)] = []
    }
    let logs = Recorder<Log>()
    let progress = Recorder<[Int]>()
    try WorkerPool(jobs: jobs).forEach(
      count: 100, progress: { progress.append([$0, $1]) },
      makeWorker: { () -> Log in
        let log = Log()
        logs.append(log)
        return log
      },
      prepare: { log, items in log.runs.append(items) },
      body: { log, item in log.items.append((item, log.runs.count)) })
    var all: [Int] = []
    for log in logs.all {
      // A thread does exactly the items of its runs, in order, each after its run was announced.
      #expect(log.items.map(\.item) == log.runs.flatMap { Array($0) })
      #expect(log.items.allSatisfy { $0.runsBefore > 0 && log.runs[$0.runsBefore - 1].contains($0.item) })
      #expect(log.runs.allSatisfy { !$0.isEmpty && $0.count <= WorkerPool.maxBatch })
      all += log.items.map(\.item)
    }
    #expect(all.sorted() == Array(0..<100))
    #expect(progress.all == (1...100).map { [$0, 100] })
    // One thread takes full runs; with several, the last items go one at a time.
    if jobs == 1 { #expect(logs.all[0].runs.dropLast().allSatisfy { $0.count == WorkerPool.maxBatch }) }
    if jobs > 1 { #expect(logs.all.flatMap(\.runs).filter { $0.lowerBound >= 96 }.allSatisfy { $0.count == 1 }) }
  }

  @Test("the lowest failing item's error is thrown, whatever the timing", arguments: [1, 2, 4])
  func lowestFailure(jobs: Int) {
    let error = #expect(throws: Failure.self) {
      try WorkerPool(jobs: jobs).forEach(
        count: 40, makeWorker: { () },
        body: { _, item in if item == 7 || item == 30 { throw Failure(item: item) } })
    }
    #expect(error == Failure(item: 7))
  }

  @Test("ordered work is consumed in order, with the first error in item order", arguments: [1, 2, 5])
  func inOrder(jobs: Int) {
    var consumed: [Int] = []
    let progress = Recorder<Int>()
    let error = #expect(throws: Failure.self) {
      try WorkerPool(jobs: jobs).forEachInOrder(
        count: 30, window: 3, progress: { done, _ in progress.append(done) }, makeWorker: { () },
        produce: { _, item in
          if item == 20 || item == 25 { throw Failure(item: item) }
          return item * item
        },
        consume: { item, square in
          #expect(square == item * item)
          consumed.append(item)
        })
    }
    #expect(error == Failure(item: 20))
    #expect(consumed == Array(0..<20))
    #expect(progress.all == Array(1...20))
  }

  @Test("a cancelled run stops before its next item and throws CancellationError")
  func cancellation() {
    let token = CancellationToken()
    let items = Recorder<Int>()
    #expect(throws: CancellationError.self) {
      try WorkerPool(jobs: 1).forEach(
        count: 100, cancellation: token, makeWorker: { () },
        body: { _, item in
          items.append(item)
          if item == 3 { token.cancel() }
        })
    }
    #expect(items.all == [0, 1, 2, 3])

    let ordered = CancellationToken()
    var consumed: [Int] = []
    #expect(throws: CancellationError.self) {
      try WorkerPool(jobs: 3).forEachInOrder(
        count: 100, cancellation: ordered, makeWorker: { () }, produce: { _, item in item },
        consume: { item, _ in
          consumed.append(item)
          if item == 3 { ordered.cancel() }
        })
    }
    #expect(consumed == [0, 1, 2, 3])
  }

  @Test("a token keeps the first reason it was given")
  func tokenReason() {
    let token = CancellationToken()
    #expect(!token.isCancelled && token.signal == nil)
    token.cancel(signal: 15)
    token.cancel()
    #expect(token.isCancelled && token.signal == 15)
    let plain = CancellationToken()
    plain.cancel()
    plain.cancel(signal: 2)
    #expect(plain.isCancelled && plain.signal == nil)
  }
}
