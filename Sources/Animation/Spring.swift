import RealModule

/// SwiftUI's iOS 17 `Spring`: a damped harmonic oscillator as a value, with the exact
/// position and velocity of a run toward a target from any initial velocity.
///
/// It is the one closed-form spring of the engine: `interpolatingSpring` evaluates its curve
/// with it (``InterpolatingSpring``), keyframes use it for their spring segments, and the Swift
/// API offers it as SwiftUI does (`Spring(duration:bounce:)`, `Animation.spring(_:)`).
/// Stored as mass, stiffness and damping (the physical parameters); the perceptual ones
/// (`response`, `dampingRatio`, `bounce`) are derived (docs/animation-semantics.md §1.3, §9).
public struct Spring: Hashable, Sendable {
  /// m, in the units of the animated value.
  public let mass: Double
  /// k: the force per unit of displacement.
  public let stiffness: Double
  /// c: the force per unit of velocity.
  public let damping: Double

  /// A spring with a perceptual duration and a bounce (−1…1, 0 = critically damped): mass 1,
  /// k = (2π/duration)², damping ratio ζ = 1 − bounce (bounce ≥ 0) or 1/(1 + bounce) (below).
  public init(duration: Double = 0.5, bounce: Double = 0) {
    self.init(response: duration, dampingRatio: Animation.dampingFraction(bounce: bounce))
  }

  /// A spring with a response (the period of the undamped spring) and a damping ratio ζ:
  /// mass 1, k = (2π/response)², c = 4πζ/response.
  public init(response: Double, dampingRatio: Double) {
    mass = 1
    if response > 0 {
      let omega = 2 * Double.pi / response
      stiffness = omega * omega
      damping = 2 * omega * dampingRatio
    } else {
      stiffness = .infinity
      damping = .infinity
    }
  }

