import FlipbookEngine
import FlipbookPNG
import FlipbookRender
import FlipbookScene
import FlipbookTestSupport
import Foundation
import Testing

/// The frame pass as a library: the folder and the animated files from one pass, and files
/// that take fewer frames than the folder (a looping scene's files).
@Suite struct FramePassTests {
  /// A recording output: the frame numbers it was given, in order, and whether it finished.
  final class Recording: AnimatedOutput {
    var indices: [Int] = []
    var pixels: [[UInt8]] = []
    var closed = false, committed = false, abandoned = false
    let path = "recording"
    var bytesWritten: Int { 0 }
    func add(_ frame: RenderedFrame) throws {
      indices.append(frame.index)
      pixels.append(frame.pixmap.bytes)
    }
    func close() throws { closed = true }
    func commit() throws { committed = true }
    func abandon() { abandoned = true }
  }

  @Test func outputsGetEveryFrameInOrderAndTheFolderGetsItsFrames() throws {
    let scene = try SceneFile.load(example("crossfade.json"), overrides: SceneOverrides(duration: 0.4))
    try withTemporaryDirectory { dir in
      let recording = Recording()
      var pass = FramePass(
        scene: scene, range: nil,
        folder: FrameSequenceWriter(directory: "\(dir)/f", frameCount: scene.frameCount, range: nil),
        outputs: [recording])
      pass.outputRange = 0...(scene.frameCount - 2)
      let summary = try pass.run(jobs: 3)
      #expect(recording.indices == Array(0...(scene.frameCount - 2)))
      #expect(recording.closed && recording.committed && !recording.abandoned)
      #expect(summary.outputs[0].framesWritten == scene.frameCount - 1)
      #expect(summary.folder?.framesWritten == scene.frameCount)
      // Each frame handed out is the frame written to the folder (decoded independently).
      for k in [0, scene.frameCount - 2] {
        let name = FrameFileName.name(index: k, frameCount: scene.frameCount)
        #expect(try PNGDecoder.decode(file: "\(dir)/f/\(name)").bytes == recording.pixels[k])
      }
    }
  }
}
