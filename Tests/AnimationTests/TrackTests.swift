import Testing
import FlipbookAnimation

@Suite struct TrackTests {
  /// A busy history: curves combining, a spring merging over them, a jump, more springs.
  func busyTrack() -> AnimationTrack {
    var track = AnimationTrack(initial: AnimatableVector(0, 0, 0, 0))
    track.set(AnimatableVector(100, 50, 0, 0), at: 0, animation: .easeInOut)
    track.set(AnimatableVector(-20, 60, 0, 0), at: 0.2, animation: .easeOut(duration: 0.6))
    track.set(AnimatableVector(30, 30, 0, 0), at: 0.4, animation: .bouncy)
    track.set(AnimatableVector(30, 90, 0, 0), at: 0.5, animation: .snappy)
    track.set(AnimatableVector(0, 0, 0, 0), at: 1.0, animation: nil)
    track.set(AnimatableVector(10, 10, 0, 0), at: 1.0, animation: .interpolatingSpring(duration: 0.4, bounce: 0.2))
    track.set(AnimatableVector(5, 5, 5, 5), at: 1.1, animation: .default)
    return track
  }

  @Test func settleTimeIsConsistentWithValues() {
    let track = busyTrack()
    let settle = track.settleTime!
    #expect(settle > 1.1)
    #expect(track.value(at: settle) == track.finalValue)
    for i in 1...200 { #expect(track.value(at: settle + Double(i) * 0.05) == track.finalValue) }
    #expect(track.value(at: settle - 0.02) != track.finalValue)
    #expect(!track.isAnimating(at: settle))
    #expect(track.isAnimating(at: settle - 0.02))
    #expect(track.runs.last?.end == settle)
  }

  @Test func isAnimatingFollowsTheHistory() {
    let track = busyTrack()
    #expect(!track.isAnimating(at: -1))
    #expect(track.isAnimating(at: 0))
    #expect(track.isAnimating(at: 0.99))
    #expect(track.runs.count == 6)
    #expect(track.runs.map(\.start) == [0, 0.2, 0.4, 0.5, 1.0, 1.1])
    #expect(track.runs[0].end == 0.35 && track.runs[1].end == 0.4 && track.runs[2].end == 0.5)
    #expect(track.runs[3].end == 1.0)
  }

  @Test func valuesArePureFunctionsOfTime() {
    // Sampling order must not matter: forward, backward and shuffled give identical results.
    let track = busyTrack()
    let times = (0..<300).map { Double($0) / 120 }
    let forward = times.map { track.value(at: $0) }
    let backward = times.reversed().map { track.value(at: $0) }.reversed()
    #expect(forward == Array(backward))
    var shuffled = Array(zip(times, forward))
    shuffled.shuffle()
    for (t, v) in shuffled { #expect(track.value(at: t) == v) }
  }

  @Test func coincidentChangesApplyInCallOrder() {
    var track = AnimationTrack(initial: scalar(0))
    track.set(scalar(10), at: 1, animation: nil)
    track.set(scalar(20), at: 1, animation: .linear(duration: 1))
    #expect(track.value(at: 1).x == 10)
    #expect(abs(track.value(at: 1.5).x - 15) < 1e-4)
    #expect(track.value(at: 0.5).x == 0)
  }

  @Test func oddInputStaysFiniteAndSettles() {
    let animations: [Animation] = [
      .spring(response: 0, dampingFraction: 1, blendDuration: 0),
      .spring(response: 1e-9, dampingFraction: 0.5, blendDuration: 0),
      .spring(response: 0.05, dampingFraction: 30, blendDuration: 0),  // unstable at dt = 1/300
      .spring(response: 0.5, dampingFraction: -1, blendDuration: 0),
      .spring(response: 0.5, dampingFraction: 0, blendDuration: 0),  // never rests: capped
      .spring(duration: 0.5, bounce: -1),
      .interpolatingSpring(mass: 0, stiffness: 100, damping: 10, initialVelocity: 0),
      .interpolatingSpring(mass: 1, stiffness: -5, damping: 10, initialVelocity: 0),
      .interpolatingSpring(duration: 0, bounce: 0),
      .linear(duration: 0),
      .linear(duration: -1),
      .timingCurve(x1: .nan, y1: 3, x2: 2, y2: -4, duration: 0.3),
      Animation.easeIn.speed(1e-300),
      Animation.easeIn.speed(0),
      Animation.easeIn.speed(.infinity),
      Animation.easeIn.delay(-3),
      Animation.easeIn.repeatCount(.max),
      Animation.easeIn.repeatCount(0),
      Animation.linear(duration: 0).repeatForever(),
      Animation.smooth.repeatForever(autoreverses: false).delay(0.1),
    ]
    for animation in animations {
      var track = AnimationTrack(initial: scalar(3))
      track.set(scalar(1e6), at: 0, animation: animation)
      track.set(scalar(-7), at: 0.05, animation: animation)
      for i in 0..<100 {
        let v = track.value(at: Double(i) * 0.037)
        #expect(v.x.isFinite && v.y == 0, "\(animation)")
      }
      #expect(track.value(at: 1e12).x.isFinite)
      if let settle = track.settleTime {
        #expect(settle.isFinite && track.value(at: settle) == scalar(-7), "\(animation)")
      }
    }
  }
}
