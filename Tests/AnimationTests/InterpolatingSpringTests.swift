import Testing
import FlipbookAnimation
import RealModule

@Suite struct InterpolatingSpringTests {
  /// Independent closed form of SwiftUI's SpringAnimation on 0 → 1, with the ζ ≥ 1 quirk.
  func reference(mass: Double, stiffness: Double, damping: Double, v0: Double, t: Double) -> Double {
    let omega = (stiffness / mass).squareRoot()
    let zeta = damping / (2 * (mass * stiffness).squareRoot())
    if zeta >= 1 { return 1 - (1 + (omega - v0) * t) * Double.exp(-omega * t) }
    let omegaD = omega * (1 - zeta * zeta).squareRoot()
    return 1 - Double.exp(-zeta * omega * t)
      * (Double.cos(omegaD * t) + ((zeta * omega - v0) / omegaD) * Double.sin(omegaD * t))
  }

  @Test(arguments: [
    (1.0, 100.0, 10.0, 0.0),  // underdamped, ζ = 0.5
    (2.0, 300.0, 5.0, 3.0),  // light damping, initial velocity
    (1.0, 170.0, 26.0, 0.0),  // ζ ≈ 0.997
    (1.0, 100.0, 20.0, 0.0),  // critical
    (1.0, 100.0, 60.0, -2.0),  // overdamped: SwiftUI uses the critical formula anyway
  ])
  func matchesClosedForm(mass: Double, stiffness: Double, damping: Double, v0: Double) {
    let animation = Animation.interpolatingSpring(
      mass: mass, stiffness: stiffness, damping: damping, initialVelocity: v0)
    let track = trackFrom(50, to: 250, animation)
    let settle = track.settleTime!
    for i in 0..<200 {
      let t = Double(i) * 0.013
      guard t < settle else { break }
      let expected = 50 + 200 * reference(mass: mass, stiffness: stiffness, damping: damping, v0: v0, t: t)
      #expect(abs(track.value(at: t).x - expected) < 1e-9, "t = \(t)")
    }
    // Settled: within 0.1 % of the distance from the settle time on, and the target after it.
    for i in 0..<100 {
      let t = settle + Double(i) * 0.01
      let x = reference(mass: mass, stiffness: stiffness, damping: damping, v0: v0, t: t)
      #expect(abs(1 - x) <= 0.001 + 1e-12)
    }
    #expect(track.value(at: settle).x == 250)
  }

  @Test func durationBounceForm() {
    // interpolatingSpring(duration: 0.5, bounce: 0.3): k = (2π/0.5)², c = 4π·0.7/0.5, m = 1.
    let a = Animation.interpolatingSpring(duration: 0.5, bounce: 0.3)
    guard case let .interpolatingSpring(m, k, c, v0) = a else {
      Issue.record("wrong case")
      return
    }
    #expect(m == 1 && v0 == 0)
    #expect(abs(k - 157.91367041742973) < 1e-9)
    #expect(abs(c - 4 * Double.pi * 0.7 / 0.5) < 1e-12)
  }

  @Test func undampedNeverSettles() {
    let track = trackFrom(0, to: 1, .interpolatingSpring(mass: 1, stiffness: 100, damping: 0, initialVelocity: 0))
    #expect(track.settleTime == nil)
    #expect(track.isAnimating(at: 1e6))
    #expect(track.value(at: 1e6).x.isFinite)
  }
}
