import Foundation
import FlipbookGoldenTesting
import FlipbookEngine
import FlipbookImage
import FlipbookRaster
import FlipbookRender
import FlipbookScene
import Testing
import FlipbookTestSupport

let golden = Golden(directory: "\(repositoryRoot)/goldens")

/// Every scene under `goldens/` (e.g. `spring/underdamped`), found when the tests are listed.
let goldenScenes: [String] = {
  let root = "\(repositoryRoot)/goldens"
  let all = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
  return all.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
}()

let exampleScenes: [String] = {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: "\(repositoryRoot)/examples")) ?? []
  return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
}()

/// The frames a golden keeps of an animated scene: the first, the quarters and the last.
func sampledFrames(_ count: Int) -> [Int] {
  let last = count - 1
  return Array(Set([0, last / 4, last / 2, (3 * last) / 4, last].map { min(max($0, 0), last) })).sorted()
}

/// The golden of frame `i` of `scene`, named as the frame writer names it.
func frameName(_ i: Int, of scene: CompiledScene) -> String {
  FrameFileName.name(index: i, frameCount: scene.frameCount)
}

@Suite struct GoldenTests {
  @Test(arguments: goldenScenes)
  func scene(_ name: String) throws {
    let scene = try SceneFile.load("\(repositoryRoot)/goldens/\(name).json")
    if scene.frameCount == 1 {
      try golden.check(FrameRenderer.pixmap(scene, frame: 0), named: "\(name).png")
      return
    }
    for f in sampledFrames(scene.frameCount) {
      try golden.check(FrameRenderer.pixmap(scene, frame: f), named: "\(name)/\(frameName(f, of: scene))")
    }
    let sheet = try ContactSheet.make(scene, options: ContactSheet.Options(every: 2, columns: 8, thumbnailWidth: 96))
    golden.check(sheet, named: "\(name)/contact-sheet.png")
  }

  /// The examples at their first, middle and last frame, drawn small enough for the repo.
  @Test(arguments: exampleScenes)
  func example(_ name: String) throws {
    let path = "\(repositoryRoot)/examples/\(name).json"
    let full = try SceneFile.load(path)
    let c = full.scene.canvas
    let scale = min(c.scale, 256 / c.width, 256 / c.height)
    let scene = try SceneFile.load(path, overrides: SceneOverrides(scale: scale))
    let last = scene.frameCount - 1
    for f in Array(Set([0, last / 2, last])).sorted() {
      try golden.check(FrameRenderer.pixmap(scene, frame: f), named: "examples/\(name)/\(frameName(f, of: scene))")
    }
  }
}
