import FlipbookImage
import FlipbookRaster

/// Renders one frame into a reusable pixmap; one instance per worker thread, so it can own
/// scratch buffers.
///
/// ``FrameSequenceWriter`` creates one producer per worker and calls it for many frames, in no
/// particular order. Frames must not depend on each other or on the order of calls, so the
/// output is the same whatever the number of workers and whichever frames a run writes.
///
/// Producers are created on the worker thread that uses them and never shared, so they need
/// not be `Sendable`; only their type travels to the worker threads (`SendableMetatype`).
public protocol FrameProducer: SendableMetatype {
  /// Draws frame `index` into `pixmap`, replacing whatever the previous frame left there.
  ///
  /// Each worker's pixmap starts out empty (0×0); the producer sizes it on first use
  /// (`pixmap = Pixmap(width:height:)`) and may then reuse its storage for every later frame.
  mutating func renderFrame(_ index: Int, into pixmap: inout Pixmap) throws

  /// Draws frame `index` into `pixmap` as ``renderFrame(_:into:)`` does, and returns `true`
  /// when it is the very picture this producer drew on its previous call.
  ///
  /// A frame sequence is often still (before, between and after animations): a caller that
  /// keeps what it made of the previous frame, such as its PNG bytes or palette, can reuse it
  /// instead of making it again, and since the same pixels always make the same bytes, the
  /// output does not change. The default draws and returns `false`.
  mutating func renderFrameNotingRepeats(_ index: Int, into pixmap: inout Pixmap) throws -> Bool

  /// Says which frames this producer is asked for next, in this order (a hint: the frames may
  /// be fewer if the write stops early).
  ///
  /// A producer can do now what the frames share while it is in the cache (a scene's
  /// display lists, evaluated one after the other, are a third cheaper than between frames
  /// that each stream megabytes of pixels through the cache). It must not change what any
  /// frame looks like. The default does nothing.
  mutating func prepareFrames(_ indices: Range<Int>)
}

extension FrameProducer {
  public mutating func prepareFrames(_ indices: Range<Int>) {}

  public mutating func renderFrameNotingRepeats(_ index: Int, into pixmap: inout Pixmap) throws -> Bool {
    try renderFrame(index, into: &pixmap)
    return false
  }
}
