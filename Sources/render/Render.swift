import ArgumentParser
import Foundation
import FlipbookEngine
import FlipbookRender
import FlipbookScene

@main
struct Render: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Render SwiftUI-style animated scenes (JSON) to PNG frames or a GIF.",
    discussion: """
      Examples:
        render scene.json --out frames/              PNG frames (frame_0000.png …)
        render scene.json --gif out.gif              an animated GIF
        render scene.json --time 0.5 --out f.png     one frame, to debug a moment
        render scene.json --contact-sheet sheet.png  all frames in a labeled grid
        render curves scene.json --out curves.png    every animated value over time
        render info scene.json                       size, timing, animations (JSON)
        render preview scene.json                    a live page to scrub, play, edit
        render recover frames/                       finish what a killed render left
        render merge-check frames/ scene.json        after a farm: all frames there?

      'render SUBCOMMAND --help' for each; the scene format: docs/scene-format.md.
      """,
    version: renderVersion,
    subcommands: [
      Frames.self, Validate.self, Info.self, Curves.self, Preview.self, Recover.self, MergeCheck.self,
    ],
    defaultSubcommand: Frames.self)

  /// Refuses an argument that is not UTF-8 before anything is parsed (status 64).
  ///
  /// Swift's `CommandLine.arguments` replaces bytes that are not UTF-8 with U+FFFD, so such a
  /// path would name another file, possibly an existing folder whose frames a run replaces.
  /// Paths are not carried as raw bytes through the command, so they are refused instead.
  static func main() {
    let argv = CommandLine.unsafeArgv
    for i in 1..<max(1, Int(CommandLine.argc)) {
      guard let pointer = argv[i] else { continue }
      let bytes = UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) }
      if String(validating: bytes, as: UTF8.self) == nil {
        printError(
          "argument \(i) ('\(String(decoding: bytes, as: UTF8.self))') is not valid UTF-8; render takes file "
            + "names and values in UTF-8 only: rename the file or folder")
        Foundation.exit(ExitCode.validationFailure.rawValue)
      }
    }
    if let message = NegativeValue.message(in: Array(CommandLine.arguments.dropFirst())) {
      printError(message)
      Foundation.exit(ExitCode.validationFailure.rawValue)
    }
    Self.main(nil)
  }
}

/// Options that override the scene's own values; validate and info take them too.
struct Overrides: ParsableArguments {
  @Option(help: "Frames per second (0.001 ≤ fps ≤ 240), instead of the scene's.")
  var fps: Double?
  @Option(help: "Duration in seconds, instead of the scene's.")
  var duration: Double?
  @Option(help: "Pixels per point (2 = @2x), instead of the scene's canvas.scale.")
  var scale: Double?
  @Flag(
    help:
      "Draw every glyph at its exact position, as an outline, instead of from cached masks at positions rounded to 1/4 pixel (slower)."
  )
  var exactText = false

  var sceneOverrides: SceneOverrides {
    SceneOverrides(fps: fps, duration: duration, scale: scale, exactText: exactText)
  }
}

/// Loads the scene or prints every problem in it and exits non-zero; prints its warnings
/// (an `"auto"` duration over a minute) on stderr unless `quiet`, whether or not stderr is a
/// terminal.
func loadOrExit(_ path: String, _ overrides: Overrides, quiet: Bool = false) throws -> CompiledScene {
  let compiled: CompiledScene
  do {
    compiled = try SceneFile.load(path, overrides: overrides.sceneOverrides)
  } catch {
    printError("\(error)")
    throw ExitCode.failure
  }
  if !quiet {
    for warning in SceneFile.warnings(compiled, path: path) {
      FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
    }
  }
  return compiled
}

func printError(_ message: String) {
  let text = message.hasPrefix("error:") ? message : "error: \(message)"
  FileHandle.standardError.write(Data((text + "\n").utf8))
}
