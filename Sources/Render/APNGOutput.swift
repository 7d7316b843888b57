import FlipbookEngine
import FlipbookPNG

/// An animated PNG as an ``AnimatedOutput`` (``APNGWriter``: exact delays, full alpha).
public final class APNGOutput: AnimatedOutput {
  private let writer: APNGWriter
  public var path: String { writer.path }
  public var bytesWritten: Int { writer.bytesWritten }

  /// An APNG of `frameCount` frames of `scene` at `path`, each lasting exactly 1/fps.
  public init(scene: CompiledScene, path: String, frameCount: Int) throws {
    writer = try APNGWriter(
      path: path, width: scene.pixelWidth, height: scene.pixelHeight, frameCount: frameCount, fps: scene.fps)
  }

  public func add(_ frame: RenderedFrame) throws { try writer.add(frame.pixmap) }
  public func close() throws { try writer.close() }
  public func commit() throws { try writer.commit() }
  public func abandon() { writer.abandon() }
}
