import FlipbookEngine
import FlipbookWebP

/// An animated WebP as an ``AnimatedOutput`` (``WebPAnimationWriter``: lossless unless a
/// quality is given, full alpha, millisecond timestamps error-diffused).
public final class WebPOutput: AnimatedOutput {
  private let writer: WebPAnimationWriter
  public var path: String { writer.path }
  public var bytesWritten: Int { writer.bytesWritten }

  /// An animated WebP of `scene` at `path`; `quality` (0…100) makes it lossy.
  public init(scene: CompiledScene, path: String, quality: Double?) throws {
    writer = try WebPAnimationWriter(
      path: path, width: scene.pixelWidth, height: scene.pixelHeight, fps: scene.fps, quality: quality)
  }

  public func add(_ frame: RenderedFrame) throws { try writer.add(frame.pixmap) }
  public func close() throws { try writer.close() }
  public func commit() throws { try writer.commit() }
  public func abandon() { writer.abandon() }
}
