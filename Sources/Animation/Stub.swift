// TEMPORARY stand-in until the engine lands; replaced wholesale.
public typealias AnimatableVector = SIMD4<Double>
public indirect enum Animation: Hashable, Sendable {
  case timingCurve(x1: Double, y1: Double, x2: Double, y2: Double, duration: Double)
  case spring(response: Double, dampingFraction: Double, blendDuration: Double)
  case interpolatingSpring(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)
  case delay(Double, Animation)
  case speed(Double, Animation)
  case repeatCount(Int, autoreverses: Bool, Animation)
  case repeatForever(autoreverses: Bool, Animation)
  public var repeatsForever: Bool {
    switch self {
    case .repeatForever: return true
    case .delay(_, let a), .speed(_, let a), .repeatCount(_, _, let a): return a.repeatsForever
    default: return false
    }
  }
  public static func spring(duration: Double, bounce: Double, blendDuration: Double = 0) -> Animation {
    .spring(response: duration, dampingFraction: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce), blendDuration: blendDuration)
  }
  public static func interpolatingSpring(duration: Double, bounce: Double, initialVelocity: Double = 0) -> Animation {
    let z = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    let k = (2 * Double.pi / duration) * (2 * Double.pi / duration)
    return .interpolatingSpring(mass: 1, stiffness: k, damping: 4 * Double.pi * z / duration, initialVelocity: initialVelocity)
  }
}
public struct AnimationRun: Hashable, Sendable { public var start: Double; public var animation: Animation; public var end: Double? }
public struct AnimationTrack: Sendable {
  var changes: [(Double, AnimatableVector)] = []
  var initial: AnimatableVector
  public init(initial: AnimatableVector) { self.initial = initial }
  public mutating func set(_ target: AnimatableVector, at time: Double, animation: Animation?) { changes.append((time, target)) }
  public func value(at time: Double) -> AnimatableVector { changes.last(where: { $0.0 <= time })?.1 ?? initial }
  public var finalValue: AnimatableVector { changes.last?.1 ?? initial }
  public var settleTime: Double? { changes.last?.0 ?? 0 }
  public var runs: [AnimationRun] { [] }
  public func isAnimating(at time: Double) -> Bool { false }
}
