import Foundation

/// Peak resident memory of the `render` command line on a scene: memory is meant to be
/// bounded by frame size × jobs, whatever the number of frames.
enum PeakMemory {
  /// Runs `executable` with `arguments` and returns its peak RSS in MiB (from wait4).
  static func run(_ executable: String, _ arguments: [String]) throws -> Double {
    let argv = ([executable] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, nil, nil, argv + [nil], environ)
    guard spawned == 0 else { throw BenchError("cannot run \(executable): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid, status == 0 else {
      throw BenchError("\(executable) \(arguments.joined(separator: " ")) failed (status \(status))")
    }
    return Double(usage.ru_maxrss) / 1024
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
