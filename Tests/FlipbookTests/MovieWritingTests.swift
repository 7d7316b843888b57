import Flipbook
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `Movie.writeFrames` from an app's point of view: the app's signal handlers stay its own,
/// and it stops a write with a token rather than a signal.
@Suite struct MovieWritingTests {
  static func movie() throws -> Movie {
    try Movie(width: 8, height: 8, background: .white, fps: 10, duration: 2, state: 0) { _ in
      Circle().fill(Color.red).frame(width: 6, height: 6)
    }
  }

  /// The handlers (as addresses) of the signals a command would catch or ignore.
  static func dispositions() -> [Int] {
    [SIGINT, SIGTERM, SIGHUP, SIGXFSZ].map { signo in
      var action = sigaction()
      sigaction(signo, nil, &action)
      return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    }
  }

  @Test func writingLeavesTheAppsSignalHandlersAlone() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-signals-\(UUID().uuidString)")
      .path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let before = Self.dispositions()
    let during = Mutex<[[Int]]>([])
    try Self.movie().writeFrames(
      to: dir, jobs: 2,
      progress: { _, _ in
        let now = Self.dispositions()
        during.withLock { $0.append(now) }
      })
    #expect(during.withLock { $0.allSatisfy { $0 == before } })
    #expect(Self.dispositions() == before)
  }

  @Test func aCancelledWriteThrowsAndWritesNothing() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-cancel-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let token = CancellationToken()
    let totals = Mutex<Set<Int>>([])
    #expect(throws: (any Error).self) {
      try Self.movie().writeFrames(
        to: dir, jobs: 2, cancellation: token,
        progress: { done, total in
          totals.withLock { _ = $0.insert(total) }
          if done == 3 { token.cancel() }
        })
    }
    #expect(totals.withLock { $0 } == [21])
    #expect(!FileManager.default.fileExists(atPath: dir))
  }
}
