import FlipbookGIF
import FlipbookPNG
import FlipbookRender
import FlipbookScene
import FlipbookTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Extreme values and hostile paths through the real `render` executable (issue 20): each
/// ends in a clear message and a status, never a crash, a hang or a partial file.
@Suite
struct ExtremeValueTests {
  /// A 10×10 opaque scene of `duration` seconds at `fps` whose square moves, as a file in `dir`.
  func movingSquare(_ dir: String, width: Int = 10, height: Int = 10, fps: Double = 10, duration: Double = 1)
    throws -> String
  {
    let path = "\(dir)/scene.json"
    let text = """
      {"version": 1, "canvas": {"width": \(width), "height": \(height), "background": "white"},
       "fps": \(fps), "duration": \(duration), "state": {"x": 0},
       "root": {"type": "rectangle", "modifiers": [{"fill": "red"}, {"frame": {"width": 4, "height": 4}},
         {"offset": {"x": "$x"}}]},
       "timeline": [{"at": 0, "set": {"x": 3}, "animation": {"linear": {"duration": \(duration)}}}]}
      """
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aSubnormalOrTooSlowFrameRateIsAnErrorEvenForAGIF() throws {
    try withTemporaryDirectory { dir in
      let scene = try movingSquare(dir)
      let subnormal = try run([scene, "--gif", "\(dir)/a.gif", "--fps", "1e-320"])
      #expect(subnormal.exited, "crashed: \(subnormal.stderr)")
      #expect(subnormal.status == 1)
      #expect(subnormal.stderr.contains("fps: --fps 1e-320 is out of range; expected a number in [0.001, 240]"))
      let info = try run(["info", scene, "--fps", "1e-320"])
      #expect(info.status == 1 && info.stdout.isEmpty, "info printed \(info.stdout)")
      // 0.001 fps is a valid scene, but a frame of 1000 s does not fit a GIF's 16-bit delay.
      let slow = try run([scene, "--gif", "\(dir)/a.gif", "--fps", "0.001"])
      #expect(slow.status == 1)
      #expect(
        slow.stderr
          == "error: a GIF frame lasts at most 655.35 s, so a GIF cannot play 0.001 fps (one frame every 1000 s); "
          + "render the GIF with a faster --fps\n")
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["scene.json"])
      // 0.002 fps: one frame of 500 s, which a GIF holds exactly.
      let fits = try run([scene, "--gif", "\(dir)/b.gif", "--fps", "0.002"])
      #expect(fits.status == 0, "\(fits.stderr)")
      #expect(try GIFFile(contentsOf: "\(dir)/b.gif").frames.map(\.delay) == [100 * 500])
      let slowest = try run(["info", scene, "--fps", "0.001"])
      #expect(slowest.stdout.contains(#""fps": 0.001,"#), "\(slowest.stdout)")
    }
  }

  @Test func timeReachesTheLastFrameEvenAfterTheDuration() throws {
    try withTemporaryDirectory { dir in
      // 8.35 s at 30 fps has round(250.5) + 1 = 252 frames: frame 251 is at 251/30 s > 8.35 s.
      let scene = example("lore-circle.json")
      let time = String(251.0 / 30)
      let a = try run([scene, "--time", time, "--out", "\(dir)/a.png"])
      let b = try run([scene, "--frame", "251", "--out", "\(dir)/b.png"])
      #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
      #expect(
        FileManager.default.contents(atPath: "\(dir)/a.png") == FileManager.default.contents(atPath: "\(dir)/b.png"))
      let after = try run([scene, "--time", "8.37", "--out", "\(dir)/c.png"])
      #expect(after.stderr == "error: --time 8.37: the scene lasts 0…\(time) s (--duration S renders longer)\n")
    }
  }

  @Test(arguments: [
    ["--time", "0.5", "--out", "OUT/one.png"], ["--contact-sheet", "OUT/sheet.png"], ["curves", "OUT/curves.png"],
    ["--gif", "OUT/anim.gif", "--quiet"],
  ])
  func aFileOverUlimitFailsLikeAFullDiskAndLeavesNothing(_ arguments: [String]) throws {
    try withTemporaryDirectory { dir in
      try FileManager.default.createDirectory(atPath: "\(dir)/out", withIntermediateDirectories: false)
      let scene = example("lore-circle.json")
      var command = arguments.map { $0.replacingOccurrences(of: "OUT", with: "\(dir)/out") }
      command = command.first == "curves" ? ["curves", scene, "--out", command[1]] : [scene] + command
      // Every output of the lore circle is larger than 1 KiB (2 blocks in dash, 2 KiB in bash).
      let r = try run(shell: "ulimit -f 2; exec \"$0\" \"$@\"", command)
      #expect(r.exited, "killed by a signal (SIGXFSZ?): \(r.stderr)")
      #expect(r.status == 1)
      #expect(r.stderr.hasSuffix(": File too large\n"), "\(r.stderr)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: "\(dir)/out").isEmpty)
    }
  }

  @Test func anArgumentThatIsNotUTF8IsRefusedBeforeAnythingIsWritten() throws {
    try withTemporaryDirectory { dir in
      // Decoded as UTF-8, the byte 0xFF becomes U+FFFD: the name of this other, existing folder.
      let other = "\(dir)/out\u{FFFD}"
      try populateOutputFolder(other)
      let before = snapshot(dir)
      let r = try run(
        shell: "exec \"$0\" \"$1\" --out \"$2$(printf '\\377')\"", [example("shapes.json"), "\(dir)/out"])
      #expect(r.status == 64)
      #expect(r.stderr.hasPrefix("error: argument 3 ("))
      #expect(
        r.stderr.hasSuffix(
          ") is not valid UTF-8; render takes file names and values in UTF-8 only: rename the file or folder\n"))
      expectUnchanged(dir, before)
    }
  }

  @Test func aSceneFromAFIFOWithoutAWriterIsAnErrorNotAWait() throws {
    try withTemporaryDirectory { dir in
      let fifo = "\(dir)/scene.json"
      #expect(mkfifo(fifo, 0o600) == 0)
      // `timeout` only turns a hang into a failure (status 124) instead of a stuck test run.
      let r = try run(executable: "/usr/bin/timeout", ["60", try builtRenderExecutable(), "validate", fifo])
      #expect(r.status == 1, "status \(r.status): \(r.stderr)")
      #expect(r.stderr == "error: \(fifo): nothing to read (a pipe or FIFO that no process writes to)\n")
      // A pipe with a writer is read as a scene: `render validate <(cat scene.json)`.
      let piped = try run(shell: "cat \"$1\" | exec \"$0\" validate /dev/stdin", [example("shapes.json")])
      #expect(piped.status == 0, "\(piped.stderr)")
      #expect(piped.stdout.hasPrefix("/dev/stdin: valid"))
      let device = try run(["validate", "/dev/null"])
      #expect(device.stderr == "error: /dev/null: is a device or socket, not a file; expected a scene file\n")
    }
  }

  @Test func aDanglingOutLinkSaysWhereItPoints() throws {
    try withTemporaryDirectory { dir in
      try FileManager.default.createSymbolicLink(atPath: "\(dir)/out", withDestinationPath: "\(dir)/gone")
      let r = try run([example("shapes.json"), "--out", "\(dir)/out"])
      #expect(r.status == 1)
      #expect(
        r.stderr
          == "error: cannot write frames to '\(dir)/out': it is a symbolic link to '\(dir)/gone', which does not "
          + "exist; create that folder or remove the link\n")
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out"])
    }
  }

  @Test func aTimelineOverTheWorkLimitIsRejectedBeforeItsAnimationsAreBuilt() throws {
    try withTemporaryDirectory { dir in
      // 99,990 views, each moved and faded by 200 spring transactions: replaying it would
      // build about a gigabyte of springs before reaching the work limit. Under a 600 MB
      // address-space limit the render must still reject it with its message, not run out.
      let views = Array(
        repeating: #"{"type": "rectangle", "modifiers": [{"offset": {"x": "$x"}}, {"opacity": "$o"}]}"#, count: 99_990)
      let events = (0..<200).map {
        #"{"at": \#(Double($0) / 10), "set": {"x": \#($0 + 1), "o": \#($0 % 2 == 0 ? 1 : 0.5)}, "animation": {"spring": {}}}"#
      }
      let text = """
        {"version": 1, "canvas": {"width": 10, "height": 10}, "fps": 30, "duration": 1, "state": {"x": 0, "o": 1},
         "root": {"type": "hstack", "children": [\(views.joined(separator: ","))]},
         "timeline": [\(events.joined(separator: ",\n"))]}
        """
      try Data(text.utf8).write(to: URL(fileURLWithPath: "\(dir)/heavy.json"))
      let r = try run(shell: "ulimit -v 600000; exec \"$0\" \"$@\"", ["validate", "\(dir)/heavy.json"])
      #expect(r.exited, "crashed (out of memory?): \(r.stderr.prefix(300))")
      #expect(r.status == 1)
      #expect(
        r.stderr.contains("replaying the timeline up to here takes more than 10000000 steps (99991 views"),
        "\(r.stderr.prefix(300))")
    }
  }

  @Test func aMillionStepSequenceDecodesInBoundedMemory() throws {
    try withTemporaryDirectory { dir in
      // A 16 MB file of a million steps (the limit) took 835 MB: a path string, a copy of each
      // transaction in the replay's history and 100 bytes of rarely used fields per step. It
      // now takes about 500 MB, so it validates in a 700 MB address space; one step more is
      // rejected while parsing, in less.
      func write(_ count: Int, _ name: String) throws -> String {
        var text = #"{"version": 1, "canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"x": 0}, "#
        text += #""root": {"type": "circle", "modifiers": [{"offset": {"x": "$x"}}]}, "#
        text += #""timeline": [{"at": 0, "every": 0.000001, "steps": ["#
        text += (0..<count).map { #"{"set":{"x":\#($0 % 7)}}"# }.joined(separator: ",")
        text += "]}]}"
        try Data(text.utf8).write(to: URL(fileURLWithPath: "\(dir)/\(name)"))
        return "\(dir)/\(name)"
      }
      let limit = try write(SceneLimits.maxTransactions, "limit.json")
      let r = try run(shell: "ulimit -v 700000; exec \"$0\" \"$@\"", ["validate", limit])
      #expect(r.exited && r.status == 0, "\(r.stderr.prefix(300))")
      #expect(r.stdout.contains("valid"))
      let over = try write(SceneLimits.maxTransactions + 1, "over.json")
      let o = try run(shell: "ulimit -v 500000; exec \"$0\" \"$@\"", ["validate", over])
      #expect(o.exited && o.status == 1, "\(o.stderr.prefix(300))")
      #expect(o.stderr.contains("an array of more than 1000000 elements"), "\(o.stderr.prefix(300))")
    }
  }

  @Test func aHugeGIFWithManyJobsFitsTheMemoryBudget() throws {
    try withTemporaryDirectory { dir in
      // 16384×4096 with --jobs 8 took 5 GB, one frame per worker and more queued; the workers
      // now fit 1 GiB, so it runs in a 2 GB address space (it aborted in one of 2.5 GB).
      let scene = try movingSquare(dir, width: 16384, height: 4096, fps: 10, duration: 0.5)
      let r = try run(
        shell: "ulimit -v 2000000; exec \"$0\" \"$@\"", [scene, "--gif", "\(dir)/big.gif", "--jobs", "8", "--quiet"])
      #expect(r.exited && r.status == 0, "\(r.stderr.prefix(300))")
      // The logical screen: 16384 × 4096, little-endian, after "GIF89a".
      let header = try #require(FileManager.default.contents(atPath: "\(dir)/big.gif")).prefix(10)
      #expect(Array(header) == Array("GIF89a".utf8) + [0x00, 0x40, 0x00, 0x10])
    }
  }

  @Test func aPlotOfManyValuesStaysWithinTheLimitsOfAFrame() throws {
    try withTemporaryDirectory { dir in
      // 200 views that each move: one 124-pixel panel per value would be 24,878 pixels tall.
      let views = Array(repeating: #"{"type": "rectangle", "modifiers": [{"offset": {"x": "$x"}}]}"#, count: 200)
      let text = """
        {"version": 1, "canvas": {"width": 10, "height": 10}, "duration": 1, "state": {"x": 0},
         "root": {"type": "zstack", "children": [\(views.joined(separator: ","))]},
         "timeline": [{"at": 0, "set": {"x": 5}, "animation": {"linear": {"duration": 1}}}]}
        """
      try Data(text.utf8).write(to: URL(fileURLWithPath: "\(dir)/many.json"))
      let r = try run(["curves", "\(dir)/many.json", "--out", "\(dir)/curves.png"])
      #expect(r.status == 0, "\(r.stderr)")
      let plot = try PNGDecoder.decode(file: "\(dir)/curves.png")
      #expect(plot.width == 960 && plot.height <= SceneLimits.maxPixelSide)
      #expect(plot.height > SceneLimits.maxPixelSide - 124, "as many panels as fit")
    }
  }

  @Test func aContactSheetStaysWithinTheLimitsOfAFrame() throws {
    try withTemporaryDirectory { dir in
      // 1,801 frames of a canvas 16,384 points tall: every frame in one sheet would be
      // 301 rows of thumbnails, millions of pixels tall.
      let scene = try movingSquare(dir, width: 100, height: 16384, fps: 60, duration: 30)
      let auto = try run([scene, "--contact-sheet", "\(dir)/auto.png"])
      #expect(auto.status == 0, "\(auto.stderr)")
      let sheet = try PNGDecoder.decode(file: "\(dir)/auto.png")
      #expect(sheet.width <= SceneLimits.maxPixelSide && sheet.height <= SceneLimits.maxPixelSide)
      #expect(sheet.width * sheet.height <= SceneLimits.maxPixelsPerFrame)
      // Asked for every frame, the sheet is refused with the smallest --every that fits:
      // that one works, and one less does not.
      let all = try run([scene, "--contact-sheet", "\(dir)/all.png", "--every", "1"])
      #expect(all.status == 1)
      let every = try #require(all.stderr.split(separator: "--every ").last.flatMap { Int($0.prefix { $0.isNumber }) })
      #expect(all.stderr.hasPrefix("error: a contact sheet of 1801 frames would be "), "\(all.stderr)")
      #expect(every > 1)
      let fits = try run([scene, "--contact-sheet", "\(dir)/fits.png", "--every", String(every)])
      #expect(fits.status == 0, "\(fits.stderr)")
      #expect(try PNGDecoder.decode(file: "\(dir)/fits.png") == sheet, "the automatic choice is the smallest")
      let tooMany = try run([scene, "--contact-sheet", "\(dir)/no.png", "--every", String(every - 1)])
      #expect(tooMany.status == 1)
      #expect(!FileManager.default.fileExists(atPath: "\(dir)/all.png"))
    }
  }
}
