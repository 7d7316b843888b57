import FlipbookEngine
import FlipbookPNG
import FlipbookImage
import FlipbookRaster
import FlipbookRender
import FlipbookScene

/// An image in memory: premultiplied sRGB RGBA, 8 bits per channel, rows top to bottom.
public typealias Pixmap = FlipbookImage.Pixmap

/// What ``Movie/writeFrames(to:frames:jobs:)`` wrote.
public typealias WriteSummary = FlipbookRender.WriteSummary

extension Movie {
  /// Frame `index` (0 ..< ``frameCount``).
  public func frame(_ index: Int) -> Pixmap {
    precondition(index >= 0 && index < frameCount, "frame \(index) is outside 0..<\(frameCount)")
    return FrameRenderer.pixmap(compiled, frame: index)
  }

  /// The movie at any time in seconds, between frames too.
  public func image(at time: Double) -> Pixmap {
    var rasterizer = Rasterizer()
    var pixmap = Pixmap(width: pixelWidth, height: pixelHeight)
    rasterizer.render(compiled.displayList(at: time), into: &pixmap)
    return pixmap
  }

  /// Writes `directory/frame_0000.png`, … (all frames, or `frames`), as the `render` command
  /// does: into a staging folder first, in parallel on `jobs` threads, byte-identical for any
  /// number of threads.
  @discardableResult
  public func writeFrames(to directory: String, frames: ClosedRange<Int>? = nil, jobs: Int = 1) throws -> WriteSummary {
    try FrameRenderer.render(compiled, to: directory, range: frames, jobs: max(1, jobs))
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
