/// One animated change, for `render info`: when it started, with which animation, and when it
/// stopped affecting the value (it finished, a later change ended the chain it ran in, a spring
/// merged over it, or a jump cut it). `end == nil`: it never stops.
public struct AnimationRun: Hashable, Sendable {
  public var start: Double
  public var animation: Animation
  public var end: Double?

  /// Memberwise, public so tests and `render info` consumers can build expected runs.
  public init(start: Double, animation: Animation, end: Double?) {
    self.start = start
    self.animation = animation
    self.end = end
  }
}
