import FlipbookTestSupport
import Foundation
import Testing

@Suite
struct CommandLineTests {
  @Test func infoPrintsOneJSONObject() throws {
    let r = try run(["info", example("lore-circle.json")])
    #expect(r.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
    #expect(json?["width"] as? Int == 400)
    #expect(json?["height"] as? Int == 300)
    #expect(json?["fps"] as? Int == 30)
    #expect((json?["frameCount"] as? Int ?? 0) > 100)
    let o = try run(["info", example("lore-circle.json"), "--fps", "10", "--duration", "2", "--scale", "2"])
    #expect(
      o.stdout.hasPrefix(#"{"width": 800, "height": 600, "fps": 10, "duration": 2, "frameCount": 21, "animations": ["#))
    let animations = json?["animations"] as? [[String: Any]] ?? []
    let scale = animations.first { ($0["target"] as? String)?.hasSuffix("scaleEffect") == true }
    #expect(scale?["start"] as? Double == 0.3)
    #expect(scale?["animation"] as? String == "spring(response: 0.3, dampingFraction: 0.1, blendDuration: 0)")
    #expect((scale?["end"] as? Double ?? 0) > 0.3)
  }

  /// The refreshable inbox recorded from its async Swift timeline (examples/refresh.json):
  /// the spinner appears at 0.3 s and starts spinning at that instant, and the two requests
  /// (0.8 s and 1.2 s, run concurrently) end at 1.5 s, when the list updates in a 0.5 s
  /// smooth animation.
  @Test func infoShowsTheRefreshExamplesEventTimes() throws {
    let r = try run(["info", example("refresh.json")])
    #expect(r.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
    #expect(json?["duration"] as? Double == 2.4)
    let events = json?["events"] as? [[String: Any]] ?? []
    #expect(events.map { $0["time"] as? Double } == [0.3, 0.3, 1.5])
    #expect(events.first?["logicallyComplete"] as? Double == 0.55)
    #expect(events.last?["logicallyComplete"] as? Double == 2)
  }

  @Test func validateReportsEveryErrorAndExitsNonZero() throws {
    try withTemporaryDirectory { dir in
      let path = "\(dir)/bad.json"
      try Data(
        "{\"canvas\": {\"width\": 10, \"height\": 10},\n \"root\": {\"type\": \"circel\", \"modifiers\": [{\"opacity\": 2}]}}"
          .utf8
      )
      .write(to: URL(fileURLWithPath: path))
      let r = try run(["validate", path])
      #expect(r.status != 0)
      #expect(r.stderr.contains(#"\#(path):2:19: root.type: unknown node type "circel" (did you mean "circle"?)"#))
      #expect(r.stdout.isEmpty)
      #expect(try run(["validate", example("crossfade.json")]).status == 0)
    }
  }

  @Test func rendersFramesAndABadSceneWritesNothing() throws {
    try withTemporaryDirectory { dir in
      let out = "\(dir)/frames"
      let r = try run([example("shapes.json"), "--out", out, "--quiet"])
      #expect(r.status == 0, "\(r.stderr)")
      #expect(files(in: out).keys.sorted() == ["frame_0000.png"])
      try Data("{".utf8).write(to: URL(fileURLWithPath: "\(dir)/bad.json"))
      let before = files(in: out)
      let bad = try run(["\(dir)/bad.json", "--out", out])
      #expect(bad.status != 0)
      #expect(bad.stderr.contains("bad.json:1:2: invalid JSON"))
      #expect(files(in: out) == before)
    }
  }

  @Test func aFrameOverTheWorkLimitIsAnErrorAndWritesNothing() throws {
    // 300,000 segments of a zig-zag stroked with round joins, magnified 40 times: every join
    // is an arc of dozens of pieces, far beyond the outline budget of a frame.
    // Around the canvas center, so that scaleEffect keeps it on the canvas.
    var d = "M19 14"
    for i in 1...300_000 { d += " L\(19 + i % 2 * 3) \(14 + Double(i) / 1000)" }
    let scene = """
      {"version": 1, "canvas": {"width": 40, "height": 30}, "duration": 0,
       "root": {"type": "path", "d": "\(d)",
         "modifiers": [{"stroke": {"lineWidth": 2, "lineJoin": "round"}}, {"scaleEffect": 40}]}}
      """
    try withTemporaryDirectory { dir in
      try Data(scene.utf8).write(to: URL(fileURLWithPath: "\(dir)/heavy.json"))
      let out = "\(dir)/frames"
      let r = try run(["\(dir)/heavy.json", "--out", out, "--quiet"])
      #expect(r.status != 0)
      #expect(r.stderr.contains("frame 0"), "\(r.stderr)")
      #expect(r.stderr.contains("outline points"), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: "\(out)/frame_0000.png"))
    }
  }

  @Test func usageMistakesAreExplained() throws {
    let r = try run([example("shapes.json"), "--out", "/tmp/x", "--frames", "5-2"])
    #expect(r.status != 0)
    #expect(r.stderr.contains("--frames"))
    let j = try run([example("shapes.json"), "--out", "/tmp/x", "--jobs", "0"])
    #expect(j.status != 0)
    #expect(j.stderr.contains("--jobs must be between 1 and 1024"))
  }
}

/// `render info` on the chained example, as a new user would read it: the events happen at the
/// logical completions of §9, added up here, and the keyframes event lists its tracks.
@Suite struct ChainedInfoTests {
  @Test func infoListsTheChainedEventsAtTheirLogicalCompletionsAndTheKeyframeSegments() throws {
    let r = try run(["info", example("chained-badge.json")])
    #expect(r.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
    let events = json?["events"] as? [[String: Any]] ?? []
    try #require(events.count == 3)
    // slide at 0.2 with spring(duration: 0.5, bounce: 0.2): logically complete at its response,
    // 0.5 later; the badge's easeOut(0.25); then 0.1 s of delay.
    let times = events.map { $0["time"] as? Double ?? .nan }
    let expected = [0.2, 0.2 + 0.5, 0.2 + 0.5 + 0.25 + 0.1]
    #expect(zip(times, expected).allSatisfy { abs($0 - $1) < 1e-6 }, "\(times)")
    #expect(abs((events[0]["logicallyComplete"] as? Double ?? 0) - 0.7) < 1e-6)
    #expect(abs((events[1]["logicallyComplete"] as? Double ?? 0) - 0.95) < 1e-6)
    let tracks = events[2]["keyframes"] as? [[String: Any]] ?? []
    #expect(tracks.first?["variable"] as? String == "badgeScale")
    let segments = tracks.first?["segments"] as? [[String: Any]] ?? []
    #expect(segments.map { $0["kind"] as? String } == ["cubic", "spring"])
    // The cubic lasts 0.12 s; the spring (`bouncy`: ζ = 0.7, response 0.5, from 1.5 to 1 at
    // rest) its settling time −ln(ε / (|x₀·λ| + |x₀|)) / λ with ε = 0.0001.
    let lambda = 0.7 * 2 * Double.pi / 0.5
    let settle = -log(0.0001 / (0.5 * lambda + 0.5)) / lambda
    let bounds = segments.flatMap { [$0["start"] as? Double ?? .nan, $0["end"] as? Double ?? .nan] }
    let want = [1.05, 1.17, 1.17, 1.17 + settle]
    #expect(zip(bounds, want).allSatisfy { abs($0 - $1) < 1e-6 } && bounds.count == 4, "\(bounds)")
  }
}
