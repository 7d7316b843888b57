import ArgumentParser
import FlipbookLayout
import FlipbookRender

/// `render validate SCENE`: check only.
struct Validate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check a scene; exit 0 if it is valid, else print every problem.")

  @Argument(help: "The scene file (JSON).")
  var scene: String

  @OptionGroup var overrides: Overrides

  func run() throws {
    let compiled = try loadOrExit(scene, overrides)
    print("\(scene): valid (\(compiled.frameCount) frames, \(compiled.pixelWidth)×\(compiled.pixelHeight))")
  }
}

/// `render info SCENE`: one JSON object on stdout.
struct Info: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the scene's width, height (pixels), fps, duration and frameCount as JSON.")

  @Argument(help: "The scene file (JSON).")
  var scene: String

  @OptionGroup var overrides: Overrides

  func run() throws {
    let compiled = try loadOrExit(scene, overrides)
    print(SceneInfo.json(compiled))
  }
}
