import FlipbookEngine
import FlipbookVideo

/// A video as an ``AnimatedOutput``: frames piped to the `ffmpeg` program (``VideoWriter``).
public final class VideoOutput: AnimatedOutput {
  private let writer: VideoWriter
  public var path: String { writer.path }
  public var bytesWritten: Int { writer.bytesWritten }

  /// A video of `scene` at `path` (.mp4, .webm or .mov) at the scene's exact frame rate.
  public init(scene: CompiledScene, path: String) throws {
    writer = try VideoWriter(path: path, width: scene.pixelWidth, height: scene.pixelHeight, fps: scene.fps)
  }

  public func add(_ frame: RenderedFrame) throws { try writer.add(frame.pixmap) }
  public func close() throws { try writer.close() }
  public func commit() throws { try writer.commit() }
  public func abandon() { writer.abandon() }
}
