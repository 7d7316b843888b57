import FlipbookEngine
import FlipbookScene
import FlipbookTestSupport
import Testing

/// The bad and edge inputs of issue 16 that the other keyframe suites leave out: keyframes of
/// zero duration (a jump, documented) and keyframes that repeat forever in a scene whose
/// duration is "auto".
@Suite struct KeyframeBadInputTests {
  let box = #"{"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": {"x": "$x"}}]}"#

  func x(_ c: CompiledScene, _ t: Double) -> Double { shapes(c.displayList(at: t))[0].rect.minX - 95 }
  /// Keyframes set their values at frame times (30 fps here), so frames are read by index.
  func x(_ c: CompiledScene, frame: Int) -> Double { shapes(c.displayList(frame: frame))[0].rect.minX - 95 }

  @Test(arguments: ["linear", "cubic"])
  func aZeroDurationKeyframeJumpsAndTheNextStartsThere(kind: String) throws {
    let c = try compile(
      scene(
        box, state: #"{"x": 0}"#,
        timeline: #"""
          [{"at": 0.5, "keyframes": {"x": [{"\#(kind)": {"to": 40, "duration": 0}},
                                         {"linear": {"to": 100, "duration": 0.5}}]}}]
          """#))
    #expect(x(c, 0.4) == 0)
    // The linear keyframe's curve goes through the timing-curve solver (x to 2⁻²⁰ of 60).
    for frame in [15, 18, 24, 27] {
      let t = Double(frame) / 30
      #expect(abs(x(c, frame: frame) - (40 + 60 * (t - 0.5) / 0.5)) <= 60.0 / 1_048_576, "t = \(t)")
    }
    #expect(x(c, 1) == 100)
    #expect(abs(c.duration - 1) < 1e-12)
  }

  @Test func keyframesThatRepeatForeverNeedANumericDuration() throws {
    let event = #"{"at": 0, "repeat": true, "keyframes": {"x": [{"linear": {"to": 10, "duration": 0.5}}]}}"#
    #expect {
      try decodeScene(scene(box, state: #"{"x": 0}"#, timeline: "[\(event)]"))
    } throws: { error in
      (error as? SceneError)?.diagnostics.contains { $0.message.contains("repeats forever") } ?? false
    }
    let text =
      #"{"canvas": {"width": 200, "height": 100}, "duration": 2, "state": {"x": 0}, "root": \#(box), "timeline": [\#(event)]}"#
    let c = try compile(text)
    #expect(c.duration == 2)
    // Frame 36, 1.2 s: the third cycle, 0.2 s in.
    #expect(abs(x(c, frame: 36) - 4) <= 10.0 / 1_048_576)
  }
}
