import FlipbookGIF
import FlipbookEngine
import FlipbookPNG
import FlipbookRender
import FlipbookScene
import FlipbookTestSupport
import Foundation
import Testing
import render

/// The outputs issue 7 added to the command line: one frame, GIFs, curves, help and the
/// usage errors that say what would be right.
@Suite
struct CommandLineOutputTests {
  @Test func timeAndFrameWriteTheSameSingleFrame() throws {
    try withTemporaryDirectory { dir in
      let a = try run([example("lore-circle.json"), "--time", "0.5", "--out", "\(dir)/a.png"])
      let b = try run([example("lore-circle.json"), "--frame", "15", "--out", "\(dir)/b.png"])
      #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
      let scene = try SceneFile.load(example("lore-circle.json"))
      let decoded = try PNGDecoder.decode(file: "\(dir)/a.png")
      #expect(try decoded == FrameRenderer.pixmap(scene, frame: 15))
      #expect(
        FileManager.default.contents(atPath: "\(dir)/a.png") == FileManager.default.contents(atPath: "\(dir)/b.png"))
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.png", "b.png"])
    }
  }

  @Test func singleFrameMistakesSayWhatWouldBeRight() throws {
    let scene = example("lore-circle.json")
    let folder = try run([scene, "--time", "0.5", "--out", "frames/"])
    #expect(folder.status != 0 && folder.stderr.contains("--out is the PNG file to write, such as --out frame.png"))
    let file = try run([scene, "--out", "frame.png"])
    #expect(file.status != 0 && file.stderr.contains("add --time T or --frame N"))
    let both = try run([scene, "--time", "0.5", "--frame", "3", "--out", "f.png"])
    #expect(both.status != 0 && both.stderr.contains("either --time T (seconds) or --frame N"))
    let mixed = try run([scene, "--time", "0.5", "--out", "f.png", "--gif", "a.gif"])
    #expect(mixed.status != 0 && mixed.stderr.contains("run them as two commands"))
    let late = try run([scene, "--time", "99", "--out", "/nonexistent/f.png"])
    #expect(late.status != 0 && late.stderr.contains("the scene lasts 0…"))
    let frame = try run([scene, "--frame", "100000", "--out", "f.png"])
    #expect(frame.status != 0 && frame.stderr.contains("the scene has frames 0-"))
  }

  @Test func gifOutputWarnsAboutUnevenRatesUnlessQuiet() throws {
    try withTemporaryDirectory { dir in
      let r = try run([example("crossfade.json"), "--gif", "\(dir)/c.gif"])
      #expect(r.status == 0, "\(r.stderr)")
      // Not a terminal: no progress bar and no summary, only the warning.
      #expect(r.stderr.hasPrefix("warning: GIF delays are whole centiseconds") && !r.stderr.contains("frames →"))
      let gif = try GIFFile(contentsOf: "\(dir)/c.gif")
      let scene = try SceneFile.load(example("crossfade.json"))
      #expect(gif.frames.count == scene.frameCount)
      let even = try run([example("crossfade.json"), "--gif", "\(dir)/d.gif", "--fps", "25", "--out", "\(dir)/frames"])
      #expect(even.status == 0 && even.stderr.isEmpty, "\(even.stderr)")
      #expect(try GIFFile(contentsOf: "\(dir)/d.gif").frames.allSatisfy { $0.delay == 4 })
      #expect(FileManager.default.fileExists(atPath: "\(dir)/frames/frame_0000.png"))
      let quiet = try run([example("crossfade.json"), "--gif", "\(dir)/e.gif", "--quiet"])
      #expect(quiet.status == 0 && quiet.stderr.isEmpty)
    }
  }

  @Test func gifMistakesSayWhatWouldBeRight() throws {
    let scene = example("toggle-transparent.json")
    let name = try run([scene, "--gif", "out.png"])
    #expect(name.status != 0 && name.stderr.contains("--gif takes a file name ending in .gif"))
    let matte = try run([scene, "--out", "frames/", "--matte", "white"])
    #expect(matte.status != 0 && matte.stderr.contains("--matte applies to GIF output; add --gif FILE.gif"))
    let color = try run([scene, "--gif", "a.gif", "--matte", "bleu"])
    #expect(color.status != 0 && color.stderr.contains("a name such as white, #RRGGBB or RRGGBB"))
    let nothing = try run([scene])
    #expect(nothing.status != 0 && nothing.stderr.contains("--gif FILE.gif"))
  }

  @Test func curvesPlotsAnimatedValuesAndRefusesAStillScene() throws {
    try withTemporaryDirectory { dir in
      let r = try run(["curves", example("lore-circle.json"), "--out", "\(dir)/c.png", "--width", "640"])
      #expect(r.status == 0, "\(r.stderr)")
      let plot = try PNGDecoder.decode(file: "\(dir)/c.png")
      #expect(plot.width == 640 && plot.height > 200)
      let still = try run(["curves", example("shapes.json"), "--out", "\(dir)/s.png"])
      #expect(still.status != 0 && still.stderr.contains("nothing animates"))
      #expect(!FileManager.default.fileExists(atPath: "\(dir)/s.png"))
      let folder = try run(["curves", example("lore-circle.json"), "--out", dir])
      #expect(folder.status != 0 && folder.stderr.contains("such as --out curves.png"))
    }
  }

  @Test func everyHelpIsShortAndHasExamples() throws {
    for command in [[], ["frames"], ["validate"], ["info"], ["curves"]] {
      let r = try run(command + ["--help"])
      #expect(r.status == 0)
      #expect(r.stdout.contains("Examples:"), "render \(command) --help")
      #expect(r.stdout.split(separator: "\n").count < 60, "render \(command) --help is long")
    }
  }
}
