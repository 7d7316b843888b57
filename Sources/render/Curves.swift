import ArgumentParser
import FlipbookEngine
import FlipbookRender
import Foundation

/// `render curves SCENE --out plot.png`: every animated value against time.
struct Curves: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Plot every animated value against time, one panel per value, events marked.",
    usage: "render curves <scene> --out <file.png> [<options>]",
    discussion: """
      Each panel is one animated value (a modifier's argument, a color, a layout
      frame, a transition), with one line per component that changes; orange lines
      are the timeline's events (a phases event's steps labeled with the phase they
      enter, "0.4 P2"), and dashed purple lines the segment boundaries of the
      keyframe tracks that drive a value.

      Examples:
        render curves examples/lore-circle.json --out curves.png
        render curves scene.json --out curves.png --width 1600 --duration 3
      """)

  @Argument(help: "The scene file (JSON).")
  var scene: String

  @Option(help: ArgumentHelp("The PNG file to write.", valueName: "file.png"))
  var out: String

  @Option(help: "Image width in pixels (320…8000).")
  var width: Int = 960

  @OptionGroup var overrides: Overrides

  func validate() throws {
    guard out.lowercased().hasSuffix(".png") else {
      throw ValidationError("--out is the PNG file to write, such as --out curves.png (got '\(out)')")
    }
    guard (320...8000).contains(width) else {
      throw ValidationError("--width must be between 320 and 8000, got \(width)")
    }
  }

  func run() throws {
    let compiled = try loadOrExit(scene, overrides)
    let name = scene.split(separator: "/").last.map(String.init) ?? scene
    let title = "\(name)   \(formatSeconds(compiled.fps)) fps   \(formatSeconds(compiled.duration)) s"
    guard let plot = CurvePlot.make(compiled, options: CurvePlot.Options(width: width, title: title)) else {
      printError(
        "\(scene): nothing animates (no timeline event changes a value with an animation), so there is nothing to plot")
      throw ExitCode.failure
    }
    do {
      try InterruptGuard.writingFile(out) { try PNGFile.write(plot, to: out) }
    } catch {
      printError("\(error)")
      throw ExitCode.failure
    }
  }
}
