import FlipbookEngine
import FlipbookRender
import FlipbookTestSupport
import Testing

/// `--loop`'s rule: the last frame goes when it is the first again, one loop (the duration)
/// later; checked against the frame times computed here.
@Suite
struct LoopSeamTests {
  static func scene(duration: Double, fps: Double) throws -> CompiledScene {
    try compile(
      #"{"version": 1, "canvas": {"width": 4, "height": 4}, "fps": \#(fps), "duration": \#(duration), "root": {"type": "empty"}}"#
    )
  }

  @Test(arguments: [(2.0, 30.0), (1.0, 24.0), (2.05, 10.0), (0.5, 29.97), (3.0, 0.5), (0.0, 30.0), (1.0 / 3.0, 60.0)])
  func theLastFrameGoesExactlyWhenItIsTheFirstOneLoopLater(duration: Double, fps: Double) throws {
    let scene = try Self.scene(duration: duration, fps: fps)
    let last = Int((duration * fps).rounded())  // frames 0…last, at i / fps
    let repeats = duration > 0 && abs(Double(last) / fps - duration) < 1e-9
    let selection = LoopSeam.frames(scene)
    #expect(selection.frames == 0...(repeats ? last - 1 : last))
    #expect(selection.seamOnAFrame == (repeats || duration == 0))
    // A range ending at the last frame loses it too; one that stops before keeps its end.
    if last >= 2 {
      #expect(LoopSeam.frames(scene, range: 1...(last - 1)).frames == 1...(last - 1))
    }
  }
}
