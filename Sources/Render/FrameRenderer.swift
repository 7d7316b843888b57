import FlipbookImage
import FlipbookEngine

/// The whole pipeline: a compiled scene in, PNG frames or single pixmaps out.
public enum FrameRenderer {
  /// Renders `range` (nil: every frame) of `scene` into `directory` on `jobs` threads.
  ///
  /// See ``FrameSequenceWriter/write(jobs:makeProducer:cancellation:progress:)`` for what a
  /// failure or a cancellation leaves behind.
  @discardableResult
  public static func render(
    _ scene: CompiledScene, to directory: String, range: ClosedRange<Int>? = nil, jobs: Int,
    cancellation: CancellationToken? = nil, progress: FrameProgress? = nil
  ) throws -> WriteSummary {
    let writer = FrameSequenceWriter(directory: directory, frameCount: scene.frameCount, range: range)
    return try writer.write(
      jobs: jobs, makeProducer: { SceneFrameProducer(scene: scene) }, cancellation: cancellation, progress: progress)
  }

  /// Frame `frame` as a new pixmap (``SceneFrameProducer/renderFrame(_:into:)``).
  public static func pixmap(_ scene: CompiledScene, frame: Int) throws -> Pixmap {
    var producer = SceneFrameProducer(scene: scene)
    var pixmap = Pixmap(width: 0, height: 0)
    try producer.renderFrame(frame, into: &pixmap)
    return pixmap
  }

  /// The scene at `time` seconds, between frames too, as a new pixmap
  /// (``SceneFrameProducer/render(at:into:)``).
  public static func pixmap(_ scene: CompiledScene, at time: Double) throws -> Pixmap {
    var producer = SceneFrameProducer(scene: scene)
    var pixmap = Pixmap(width: 0, height: 0)
    try producer.render(at: time, into: &pixmap)
    return pixmap
  }
}
