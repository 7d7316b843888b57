import RealModule

/// SwiftUI's `SpringAnimation` (`interpolatingSpring`): a closed-form damped spring on a normalized
/// 0 → 1 curve, scaled by the distance. Unlike FluidSpring it never merges, so overlapping changes
/// add up through the combining chain, which is what Apple means by "preserves velocity … by adding
/// the effects of each animation".
struct InterpolatingSpring: Hashable, Sendable {
  /// The spring whose closed form gives the curve, damping clamped to critical as
  /// `Spring(mass:stiffness:damping:)` does (nil when there is no usable spring).
  let spring: Spring?
  /// Undamped angular frequency ω₀ = √(k/m).
  let angularFrequency: Double
  /// ζ = c / (2√(mk)).
  let dampingRatio: Double
  /// Initial velocity as a fraction of the distance per second.
  let initialVelocity: Double
  /// Seconds until the curve stays within `epsilon` of 1 for good; nil if it never settles (ζ = 0).
  let settleTime: Double?

  /// The settle band, as a fraction of the distance.
  static let epsilon = 0.001

  init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
    let v0 = initialVelocity.isFinite ? initialVelocity : 0
    self.initialVelocity = v0
    guard mass > 0, stiffness > 0, mass.isFinite, stiffness.isFinite else {
      // No usable spring (k ≤ 0 or infinite, m ≤ 0): the change lands at once.
      spring = nil
      angularFrequency = .infinity
      dampingRatio = 1
      settleTime = 0
      return
    }
    // Negative damping only grows without bound; treat it as none.
    let c = damping > 0 && damping.isFinite ? damping : 0
    let omega = (stiffness / mass).squareRoot()
    let zeta = c / (2 * (mass * stiffness).squareRoot())
    spring = Spring(mass: mass, stiffness: stiffness, damping: c)
    angularFrequency = omega
    dampingRatio = zeta
    settleTime = Self.settleTime(omega: omega, zeta: zeta, v0: v0)
  }

  /// The normalized position at `time`: the spring's run toward 1. Any ζ ≥ 1 moves as a
  /// critically damped spring: SwiftUI does the same (an SDK quirk), which is what
  /// `Spring(mass:stiffness:damping:)` does with overdamped input.
  func fraction(at time: Double) -> Double {
    guard let spring else { return 1 }
    return spring.value(target: 1, initialVelocity: initialVelocity, time: max(time, 0))
  }

  /// When |1 − fraction| stays below ε for good, from the decay envelope (a bound, so the final
  /// snap to the target is always under 0.1 % of the distance). OSUI's own estimate is dimensionally
  /// odd and unverified on device, so this is our choice.
  private static func settleTime(omega: Double, zeta: Double, v0: Double) -> Double? {
    let eps = epsilon
    if zeta >= 1 {
      // |1 − x| = |1 + a t| e^{−ω t} ≤ (1 + |a| t) e^{−ω t} =: h(t), decreasing after t*.
      let a = abs(omega - v0)
      let h = { (t: Double) -> Double in (1 + a * t) * Double.exp(-omega * t) }
      var low = a > omega ? max(0, 1 / omega - 1 / a) : 0
      if h(low) < eps { return low }
      var high = max(low, 1 / omega)
      var doublings = 0
      while h(high) >= eps && doublings < 1100 {
        low = high
        high *= 2
        doublings += 1
      }
      for _ in 0..<200 {
        let mid = (low + high) / 2
        if mid <= low || mid >= high { break }
        if h(mid) < eps { high = mid } else { low = mid }
      }
      return high
    }
    guard zeta > 0 else { return nil }
    // |1 − x| ≤ e^{−λt} √(1 + b²).
    let lambda = zeta * omega
    let omegaD = omega * (1 - zeta * zeta).squareRoot()
    let b = (lambda - v0) / omegaD
    let t = Double.log((1 + b * b).squareRoot() / eps) / lambda
    return t.isFinite ? max(0, t) : nil
  }
}
