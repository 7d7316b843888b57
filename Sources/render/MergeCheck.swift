import ArgumentParser
import Foundation
import FlipbookEngine
import FlipbookRender

/// `render merge-check DIR SCENE`: after a farm rendered DIR in shards, are all of the
/// scene's frames there, and all of them the scene's?
struct MergeCheck: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge-check",
    abstract: "Check a frame folder after a farm run: every frame there and this scene's.",
    usage: "render merge-check <folder> <scene> [<options>]",
    discussion: """
      Finishes what killed shards left (as 'render recover'), then renders every frame
      again and compares it with its file, byte for byte: reports frames that are
      missing, stale (another scene or other options) or outdated (not in the
      sequence), with the commands that render them, and exits 1; exits 0 when the
      folder is complete. Give the render's --fps, --duration and --scale.

      Examples:
        render merge-check frames/ scene.json
        render merge-check frames/ scene.json --shard auto/8
      """)

  @Argument(help: "The frame folder (the --out of the shards).")
  var folder: String

  @Argument(help: "The scene file (JSON).")
  var scene: String

  @OptionGroup var overrides: Overrides

  @Option(help: ArgumentHelp("Check only the frames of shard K of N (auto/N: as for rendering).", valueName: "K/N"))
  var shard: ShardOption?

  @Option(help: "Worker threads (default: all cores).")
  var jobs: Int?

  func validate() throws {
    if let jobs, jobs < 1 || jobs > 1024 {
      throw ValidationError("--jobs must be between 1 and 1024, got \(jobs)")
    }
    _ = try shard?.resolve(environment: ProcessInfo.processInfo.environment)
  }

  func run() throws {
    let compiled = try loadOrExit(scene, overrides)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
      printError("cannot check '\(folder)': there is no such folder")
      throw ExitCode.failure
    }
    let shard = try self.shard?.resolve(environment: ProcessInfo.processInfo.environment)
    let count = compiled.frameCount
    let frames = shard?.frames(frameCount: count) ?? 0..<count
    let bar = ProgressBar.onStderr("check", total: frames.count)
    let report: FrameFolderCheck.Report
    InterruptGuard.begin()
    defer { InterruptGuard.end() }
    var progress: FrameProgress?
    if let bar { progress = { done, _ in bar.update(done) } }
    let producer: @Sendable () -> SceneFrameProducer = { SceneFrameProducer(scene: compiled) }
    do {
      try FrameSequenceWriter.recover(directory: folder)
      report = try FrameFolderCheck.check(
        directory: folder, frameCount: count, frames: frames,
        outdatedNumbers: shard?.ownedNumbers(frameCount: count) ?? 0..<Int.max,
        jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, makeProducer: producer,
        cancellation: InterruptGuard.token, progress: progress)
    } catch {
      if let signo = InterruptGuard.pendingSignal { InterruptGuard.exitAfterInterrupt(signo, "nothing was checked") }
      bar?.clear()
      printError("\(error)")
      throw ExitCode.failure
    }
    bar?.clear()
    print(lines(report, frames: frames).joined(separator: "\n"))
    if !report.isComplete { throw ExitCode.failure }
  }

  /// What stdout gets: one line per kind of problem, then the commands that fix them; or
  /// one line saying the folder is complete.
  func lines(_ report: FrameFolderCheck.Report, frames: Range<Int>) -> [String] {
    let name = OutputCommands.trimmed(folder)
    let which = shard.map { _ in " of this shard" } ?? ""
    guard !report.isComplete else {
      return ["\(name): all \(frames.count) frames\(which) are this scene's"]
    }
    var lines: [String] = []
    if !report.missing.isEmpty {
      lines.append(
        "\(name): \(report.missing.count) of \(frames.count) frames\(which) missing: "
          + Self.runs(report.missing).map(Self.text).joined(separator: ", "))
    }
    if !report.stale.isEmpty {
      lines.append(
        "\(name): \(report.stale.count) stale (not this scene's): "
          + Self.runs(report.stale).map(Self.text).joined(separator: ", "))
    }
    if !report.outdated.isEmpty {
      lines.append(
        "\(name): outdated (not in the sequence): " + report.outdated.joined(separator: ", "))
    }
    let options = overrides.commandLine
    for run in Self.runs((report.missing + report.stale).sorted()) {
      lines.append(
        "  render \(OutputCommands.quote(scene)) --out \(OutputCommands.quote(name)) --frames \(Self.text(run))"
          + options)
    }
    if !report.outdated.isEmpty {
      lines.append("  (outdated files go with the next whole render, or the shard their numbers fall in)")
    }
    return lines
  }

  /// Ascending frame numbers as contiguous runs.
  static func runs(_ frames: [Int]) -> [ClosedRange<Int>] {
    var runs: [ClosedRange<Int>] = []
    for f in frames {
      if let last = runs.last, last.upperBound + 1 == f {
        runs[runs.count - 1] = last.lowerBound...f
      } else {
        runs.append(f...f)
      }
    }
    return runs
  }

  /// `12` or `12-19`, as `--frames` takes it.
  static func text(_ run: ClosedRange<Int>) -> String {
    run.count == 1 ? "\(run.lowerBound)" : "\(run.lowerBound)-\(run.upperBound)"
  }
}

extension Overrides {
  /// The overrides given, as options to repeat on a command line (` --fps 60`), or "".
  var commandLine: String {
    [("--fps", fps), ("--duration", duration), ("--scale", scale)]
      .compactMap { name, value in value.map { " \(name) \(OutputCommands.number($0))" } }.joined()
  }
}
