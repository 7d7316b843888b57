import FlipbookRender
import Foundation

/// GIF throughput of the `render` command line (`render SCENE --gif`, per `--jobs`) against the
/// routes users took before: ffmpeg's palettegen/paletteuse and gifski, each making the GIF
/// from the same PNG frames. Every route is a whole process timed from start to exit, in
/// frames per second; the PNG frames the peers read are rendered once beforehand, untimed (the
/// peers' figures leave out making them, which favours the peers).
struct GIFBenchmark {
  let bench: OursBenchmark
  /// The `render` executable, and ffmpeg's and gifski's (nil when not installed).
  let render: String, ffmpeg: String?, gifski: String?

  var frameCount: Double { Double(bench.frames.count) }
  var directory: String { bench.outDirectory + "/gif" }

  /// `render`'s arguments for the measured frames of the scene at `path`.
  func renderArguments(_ scenePath: String, jobs: Int) -> [String] {
    var a = [scenePath, "--jobs", "\(jobs)", "--quiet"]
    if let r = bench.renderRange { a += ["--frames", "\(r.lowerBound)-\(r.upperBound)"] }
    return a
  }

  func emit(_ impl: String, _ metric: String, _ fps: [Double], file: String) {
    var st = stat()
    let bytes = stat(file, &st) == 0 ? Double(st.st_size) : nil
    Measurement(impl: impl, wl: "gif", metric: metric, unit: "fps", values: fps, bytes: bytes).emit()
  }

  /// Times each route `repetitions` times, alternating, and emits frames per second.
  func run(scenePath: String, jobs: [Int], repetitions: Int) throws {
    let frames = directory + "/frames"
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
    try Subprocess.run(render, renderArguments(scenePath, jobs: 2) + ["--out", frames])
    let pngs = try FileManager.default.contentsOfDirectory(atPath: frames).filter { $0.hasSuffix(".png") }.sorted()
      .map { frames + "/" + $0 }
    let fps = String(format: "%g", bench.scene.fps)
    var ours = [Int: [Double]](), ff: [Double] = [], gs: [Double] = []
    let rate = { (ms: Double) in 1000 * self.frameCount / ms }
    for _ in 0..<repetitions {
      for j in jobs {
        let args = renderArguments(scenePath, jobs: j) + ["--gif", directory + "/flipbook-jobs\(j).gif"]
        ours[j, default: []].append(rate(try milliseconds { try Subprocess.run(render, args) }))
      }
      if let ffmpeg {
        // The pipeline of the README's "GIF" section: one palette for the whole animation.
        let args = [
          "-v", "error", "-y", "-framerate", fps, "-pattern_type", "glob", "-i", frames + "/*.png",
          "-filter_complex", "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a",
          "-loop", "0", directory + "/ffmpeg.gif",
        ]
        ff.append(rate(try milliseconds { try Subprocess.run(ffmpeg, args) }))
      }
      if let gifski {
        let args = ["--quiet", "--fps", fps, "-o", directory + "/gifski.gif"] + pngs
        gs.append(rate(try milliseconds { try Subprocess.run(gifski, args) }))
      }
    }
    for j in jobs {
      emit(
        OursBenchmark.impl, "GIF fps: render --gif --jobs \(j)", ours[j]!, file: directory + "/flipbook-jobs\(j).gif")
    }
    if !ff.isEmpty {
      emit("ffmpeg", "GIF fps: palettegen + paletteuse from the PNG frames", ff, file: directory + "/ffmpeg.gif")
    }
    if !gs.isEmpty { emit("gifski", "GIF fps: gifski from the PNG frames", gs, file: directory + "/gifski.gif") }
  }
}
