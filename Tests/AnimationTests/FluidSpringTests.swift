import Testing
import FlipbookAnimation

@Suite struct FluidSpringTests {
  static let springs: [(String, Animation, Double, Double)] = [
    ("smooth", .smooth, 0.5, 1.0),
    ("snappy", .snappy, 0.5, 0.85),
    ("bouncy", .bouncy, 0.5, 0.7),
    ("interactive", .interactiveSpring, 0.15, 0.86),
    ("custom", .spring(response: 0.3, dampingFraction: 0.1, blendDuration: 0), 0.3, 0.1),
  ]

  @Test(arguments: 0..<5)
  func followsTheIntegratorStepForStep(row: Int) {
    let (name, animation, response, zeta) = Self.springs[row]
    let track = trackFrom(20, to: 120, animation)
    // Mid-step sample times, so the reference's accumulated `t += 1/300` cannot disagree about
    // which step boundary comes first.
    let times = (0..<900).map { (Double($0) + 0.5) / 300 }
    let reference = ReferenceFluidSpring.trajectory(
      response: response, dampingFraction: zeta, target: 100, times: times)
    for (time, expected) in zip(times, reference) {
      let value = track.value(at: time).x
      if let expected {
        #expect(abs(value - (20 + expected)) < 1e-9, "\(name) at \(time)")
      } else {
        #expect(value == 120, "\(name) at \(time) should be finished")
      }
    }
  }

  @Test(arguments: 0..<5)
  func finishesWhenTheStopRuleFirstHolds(row: Int) {
    let (name, animation, response, zeta) = Self.springs[row]
    let n = ReferenceFluidSpring.finishStep(response: response, dampingFraction: zeta, target: 100)
    let track = trackFrom(20, to: 120, animation)
    let settle = track.settleTime
    // The frame that integrates up to step n already shows the target, so the run is over just
    // past step n − 1.
    #expect(settle != nil && abs(settle! - Double(n - 1) / 300) < 1e-7, "\(name)")
    #expect(track.value(at: settle!).x == 120)
    #expect(track.value(at: Double(n) / 300).x == 120)
    #expect(track.value(at: Double(n - 1) / 300).x != 120)
    #expect(track.isAnimating(at: Double(n - 1) / 300))
    #expect(!track.isAnimating(at: settle!))
    #expect(animation.settleTime(over: scalar(100)) == settle)
  }

  @Test func staysWithinOnePointFivePercentOfTheClosedForm() {
    for (name, animation, response, zeta) in Self.springs.prefix(3) {
      let track = trackFrom(0, to: 100, animation)
      var worst = 0.0
      for frame in 0...60 {
        let t = Double(frame) / 60
        let closed = closedFormSpring(response: response, dampingFraction: zeta, target: 100, at: t)
        worst = max(worst, abs(track.value(at: t).x - closed))
      }
      #expect(worst < 1.5, "\(name): worst deviation \(worst) % of the distance")
      #expect(worst > 0.01, "\(name): suspiciously equal to the closed form")
    }
  }

  @Test func vectorNormsDriveTheStopRule() {
    // The stop rule uses the 4-lane norm: a diagonal move stops when the vector rule holds.
    var track = AnimationTrack(initial: .zero)
    track.set(AnimatableVector(60, 80, 0, 0), at: 0, animation: .smooth)
    let n = ReferenceFluidSpring.finishStep(response: 0.5, dampingFraction: 1, target: 100)
    #expect(abs(track.settleTime! - Double(n - 1) / 300) < 1e-7)
    let mid = track.value(at: 0.2)
    #expect(abs(mid.y / mid.x - 80.0 / 60.0) < 1e-12)
  }

  @Test func stopRuleIsScaleDependent() {
    // Colors are ×128: bigger numbers take longer to satisfy |v| ≤ 0.06.
    let small = Animation.smooth.settleTime(over: scalar(1))!
    let large = Animation.smooth.settleTime(over: scalar(10_000))!
    #expect(large > small)
  }
}
