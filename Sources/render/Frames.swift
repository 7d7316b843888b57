import ArgumentParser
import Foundation
import FlipbookLayout
import FlipbookPNG
import FlipbookRender

/// `render SCENE --out DIR`: the whole sequence (or a range of it) as PNG frames.
struct Frames: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "frames",
    abstract: "Render a scene to DIR/frame_0000.png … (the default command).")

  @Argument(help: "The scene file (JSON).")
  var scene: String

  @Option(name: .long, help: "The folder for the frames (created if missing; its parent must exist).")
  var out: String?

  @Option(name: .customLong("contact-sheet"), help: "Also (or only) write all sampled frames as one labeled grid PNG.")
  var contactSheet: String?

  @Option(help: "With --contact-sheet: sample every k-th frame (the last is always shown).")
  var every: Int = 1

  @Option(help: "With --contact-sheet: thumbnails per row.")
  var columns: Int = 6

  @Option(help: "Only frames A through B (inclusive), named as in the whole run, e.g. 10-20.")
  var frames: FrameRange?

  @Option(help: "Worker threads (default: all cores). Output is identical for any value.")
  var jobs: Int?

  @OptionGroup var overrides: Overrides

  @Flag(help: "No progress output.")
  var quiet = false

  func validate() throws {
    if out == nil && contactSheet == nil {
      throw ValidationError("say where to write: --out DIR for frames, or --contact-sheet FILE.png")
    }
    if let jobs, jobs < 1 || jobs > 1024 {
      throw ValidationError("--jobs must be between 1 and 1024, got \(jobs)")
    }
    if every < 1 { throw ValidationError("--every must be at least 1, got \(every)") }
    if columns < 1 || columns > 100 { throw ValidationError("--columns must be between 1 and 100, got \(columns)") }
  }

  func run() throws {
    let compiled = try loadOrExit(scene, overrides)
    var range: ClosedRange<Int>?
    if let frames {
      guard frames.last < compiled.frameCount else {
        printError("--frames \(frames.first)-\(frames.last): the scene has frames 0-\(compiled.frameCount - 1)")
        throw ExitCode.failure
      }
      range = frames.first...frames.last
    }
    if let contactSheet {
      do {
        let sheet = try ContactSheet.make(compiled, options: ContactSheet.Options(every: every, columns: columns))
        try PNGEncoder.write(sheet, toFile: contactSheet)
      } catch {
        printError("\(error)")
        throw ExitCode.failure
      }
    }
    guard let out else { return }
    let jobs = self.jobs ?? ProcessInfo.processInfo.activeProcessorCount
    let showProgress = !quiet && isatty(STDERR_FILENO) == 1
    do {
      let summary = try FrameRenderer.render(
        compiled, to: out, range: range, jobs: jobs,
        progress: showProgress ? ProgressLine(total: range.map { $0.count } ?? compiled.frameCount).update : nil)
      if showProgress {
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        FileHandle.standardError.write(Data("\(summary)\n".utf8))
      }
    } catch {
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
    } else if parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, b >= a {
      first = a; last = b
    } else {
      return nil
    }
  }

  static var defaultValueDescription: String { "A-B" }
}

/// One line of progress on a terminal, rewritten in place.
final class ProgressLine: Sendable {
  let total: Int
  init(total: Int) { self.total = total }
  @Sendable func update(_ done: Int) {
    FileHandle.standardError.write(Data("\r\u{1B}[Kframe \(done)/\(total)".utf8))
  }
}
