import Testing
import FlipbookImage
import FlipbookDisplayList
import FlipbookEngine
import FlipbookScene
import FlipbookTestSupport

/// Long timelines: the state each frame sees is rebuilt from checkpoints, and a timeline too
/// heavy to replay is an error that points at the transaction where the budget ran out.
@Suite struct ReplayLimitTests {
  @Test func everyFrameSeesTheStateOfItsTime() throws {
    // 70 flips of a flag across many checkpoints (one every 8 transactions here): the `if`
    // shows its circle exactly when the number of flips so far is even.
    let flips = (1...70).map { #"{"at": \#(Double($0) / 10), "set": {"on": \#($0 % 2 == 0)}}"# }
    let text = scene(
      #"{"type": "if", "condition": "$on", "then": {"type": "circle", "modifiers": [{"frame": {"width": 10, "height": 10}}]}}"#,
      state: #"{"on": true, "other": 0}"#, timeline: "[\(flips.joined(separator: ","))]")
    let compiled = try compile(text)
    for k in 0...70 {
      let shown = shapes(compiled.displayList(at: Double(k) / 10 + 0.05)).count
      #expect(shown == (k % 2 == 0 ? 1 : 0), "after \(k) flips")
    }
  }

  @Test func aTimelineTooHeavyToReplayIsAnErrorAtItsTransaction() throws {
    // Thousands of overlapping linear animations on one value: each change evaluates every
    // one still running, so the work grows with the square of the count.
    let steps = (0..<6000).map { #"{"set": {"x": \#($0 % 7 + 1)}}"# }.joined(separator: ",")
    let text = scene(
      #"{"type": "circle", "modifiers": [{"offset": {"x": "$x", "y": 0}}]}"#, state: #"{"x": 0}"#,
      timeline: #"[{"at": 0, "every": 0.0001, "animation": {"linear": {"duration": 100}}, "steps": [\#(steps)]}]"#)
    let error = #expect(throws: SceneError.self) { try compile(text) }
    let d = try #require(error?.diagnostics.first)
    #expect(d.path == "timeline[0].steps[4468]")
    #expect(d.location.line == 1)
    #expect(
      d.message
        == "replaying the timeline up to here takes more than \(SceneLimits.maxReplayWork) steps (1 view, 4469 of 6000 transactions); this is beyond the renderer's limit: use fewer transactions, or fewer views and animations that they change"
    )
  }
}
