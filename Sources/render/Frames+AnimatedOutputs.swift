import ArgumentParser
import FlipbookEngine
import FlipbookGIF
import FlipbookRender
import FlipbookVideo
import Foundation

/// `--apng`, `--webp`, `--video` and `--quality`: the animated files besides the GIF.
struct AnimatedOutputOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Also (or only) write an animated PNG (lossless, full alpha).", valueName: "file.png"))
  var apng: String?

  @Option(
    help: ArgumentHelp(
      "Also (or only) write an animated WebP (lossless unless --quality is given, full alpha).",
      valueName: "file.webp"))
  var webp: String?

  @Option(help: ArgumentHelp("With --webp: lossy, at this quality (0–100).", valueName: "Q"))
  var quality: Double?

  @Option(
    help: ArgumentHelp(
      "Also (or only) write a video through the ffmpeg program: .mp4 (H.264), .webm (VP9 with alpha) or .mov "
        + "(ProRes 4444 with alpha).", valueName: "file.mp4"))
  var video: String?

  /// Every animated file asked for, GIF aside.
  var any: Bool { apng != nil || webp != nil || video != nil }
}

extension Frames {
  /// The checks of the animated outputs' options.
  func validateAnimatedOutputs() throws {
    if let apng = animated.apng, !apng.lowercased().hasSuffix(".png") {
      throw ValidationError("--apng takes a file name ending in .png, such as --apng out.png (got '\(apng)')")
    }
    if let webp = animated.webp, !webp.lowercased().hasSuffix(".webp") {
      throw ValidationError("--webp takes a file name ending in .webp, such as --webp out.webp (got '\(webp)')")
    }
    if let video = animated.video, VideoContainer(path: video) == nil {
      throw ValidationError(
        "--video takes a file name ending in .mp4, .webm or .mov, such as --video out.mp4 (got '\(video)')")
    }
    if let quality = animated.quality {
      guard animated.webp != nil else {
        throw ValidationError("--quality applies to WebP output; add --webp FILE.webp")
      }
      guard (0...100).contains(quality) else { throw ValidationError("--quality is 0…100, got \(quality)") }
    }
    if time != nil || frame != nil {
      let which = time != nil ? "--time" : "--frame"
      for (given, name) in [
        (animated.apng != nil, "--apng"), (animated.webp != nil, "--webp"), (animated.video != nil, "--video"),
      ] where given {
        throw ValidationError("\(which) renders one frame; \(name) renders many: run them as two commands")
      }
    }
  }

  /// `--out`, `--gif`, `--apng`, …: every frame drawn once and handed to each output
  /// (``FramePass``); `--out` alone keeps the plain frame writer and its next-step commands.
  func writeOutputs(_ compiled: CompiledScene, range: ClosedRange<Int>?, shard: FrameShard?, jobs: Int) throws {
    guard gif != nil || animated.any else {
      // Frames alone (a shard's among them: `--shard` refuses the animated files).
      if let out { try writeFrames(compiled, to: out, range: range, shard: shard, jobs: jobs) }
      return
    }
    if gif != nil, !quiet, let warning = GIFTiming.warning(fps: compiled.fps) {
      FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
    }
    // With --loop the animated files leave out a last frame that repeats the first; the
    // folder keeps every frame.
    let outputRange = loop ? animatedRange(compiled, range) : nil
    let count = (outputRange ?? range)?.count ?? compiled.frameCount
    var outputs: [any AnimatedOutput] = []
    var folder: FrameSequenceWriter?
    if let out {
      var writer = FrameSequenceWriter(directory: out, frameCount: compiled.frameCount, range: range)
      writer.commitStepPause = testCommitPause
      folder = writer
    }
    let files = [gif, animated.apng, animated.webp, animated.video].compactMap { $0 }
    let outcome =
      (folder.map { ["no frame in '\($0.folder)' was changed"] } ?? []) + files.map { "'\($0)' was not changed" }
    let bar = progressBar("frames", total: count)
    InterruptGuard.begin()
    defer { InterruptGuard.end() }
    do {
      if let gif { outputs.append(try GIFOutput(scene: compiled, path: gif, frameCount: count)) }
      if let apng = animated.apng { outputs.append(try APNGOutput(scene: compiled, path: apng, frameCount: count)) }
      if let webp = animated.webp {
        outputs.append(try WebPOutput(scene: compiled, path: webp, quality: animated.quality))
      }
      if let video = animated.video { outputs.append(try VideoOutput(scene: compiled, path: video)) }
      let quantizer = gif.map { _ in GIFQuantizer(matte: matte.flatMap(Self.parseColor)) }
      var pass = FramePass(scene: compiled, range: range, folder: folder, outputs: outputs, gifQuantizer: quantizer)
      pass.outputRange = outputRange
      let summary = try pass.run(jobs: jobs, cancellation: InterruptGuard.token, progress: progress(bar))
      if let signo = InterruptGuard.pendingSignal {
        InterruptGuard.exitAfterInterrupt(signo, "every output was written")
      }
      bar?.clear()
      if let out, let written = summary.folder { report(summaryLine(written, out.hasSuffix("/") ? out : out + "/")) }
      for (output, written) in zip(outputs, summary.outputs) { report(summaryLine(written, output.path)) }
    } catch {
      for output in outputs { output.abandon() }
      if let signo = InterruptGuard.pendingSignal {
        InterruptGuard.exitAfterInterrupt(signo, outcome.joined(separator: ", "))
      }
      bar?.clear()
      printError("\(error)")
      throw ExitCode.failure
    }
  }
}
