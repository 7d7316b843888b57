import Foundation
import Synchronization

/// Encoded frames by scene generation and time, bounded by their total size: the least
/// recently used frames are dropped first, so scrubbing back and forth is served from memory
/// while a long session cannot grow without bound.
final class FrameCache: Sendable {
  struct Key: Hashable {
    var generation: Int
    /// The time's bit pattern: two spellings of one number (`0.5`, `0.50`) share an entry.
    var time: UInt64
  }

  private struct Entry {
    var png: Data
    var lastUse: UInt64
  }

  private struct State {
    var entries: [Key: Entry] = [:]
    var bytes = 0
    var clock: UInt64 = 0
  }

  let capacity: Int
  private let state = Mutex(State())

  init(capacity: Int) { self.capacity = capacity }

  func frame(generation: Int, time: Double) -> Data? {
    state.withLock { s in
      let key = Key(generation: generation, time: time.bitPattern)
      guard var entry = s.entries[key] else { return nil }
      s.clock += 1
      entry.lastUse = s.clock
      s.entries[key] = entry
      return entry.png
    }
  }

  /// Keeps `png`, then drops least recently used frames until the total fits the capacity. A
  /// frame larger than the whole capacity is not kept.
  func insert(_ png: Data, generation: Int, time: Double) {
    guard png.count <= capacity else { return }
    state.withLock { s in
      let key = Key(generation: generation, time: time.bitPattern)
      s.clock += 1
      if let old = s.entries[key] { s.bytes -= old.png.count }
      s.entries[key] = Entry(png: png, lastUse: s.clock)
      s.bytes += png.count
      while s.bytes > capacity, let oldest = s.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
        s.bytes -= oldest.value.png.count
        s.entries[oldest.key] = nil
      }
    }
  }

  /// Drops every frame (the scene changed: its frames are of no further use).
  func removeAll() {
    state.withLock { s in
      s.entries = [:]
      s.bytes = 0
    }
  }

  /// The bytes held now.
  var size: Int { state.withLock { $0.bytes } }
}
