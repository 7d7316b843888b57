import Testing
import FlipbookAnimation

@Suite struct ModifierTests {
  func easeInOut(_ x: Double) -> Double { referenceBezier(0.42, 0, 0.58, 1, at: min(max(x, 0), 1)) }

  @Test func delayThenSpeedHalvesTheDelay() {
    // `.delay(0.5).speed(2)`: speed is outermost and scales the delay too; the real delay is 0.25 s.
    let track = trackFrom(0, to: 100, Animation.easeInOut(duration: 1).delay(0.5).speed(2))
    #expect(track.value(at: 0.2).x == 0)
    #expect(track.value(at: 0.25).x == 0)
    for t in [0.3, 0.4, 0.5, 0.7] {
      #expect(abs(track.value(at: t).x - 100 * easeInOut((t - 0.25) * 2)) < 1e-3, "t = \(t)")
    }
    #expect(track.settleTime == 0.75)
    #expect(track.value(at: 0.75).x == 100)
  }

  @Test func speedThenDelayKeepsTheDelay() {
    let track = trackFrom(0, to: 100, Animation.easeInOut(duration: 1).speed(2).delay(0.5))
    #expect(track.value(at: 0.5).x == 0)
    #expect(abs(track.value(at: 0.75).x - 50) < 1e-3)
    #expect(track.settleTime == 1.0)
  }

  @Test func repeatCountAutoreversesThenJumps() {
    let track = trackFrom(0, to: 100, Animation.linear(duration: 1).repeatCount(2, autoreverses: true))
    #expect(abs(track.value(at: 0.5).x - 50) < 1e-4)
    #expect(abs(track.value(at: 0.99).x - 99) < 1e-4)
    #expect(abs(track.value(at: 1.0).x - 100) < 1e-4)  // second cycle starts reversed at 1
    #expect(abs(track.value(at: 1.25).x - 75) < 1e-4)
    #expect(abs(track.value(at: 1.9).x - 10) < 1e-4)
    // After the two cycles the value jumps to the target (SwiftUI's quirk).
    #expect(track.value(at: 2.0).x == 100)
    #expect(track.settleTime == 2.0)
    #expect(track.isAnimating(at: 1.99) && !track.isAnimating(at: 2.0))
  }

  @Test func repeatCountThreeWithoutAutoreverse() {
    let track = trackFrom(0, to: 10, Animation.linear(duration: 0.5).repeatCount(3, autoreverses: false))
    #expect(abs(track.value(at: 0.25).x - 5) < 1e-4)
    #expect(abs(track.value(at: 0.5).x - 0) < 1e-4)  // snapped back for cycle 2
    #expect(abs(track.value(at: 1.25).x - 5) < 1e-4)
    #expect(track.settleTime == 1.5)
  }

  @Test func repeatForeverWithoutAutoreverseSnapsBack() {
    let track = trackFrom(0, to: 100, Animation.linear(duration: 1).repeatForever(autoreverses: false))
    #expect(abs(track.value(at: 1.25).x - 25) < 1e-4)
    #expect(abs(track.value(at: 2.0).x) < 1e-4)
    #expect(abs(track.value(at: 2.75).x - 75) < 1e-4)
    #expect(track.settleTime == nil)
    #expect(track.runs.first?.end == nil)
    #expect(Animation.linear.repeatForever().repeatsForever)
    // The cycle index is arithmetic: far-future frames are as cheap and as exact as early ones.
    #expect(abs(track.value(at: 1e9 + 0.5).x - 50) < 1e-3)
    #expect(track.isAnimating(at: 1e9))
  }

  @Test func repeatForeverAutoreversesPingPongs() {
    let track = trackFrom(0, to: 100, Animation.linear(duration: 1).repeatForever())
    #expect(abs(track.value(at: 1.25).x - 75) < 1e-4)
    #expect(abs(track.value(at: 2.25).x - 25) < 1e-4)
    #expect(abs(track.value(at: 3.25).x - 75) < 1e-4)
  }

  @Test func repeatedDelayWaitsEveryCycleButOuterDelayOnce() {
    // delay inside the repeat is part of each cycle; delay outside is waited once.
    let inner = trackFrom(0, to: 100, Animation.linear(duration: 1).delay(0.5).repeatCount(2, autoreverses: false))
    #expect(inner.settleTime == 3.0)
    #expect(inner.value(at: 1.75).x == 0)
    let outer = trackFrom(0, to: 100, Animation.linear(duration: 1).repeatCount(2, autoreverses: false).delay(0.5))
    #expect(outer.settleTime == 2.5)
    #expect(abs(outer.value(at: 1.75).x - 25) < 1e-4)
  }

  @Test func repeatedSpringCyclesRestartFromRest() {
    let track = trackFrom(0, to: 100, Animation.smooth.repeatCount(3, autoreverses: true))
    let cycle = Animation.smooth.settleTime(over: scalar(100))!
    #expect(abs(track.settleTime! - 3 * cycle) < 1e-4)
    let first = track.value(at: 0.1).x
    #expect(abs(track.value(at: cycle + 0.1).x - (100 - first)) < 1e-4)
    #expect(abs(track.value(at: 2 * cycle + 0.1).x - first) < 1e-4)
  }
}
