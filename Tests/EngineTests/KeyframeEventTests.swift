import FlipbookEngine
import FlipbookScene
import FlipbookTestSupport
import Testing

/// Keyframes events, checked frame by frame against the formulas of docs/animation-semantics.md
/// §9 computed here: cubic Hermite segments with Catmull-Rom velocities, a linear segment.
@Suite struct KeyframeEventTests {
  let box = #"{"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": {"x": "$x"}}]}"#

  func hermite(_ p: Double, _ a: Double, _ b: Double, _ m0: Double, _ m1: Double) -> Double {
    (2 * p * p * p - 3 * p * p + 1) * a + (p * p * p - 2 * p * p + p) * m0 + (-2 * p * p * p + 3 * p * p) * b
      + (p * p * p - p * p) * m1
  }

  @Test func cubicKeyframesFormACatmullRomCurveThenALinearOne() throws {
    let c = try compile(
      scene(
        box, state: #"{"x": 0}"#,
        timeline: #"""
          [{"at": 0.5, "name": "k", "keyframes": {"x": [
             {"cubic": {"to": 100, "duration": 0.5}}, {"cubic": {"to": 40, "duration": 0.5}},
             {"linear": {"to": 0, "duration": 0.4}}]}}]
          """#))
    // Velocity at the cubic join: (40 − 0)/(0.5 + 0.5); at the cubic→linear join, the linear slope
    // (0 − 40)/0.4 times the linear curve's slope (1).
    let vJoin = 40.0, vEnd = -100.0
    for i in 15...60 {
      let t = Double(i) / 30
      let local = t - 0.5
      let expected: Double
      // The linear keyframe's curve goes through the timing-curve solver (x tolerance 2⁻²⁰): its
      // values may differ by 2⁻²⁰ of the distance, 40.
      var tolerance = 1e-9
      if local < 0.5 {
        expected = hermite(local / 0.5, 0, 100, 0, vJoin * 0.5)
      } else if local < 1 {
        expected = hermite((local - 0.5) / 0.5, 100, 40, vJoin * 0.5, vEnd * 0.5)
      } else if local < 1.4 {
        tolerance = 40.0 / 1_048_576
        expected = 40 - 40 * (local - 1) / 0.4
      } else {
        expected = 0
      }
      #expect(abs(shapes(c.displayList(at: t))[0].rect.minX - 95 - expected) <= tolerance, "t = \(t)")
    }
    #expect(abs(c.duration - 1.9) < 1e-12)
    let e = c.events[0]
    #expect(e.time == 0.5 && abs(e.logicallyComplete! - 1.9) < 1e-12)
    #expect(e.keyframes.first?.segments.map(\.kind) == ["cubic", "cubic", "linear"])
  }

  @Test(arguments: [
    (#"{"x": [{"move": {"to": 1}}], "c": [{"move": {"to": 1}}]}"#, "keyframes drive numbers"),
    (#"{"y": [{"move": {"to": 1}}]}"#, "undeclared state variable \"y\""),
    (#"{"x": [{"linear": {"to": 1, "duration": -1}}]}"#, "is negative"),
  ])
  func badTracksAreClearErrors(tracks: String, message: String) {
    #expect {
      try decodeScene(
        scene(box, state: #"{"x": 0, "c": "red"}"#, timeline: #"[{"at": 0, "keyframes": \#(tracks)}]"#))
    } throws: { error in
      (error as? SceneError)?.diagnostics.contains { $0.message.contains(message) } ?? false
    }
  }
}
