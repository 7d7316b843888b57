/// One keyframe of a track: SwiftUI's `LinearKeyframe`, `CubicKeyframe`, `SpringKeyframe` and
/// `MoveKeyframe`, on a number. A track's keyframes run one after another from the track's
/// start value (docs/animation-semantics.md §9).
public enum Keyframe: Hashable, Sendable {
  /// From the previous value to `to` over `duration`, eased by `curve`.
  case linear(to: Double, duration: Double, curve: UnitCurve)
  /// A cubic Hermite segment to `to`; a missing velocity is chosen for smooth motion (adjacent
  /// cubic keyframes form a Catmull-Rom spline).
  case cubic(to: Double, duration: Double, startVelocity: Double?, endVelocity: Double?)
  /// A spring from the previous value toward `to`, for `duration` (nil: the spring's settling
  /// duration); the segment ends wherever the spring is then.
  case spring(to: Double, duration: Double?, spring: Spring, startVelocity: Double?)
  /// Jumps to `to`.
  case move(to: Double)

  /// The value the keyframe heads for.
  public var target: Double {
    switch self {
    case let .linear(to, _, _), let .cubic(to, _, _, _), let .spring(to, _, _, _), let .move(to): return to
    }
  }

  /// The kind's name, as the JSON format spells it.
  public var kindName: String {
    switch self {
    case .linear: return "linear"
    case .cubic: return "cubic"
    case .spring: return "spring"
    case .move: return "move"
    }
  }

  /// The settle band a spring keyframe without a duration lasts until (M: SwiftUI's value is
  /// not documented; a reimplementation uses 0.0001, another 0.001).
  public static let springSettleEpsilon = 0.0001
}
