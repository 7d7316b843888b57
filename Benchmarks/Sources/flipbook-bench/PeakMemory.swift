import Foundation

/// Peak resident memory of the `render` command line on a scene: memory is meant to be
/// bounded by frame size × jobs, whatever the number of frames.
enum PeakMemory {
  /// Runs `executable` with `arguments` and returns its peak RSS in MiB.
  static func run(_ executable: String, _ arguments: [String]) throws -> Double {
    Double(try Subprocess.run(executable, arguments).ru_maxrss) / 1024
  }

  /// Emits peak RSS for each `--jobs` value at the scene's own length and at 2× and 4× as many frames.
  static func measure(
    workload: String, scene: String, render: String, outDirectory: String, jobs: [Int], fps: Double, frames: Int
  ) throws {
    for j in jobs {
      for factor in [1, 2, 4] {
        let count = frames * factor
        // --duration d gives round(d · fps) + 1 frames.
        let duration = Double(count - 1) / fps
        let mib = try run(
          render,
          [
            scene, "--out", outDirectory + "/memory", "--jobs", "\(j)", "--quiet", "--duration", "\(duration)",
          ])
        Measurement(
          impl: OursBenchmark.impl, wl: workload, metric: "peak RSS: render --jobs \(j), \(count) frames",
          unit: "MiB", values: [mib]
        ).emit()
      }
    }
  }
}
