import FlipbookGIF
import FlipbookImage

/// One animated file fed frame by frame, in order, by a ``FramePass``: a GIF, an APNG, an
/// animated WebP or a video.
///
/// Every output writes into a temporary file beside its target, so that a run with several
/// outputs can finish them all (``close()``), then commit the frame folder, and only then move
/// each file into place (``commit()``): a failure anywhere before leaves every target as it was.
public protocol AnimatedOutput: AnyObject {
  /// The file this output replaces, for messages.
  var path: String { get }
  /// Bytes of the finished file (after ``close()``).
  var bytesWritten: Int { get }
  /// Appends the next frame; frames come in order, on one thread.
  func add(_ frame: RenderedFrame) throws
  /// Finishes the file under its temporary name.
  func close() throws
  /// Moves the finished file over the target.
  func commit() throws
  /// Stops and removes the temporary file; the target is left as it was. Safe to call at
  /// any time, more than once.
  func abandon()
}

/// A frame as the outputs of a ``FramePass`` receive it: drawn once, shared by all of them.
public struct RenderedFrame: Sendable {
  /// The frame's number in the whole sequence.
  public var index: Int
  /// The frame's premultiplied pixels.
  public var pixmap: Pixmap
  /// The frame reduced to a palette on the worker thread that drew it, when the pass has a
  /// GIF output (``FramePass/gifQuantizer``).
  public var gif: GIFIndexedFrame?
}
