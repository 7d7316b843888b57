import FlipbookRaster

/// A frame whose shapes need more outline points than the rasterizer's work limit
/// (``FlipbookRaster/Rasterizer/maxOutlinePoints``) at their pixel scale.
///
/// Paths of millions of segments, or curves and strokes magnified far beyond the canvas, get
/// there. Rendering them would take minutes and gigabytes for one frame, so the frame is an
/// error that says when it happens and what to change.
public struct FrameWorkLimitError: Error, CustomStringConvertible {
  /// The scene time of the frame, in seconds.
  public var time: Double

  public var description: String {
    "at \(time) s the shapes need more than \(Rasterizer.maxOutlinePoints) outline points at this scale "
      + "(a path of millions of segments, or a path or stroke magnified far beyond the canvas); "
      + "simplify the path or reduce its scale"
  }
}
