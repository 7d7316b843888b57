/// An animation as SwiftUI describes one: a timing curve, one of the two spring families, or a
/// modifier around another animation. It is a plain value (Hashable) so scenes can compare and
/// print it; all evaluation happens in `AnimationTrack`.
public indirect enum Animation: Hashable, Sendable {
  /// A cubic Bézier from (0,0) to (1,1) with control points (x1,y1), (x2,y2); linear is (0,0,1,1).
  case timingCurve(x1: Double, y1: Double, x2: Double, y2: Double, duration: Double)
  /// SwiftUI's FluidSpringAnimation: integrated, merges with whatever is running.
  case spring(response: Double, dampingFraction: Double, blendDuration: Double)
  /// SwiftUI's SpringAnimation: closed form on a normalized curve; combines, never merges.
  case interpolatingSpring(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
  /// Waits `delay` seconds (once) before the base starts.
  case delay(Double, Animation)
  /// Runs the base `speed` times as fast (its delays included).
  case speed(Double, Animation)
  /// Runs the base `count` times; odd cycles reversed when `autoreverses`.
  case repeatCount(Int, autoreverses: Bool, Animation)
  /// Runs the base over and over; odd cycles reversed when `autoreverses`.
  case repeatForever(autoreverses: Bool, Animation)

  /// Whether a `repeatForever` appears anywhere inside, so the animation can never settle.
  public var repeatsForever: Bool {
    switch self {
    case .timingCurve, .spring, .interpolatingSpring: return false
    case let .delay(_, base), let .speed(_, base), let .repeatCount(_, _, base): return base.repeatsForever
    case .repeatForever: return true
    }
  }

  /// Seconds from its start until this animation is logically complete: when SwiftUI calls a
  /// `withAnimation(_:completionCriteria: .logicallyComplete) { … } completion:` handler and
  /// a `PhaseAnimator` moves on (docs/animation-semantics.md §9). A timing curve at its duration,
  /// a `spring` (FluidSpring) at its response, an `interpolatingSpring` at 2π/√stiffness; delay,
  /// speed and repeat count scale and add as they do for the run. nil: never (repeats forever,
  /// zero speed).
  public var logicalDuration: Double? {
    let value: Double?
    switch self {
    case let .timingCurve(_, _, _, _, duration): value = max(duration, 0)
    case let .spring(response, _, _): value = max(response, 0)
    case let .interpolatingSpring(_, stiffness, _, _):
      value = stiffness > 0 ? 2 * Double.pi / stiffness.squareRoot() : 0
    case let .delay(delay, base): value = base.logicalDuration.map { max(delay, 0) + $0 }
    case let .speed(speed, base):
      guard speed > 0 else { return nil }
      value = base.logicalDuration.map { speed.isInfinite ? 0 : $0 / speed }
    case let .repeatCount(count, _, base): value = base.logicalDuration.map { Double(max(count, 1)) * $0 }
    case .repeatForever: return nil
    }
    guard let value, value.isFinite else { return nil }
    return value
  }

  /// Seconds a fresh run of this animation over `delta` takes until the target shows for good
  /// (nil: never). A FluidSpring's stop rule uses absolute thresholds, so its time depends on the
  /// distance; everything else depends only on the animation.
  public func settleTime(over delta: AnimatableVector) -> Double? {
    AnimationProgram(self, magnitude: delta.magnitudeSquared.squareRoot()).duration
  }

  /// Whether a change with this animation merges into what is running (SwiftUI's `shouldMerge`):
  /// only a bare FluidSpring does. Modified springs (delay/speed/repeat) would merge only with an
  /// equal modifier around a merging base; we always combine them instead.
  var mergesWithRunning: Bool {
    if case .spring = self { return true }
    return false
  }
}

extension Animation {
  /// Delays the start by `delay` seconds; the delay is waited once, even when repeating outside.
  public func delay(_ delay: Double) -> Animation { .delay(delay, self) }

  /// Speeds everything up by `speed`, delays included: `.delay(0.5).speed(2)` waits 0.25 s.
  public func speed(_ speed: Double) -> Animation { .speed(speed, self) }

  /// Repeats `repeatCount` times (autoreversing by default, as in SwiftUI).
  public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
    .repeatCount(repeatCount, autoreverses: autoreverses, self)
  }

  /// Repeats forever (autoreversing by default, as in SwiftUI).
  public func repeatForever(autoreverses: Bool = true) -> Animation {
    .repeatForever(autoreverses: autoreverses, self)
  }
}
