import ArgumentParser
import FlipbookEngine
import FlipbookRender

/// `render validate SCENE`: check only.
struct Validate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check a scene; exit 0 if it is valid, else print every problem.",
    usage: "render validate <scene> [<options>]",
    discussion: """
      Problems are reported with file:line:column and the JSON path, up to 20 at a time.
      A valid scene whose "auto" duration is over 60 s gets a warning naming the event
      that starts the animation that settles last (an undamped spring, usually).
      Editors check as you type when the file names the schema: "$schema": "scene.schema.json".

      Examples:
        render validate scene.json
        render validate scene.json --fps 60 --duration 3
      """)

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
    abstract: "Print the scene's size, timing and animations as one JSON object.",
    usage: "render info <scene> [<options>]",
    discussion: """
      Fields: width, height (pixels), fps, duration, frameCount; "animations": every
      animation with its target, its SwiftUI spelling, and three times in seconds:
        start   when the change that started it happened
        end     when this run finished, or a later change of the same value took
                over (null: it repeats forever)
        settle  when the value comes to rest for good (null: never)
      and "events": every timeline transaction, with the time it happened.

      Examples:
        render info scene.json
        render info scene.json --fps 60 | jq .frameCount
      """)

  @Argument(help: "The scene file (JSON).")
  var scene: String

  @OptionGroup var overrides: Overrides

  func run() throws {
    let compiled = try loadOrExit(scene, overrides)
    print(SceneInfo.json(compiled))
  }
}
