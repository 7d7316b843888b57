import FlipbookEngine

extension CompiledScene {
  /// The latest moment a single frame may be drawn at: the duration, or the last frame's time
  /// when that lies after it (8.35 s at 30 fps has frame 251 at 8.3667 s).
  ///
  /// `render --time T` and the preview's `/frame.png?t=T` accept 0 ≤ T ≤ this (plus 1e-9 for
  /// rounding) and refuse the rest, so that a time names the same frame in both.
  public var lastTime: Double { max(duration, time(ofFrame: frameCount - 1)) }

  /// Whether `t` seconds is a moment of the scene that one frame can be drawn at.
  public func contains(time t: Double) -> Bool { t >= 0 && t.isFinite && t <= lastTime + 1e-9 }
}
