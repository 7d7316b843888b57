import FlipbookGIF
import FlipbookImage
import FlipbookPNG
import FlipbookTestSupport
import Foundation
import Testing

/// What got in a new user's way (issue 17), each through the real `render`.
@Suite
struct RoughEdgeTests {
  /// `scene` written to `dir/name`; returns the path.
  static func write(_ scene: String, _ name: String, in dir: String) throws -> String {
    let path = "\(dir)/\(name)"
    try Data(scene.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func theContactSheetSamplesOnlyTheFramesAskedForAtTheThumbnailWidthAskedFor() throws {
    try withTemporaryDirectory { dir in
      let scene = example("lore-circle.json")  // 400×300 points, opaque white background
      let r = try run([
        scene, "--contact-sheet", "\(dir)/s.png", "--frames", "10-40", "--every", "5", "--thumb-width", "100",
      ])
      #expect(r.status == 0, "\(r.stderr)")
      let sheet = try PNGDecoder.decode(file: "\(dir)/s.png")
      // Frames 10, 15, …, 40: 7 thumbnails of 100×75, 6 to a row, 6 px apart, 14 px labels.
      #expect(sheet.width == 6 * (100 + 6) + 6 && sheet.height == 2 * (75 + 14 + 6) + 6)
      // The first thumbnail is frame 10 and the seventh frame 40, each as the renderer draws
      // the scene at a quarter of its size (100 / 400 points).
      for (frame, x, y) in [(10, 6, 6), (40, 6, 6 + 95)] {
        let one = try run([scene, "--frame", "\(frame)", "--scale", "0.25", "--out", "\(dir)/f\(frame).png"])
        #expect(one.status == 0, "\(one.stderr)")
        let expected = try PNGDecoder.decode(file: "\(dir)/f\(frame).png")
        #expect(expected.width == 100 && expected.height == 75)
        var differing = 0
        for py in 0..<75 {
          for px in 0..<100 where sheet.pixel(x: x + px, y: y + py) != expected.pixel(x: px, y: py) { differing += 1 }
        }
        #expect(differing == 0, "frame \(frame): \(differing) pixels differ")
      }
      let bad = try run([scene, "--contact-sheet", "\(dir)/t.png", "--thumb-width", "8"])
      #expect(bad.status == 64 && bad.stderr.contains("--thumb-width must be between 16 and 1024 pixels, got 8"))
    }
  }

  /// A spring with almost no damping: it rings for minutes, and `"auto"` waits for it.
  static let ringingSpring = """
    {"version": 1, "canvas": {"width": 40, "height": 30}, "fps": 30, "duration": "auto",
     "state": {"x": 0},
     "root": {"type": "circle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": {"x": "$x"}}]},
     "timeline": [
       {"at": 0.5, "set": {"x": 20}, "animation": {"spring": {"response": 0.5, "dampingFraction": 0.005}}}
     ]}
    """

  @Test func anAutoDurationOverAMinuteIsAWarningNamingTheAnimation() throws {
    try withTemporaryDirectory { dir in
      let path = try Self.write(Self.ringingSpring, "ring.json", in: dir)
      let info = try JSONSerialization.jsonObject(with: Data(try run(["info", path]).stdout.utf8)) as? [String: Any]
      let duration = try #require(info?["duration"] as? Double)
      #expect(duration > 60)
      let warning =
        "warning: \(path):5:4: timeline[0]: \"duration\": \"auto\" resolves to "
      let validate = try run(["validate", path])
      #expect(validate.status == 0 && validate.stdout.hasPrefix("\(path): valid ("))
      #expect(validate.stderr.hasPrefix(warning), "\(validate.stderr)")
      #expect(validate.stderr.contains("(when root.modifiers[1].offset settles after the animation that starts here)"))
      #expect(validate.stderr.contains("longer than 60 s; give the animation more damping"))
      // Rendering warns too, off a terminal as here; --quiet leaves it out.
      let render = try run([path, "--frame", "0", "--out", "\(dir)/f.png"])
      #expect(render.status == 0 && render.stderr.hasPrefix(warning), "\(render.stderr)")
      #expect(try run([path, "--frame", "0", "--out", "\(dir)/f.png", "--quiet"]).stderr.isEmpty)
      // A duration given, or an "auto" one under a minute, is not warned about.
      #expect(try run(["validate", path, "--duration", "90"]).stderr.isEmpty)
      #expect(try run(["validate", example("lore-circle.json")]).stderr.isEmpty)
    }
  }

  /// A dot that moves right over 1 s and jumps back, forever: it loops every second.
  static func loopingScene(duration: Double) -> String {
    """
    {"version": 1, "canvas": {"width": 40, "height": 20, "background": "white"}, "fps": 10, "duration": \(duration),
     "state": {"x": -10},
     "root": {"type": "circle", "modifiers": [{"fill": "black"}, {"frame": {"width": 8, "height": 8}}, {"offset": {"x": "$x"}}]},
     "timeline": [{"at": 0, "set": {"x": 10}, "animation": {"linear": {"duration": 1}, "repeatForever": true, "autoreverses": false}}]}
    """
  }

  @Test func loopLeavesOutTheFrameThatRepeatsTheFirst() throws {
    try withTemporaryDirectory { dir in
      let scene = try Self.write(Self.loopingScene(duration: 2), "loop.json", in: dir)
      // Frame 20 (2 s) is frame 0 again: the picture a looping GIF would show twice.
      for (frame, name) in [(0, "a"), (20, "b"), (19, "c")] {
        #expect(try run([scene, "--frame", "\(frame)", "--out", "\(dir)/\(name).png"]).status == 0)
      }
      let (first, seam, before) = try (
        PNGDecoder.decode(file: "\(dir)/a.png"), PNGDecoder.decode(file: "\(dir)/b.png"),
        PNGDecoder.decode(file: "\(dir)/c.png")
      )
      #expect(first == seam && first != before)
      let plain = try run([scene, "--gif", "\(dir)/plain.gif"])
      let looped = try run([scene, "--gif", "\(dir)/loop.gif", "--loop"])
      #expect(plain.status == 0 && looped.status == 0 && looped.stderr.isEmpty, "\(looped.stderr)")
      // 2 s × 10 fps = 20 frames with --loop, the 21 of both ends without.
      #expect(try GIFFile(contentsOf: "\(dir)/plain.gif").frames.count == 21)
      let gif = try GIFFile(contentsOf: "\(dir)/loop.gif")
      #expect(gif.frames.count == 20)
      #expect(gif.frames.map { Int($0.delay) }.reduce(0, +) == 200)  // 2 s in centiseconds
      // The APNG and the GIF of one run leave out the same frame; the folder keeps all 21.
      let both = try run([
        scene, "--out", "\(dir)/all", "--gif", "\(dir)/both.gif", "--apng", "\(dir)/both.png", "--loop",
      ])
      #expect(both.status == 0, "\(both.stderr)")
      let apng = try APNGReader(bytes: [UInt8](FileManager.default.contents(atPath: "\(dir)/both.png") ?? Data()))
      #expect(apng.frames.count == 20 && apng.announcedFrames == 20)
      #expect(try GIFFile(contentsOf: "\(dir)/both.gif").frames.count == 20)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: "\(dir)/all").filter { $0.hasSuffix(".png") }.count == 21)
      // 2.05 s is not a whole number of frames: nothing repeats, so all 22 stay, with a warning.
      let odd = try Self.write(Self.loopingScene(duration: 2.05), "odd.json", in: dir)
      let r = try run([odd, "--gif", "\(dir)/odd.gif", "--loop"])
      #expect(r.status == 0 && r.stderr.contains("warning: --loop: a loop of 2.05 s at 10 fps is not a whole number"))
      #expect(try GIFFile(contentsOf: "\(dir)/odd.gif").frames.count == 22)
      let alone = try run([scene, "--out", "\(dir)/frames", "--loop"])
      #expect(alone.status == 64 && alone.stderr.contains("--loop leaves out the frame that repeats the first"))
    }
  }

  @Test(arguments: [
    (
      #"{"type": "circle", "modifiers": [{"onTapGesture": {}}]}"#,
      #"root.modifiers[0].onTapGesture: unknown modifier "onTapGesture": "onTapGesture" is SwiftUI's, not supported yet"#
    ),
    (
      #"{"type": "Toggle", "isOn": true}"#,
      #"root.type: unknown node type "Toggle": "Toggle" is SwiftUI's, not supported yet; expected one of: circle,"#
    ),
    (#"{"type": "Circle"}"#, #"root.type: unknown node type "Circle" (did you mean "circle"?)"#),
    (#"{"type": "Image", "file": "a.png"}"#, #"root.type: unknown node type "Image" (did you mean "image"?)"#),
    (#"{"type": "circle", "modifiers": [{"opacityy": 1}]}"#, #"unknown modifier "opacityy" (did you mean "opacity"?)"#),
    (
      #"{"type": "circle", "modifiers": [{"matchedGeometryEffect": {"id": "dot", "in": "ns"}}]}"#,
      #"root.modifiers[0].matchedGeometryEffect.in: unknown key "in": "in" is SwiftUI's namespace (@Namespace); a scene is one namespace, so "id" alone names the group"#
    ),
    (
      #"{"type": "color", "color": {"if": "$sel == 1", "then": "red", "else": "blue"}}"#,
      #"root.color.if: "$sel == 1" is not a variable; a comparison is a condition object: {"eq": ["$sel", 1]}"#
    ),
    (
      #"{"type": "color", "color": {"if": "$sel >= 2.5", "then": "red", "else": "blue"}}"#,
      #"a comparison is a condition object: {"ge": ["$sel", 2.5]}"#
    ),
  ])
  func messagesSayWhatIsMeant(root: String, message: String) throws {
    try withTemporaryDirectory { dir in
      let scene =
        #"{"version": 1, "canvas": {"width": 10, "height": 10}, "state": {"sel": 0, "name": "hello"}, "root": "#
      let path = try Self.write(scene + root + "}", "s.json", in: dir)
      let r = try run(["validate", path])
      #expect(r.status == 1)
      #expect(r.stderr.contains(message), "\(r.stderr)")
      // The string state value, reported too: strings are declared {"string": …}.
      #expect(
        r.stderr.contains(
          #"state.name: unknown color "hello" (did you mean "yellow"?); a string value is written {"string": "hello"}"#)
      )
    }
  }

  @Test func commandLineNumbersAndRangesAreExplained() throws {
    let scene = example("shapes.json")
    for (arguments, message) in [
      (["--time", "-1", "--out", "f.png"], "error: --time -1: the value must be ≥ 0"),
      (["--fps", "-30", "--out", "frames"], "error: --fps -30: the value must be ≥ 0"),
      (["--duration", "-.5", "--out", "frames"], "error: --duration -.5: the value must be ≥ 0"),
      (["--frames", "10-5", "--out", "frames"], "--frames 10-5: the range is reversed; did you mean --frames 5-10?"),
    ] {
      let r = try run([scene] + arguments)
      #expect(r.status == 64 && r.stderr.contains(message), "\(arguments): \(r.stderr)")
      #expect(!r.stderr.contains("Missing value"))
    }
  }

  @Test func versionNamesTheReleaseAndTheSceneFormat() throws {
    let r = try run(["--version"])
    #expect(r.status == 0)
    #expect(r.stdout.hasPrefix("flipbook ") && r.stdout.hasSuffix(" (scene format version 1)\n"), "\(r.stdout)")
  }

  @Test func helpFitsEightyColumnsWithoutBreakingAnExample() throws {
    for command in [[], ["frames"], ["validate"], ["info"], ["curves"], ["recover"], ["merge-check"]] {
      let r = try run(command + ["--help"], environment: ["PATH": "/usr/bin:/bin"])
      #expect(r.status == 0)
      let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      for line in lines { #expect(line.count <= 80, "\(command): \(line)") }
      // Every line of an Examples block is a whole command, never the wrapped end of one.
      let examples = lines.drop { $0 != "Examples:" && $0 != "Example:" }.dropFirst().prefix { !$0.isEmpty }
      #expect(!examples.isEmpty, "\(command) has no examples")
      for line in examples { #expect(line.hasPrefix("  render "), "\(command): \(line)") }
    }
    // `info` says what its times mean.
    let info = try run(["info", "--help"]).stdout
    #expect(info.contains("end     when this run finished") && info.contains("settle  when the value comes to rest"))
  }

  /// `render` run on a terminal (a pseudo-terminal from Python's pty module), returning what
  /// the terminal showed.
  static func onATerminal(_ arguments: [String]) throws -> RunResult {
    let spawn = "import pty, sys; sys.exit(pty.spawn(sys.argv[1:]) >> 8)"
    return try run(executable: "/usr/bin/env", ["python3", "-c", spawn, try builtRenderExecutable()] + arguments)
  }

  @Test func theSummaryOnATerminalSuggestsGifskiOnlyWhenNoGIFWasWritten() throws {
    try withTemporaryDirectory { dir in
      let scene = example("crossfade.json")
      let framesOnly = try Self.onATerminal([scene, "--out", "\(dir)/a", "--fps", "25"])
      #expect(framesOnly.status == 0 && framesOnly.stdout.contains("  gif:   gifski --fps 25"), "\(framesOnly.stdout)")
      let both = try Self.onATerminal([scene, "--out", "\(dir)/b", "--gif", "\(dir)/b.gif", "--fps", "25"])
      // With an animated file the summary names each output and suggests no other tool.
      #expect(both.status == 0 && both.stdout.contains("b.gif"), "\(both.stdout)")
      #expect(!both.stdout.contains("gifski"), "\(both.stdout)")
      // Off a terminal, nothing but warnings and errors.
      let piped = try run([scene, "--out", "\(dir)/c", "--gif", "\(dir)/c.gif", "--fps", "25"])
      #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr)")
    }
  }
}
