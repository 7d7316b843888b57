import FlipbookEngine
import FlipbookPNG
import FlipbookImage
import FlipbookRender
import FlipbookScene

/// An image in memory: premultiplied sRGB RGBA, 8 bits per channel, rows top to bottom.
public typealias Pixmap = FlipbookImage.Pixmap

/// What ``Movie/writeFrames(to:frames:jobs:cancellation:progress:)`` wrote.
public typealias WriteSummary = FlipbookRender.WriteSummary

/// Stops a ``Movie/writeFrames(to:frames:jobs:cancellation:progress:)`` from another thread
/// (a Cancel button, your own signal handler); the folder is then left as it was.
public typealias CancellationToken = FlipbookRender.CancellationToken

/// `(done, total)` frames of a ``Movie/writeFrames(to:frames:jobs:cancellation:progress:)``,
/// called one call at a time from its worker threads.
public typealias FrameProgress = FlipbookRender.FrameProgress

extension Movie {
  /// Frame `index` (0 ..< ``frameCount``).
  ///
  /// A frame over the rasterizer's work limit (shapes needing more than 4 194 304 outline
  /// points at their scale) shows only the background here; ``writeFrames(to:frames:jobs:cancellation:progress:)``
  /// throws for it.
  public func frame(_ index: Int) -> Pixmap {
    precondition(index >= 0 && index < frameCount, "frame \(index) is outside 0..<\(frameCount)")
    return image(at: compiled.time(ofFrame: index))
  }

  /// The movie at any time in seconds, between frames too (over the work limit: the
  /// background, as ``frame(_:)``).
  public func image(at time: Double) -> Pixmap {
    var producer = SceneFrameProducer(scene: compiled)
    var pixmap = Pixmap(width: 0, height: 0)
    try? producer.render(at: time, into: &pixmap)
    return pixmap
  }

  /// Writes `directory/frame_0000.png`, … (all frames, or `frames`), as the `render` command
  /// does: into a staging folder first, in parallel on `jobs` threads, byte-identical for any
  /// number of threads.
  ///
  /// Nothing here touches your process's signals: to stop on Ctrl-C, cancel `cancellation`
  /// (from your handler or a Cancel button); the write then throws and leaves `directory` as
  /// it was. `progress` gets `(done, total)` after each frame.
  @discardableResult
  public func writeFrames(
    to directory: String, frames: ClosedRange<Int>? = nil, jobs: Int = 1,
    cancellation: CancellationToken? = nil, progress: FrameProgress? = nil
  ) throws -> WriteSummary {
    try FrameRenderer.render(
      compiled, to: directory, range: frames, jobs: max(1, jobs), cancellation: cancellation, progress: progress)
  }

  /// The file name ``writeFrames(to:frames:jobs:cancellation:progress:)`` gives frame `index`: `frame_0042.png`,
  /// with a fifth digit (and more) once the movie has more than 10,000 frames.
  ///
  /// The same rule as the `render` command's, so goldens and frame folders written either
  /// way have the same names.
  public func frameFileName(_ index: Int) -> String {
    FrameFileName.name(index: index, frameCount: frameCount)
  }

  /// Writes one frame as a PNG file.
  public func writeFrame(_ index: Int, to path: String) throws {
    try PNGEncoder.write(frame(index), toFile: path)
  }

  /// Sampled frames in one labeled grid (frame number and seconds under each), as
  /// `render --contact-sheet` draws it.
  public func contactSheet(every: Int = 1, columns: Int = 6, thumbnailWidth: Int = 160) throws -> Pixmap {
    try ContactSheet.make(
      compiled, options: ContactSheet.Options(every: every, columns: columns, thumbnailWidth: thumbnailWidth))
  }

  /// Writes ``contactSheet(every:columns:thumbnailWidth:)`` as a PNG file.
  public func writeContactSheet(to path: String, every: Int = 1, columns: Int = 6, thumbnailWidth: Int = 160) throws {
    try PNGEncoder.write(contactSheet(every: every, columns: columns, thumbnailWidth: thumbnailWidth), toFile: path)
  }

  /// The movie as a scene file (docs/scene-format.md), which `render` draws exactly as this movie.
  ///
  /// The scene's state is synthesized: one variable per value that changes, named after the
  /// modifier it feeds (`scale_0`), and the timeline is one event per transaction. The text is
  /// checked by decoding it again; a value the format cannot hold is an error.
  public func exportJSON() throws -> String {
    let text = try SceneEncoder.encode(scene)
    do {
      _ = try SceneDecoder.decode(Array(text.utf8), file: "export.json")
    } catch {
      throw MovieError("the exported JSON does not validate:\n\(error)")
    }
    return text
  }
}
