import FlipbookEngine
import FlipbookScene
import FlipbookTestSupport
import Foundation
import Testing

/// Phases events (SwiftUI's `PhaseAnimator`): each step happens when the previous one's
/// animations are logically complete (docs/animation-semantics.md §9), checked against times
/// added up here from the animations' durations.
@Suite struct PhaseEventTests {
  func phases(_ event: String, duration: String = #""auto""#, extra: String = "") throws -> CompiledScene {
    try compile(
      #"""
      {"canvas": {"width": 200, "height": 100}, "fps": 60, "duration": \#(duration), "state": {"x": 0, "y": 0},
       "root": {"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": {"x": "$x", "y": "$y"}}]},
       "timeline": [\#(event)\#(extra)]}
      """#)
  }

  func x(_ c: CompiledScene, _ t: Double) -> Double { shapes(c.displayList(at: t))[0].rect.minX - 95 }

  @Test func stepsFollowEachOthersLogicalCompletionAndReturnToTheFirstEachCycle() throws {
    let c = try phases(
      #"""
      {"at": 0.5, "name": "p", "repeat": 2, "phases": [
        {"set": {"x": 10}, "animation": {"linear": {"duration": 0.2}}},
        {"set": {"x": 40}, "animation": {"linear": {"duration": 0.3}}},
        {"set": {"x": -20}, "animation": {"spring": {"response": 0.4, "dampingFraction": 0.8}}}]}
      """#)
    // Durations of entering phase 0, 1, 2: a curve's duration, a spring's response.
    let enter = [0.2, 0.3, 0.4]
    var expected: [(Double, Int)] = [(0.5, 0)]
    var t = 0.5 + enter[0]
    for _ in 0..<2 {
      for phase in [1, 2, 0] {
        expected.append((t, phase))
        t += enter[phase]
      }
    }
    let report = c.events[0]
    #expect(report.phases.count == expected.count)
    for (got, want) in zip(report.phases, expected) {
      #expect(abs(got.time - want.0) < 1e-12 && got.phase == want.1)
    }
    #expect(abs(report.logicallyComplete! - t) < 1e-12)
    // Inside the second step: a linear run from 10 to 40 over 0.3 s from 0.7 s.
    #expect(abs(x(c, 0.85) - 25) < 1e-9)
    // After the last step's animation settles, the first phase's value.
    #expect(abs(x(c, c.duration) - 10) < 1e-6)
  }

  @Test func equalConsecutivePhasesCompleteAtOnce() throws {
    let c = try phases(
      #"""
      {"at": 0, "phases": [
        {"set": {"x": 10}, "animation": {"linear": {"duration": 0.5}}},
        {"set": {"x": 10}, "animation": {"linear": {"duration": 0.5}}},
        {"set": {"x": 20}, "animation": {"linear": {"duration": 0.5}}}]}
      """#)
    #expect(c.events[0].phases.map(\.time) == [0, 0.5, 0.5, 1.0])
    #expect(c.events[0].logicallyComplete == 1.5)
  }

  @Test func aFollowerHappensWhenTheLastStepIsCompleteAndTheEventsAnimationIsTheDefault() throws {
    let c = try phases(
      #"""
      {"at": 0, "name": "p", "animation": {"easeIn": {"duration": 0.25}},
       "phases": [{"set": {"x": 10}}, {"set": {"x": 30}, "animation": {"linear": {"duration": 0.5}}}]}
      """#,
      extra: #", {"after": "p", "delay": 0.1, "set": {"y": 5}}"#)
    // 0: phase 0 (0.25 s), 0.25: phase 1 (0.5 s), 0.75: phase 0 again (0.25 s), complete at 1.0.
    #expect(c.events[0].phases.map(\.time) == [0, 0.25, 0.75])
    #expect(c.events[0].logicallyComplete == 1.0)
    #expect(abs(c.events[1].time - 1.1) < 1e-12)
  }

  @Test func phasesForeverStopAtTheScenesEndAndACycleOfNoTimeEndsTheEvent() throws {
    let forever = try phases(
      #"""
      {"at": 0, "repeat": true, "phases": [
        {"set": {"x": 10}, "animation": {"linear": {"duration": 0.5}}},
        {"set": {"x": 20}, "animation": {"linear": {"duration": 0.5}}}]}
      """#, duration: "3")
    // Steps every 0.5 s while the scene lasts: 0, 0.5, …, 3.0.
    #expect(forever.events[0].phases.map(\.time) == (0...6).map { Double($0) * 0.5 })
    // `render curves` marks each step: the phase boundaries.
    #expect(forever.eventTimes == (0...6).map { Double($0) * 0.5 })
    #expect(forever.events[0].logicallyComplete == nil)
    #expect(abs(x(forever, 2.25) - 15) < 1e-9)
    // Without animations every step completes at once: the event ends after one cycle.
    let instant = try phases(
      #"{"at": 1, "repeat": true, "phases": [{"set": {"x": 10}}, {"set": {"x": 20}}]}"#, duration: "2")
    #expect(instant.events[0].phases.map(\.phase) == [0, 1, 0])
    #expect(x(instant, 1.5) == 10)
  }

  @Test(arguments: [
    (#"{"at": 0, "repeat": true, "phases": [{"set": {"x": 1}}]}"#, #""auto""#, "repeats forever"),
    (#"{"at": 0, "phases": []}"#, #""auto""#, "at least one phase"),
    (#"{"at": 0, "phases": [{"set": {"z": 1}}]}"#, #""auto""#, "undeclared state variable \"z\""),
    (#"{"at": 0, "phases": [{"set": {"x": 1}}], "repeat": 0}"#, #""auto""#, "out of range"),
  ])
  func badPhasesAreClearErrors(event: String, duration: String, message: String) {
    #expect {
      try phases(event, duration: duration)
    } throws: { error in
      (error as? SceneError)?.diagnostics.contains { $0.message.contains(message) } ?? false
    }
  }

  @Test func followingAPhasesEventThatNeverEndsIsAnError() {
    #expect {
      try phases(
        #"{"at": 0, "name": "p", "repeat": true, "phases": [{"set": {"x": 1}, "animation": "linear"}]}"#,
        duration: "2", extra: #", {"after": "p", "set": {"y": 1}}"#)
    } throws: { error in
      (error as? SceneError)?.diagnostics.first?.message.contains("never complete") ?? false
    }
  }

  @Test func phasesEventsEncodeToJSONThatDecodesToTheSameEvent() throws {
    let text = #"""
      {"canvas": {"width": 200, "height": 100}, "duration": 3, "state": {"x": 0},
       "root": {"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": {"x": "$x"}}]},
       "timeline": [{"at": 0.5, "name": "p", "animation": "easeIn", "repeat": 3, "phases": [
         {"set": {"x": 10}}, {"set": {"x": 20}, "animation": null}, {"set": {"x": 5}, "animation": "bouncy", "disablesAnimations": true}]}]}
      """#
    let scene = try decodeScene(text)
    let encoded = try SceneEncoder.encode(scene)
    let again = try decodeScene(encoded)
    #expect(try SceneEncoder.encode(again) == encoded)
    let a = scene.transactions[0].phases!, b = again.transactions[0].phases!
    #expect(a.repeatCount == 3 && b.repeatCount == 3 && b.steps.count == 3)
    for (s, u) in zip(a.steps, b.steps) {
      #expect(s.animation == u.animation && s.disablesAnimations == u.disablesAnimations)
      #expect(s.changes.map(\.name) == u.changes.map(\.name) && s.changes.map(\.value) == u.changes.map(\.value))
    }
    #expect(b.steps[1].animation == nil && b.steps[0].animation != nil)
    #expect(try compile(encoded).events == (try compile(text)).events)
  }
}

/// The examples that chain events: their event times are the logical completion times of §9,
/// added up here.
@Suite struct ChainedExampleTests {
  @Test func theChainedBadgeExamplesEventsHappenAtLogicalCompletions() throws {
    let c = try compile(contentsOf: "\(repositoryRoot)/examples/chained-badge.json")
    let times = c.events.map(\.time)
    // slide at 0.2: spring(duration 0.5) is complete at its response, 0.5; then the badge, whose
    // easeOut lasts 0.25 s; then 0.1 s of delay before the keyframes.
    let expected = [0.2, 0.2 + 0.5, 0.2 + 0.5 + 0.25 + 0.1]
    try #require(times.count == 3)
    #expect(zip(times, expected).allSatisfy { abs($0 - $1) < 1e-12 }, "\(times)")
    #expect(abs(c.events[1].logicallyComplete! - 0.95) < 1e-12)
    // The keyframes: a cubic of 0.12 s, then `bouncy` (ζ = 0.7, response 0.5) from 1.5 to 1 at
    // rest, for its settling time −ln(ε / (|T·λ| + |T|)) / λ with ε = 0.0001.
    let lambda = 0.7 * 2 * Double.pi / 0.5
    let settle = -log(0.0001 / (0.5 * lambda + 0.5)) / lambda
    #expect(abs(c.events[2].logicallyComplete! - (expected[2] + 0.12 + settle)) < 1e-9)
  }
}
