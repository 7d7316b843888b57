import FlipbookEngine
import FlipbookGIF
import FlipbookImage
import FlipbookPNG
import FlipbookRender
import FlipbookTestSupport
import Foundation
import Testing

/// Still frames (a display list equal to the previous frame's) are handed back instead of
/// drawn, and their PNG bytes and palettes reused: the output must be exactly what drawing
/// and encoding each frame afresh gives.
@Suite struct StillFrameTests {
  /// 10 fps over 1 s: a circle moves linearly from 0 to 0.5 s, then stays still, so frames
  /// 6…10 (0.6 s … 1.0 s) are frame 5's picture (the end, at 0.5 s) again.
  static func scene() throws -> CompiledScene {
    try compile(
      #"""
      {"version": 1, "canvas": {"width": 64, "height": 32}, "fps": 10, "duration": 1, "state": {"x": -20},
       "root": {"type": "circle", "modifiers": [{"fill": "teal"}, {"frame": {"width": 12, "height": 12}}, {"offset": {"x": "$x", "y": 0}}]},
       "timeline": [{"at": 0, "set": {"x": 20}, "animation": {"linear": {"duration": 0.5}}}]}
      """#)
  }

  @Test func framesAfterTheAnimationEndsAreRepeatsWithTheSamePixels() throws {
    let scene = try Self.scene()
    var producer = SceneFrameProducer(scene: scene)
    var pixmap = Pixmap(width: 0, height: 0)
    var repeats: [Bool] = []
    for k in 0..<scene.frameCount {
      repeats.append(try producer.renderFrameNotingRepeats(k, into: &pixmap))
      // A producer with no history draws the frame itself.
      var fresh = SceneFrameProducer(scene: scene)
      var expected = Pixmap(width: 0, height: 0)
      try fresh.renderFrame(k, into: &expected)
      #expect(pixmap == expected, "frame \(k)")
    }
    #expect(repeats == (0...10).map { $0 >= 6 })
    // Out of order, the picture is still the frame asked for: frame 2 after the still ones.
    #expect(try producer.renderFrameNotingRepeats(2, into: &pixmap) == false)
    #expect(try producer.renderFrameNotingRepeats(9, into: &pixmap) == false)
    #expect(try producer.renderFrameNotingRepeats(8, into: &pixmap) == true)
  }

  /// Frames announced with `prepareFrames` (their display lists evaluated ahead) are the
  /// frames drawn without it, including still ones, skipped ones and frames outside the run.
  @Test func preparedFramesAreTheFramesDrawnOnDemand() throws {
    let scene = try Self.scene()
    var producer = SceneFrameProducer(scene: scene)
    var pixmap = Pixmap(width: 0, height: 0)
    func expected(_ k: Int) throws -> Pixmap {
      var fresh = SceneFrameProducer(scene: scene)
      var p = Pixmap(width: 0, height: 0)
      try fresh.renderFrame(k, into: &p)
      return p
    }
    producer.prepareFrames(2..<9)
    // In order, with frame 4 skipped (another worker's), then one outside the run.
    for k in [2, 3, 5, 6, 7, 8, 1] {
      _ = try producer.renderFrameNotingRepeats(k, into: &pixmap)
      #expect(pixmap == (try expected(k)), "frame \(k)")
    }
    #expect(try producer.renderFrameNotingRepeats(10, into: &pixmap) == false)
    #expect(pixmap == (try expected(10)))
  }

  /// Records the palette frames the pass hands out.
  final class Palettes: AnimatedOutput {
    var frames: [Int: GIFIndexedFrame] = [:]
    let path = "palettes"
    var bytesWritten: Int { 0 }
    func add(_ frame: RenderedFrame) throws { frames[frame.index] = frame.gif }
    func close() throws {}
    func commit() throws {}
    func abandon() {}
  }

  @Test(arguments: [1, 2, 3])
  func stillFramesGetTheBytesAndPalettesAFreshFrameGets(jobs: Int) throws {
    let scene = try Self.scene()
    try withTemporaryDirectory { dir in
      let palettes = Palettes()
      var pass = FramePass(
        scene: scene, range: nil,
        folder: FrameSequenceWriter(directory: "\(dir)/f", frameCount: scene.frameCount, range: nil),
        outputs: [palettes])
      pass.gifQuantizer = GIFQuantizer()
      _ = try pass.run(jobs: jobs)
      for k in 0..<scene.frameCount {
        var fresh = SceneFrameProducer(scene: scene)
        var pixmap = Pixmap(width: 0, height: 0)
        try fresh.renderFrame(k, into: &pixmap)
        let name = FrameFileName.name(index: k, frameCount: scene.frameCount)
        let written = try Data(contentsOf: URL(fileURLWithPath: "\(dir)/f/\(name)"))
        #expect([UInt8](written) == (try PNGEncoder.encode(pixmap)), "frame \(k)")
        var quantizer = GIFQuantizer()
        #expect(palettes.frames[k] == (try quantizer.quantize(pixmap)), "frame \(k)")
      }
    }
  }
}
