import Foundation
import Synchronization

/// At most `slots` frames drawn at once, each on a thread of its own outside Swift's
/// cooperative pool (drawing a frame blocks for milliseconds), and at most `maxWaiting`
/// requests waiting for a slot: beyond that ``run(_:)`` throws ``RenderSlots/Busy`` at once.
///
/// So any number of clients costs a bounded number of threads and of frames in progress.
final class RenderSlots: Sendable {
  struct Busy: Error {}

  private struct State {
    var free: Int
    var waiting: [CheckedContinuation<Void, any Error>] = []
  }

  let maxWaiting: Int
  private let state: Mutex<State>
  private let queue = DispatchQueue(label: "flipbook.preview.render", attributes: .concurrent)

  init(slots: Int, maxWaiting: Int) {
    self.maxWaiting = maxWaiting
    state = Mutex(State(free: slots))
  }

  /// Runs `work` on a render thread once a slot is free and returns its result.
  func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await acquire()
    defer { release() }
    return try await withCheckedThrowingContinuation { continuation in
      queue.async { continuation.resume(with: Result { try work() }) }
    }
  }

  /// Takes a free slot, or waits in line for one, or throws ``Busy`` when the line is full.
  private func acquire() async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      enum Outcome { case acquired, waiting, busy }
      let outcome = state.withLock { s -> Outcome in
        if s.free > 0 {
          s.free -= 1
          return .acquired
        }
        guard s.waiting.count < maxWaiting else { return .busy }
        s.waiting.append(continuation)
        return .waiting
      }
      switch outcome {
      case .acquired: continuation.resume()
      case .busy: continuation.resume(throwing: Busy())
      case .waiting: break
      }
    }
  }

  /// Requests waiting for a slot now.
  var waitingCount: Int { state.withLock { $0.waiting.count } }

  /// Hands the slot to the longest-waiting request, or frees it.
  private func release() {
    let next = state.withLock { s -> CheckedContinuation<Void, any Error>? in
      if !s.waiting.isEmpty { return s.waiting.removeFirst() }
      s.free += 1
      return nil
    }
    next?.resume()
  }
}
