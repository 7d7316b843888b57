import Flipbook
import FlipbookTesting
import Foundation
import Testing

/// Goldens written by ``Movie/writeFrames(to:frames:jobs:cancellation:progress:)`` are the files `assertFrames`
/// looks for, also past 10,000 frames, where names take a fifth digit.
@Suite struct FrameNamingTests {
  @Test func assertFramesFindsTheFramesWriteFramesWrote() throws {
    // 100 fps for 199.99 s: frames 0…19,999, named frame_00000.png … frame_19999.png.
    let movie = try Movie(width: 4, height: 4, background: .white, fps: 100, duration: 199.99, state: 0) { _ in
      Rectangle().fill(Color.red).frame(width: 2, height: 2)
    }
    #expect(movie.frameCount == 20_000)
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-naming-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    for frame in [5, 12_345] {
      try movie.writeFrames(to: dir, frames: frame...frame)
    }
    #expect(assertFrames(movie, matchGoldensIn: dir, frames: [5, 12_345]))
  }
}
