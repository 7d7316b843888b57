import FlipbookEngine
import FlipbookImage
import FlipbookRaster

/// Draws a compiled scene into pixmaps: the one way from (scene, frame or time, scale) to
/// pixels.
///
/// Frame sequences, GIFs, `render --time`/`--frame`, contact sheets, `Movie` and the fuzz
/// target all draw through it, so a moment looks the same in every output. Keep one per
/// thread: it owns a rasterizer whose buffers are reused from frame to frame.
public struct SceneFrameProducer: FrameProducer {
  public let scene: CompiledScene
  var rasterizer = Rasterizer()

  /// Draws `scene` as it is, at its canvas's scale.
  public init(scene: CompiledScene) { self.scene = scene }

  /// Draws `scene` at `scale` pixels per point instead of its canvas's scale (thumbnails):
  /// the same frames at the same times, each exactly what the renderer draws at that size
  /// rather than a downsampled full frame.
  public init(scene: CompiledScene, scale: Double) throws {
    var model = scene.scene
    model.canvas.scale = scale
    // Keep the sampled times: the rescaled scene has the same frames at the same fps.
    model.duration = .seconds(scene.duration)
    self.scene = try CompiledScene(model)
  }

  /// Draws frame `index` (at `index / fps` seconds) into `pixmap`, resizing it if needed.
  ///
  /// Throws ``FrameWorkLimitError`` for a frame over the rasterizer's work limit; `pixmap`
  /// then holds only the background.
  public mutating func renderFrame(_ index: Int, into pixmap: inout Pixmap) throws {
    try render(at: scene.time(ofFrame: index), into: &pixmap)
  }

  /// Draws the scene at `time` seconds, between frames too, into `pixmap`, resizing it if
  /// needed. Throws ``FrameWorkLimitError`` as ``renderFrame(_:into:)`` does.
  public mutating func render(at time: Double, into pixmap: inout Pixmap) throws {
    rasterizer.render(scene.displayList(at: time), into: &pixmap)
    if rasterizer.exceededWorkLimit { throw FrameWorkLimitError(time: time) }
  }
}
