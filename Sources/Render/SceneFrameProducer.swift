import FlipbookDisplayList
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
  /// The display list of the last frame drawn and its pixels (sharing the caller's storage):
  /// a frame with an equal list is that picture again, so it is handed back, not drawn.
  private var last: (list: DisplayList, pixmap: Pixmap)?
  /// The display lists of the frames announced by ``prepareFrames(_:)`` and not drawn yet.
  private var upcoming: [(index: Int, list: DisplayList)] = []

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
    _ = try draw(frame: index, into: &pixmap)
  }

  /// Draws frame `index` and says whether it repeats the previous call's picture (see
  /// ``FrameProducer/renderFrameNotingRepeats(_:into:)``): when its display list equals the
  /// last one drawn, the rasterizer is skipped and `pixmap` gets the last frame's pixels.
  public mutating func renderFrameNotingRepeats(_ index: Int, into pixmap: inout Pixmap) throws -> Bool {
    try draw(frame: index, into: &pixmap)
  }

  /// Evaluates the display lists of `indices` now, one after the other, while the scene's
  /// tables are in the cache (``FrameProducer/prepareFrames(_:)``); drawing those frames then
  /// uses them. The lists are the ones drawing would evaluate, so no frame changes.
  public mutating func prepareFrames(_ indices: Range<Int>) {
    upcoming = indices.map { (index: $0, list: scene.displayList(at: scene.time(ofFrame: $0))) }
  }

  /// Draws frame `index` with its prepared display list, if it has one.
  private mutating func draw(frame index: Int, into pixmap: inout Pixmap) throws -> Bool {
    let list: DisplayList
    if let k = upcoming.firstIndex(where: { $0.index == index }) {
      list = upcoming[k].list
      upcoming.removeSubrange(...k)
    } else {
      list = scene.displayList(at: scene.time(ofFrame: index))
    }
    return try draw(list, at: scene.time(ofFrame: index), into: &pixmap)
  }

  /// Draws the scene at `time` seconds, between frames too, into `pixmap`, resizing it if
  /// needed. Throws ``FrameWorkLimitError`` as ``renderFrame(_:into:)`` does.
  public mutating func render(at time: Double, into pixmap: inout Pixmap) throws {
    _ = try draw(scene.displayList(at: time), at: time, into: &pixmap)
  }

  /// Draws `list` (the display list at `time`) unless it equals the last one drawn; returns
  /// whether it did not need to. The rasterizer's output depends on the list alone, so equal
  /// lists are equal pixels.
  private mutating func draw(_ list: DisplayList, at time: Double, into pixmap: inout Pixmap) throws -> Bool {
    if let last, last.list == list {
      pixmap = last.pixmap
      return true
    }
    // Let go of the last pixels first, so that drawing over the caller's pixmap does not copy
    // the storage they share.
    last = nil
    rasterizer.render(list, into: &pixmap)
    if rasterizer.exceededWorkLimit { throw FrameWorkLimitError(time: time) }
    last = (list, pixmap)
    return false
  }
}
