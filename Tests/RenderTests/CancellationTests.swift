import FlipbookTestSupport
import FlipbookEngine
import FlipbookRender
import Foundation
import Testing

/// Cancelling through a token, as an app (or the command's signal handler) does: the outputs
/// are left as they were, and nothing exits the process.
@Suite("Cancellation")
struct CancellationTests {
  @Test("a frame sequence cancelled without a signal throws .cancelled and changes nothing")
  func frames() throws {
    try withTemporaryDirectory { dir in
      try writeFrames(to: dir, frameCount: 6, producer: ColorProducer(seed: 1))
      let before = snapshot(dir)
      let token = CancellationToken()
      let error = #expect(throws: FrameSequenceError.self) {
        try writeFrames(
          to: dir, frameCount: 6, jobs: 2, producer: ColorProducer(seed: 2),
          progress: { if $0 == 2 { token.cancel() } }, cancellation: token)
      }
      guard case .cancelled = error else {
        Issue.record("unexpected error \(String(describing: error))")
        return
      }
      #expect(snapshot(dir) == before)
    }
  }

  @Test("a cancelled GIF leaves the file as it was and throws CancellationError")
  func gif() throws {
    let scene = try SceneFile.load(example("lore-circle.json"))
    try withTemporaryDirectory { dir in
      let path = dir + "/out.gif"
      try Data("old".utf8).write(to: URL(fileURLWithPath: path))
      let before = snapshot(dir)
      let token = CancellationToken()
      #expect(throws: CancellationError.self) {
        try GIFRenderer.render(
          scene, to: path, range: 0...40, jobs: 2, cancellation: token,
          progress: { done, _ in if done == 5 { token.cancel() } })
      }
      #expect(snapshot(dir) == before)
    }
  }
}
