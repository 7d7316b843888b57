import FlipbookAnimation
import RealModule
import Testing

/// The `Spring` value type against references computed here: the differential equation
/// m·x″ = −k·(x − T) − c·x′ integrated with classic Runge–Kutta at a tiny step, and the
/// parameter formulas of docs/animation-semantics.md §1.3 and §9.
@Suite struct SpringValueTests {
  /// (position, velocity) of m·x″ = −k(x − T) − c·x′ from (0, v0), RK4 with 20,000 steps per second.
  func integrated(mass m: Double, stiffness k: Double, damping c: Double, target: Double, v0: Double, time: Double)
    -> (Double, Double)
  {
    func accel(_ x: Double, _ v: Double) -> Double { (-k * (x - target) - c * v) / m }
    let n = max(1, Int((time * 20_000).rounded(.up)))
    let h = time / Double(n)
    var x = 0.0, v = v0
    for _ in 0..<n {
      let k1x = v, k1v = accel(x, v)
      let k2x = v + h / 2 * k1v, k2v = accel(x + h / 2 * k1x, v + h / 2 * k1v)
      let k3x = v + h / 2 * k2v, k3v = accel(x + h / 2 * k2x, v + h / 2 * k2v)
      let k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v)
      x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
      v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (x, v)
  }

  @Test(arguments: [
    (1.0, 100.0, 4.0, 80.0, 0.0),  // underdamped, ζ = 0.2
    (2.0, 300.0, 10.0, -30.0, 50.0),  // underdamped, mass 2, initial velocity
    (1.0, 100.0, 20.0, 10.0, -40.0),  // critical
    (1.0, 100.0, 50.0, 10.0, 25.0),  // overdamped (allowed)
  ])
  func valueAndVelocityFollowTheEquation(
    mass: Double, stiffness: Double, damping: Double, target: Double, v0: Double
  ) {
    let spring = Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true)
    for t in [0.0, 0.01, 0.07, 0.2, 0.45, 1.0] {
      let (x, v) = integrated(mass: mass, stiffness: stiffness, damping: damping, target: target, v0: v0, time: t)
      let scale = abs(target) + abs(v0)
      #expect(abs(spring.value(target: target, initialVelocity: v0, time: t) - x) < 1e-9 * scale, "t = \(t)")
      #expect(abs(spring.velocity(target: target, initialVelocity: v0, time: t) - v) < 1e-7 * scale, "t = \(t)")
    }
  }

  @Test func initializersFollowSwiftUIsMaps() {
    // duration/bounce: k = (2π/d)², ζ = 1 − bounce, or 1/(1 + bounce) below 0.
    let a = Spring(duration: 0.4, bounce: 0.3)
    let k = (2 * Double.pi / 0.4) * (2 * Double.pi / 0.4)
    #expect(abs(a.stiffness - k) < 1e-9 * k)
    #expect(abs(a.damping - 2 * k.squareRoot() * 0.7) < 1e-9 * k)
    #expect(a.mass == 1)
    #expect(abs(a.dampingRatio - 0.7) < 1e-12)
    #expect(abs(a.bounce - 0.3) < 1e-12)
    #expect(abs(a.duration - 0.4) < 1e-12 && abs(a.response - 0.4) < 1e-12)
    let b = Spring(duration: 0.5, bounce: -0.5)
    #expect(abs(b.dampingRatio - 2) < 1e-12)
    #expect(abs(b.bounce - -0.5) < 1e-12)
    // response/dampingRatio is the same map.
    let c = Spring(response: 0.4, dampingRatio: 0.7)
    #expect(abs(c.stiffness - a.stiffness) < 1e-9 && abs(c.damping - a.damping) < 1e-9)
    // mass/stiffness/damping: overdamped input is clamped to critical unless allowed.
    #expect(Spring(mass: 1, stiffness: 100, damping: 50).damping == 20)
    #expect(Spring(mass: 1, stiffness: 100, damping: 50, allowOverDamping: true).damping == 50)
    #expect(Spring(mass: 4, stiffness: 100, damping: 10).damping == 10)
    #expect(
      abs(Spring(mass: 4, stiffness: 100, damping: 10).response - 2 * Double.pi * (4.0 / 100).squareRoot()) < 1e-12)
    // Presets.
    #expect(abs(Spring.snappy.dampingRatio - 0.85) < 1e-12 && abs(Spring.bouncy.dampingRatio - 0.7) < 1e-12)
    #expect(abs(Spring.smooth.dampingRatio - 1) < 1e-12 && abs(Spring.smooth.duration - 0.5) < 1e-12)
  }

  @Test func settlingDurationOfAnOscillatingSpringIsTheEnvelopeFormula() {
    let spring = Spring(duration: 0.5, bounce: 0.3)
    let decay = spring.damping / 2
    let expected = -Double.log(0.001 / (abs(1 * decay - 0) + 1)) / decay
    #expect(abs(spring.settlingDuration - expected) < 1e-12)
    let withVelocity = spring.settlingDuration(target: 40, initialVelocity: -15, epsilon: 0.01)
    #expect(abs(withVelocity - -Double.log(0.01 / (abs(40 * decay + 15) + 40)) / decay) < 1e-12)
  }

  @Test func settlingDurationOfACriticalSpringIsWhereItStaysClose() {
    let spring = Spring(duration: 0.5, bounce: 0)
    let settle = spring.settlingDuration
    // Within 0.001 of the target from there on (checked finely), and not 0.1 s before.
    for i in 0..<2000 {
      let t = settle + Double(i) * 0.001
      let (x, _) = integrated(mass: 1, stiffness: spring.stiffness, damping: spring.damping, target: 1, v0: 0, time: t)
      #expect(abs(x - 1) <= 0.001 + 1e-9)
    }
    let (before, _) = integrated(
      mass: 1, stiffness: spring.stiffness, damping: spring.damping, target: 1, v0: 0, time: settle - 0.1)
    #expect(abs(before - 1) > 0.001)
  }

  @Test func animationSpringUsesTheSpringsResponseAndDampingRatio() {
    let spring = Spring(mass: 1, stiffness: 200, damping: 12)
    guard case let .spring(response, fraction, blend) = Animation.spring(spring) else {
      Issue.record("not a spring")
      return
    }
    #expect(abs(response - 2 * Double.pi / 200.0.squareRoot()) < 1e-12)
    #expect(abs(fraction - 12 / (2 * 200.0.squareRoot())) < 1e-12)
    #expect(blend == 0)
    #expect(
      Animation.interpolatingSpring(spring, initialVelocity: 2)
        == .interpolatingSpring(mass: 1, stiffness: 200, damping: 12, initialVelocity: 2))
  }
}
