import FlipbookEngine
import FlipbookGIF

/// A GIF as an ``AnimatedOutput``: frames the pass has reduced to palettes (``FramePass/gifQuantizer``),
/// with ``GIFTiming``'s error-diffused delays, through ``GIFWriter``.
public final class GIFOutput: AnimatedOutput {
  private let writer: GIFWriter
  private let delays: [Int]
  private var frames = 0
  public var bytesWritten: Int { writer.bytesWritten }
  public var path: String { writer.path }

  /// A GIF of `frameCount` frames of `scene` at `path`, transparent when the canvas is not opaque.
  public init(scene: CompiledScene, path: String, frameCount: Int) throws {
    delays = try GIFTiming.delays(frameCount: frameCount, fps: scene.fps)
    writer = try GIFWriter(
      path: path, width: scene.pixelWidth, height: scene.pixelHeight,
      transparent: scene.scene.canvas.background.opacity < 1)
  }

  public func add(_ frame: RenderedFrame) throws {
    guard let indexed = frame.gif else { throw GIFError.badFrame("frame \(frame.index) was not quantized") }
    try writer.add(indexed, delay: delays[frames])
    frames += 1
  }

  public func close() throws {
    try writer.close()
  }

  public func commit() throws { try writer.commit() }
  public func abandon() { writer.abandon() }
}
