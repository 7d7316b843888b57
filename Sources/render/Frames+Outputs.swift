import ArgumentParser
import FlipbookGIF
import FlipbookEngine
import FlipbookImage
import FlipbookRender
import FlipbookScene
import Foundation

extension Frames {
  /// The rules that tell the outputs apart: with `--time`/`--frame`, `--out` is one PNG file
  /// and nothing else is written; otherwise `--out` is a folder.
  func validateOutputs() throws {
    if let gif, !gif.lowercased().hasSuffix(".gif") {
      throw ValidationError("--gif takes a file name ending in .gif, such as --gif out.gif (got '\(gif)')")
    }
    if let matte {
      guard gif != nil else { throw ValidationError("--matte applies to GIF output; add --gif FILE.gif") }
      guard Self.parseColor(matte) != nil else {
        throw ValidationError("--matte takes an opaque color: a name such as white, #RRGGBB or RRGGBB (got '\(matte)')")
      }
    }
    if time != nil && frame != nil {
      throw ValidationError("give either --time T (seconds) or --frame N, not both")
    }
    guard time != nil || frame != nil else {
      if let out, out.lowercased().hasSuffix(".png") {
        throw ValidationError(
          "--out is the folder for a sequence; to write one frame to '\(out)', add --time T or --frame N "
            + "(e.g. --time 0.5 --out \(out))")
      }
      return
    }
    let which = time != nil ? "--time" : "--frame"
    guard let out else {
      throw ValidationError("\(which) writes one frame: say where with --out FILE.png")
    }
    guard out.lowercased().hasSuffix(".png") else {
      throw ValidationError("with \(which), --out is the PNG file to write, such as --out frame.png (got '\(out)')")
    }
    for (given, name) in [(gif != nil, "--gif"), (contactSheet != nil, "--contact-sheet"), (frames != nil, "--frames")]
    where given {
      throw ValidationError("\(which) renders one frame; \(name) renders many: run them as two commands")
    }
    if let time, !(time >= 0 && time.isFinite) { throw ValidationError("--time is in seconds ≥ 0, got \(time)") }
    if let frame, frame < 0 { throw ValidationError("--frame is a frame number ≥ 0, got \(frame)") }
  }

  /// `--time T` / `--frame N`: the one frame at that moment, to the PNG file `--out`.
  func renderOneFrame(_ compiled: CompiledScene) throws {
    let t: Double
    if let frame {
      guard frame < compiled.frameCount else {
        printError("--frame \(frame): the scene has frames 0-\(compiled.frameCount - 1)")
        throw ExitCode.failure
      }
      t = compiled.time(ofFrame: frame)
    } else {
      t = time!
      guard compiled.contains(time: t) else {
        printError(
          "--time \(t): the scene lasts 0…\(SceneDecoder.format(compiled.lastTime)) s (--duration S renders longer)")
        throw ExitCode.failure
      }
    }
    do {
      let pixmap = try FrameRenderer.pixmap(compiled, at: t)
      try InterruptGuard.writingFile(out!) { try PNGFile.write(pixmap, to: out!) }
    } catch {
      printError("\(error)")
      throw ExitCode.failure
    }
    let exact = (t * compiled.fps).rounded()
    let which =
      abs(t * compiled.fps - exact) < 1e-6
      ? "frame \(Int(exact)) (\(formatSeconds(t)) s)" : "\(formatSeconds(t)) s (between frames)"
    report("\(which) → \(out!)")
  }

  /// `--contact-sheet FILE.png`: without `--every`, as many frames as fit the size limit.
  func writeContactSheet(_ compiled: CompiledScene, to path: String) throws {
    var options = ContactSheet.Options(columns: columns)
    options.range = frames.map { $0.first...$0.last }
    if let thumbWidth {
      options.thumbnailWidth = thumbWidth
      options.exactWidth = true
    }
    options.every = every ?? ContactSheet.smallestEvery(compiled, options: options)
    do {
      let sheet = try ContactSheet.make(compiled, options: options)
      try InterruptGuard.writingFile(path) { try PNGFile.write(sheet, to: path) }
    } catch {
      printError("\(error)")
      throw ExitCode.failure
    }
    let sampled = every == nil && options.every > 1 ? " (one in \(options.every), to fit the size limit)" : ""
    let shown = ContactSheet.frames(of: compiled, every: options.every, range: options.range).count
    report("\(shown) frames\(sampled) → \(path)")
  }

  /// A bar on stderr when it is a terminal and `--quiet` is not given.
  func progressBar(_ label: String, total: Int) -> ProgressBar? {
    ProgressBar.onStderr(label, total: total, quiet: quiet)
  }

  /// The writers' progress callback that moves `bar`.
  func progress(_ bar: ProgressBar?) -> FrameProgress? {
    guard let bar else { return nil }
    return { done, _ in bar.update(done) }
  }

  /// A line of the final report, on stderr, only on a terminal and without `--quiet`.
  func report(_ line: String) {
    guard !quiet, Terminal.isInteractive else { return }
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// `121 frames → frames/ (1.9 MB) in 840 ms, 144 fps`.
  func summaryLine(_ s: WriteSummary, _ destination: String) -> String {
    let rate = s.seconds > 0 ? Double(s.framesWritten) / s.seconds : 0
    return "\(s.framesWritten) frames → \(destination) (\(Terminal.bytes(s.totalBytes))) in "
      + (s.seconds < 1 ? "\(Int((s.seconds * 1000).rounded())) ms" : ProgressBar.formatDuration(s.seconds))
      + ", \(Int(rate.rounded())) fps"
  }

  /// `--matte`: a SwiftUI color name or hex, opaque.
  static func parseColor(_ text: String) -> GIFColor? {
    if let c = GIFColor(hex: text) { return c }
    guard let c = Color.named[text] ?? Color.parseHex(text), c.opacity == 1 else { return nil }
    return GIFColor(c)
  }
}

/// Seconds for messages: up to 3 decimals, no trailing zeros (`0.5`, `2`, `1.033`).
func formatSeconds(_ t: Double) -> String {
  let ms = Int((t * 1000).rounded())
  var frac = String(ms % 1000)
  frac = String(repeating: "0", count: 3 - frac.count) + frac
  while frac.hasSuffix("0") { frac.removeLast() }
  return "\(ms / 1000)" + (frac.isEmpty ? "" : "." + frac)
}
