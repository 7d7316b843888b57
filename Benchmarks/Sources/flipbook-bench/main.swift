// flipbook-bench: Flipbook's half of tools/bench (which also runs the peers and alternates).
//
//   flipbook-bench single  WL SCENE OUTDIR REPS         raster, display list, encode, e2e --jobs 1
//   flipbook-bench jobs    WL SCENE OUTDIR REPS J...    end to end for each --jobs value, alternating
//   flipbook-bench png     WL SCENE REPS                PNG settings in memory (frames 0 and 30)
//   flipbook-bench memory  WL SCENE OUTDIR RENDER J...  peak RSS of the CLI, 1× and 4× the frames
//   flipbook-bench gif     WL SCENE OUTDIR RENDER FFMPEG GIFSKI REPS J...
//                                                       GIF fps of `render --gif` per --jobs, ffmpeg's
//                                                       palettegen and gifski (paths, or - if absent)
//   flipbook-bench profile WL SCENE OUTDIR PART N       PART (displaylist|raster|raster-warm (a second
//                                                       pass, after one that fills the caches,
//                                                       repeated when N passes the frames)|
//                                                       encode|e2e, or for
//                                                       the paths workload raster-blobs|-arcs|-lines)
//                                                       for N frames, untimed: for callgrind or perf
//   flipbook-bench report  [--compare WL=FILE]... JSONL...   Markdown tables and the targets
//                                                       (WL large: compare.py; paths: compare_paths.py)
//
// `--frames N` (before the subcommand; single, jobs and gif) measures the first N frames only
// (tools/bench --quick).
//
// Results are JSON lines in the peer kit's format (its util.h).
import Foundation

let (args, frameLimit): ([String], Int?) = {
  let all = Array(CommandLine.arguments.dropFirst())
  guard all.first == "--frames", all.count > 1 else { return (all, nil) }
  return (Array(all.dropFirst(2)), Int(all[1]))
}()
func argument(_ i: Int) -> String {
  guard i < args.count else {
    printError("flipbook-bench: missing arguments (see the comment at the top of main.swift)")
    exit(2)
  }
  return args[i]
}

do {
  switch args.first {
  case "single":
    try OursBenchmark(workload: argument(1), scenePath: argument(2), outDirectory: argument(3), frameLimit: frameLimit)
      .runSingleThreaded(repetitions: Int(argument(4)) ?? 1)
  case "jobs":
    try OursBenchmark(workload: argument(1), scenePath: argument(2), outDirectory: argument(3), frameLimit: frameLimit)
      .runJobs(args.dropFirst(5).compactMap { Int($0) }, repetitions: Int(argument(4)) ?? 1)
  case "png":
    try OursBenchmark(workload: argument(1), scenePath: argument(2), outDirectory: NSTemporaryDirectory())
      .runPNGSettings(repetitions: Int(argument(3)) ?? 1)
  case "memory":
    let bench = try OursBenchmark(workload: argument(1), scenePath: argument(2), outDirectory: argument(3))
    try PeakMemory.measure(
      workload: argument(1), scene: argument(2), render: argument(4), outDirectory: argument(3),
      jobs: args.dropFirst(5).compactMap { Int($0) }, fps: bench.scene.fps, frames: bench.scene.frameCount)
  case "gif":
    let bench = try OursBenchmark(
      workload: argument(1), scenePath: argument(2), outDirectory: argument(3), frameLimit: frameLimit)
    let tool = { (i: Int) in argument(i) == "-" ? nil : argument(i) }
    try GIFBenchmark(bench: bench, render: argument(4), ffmpeg: tool(5), gifski: tool(6))
      .run(scenePath: argument(2), jobs: args.dropFirst(8).compactMap { Int($0) }, repetitions: Int(argument(7)) ?? 1)
  case "profile":
    try OursBenchmark(workload: argument(1), scenePath: argument(2), outDirectory: argument(3))
      .profile(argument(4), count: Int(argument(5)) ?? 60)
  case "report":
    var files = Array(args.dropFirst())
    var compare: [String: String] = [:]
    while files.first == "--compare", files.count > 1 {
      // WL=FILE (a bare FILE is the large workload's compare.py table).
      let spec = files[1]
      if let eq = spec.firstIndex(of: "=") {
        compare[String(spec[..<eq])] = String(spec[spec.index(after: eq)...])
      } else {
        compare["large"] = spec
      }
      files.removeFirst(2)
    }
    try Report(files: files, compare: compare).print()
  default:
    printError("usage: flipbook-bench [--frames N] single|jobs|png|memory|gif|profile|report … (see main.swift)")
    exit(2)
  }
} catch {
  printError("flipbook-bench: \(error)")
  exit(1)
}
