import Testing
import FlipbookAnimation

@Suite struct InterruptionTests {
  /// One-step velocity estimates on either side of `t`, on the 1/300 s step grid (the spring is a
  /// step function between grid points). They differ by about |a|·h even for a perfectly smooth
  /// motion (a few percent here); dropping the velocity would make them differ by ~100 %.
  func velocities(_ track: AnimationTrack, at t: Double, h: Double) -> (before: Double, after: Double) {
    let x0 = track.value(at: t).x
    return ((x0 - track.value(at: t - h).x) / h, (track.value(at: t + h).x - x0) / h)
  }

  @Test(arguments: [Animation.smooth, .bouncy, .spring(response: 0.3, dampingFraction: 0.6, blendDuration: 0)])
  func springRetargetKeepsVelocity(animation: Animation) {
    var track = AnimationTrack(initial: scalar(0))
    track.set(scalar(100), at: 0, animation: animation)
    track.set(scalar(-50), at: 0.1, animation: animation)  // reverse mid-flight, at step 30
    let h = 1.0 / 300
    let (before, after) = velocities(track, at: 0.1, h: h)
    #expect(abs(before) > 100, "the spring should be moving fast at the interruption")
    #expect(abs(after - before) < 0.05 * abs(before), "before \(before), after \(after)")
    // Position is continuous, and the new target is reached.
    #expect(abs(track.value(at: 0.1).x - track.value(at: 0.1 - 1e-12).x) < 1e-9)
    #expect(track.value(at: 5).x == -50)
    #expect(track.finalValue == scalar(-50))
  }

  @Test func retargetWithoutCarryingVelocityWouldFailTheCheck() {
    // A control: a spring after an easeInOut starts with zero velocity (Bézier reports none), so
    // the same check sees a velocity jump. This keeps the test above honest.
    var track = AnimationTrack(initial: scalar(0))
    track.set(scalar(100), at: 0, animation: .linear(duration: 1))
    track.set(scalar(100.5), at: 0.5, animation: .smooth)
    let (before, after) = velocities(track, at: 0.5, h: 1.0 / 300)
    #expect(abs(before - 100) < 0.01)
    #expect(abs(after) < 20)
    // But the position hands over continuously: the spring starts where the curve was.
    #expect(abs(track.value(at: 0.5).x - 50) < 1e-9)
  }

  @Test func responseBlendsOverBlendDuration() {
    var track = AnimationTrack(initial: scalar(0))
    track.set(scalar(100), at: 0, animation: .spring(response: 1, dampingFraction: 1, blendDuration: 0))
    track.set(scalar(200), at: 0.1, animation: .spring(response: 0.2, dampingFraction: 1, blendDuration: 0.5))
    var sharp = AnimationTrack(initial: scalar(0))
    sharp.set(scalar(100), at: 0, animation: .spring(response: 1, dampingFraction: 1, blendDuration: 0))
    sharp.set(scalar(200), at: 0.1, animation: .spring(response: 0.2, dampingFraction: 1, blendDuration: 0))
    // Blending starts from the slow response, so the blended spring lags the unblended one.
    #expect(track.value(at: 0.2).x < sharp.value(at: 0.2).x - 1)
    let (before, after) = velocities(track, at: 0.1, h: 1.0 / 300)
    #expect(abs(after - before) < 0.05 * abs(before) + 1)
    #expect(track.value(at: 10).x == 200)
    #expect(track.settleTime! > 0.1)
    #expect(track.value(at: track.settleTime!).x == 200)
  }

  @Test func overlappingEaseInOutCombine() {
    var track = AnimationTrack(initial: scalar(0))
    track.set(scalar(100), at: 0, animation: .easeInOut(duration: 1))
    track.set(scalar(-40), at: 0.3, animation: .easeInOut(duration: 1))
    func c(_ x: Double) -> Double { x <= 0 ? 0 : x >= 1 ? 1 : referenceBezier(0.42, 0, 0.58, 1, at: x) }
    func old(_ t: Double) -> Double { t >= 1 ? 100 : 100 * c(t) }
    for i in 0...130 {
      let t = 0.3 + Double(i) * 0.01
      // v(t) = old(t) + c_new(t − t1) · (target_new − old(t)); exactly the target once the new one ends.
      let expected = t >= 1.3 ? -40 : old(t) + c(t - 0.3) * (-40 - old(t))
      #expect(abs(track.value(at: t).x - expected) < 1e-3, "t = \(t)")
    }
    #expect(track.value(at: 1.3).x == -40)
    #expect(track.settleTime == 1.3)
    #expect(!track.isAnimating(at: 1.3) && track.isAnimating(at: 1.29))
  }

  @Test func laterEntryFinishingEndsTheChain() {
    // An old repeatForever keeps running underneath, but the chain ends with its last entry.
    var track = AnimationTrack(initial: scalar(0))
    track.set(scalar(10), at: 0, animation: .linear(duration: 1).repeatForever())
    track.set(scalar(20), at: 0.5, animation: .linear(duration: 0.5))
    #expect(track.settleTime == 1.0)
    #expect(track.value(at: 1.0).x == 20)
    #expect(track.value(at: 100).x == 20)
    let runs = track.runs
    #expect(runs.count == 2 && runs[0].end == 1.0 && runs[1].end == 1.0)
  }

  @Test func jumpEndsEverything() {
    var track = AnimationTrack(initial: scalar(0))
    track.set(scalar(100), at: 0, animation: .easeInOut(duration: 1))
    track.set(scalar(30), at: 0.5, animation: nil)
    #expect(abs(track.value(at: 0.49).x - 100 * referenceBezier(0.42, 0, 0.58, 1, at: 0.49)) < 1e-3)
    #expect(track.value(at: 0.5).x == 30)
    #expect(track.value(at: 0.75).x == 30)
    #expect(!track.isAnimating(at: 0.5))
    #expect(track.settleTime == 0.5)
    #expect(track.runs == [AnimationRun(start: 0, animation: .easeInOut(duration: 1), end: 0.5)])
    // An animation after the jump starts fresh from the jumped-to value.
    track.set(scalar(40), at: 2, animation: .linear(duration: 1))
    #expect(abs(track.value(at: 2.5).x - 35) < 1e-4)
  }

  @Test func unchangedValueIsNoChange() {
    var track = AnimationTrack(initial: scalar(0))
    track.set(scalar(100), at: 0, animation: .linear(duration: 1))
    track.set(scalar(100), at: 0.5, animation: nil)  // same value: the animation keeps running
    #expect(abs(track.value(at: 0.75).x - 75) < 1e-4)
    #expect(track.runs.count == 1)
  }

  @Test func springMergingIntoACurveContinuesFromTheCurrentValue() {
    var track = AnimationTrack(initial: scalar(0))
    track.set(scalar(100), at: 0, animation: .easeIn(duration: 1))
    let at = track.value(at: 0.6).x
    track.set(scalar(0), at: 0.6, animation: .smooth)
    #expect(track.value(at: 0.6).x == at)
    #expect(track.value(at: 0.6 + 1.0 / 300).x < at + 1)
    #expect(track.value(at: 5).x == 0)
    #expect(track.runs.map(\.end) == [0.6, track.settleTime])
  }
}
