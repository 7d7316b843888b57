import ArgumentParser
import Foundation
import FlipbookGIF
import FlipbookEngine
import FlipbookPNG
import FlipbookRender

/// `render SCENE --out DIR`: the whole sequence (or a range of it) as PNG frames, and/or a
/// GIF, a contact sheet, or one frame at a given moment.
struct Frames: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "frames",
    abstract: "Render a scene to PNG frames, a GIF, a contact sheet or one frame (the default command).",
    discussion: """
      Examples:
        render scene.json --out frames/           every frame: frame_0000.png …
        render scene.json --gif out.gif --fps 25  a GIF, no other tool needed
        render scene.json --gif out.gif --loop    a loop without a repeated frame
        render scene.json --time 0.5 --out f.png  the frame at 0.5 s (or --frame 15)
        render scene.json --contact-sheet sheet.png --every 5 --thumb-width 120
        render scene.json --out frames/ --shard 2/4    part 2 of 4 (docs/farm.md)
      """)

  @Argument(help: "The scene file (JSON).")
  var scene: String

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The folder for the frames (created if missing); with --time or --frame, the PNG file.",
      valueName: "dir"))
  var out: String?

  @Option(help: ArgumentHelp("Also (or only) write an animated GIF, looping forever.", valueName: "file.gif"))
  var gif: String?

  @Flag(help: "The scene loops: leave out the last frame when it repeats the first (for --gif).")
  var loop = false

  @Option(
    help: ArgumentHelp(
      "With --gif: blend semi-transparent edges over this color (a name, #RRGGBB or RRGGBB).", valueName: "color"))
  var matte: String?

  @Option(help: ArgumentHelp("Render only the frame at T seconds, to --out FILE.png.", valueName: "T"))
  var time: Double?

  @Option(help: ArgumentHelp("Render only frame N, to --out FILE.png.", valueName: "N"))
  var frame: Int?

  @Option(
    name: .customLong("contact-sheet"),
    help: ArgumentHelp(
      "Also (or only) write sampled frames as one labeled grid PNG.", valueName: "file.png"))
  var contactSheet: String?

  @Option(
    help: ArgumentHelp(
      "With --contact-sheet: sample every k-th frame (the last is always shown); default 1, or the smallest k "
        + "whose sheet fits the size limit.", valueName: "k"))
  var every: Int?

  @Option(help: "With --contact-sheet: thumbnails per row.")
  var columns: Int = 6

  @Option(
    name: .customLong("thumb-width"),
    help: ArgumentHelp(
      "With --contact-sheet: thumbnails N pixels wide (16…1024; default: within 160×160).", valueName: "N"))
  var thumbWidth: Int?

  @Option(help: "Only frames A through B (inclusive), named as in the whole run, e.g. 10-20.")
  var frames: FrameRange?

  @Option(
    help: ArgumentHelp(
      "Only the K-th (from 1) of N equal parts of the frames, for render farms; auto/N takes K from "
        + "JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX (from 0).", valueName: "K/N"))
  var shard: ShardOption?

  @Option(help: "Worker threads (default: all cores). Output is identical for any value.")
  var jobs: Int?

  @OptionGroup var overrides: Overrides

  @OptionGroup var animated: AnimatedOutputOptions

  @Flag(help: "No progress, summary or warnings on stderr.")
  var quiet = false

  func validate() throws {
    if out == nil && contactSheet == nil && gif == nil && !animated.any {
      throw ValidationError(
        "say where to write: --out DIR for PNG frames, --gif FILE.gif, --apng FILE.png, --webp FILE.webp, "
          + "--video FILE.mp4, --contact-sheet FILE.png, or --time T --out FILE.png for one frame")
    }
    if let jobs, jobs < 1 || jobs > 1024 {
      throw ValidationError("--jobs must be between 1 and 1024, got \(jobs)")
    }
    if let every, every < 1 { throw ValidationError("--every must be at least 1, got \(every)") }
    if columns < 1 || columns > 100 { throw ValidationError("--columns must be between 1 and 100, got \(columns)") }
    if let thumbWidth {
      guard contactSheet != nil else { throw ValidationError("--thumb-width applies to --contact-sheet") }
      guard (16...1024).contains(thumbWidth) else {
        throw ValidationError("--thumb-width must be between 16 and 1024 pixels, got \(thumbWidth)")
      }
    }
    if let frames, frames.first > frames.last {
      throw ValidationError(
        "--frames \(frames.first)-\(frames.last): the range is reversed; did you mean --frames \(frames.last)-\(frames.first)?"
      )
    }
    try validateOutputs()
    try validateShard()
    try validateLoop()
    try validateAnimatedOutputs()
  }

  func run() throws {
    let compiled = try loadOrExit(scene, overrides, quiet: quiet)
    if time != nil || frame != nil { return try renderOneFrame(compiled) }
    var range: ClosedRange<Int>?
    if let frames {
      guard frames.last < compiled.frameCount else {
        printError("--frames \(frames.first)-\(frames.last): the scene has frames 0-\(compiled.frameCount - 1)")
        throw ExitCode.failure
      }
      range = frames.first...frames.last
    }
    if let contactSheet { try writeContactSheet(compiled, to: contactSheet) }
    let jobs = self.jobs ?? ProcessInfo.processInfo.activeProcessorCount
    try writeOutputs(compiled, range: range, shard: try resolvedShard(), jobs: jobs)
  }

  func writeFrames(
    _ compiled: CompiledScene, to out: String, range: ClosedRange<Int>?, shard: FrameShard?, jobs: Int
  ) throws {
    let frameCount = compiled.frameCount
    let bar = progressBar(
      "frames", total: shard?.frames(frameCount: frameCount).count ?? range.map { $0.count } ?? frameCount)
    var writer =
      shard.map { FrameSequenceWriter(directory: out, frameCount: frameCount, shard: $0) }
      ?? FrameSequenceWriter(directory: out, frameCount: frameCount, range: range)
    writer.commitStepPause = testCommitPause
    let folder = writer.folder
    InterruptGuard.begin()
    defer { InterruptGuard.end() }
    do {
      let summary = try writer.write(
        jobs: jobs, makeProducer: { SceneFrameProducer(scene: compiled) }, cancellation: InterruptGuard.token,
        progress: progress(bar))
      if let signo = InterruptGuard.pendingSignal {
        // The signal came after the commit point, while the staging folder was removed: the
        // folder holds the whole new run, so say so.
        InterruptGuard.exitAfterInterrupt(signo, "all frames in '\(folder)' were written")
      }
      bar?.clear()
      report(summaryLine(summary, out.hasSuffix("/") ? out : out + "/"))
      if let shard { return reportShard(shard, frameCount: frameCount, out: out) }
      let (count, fps) = (compiled.frameCount, compiled.fps)
      report(
        "  video: "
          + OutputCommands.video(
            directory: out, frameCount: count, range: range, fps: fps, width: compiled.pixelWidth,
            height: compiled.pixelHeight))
      // A GIF this run writes itself needs no gifski.
      if gif == nil {
        report("  gif:   " + OutputCommands.gifski(directory: out, frameCount: count, range: range, fps: fps))
      }
    } catch {
      if let signo = InterruptGuard.pendingSignal {
        InterruptGuard.exitAfterInterrupt(signo, "no frame in '\(folder)' was changed")
      }
      bar?.clear()
      printError("\(error)")
      throw ExitCode.failure
    }
  }
}

/// `A-B` (or a single frame `A`) for `--frames`.
struct FrameRange: ExpressibleByArgument {
  var first: Int
  var last: Int

  init?(argument: String) {
    let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
    if parts.count == 1, let a = Int(parts[0]), a >= 0 {
      first = a; last = a
    } else if parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, b >= 0 {
      // A reversed range is explained by `validate()`.
      first = a; last = b
    } else {
      return nil
    }
  }

  static var defaultValueDescription: String { "A-B" }
}
