import FlyingSocks

/// An `/events` response body: the hub's messages as bytes, as they come, for FlyingFox's
/// chunked transfer encoding (each message is written and flushed as one chunk).
struct EventStreamBody: AsyncBufferedSequence, Sendable {
  typealias Element = UInt8
  let messages: AsyncStream<String>

  func makeAsyncIterator() -> Iterator { Iterator(messages: messages.makeAsyncIterator()) }

  struct Iterator: AsyncBufferedIteratorProtocol {
    var messages: AsyncStream<String>.AsyncIterator
    var pending: [UInt8] = []

    mutating func next() async throws -> UInt8? {
      guard let buffer = try await nextBuffer(suggested: 1) else { return nil }
      return buffer.first
    }

    /// The rest of the current message, or the next one when it is all sent.
    mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
      if pending.isEmpty {
        guard let message = await messages.next() else { return nil }
        pending = Array(message.utf8)
      }
      let n = Swift.min(Swift.max(count, 1), pending.count)
      defer { pending.removeFirst(n) }
      return Array(pending.prefix(n))
    }
  }
}
