import Synchronization

/// Collects values from any thread.
final class Recorder<T: Sendable>: Sendable {
  private let values = Mutex<[T]>([])
  func append(_ value: T) { values.withLock { $0.append(value) } }
  var all: [T] { values.withLock { $0 } }
}
