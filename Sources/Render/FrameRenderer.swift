import FlipbookImage
import FlipbookDisplayList
import FlipbookEngine
import FlipbookRaster

/// Draws frames of a compiled scene; one per worker thread, so that its rasterizer's
/// buffers are reused from frame to frame.
public struct SceneFrameProducer: FrameProducer {
  public let scene: CompiledScene
  var rasterizer = Rasterizer()

  public init(scene: CompiledScene) { self.scene = scene }

  public mutating func renderFrame(_ index: Int, into pixmap: inout Pixmap) throws {
    rasterizer.render(scene.displayList(frame: index), into: &pixmap)
  }
}

/// The whole pipeline: a compiled scene in, PNG frames out.
public enum FrameRenderer {
  /// Renders `range` (nil: every frame) of `scene` into `directory` on `jobs` threads.
  @discardableResult
  ///
  /// See ``FrameSequenceWriter/write(jobs:makeProducer:cancellation:progress:)`` for what a
  /// failure or a cancellation leaves behind.
  public static func render(
    _ scene: CompiledScene, to directory: String, range: ClosedRange<Int>? = nil, jobs: Int,
    cancellation: CancellationToken? = nil, progress: FrameProgress? = nil
  ) throws -> WriteSummary {
    let writer = FrameSequenceWriter(directory: directory, frameCount: scene.frameCount, range: range)
    return try writer.write(
      jobs: jobs, makeProducer: { SceneFrameProducer(scene: scene) }, cancellation: cancellation, progress: progress)
  }

  /// One frame as a pixmap, for tests and tools.
  public static func pixmap(_ scene: CompiledScene, frame: Int) -> Pixmap {
    var rasterizer = Rasterizer()
    var pixmap = Pixmap(width: scene.pixelWidth, height: scene.pixelHeight)
    rasterizer.render(scene.displayList(frame: frame), into: &pixmap)
    return pixmap
  }
}
