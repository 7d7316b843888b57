/// SwiftUI's `FluidSpringAnimation` (`spring(response:dampingFraction:blendDuration:)`, `.smooth`,
/// `.snappy`, `.bouncy`, `.default`): not a closed form but a fixed-step velocity-Verlet integrator.
/// Its output differs from the analytic spring by about 1 % of the distance, so matching SwiftUI
/// means emulating the integrator, step for step (docs/animation-semantics.md §1.3).
struct FluidSpring: Hashable, Sendable {
  var response: Double
  var dampingFraction: Double
  var blendDuration: Double

  /// Integration steps per second (dt = 1/300 s).
  static let stepsPerSecond = 300.0
  /// SwiftUI caps the stiffness so tiny responses stay integrable at dt = 1/300.
  static let maxStiffness = 45_000.0
  /// Stop rule: max(|v|², |F|²) must be at most this (absolute units of the animated data).
  static let restThresholdSquared = 0.0036
  /// Stop rule: the remaining distance must be under this fraction of the total interval.
  static let distanceTolerance = 0.01

  /// Stiffness for a response: k = (2π/response)², capped at 45 000. A response of 0 (or less, or
  /// NaN) asks for an infinitely stiff spring, which the cap turns into 45 000.
  static func stiffness(response: Double) -> Double {
    guard response > 0 else { return maxStiffness }
    let frequency = 2 * Double.pi / response
    return min(frequency * frequency, maxStiffness)
  }

  /// Damping for a damping fraction: c = 2·√k·ζ, from the *capped* stiffness as SwiftUI computes
  /// it. Negative or NaN fractions are treated as 0, since negative damping only diverges.
  static func damping(fraction: Double, stiffness: Double) -> Double {
    let zeta = fraction > 0 ? fraction : 0
    return 2 * stiffness.squareRoot() * zeta
  }

  /// The response actually in force `time` seconds into a run. When a spring retargets a spring of
  /// another response, SwiftUI blends the response over `blendDuration` with a smoothstep.
  func response(at time: Double, blend: SpringBlend?) -> Double {
    guard let blend, blendDuration > 0, blend.interval != 0 else { return response }
    var progress = (time - blend.start) / blendDuration
    if !(progress > 0) { progress = 0 }
    if progress > 1 { progress = 1 }
    return response + blend.interval * (1 - progress * progress * (3 - progress * 2))
  }
}

/// A response blend in progress: the response starts `interval` away from the new one at `start`
/// (seconds on the run's own clock; negative when carried over from an earlier run).
struct SpringBlend: Hashable, Sendable {
  var interval: Double
  var start: Double
}

/// The integrator's state, as offsets from the chain's origin: position, velocity, and the force of
/// the last step (the next half-step uses it, so it is state too).
struct SpringState: Hashable, Sendable {
  var position: AnimatableVector = .zero
  var velocity: AnimatableVector = .zero
  var force: AnimatableVector = .zero

  /// One velocity-Verlet step of 1/300 s with mass 1, exactly as SwiftUI orders the operations:
  /// half-step velocity, position, force from damping and displacement, then full-step velocity.
  @inline(__always)
  mutating func step(target: AnimatableVector, stiffness: Double, damping: Double) {
    let halfVelocity = force * (1.0 / 600.0) + velocity
    position += halfVelocity * (1.0 / 300.0)
    force = halfVelocity * (-damping) + (target - position) * stiffness
    velocity = force * (1.0 / 600.0) + halfVelocity
  }
}
