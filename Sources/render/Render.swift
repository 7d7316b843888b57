import ArgumentParser
import Foundation
import FlipbookLayout
import FlipbookRender
import FlipbookScene

@main
struct Render: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Render a SwiftUI-style animated scene to PNG frames.",
    discussion: """
      Examples:
        render examples/lore-circle.json --out frames/
        render scene.json --out frames/ --frames 0-29 --jobs 2
        render validate scene.json
        render info scene.json --fps 60

      Make a GIF from the frames (30 fps):
        ffmpeg -framerate 30 -i frames/frame_%04d.png -filter_complex \\
          "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse" -loop 0 out.gif
        gifski --fps 30 -o out.gif frames/frame_*.png

      The scene format: SCENE-FORMAT.md.
      """,
    subcommands: [Frames.self, Validate.self, Info.self],
    defaultSubcommand: Frames.self)
}

/// Options that override the scene's own values; validate and info take them too.
struct Overrides: ParsableArguments {
  @Option(help: "Frames per second (0 < fps ≤ 240), instead of the scene's.")
  var fps: Double?
  @Option(help: "Duration in seconds, instead of the scene's.")
  var duration: Double?
  @Option(help: "Pixels per point (2 = @2x), instead of the scene's canvas.scale.")
  var scale: Double?

  var sceneOverrides: SceneOverrides { SceneOverrides(fps: fps, duration: duration, scale: scale) }
}

/// Loads the scene or prints every problem in it and exits non-zero.
func loadOrExit(_ path: String, _ overrides: Overrides) throws -> CompiledScene {
  do {
    return try SceneFile.load(path, overrides: overrides.sceneOverrides)
  } catch {
    printError("\(error)")
    throw ExitCode.failure
  }
}

func printError(_ message: String) {
  let text = message.hasPrefix("error:") ? message : "error: \(message)"
  FileHandle.standardError.write(Data((text + "\n").utf8))
}