  /// A spring from its physical parameters. As in SwiftUI, an overdamped spring is made
  /// critically damped (damping 2√(mk)) unless `allowOverDamping` is true.
  public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
    self.mass = mass
    self.stiffness = stiffness
    let critical = 2 * (mass * stiffness).squareRoot()
    self.damping = allowOverDamping || !(damping > critical) ? damping : critical
  }

  /// SwiftUI's smooth spring: 0.5 s, no bounce (`.spring`, `.smooth`, `.default`).
  public static var smooth: Spring { smooth() }
  /// SwiftUI's snappy spring: 0.5 s, bounce 0.15.
  public static var snappy: Spring { snappy() }
  /// SwiftUI's bouncy spring: 0.5 s, bounce 0.3.
  public static var bouncy: Spring { bouncy() }
  /// A smooth spring with a duration and extra bounce.
  public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
    Spring(duration: duration, bounce: extraBounce)
  }
  /// The bounce of SwiftUI's snappy preset, for `Spring` and `Animation` alike.
  static let snappyBounce = 0.15
  /// The bounce of SwiftUI's bouncy preset, for `Spring` and `Animation` alike.
  static let bouncyBounce = 0.3

  /// A snappy spring (bounce 0.15) with a duration and extra bounce.
  public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
    Spring(duration: duration, bounce: snappyBounce + extraBounce)
  }
  /// A bouncy spring (bounce 0.3) with a duration and extra bounce.
  public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
    Spring(duration: duration, bounce: bouncyBounce + extraBounce)
  }

  /// The period of the undamped spring, 2π·√(m/k).
  public var response: Double { 2 * Double.pi * (mass / stiffness).squareRoot() }
  /// The perceptual duration: SwiftUI defines it as 2π/√(decay² + ω|ω|), which is the response.
  public var duration: Double { response }
  /// ζ = c / (2√(mk)): below 1 the spring oscillates.
  public var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }
  /// The inverse of the bounce → ζ map: 1 − ζ for ζ ≤ 1, 1/ζ − 1 above.
  public var bounce: Double {
    let zeta = dampingRatio
    return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
  }

  /// The displacement at `time` of a run from 0 toward `target` that starts with
  /// `initialVelocity` (in units of the value per second).
  public func value(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
    let c = coefficients(at: time)
    return target * c.position.target + initialVelocity * c.position.velocity
  }

  /// The velocity at `time` of the same run.
  public func velocity(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
    let c = coefficients(at: time)
    return target * c.velocity.target + initialVelocity * c.velocity.velocity
  }

  /// A run is linear in its target and initial velocity: x(t) = T·a(t) + v₀·b(t), and the same for
  /// the velocity. These are (a, b) for the position and for the velocity at `time`, exact for
  /// under-, critically and over-damped springs, so vectors are animated lane by lane from them.
  public func coefficients(at time: Double) -> (
    position: (target: Double, velocity: Double), velocity: (target: Double, velocity: Double)
  ) {
    let t = time
    let omega0Squared = stiffness / mass
    let decay = damping / (2 * mass)
    let discriminant = decay * decay - omega0Squared
    if abs(discriminant) <= 1e-9 * omega0Squared {
      // Critical: x = T − e^{−λt}(T + (λT − v₀)t); v = e^{−λt}(v₀ + λ(λT − v₀)t).
      let e = Double.exp(-decay * t)
      return (
        (1 - e * (1 + decay * t), e * t),
        (e * decay * decay * t, e * (1 - decay * t))
      )
    }
    if discriminant < 0 {
      // Under: x = T − e^{−λt}[T cos ωt + ((λT − v₀)/ω) sin ωt];
      // v = e^{−λt}[v₀ cos ωt + (λ(λT − v₀)/ω + ωT) sin ωt].
      let omega = (-discriminant).squareRoot()
      let e = Double.exp(-decay * t)
      let cosine = Double.cos(omega * t), sine = Double.sin(omega * t)
      return (
        (1 - e * (cosine + decay / omega * sine), e * sine / omega),
        (e * (decay * decay / omega + omega) * sine, e * (cosine - decay / omega * sine))
      )
    }
    // Over: x = T + A e^{r₁t} + B e^{r₂t}, A = (v₀ + r₂T)/(r₁ − r₂), B = −(v₀ + r₁T)/(r₁ − r₂).
    let root = discriminant.squareRoot()
    let r1 = -decay + root, r2 = -decay - root
    let e1 = Double.exp(r1 * t), e2 = Double.exp(r2 * t)
    let d = r1 - r2
    return (
      (1 + (r2 * e1 - r1 * e2) / d, (e1 - e2) / d),
      ((r1 * r2 * e1 - r1 * r2 * e2) / d, (r1 * e1 - r2 * e2) / d)
    )
  }

  /// Seconds until a run toward 1 from rest stays within 0.001 of it.
  public var settlingDuration: Double { settlingDuration(target: 1, initialVelocity: 0, epsilon: 0.001) }

  /// Seconds until a run toward `target` stays within `epsilon` of it, as SwiftUI estimates it:
  /// from the decay envelope, −ln(ε / (|T·λ − v₀| + |T|)) / λ, for an oscillating spring; by
  /// 0.1 s steps until the value has stayed within ε for more than a second otherwise. Never
  /// negative; infinite for an undamped spring.
  public func settlingDuration(target: Double, initialVelocity: Double = 0, epsilon: Double = 0.001) -> Double {
    settling(target: target, initialVelocity: initialVelocity, epsilon: epsilon, stepLimit: 100_000).duration
  }

  /// ``settlingDuration(target:initialVelocity:epsilon:)`` with the number of 0.1 s steps it took
  /// (0 for an oscillating spring), stopping after `stepLimit` steps, so that a caller that
  /// estimates many springs can bound its work.
  public func settling(target: Double, initialVelocity: Double, epsilon: Double, stepLimit: Int) -> (
    duration: Double, steps: Int
  ) {
    let decay = damping / (2 * mass)
    guard decay > 0, decay.isFinite, stiffness.isFinite else { return (decay.isFinite ? .infinity : 0, 0) }
    let discriminant = decay * decay - stiffness / mass
    if discriminant < -1e-9 * stiffness / mass {
      let t = -Double.log(epsilon / (abs(target * decay - initialVelocity) + abs(target))) / decay
      return (t.isFinite ? max(t, 0) : 0, 0)
    }
    // Critical or overdamped: no oscillation to take an envelope of; step until it stays close.
    let step = 0.1
    var lastOutside = 0.0
    var time = 0.0
    var steps = 0
    while time - lastOutside <= 1 && steps < stepLimit {
      if abs(value(target: target, initialVelocity: initialVelocity, time: time) - target) > epsilon {
        lastOutside = time + step
      }
      time += step
      steps += 1
    }
    return (lastOutside, steps)
  }
}

extension Animation {
  /// SwiftUI's `spring(_ spring: Spring, blendDuration:)`: the integrated spring with the
  /// spring's response and damping ratio.
  public static func spring(_ spring: Spring, blendDuration: Double = 0) -> Animation {
    .spring(response: spring.response, dampingFraction: spring.dampingRatio, blendDuration: blendDuration)
  }

  /// SwiftUI's `interpolatingSpring(_ spring: Spring, initialVelocity:)`: the closed-form spring.
  public static func interpolatingSpring(_ spring: Spring, initialVelocity: Double = 0) -> Animation {
    .interpolatingSpring(
      mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, initialVelocity: initialVelocity)
  }
}
