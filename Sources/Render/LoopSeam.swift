import FlipbookEngine

/// The frames an animated file plays when the scene loops (`render --loop`): the picture at
/// the end of the loop is the picture at its start, so a file that loops forever would show
/// it twice in a row at the seam, a visible stutter.
///
/// The rule, one for every animated output (GIF, and any later format): the loop lasts the
/// scene's duration; the last frame is left out when its time equals the first frame's modulo
/// the loop, i.e. when the frames span a whole number of loops. A 2 s scene at 30 fps has 61
/// frames, 0 … 2 s; it plays frames 0 … 59, and frame 60 (at 2 s = 0 s of the next loop) is
/// left out. A duration that is not a whole number of frames (2.01 s at 30 fps) puts the seam
/// between two frames: every frame is kept, and ``Selection/seamOnAFrame`` is false.
public enum LoopSeam {
  /// The frames to play and whether the seam fell on a frame.
  public struct Selection: Equatable, Sendable {
    /// The frames to play, in order.
    public var frames: ClosedRange<Int>
    /// False when the last frame's time is not the first's modulo the loop: nothing was left
    /// out, and the loop cannot be seamless at this frame rate.
    public var seamOnAFrame: Bool
  }

  /// The frames of `range` (all frames when nil) that a looping file of `scene` plays.
  public static func frames(_ scene: CompiledScene, range: ClosedRange<Int>? = nil) -> Selection {
    let range = range ?? 0...(scene.frameCount - 1)
    let period = scene.duration
    let span = scene.time(ofFrame: range.upperBound) - scene.time(ofFrame: range.lowerBound)
    guard period > 0, span > 0 else { return Selection(frames: range, seamOnAFrame: span == 0) }
    let loops = span / period
    // Times are i / fps, so a whole number of loops is one up to rounding.
    let seam = loops.rounded() >= 1 && abs(loops - loops.rounded()) <= 1e-9 * max(1, loops)
    return Selection(frames: range.lowerBound...(range.upperBound - (seam ? 1 : 0)), seamOnAFrame: seam)
  }
}
