import FlipbookEngine
import FlipbookPNG
import FlipbookImage
import FlipbookRaster
import FlipbookRender
import FlipbookScene
import FlipbookTestSupport
import Foundation
import Testing

@Suite struct PipelineTests {
  @Test func jobsDoNotChangeTheBytes() throws {
    let scene = try SceneFile.load(example("lore-circle.json"), overrides: SceneOverrides(duration: 0.5))
    try withTemporaryDirectory { dir in
      try FrameRenderer.render(scene, to: "\(dir)/one", jobs: 1)
      try FrameRenderer.render(scene, to: "\(dir)/two", jobs: 2)
      try FrameRenderer.render(scene, to: "\(dir)/five", jobs: 5)
      let one = files(in: "\(dir)/one")
      #expect(one.count == 16)
      #expect(one == files(in: "\(dir)/two"))
      #expect(one == files(in: "\(dir)/five"))
    }
  }

  @Test func aRangeGivesTheSameFramesAsTheWholeRun() throws {
    let scene = try SceneFile.load(example("crossfade.json"))
    try withTemporaryDirectory { dir in
      try FrameRenderer.render(scene, to: "\(dir)/all", jobs: 2)
      try FrameRenderer.render(scene, to: "\(dir)/part", range: 10...14, jobs: 2)
      let all = files(in: "\(dir)/all"), part = files(in: "\(dir)/part")
      #expect(part.keys.sorted() == (10...14).map { String(format: "frame_%04d.png", $0) })
      for (name, bytes) in part { #expect(all[name] == bytes, "\(name)") }
    }
  }

  @Test func framesDecodeToWhatWasDrawn() throws {
    let scene = try SceneFile.load(example("shapes.json"))
    try withTemporaryDirectory { dir in
      try FrameRenderer.render(scene, to: dir, jobs: 1)
      let decoded = try PNGDecoder.decode(file: "\(dir)/frame_0000.png")
      #expect(try decoded == FrameRenderer.pixmap(scene, frame: 0))
      #expect(decoded.width == 640 && decoded.height == 240, "canvas 320×120 at scale 2")
    }
  }

  @Test func aBadSceneFailsBeforeAnythingIsWritten() throws {
    try withTemporaryDirectory { dir in
      let path = "\(dir)/bad.json"
      try Data(
        #"{"canvas": {"width": 10, "height": 10}, "root": {"type": "circle", "modifiers": [{"fill": "bleu"}]}}"#.utf8
      )
      .write(to: URL(fileURLWithPath: path))
      #expect(throws: SceneError.self) { try SceneFile.load(path) }
      do {
        _ = try SceneFile.load(path)
      } catch {
        #expect(
          "\(error)" == #"error: \#(path):1:91: root.modifiers[0].fill: unknown color "bleu" (did you mean "blue"?)"#)
      }
    }
  }

  @Test func missingFileIsAClearError() {
    #expect(throws: RenderError.self) { try SceneFile.load("/nonexistent/scene.json") }
  }

  @Test func everyExampleIsValid() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: "\(repositoryRoot)/examples").filter {
      $0.hasSuffix(".json")
    }
    #expect(names.count >= 5)
    for name in names {
      let scene = try SceneFile.load(example(name))
      #expect(scene.frameCount >= 1, "\(name)")
    }
  }
}
