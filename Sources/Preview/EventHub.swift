import Foundation
import Synchronization

/// The open `/events` streams (Server-Sent Events) and what is sent to all of them: a
/// `reload` when the scene changed, an `error` when the file became invalid, and a comment
/// line now and then so that a stream whose page was closed is noticed (its write fails).
final class EventHub: Sendable {
  private struct State {
    var streams: [(id: Int, continuation: AsyncStream<String>.Continuation)] = []
    var nextID = 0
    var closed = false
  }

  let maxStreams: Int
  private let state = Mutex(State())

  init(maxStreams: Int) { self.maxStreams = maxStreams }

  /// A new stream that starts with `first` (the scene's current state, so a page opened while
  /// the file is invalid shows the error at once). Beyond ``maxStreams`` the oldest stream
  /// ends; after ``close()`` the stream is empty.
  func subscribe(first: String) -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(16))
    continuation.yield(first)
    let (id, dropped) = state.withLock { s -> (Int, [AsyncStream<String>.Continuation]) in
      guard !s.closed else { return (-1, [continuation]) }
      let id = s.nextID
      s.nextID += 1
      s.streams.append((id, continuation))
      let excess = max(0, s.streams.count - maxStreams)
      defer { s.streams.removeFirst(excess) }
      return (id, s.streams.prefix(excess).map(\.continuation))
    }
    for c in dropped { c.finish() }
    continuation.onTermination = { [weak self] _ in self?.remove(id) }
    return stream
  }

  /// Sends one event to every open stream.
  func broadcast(_ message: String) {
    for c in state.withLock({ $0.streams.map(\.continuation) }) { c.yield(message) }
  }

  /// Ends every stream and refuses new ones (the server is stopping).
  func close() {
    let all = state.withLock { s -> [AsyncStream<String>.Continuation] in
      s.closed = true
      defer { s.streams = [] }
      return s.streams.map(\.continuation)
    }
    for c in all { c.finish() }
  }

  private func remove(_ id: Int) {
    state.withLock { s in s.streams.removeAll { $0.id == id } }
  }

  /// One event in the text/event-stream format: `event: NAME`, then each line of `data`.
  static func event(_ name: String, data: String) -> String {
    "event: \(name)\n" + data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined()
      + "\n"
  }

  /// A comment line, which clients ignore: it only checks that the connection is open.
  static let heartbeat = ": keep-alive\n\n"
}
