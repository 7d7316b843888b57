import FlipbookDisplayList
import FlipbookEngine
import FlipbookPNG
import FlipbookImage
import FlipbookRaster
import FlipbookRender
import FlipbookText
import Foundation

/// Flipbook's side of the comparison, timed like the peer kit times cairo (cairo_bench.c):
/// one repetition is the whole sequence, repetitions of different measurements interleave.
struct OursBenchmark {
  let workload: String
  let scene: CompiledScene
  let outDirectory: String
  static let impl = "Flipbook"

  /// The frames measured: all of them, or the first `frameLimit` (tools/bench --quick).
  let frames: Range<Int>

  init(workload: String, scenePath: String, outDirectory: String, frameLimit: Int? = nil) throws {
    self.workload = workload
    scene = try SceneFile.load(scenePath)
    frames = 0..<min(frameLimit ?? .max, scene.frameCount)
    self.outDirectory = outDirectory
    try FileManager.default.createDirectory(atPath: outDirectory, withIntermediateDirectories: true)
  }

  /// The range `render --frames` is given: nil for the whole scene.
  var renderRange: ClosedRange<Int>? { frames.count < scene.frameCount ? 0...(frames.count - 1) : nil }

  /// The file name of frame `f`, as in the whole scene's run.
  func fileName(_ f: Int) -> String { FrameFileName.name(index: f, frameCount: scene.frameCount) }

  /// Parts of a workload's display list timed on their own: the path workload's blobs, arcs
  /// and dashed polylines (100, 100 and 50 items in drawing order), the effects workload's
  /// blurred circles and shadowed rectangles (20 and 50 layers); none for the others.
  var parts: [(name: String, items: Range<Int>)] {
    switch workload {
    case "paths":
      return [
        ("clear + 100 blobs", 0..<100), ("clear + 100 arcs", 100..<200),
        ("clear + 50 dashed polylines", 200..<250),
      ]
    case "effects":
      return [("clear + 20 blurred circles", 0..<20), ("clear + 50 shadowed gradient rectangles", 20..<70)]
    case "text":
      // The floor: what is left of a frame without its text.
      return [("clear only (background, no labels)", 0..<0)]
    default:
      return []
    }
  }

  /// The list with only the items in `range` (clamped to the list).
  static func slice(_ list: DisplayList, _ range: Range<Int>) -> DisplayList {
    var l = list
    l.items = Array(list.items[range.clamped(to: list.items.indices)])
    return l
  }

  func emit(_ metric: String, _ unit: String, _ values: [Double], bytes: Double? = nil) {
    Measurement(impl: Self.impl, wl: workload, metric: metric, unit: unit, values: values, bytes: bytes).emit()
  }

  /// Single-threaded measurements (tools/bench pins this process to one CPU): display-list
  /// evaluation, raster, encode+write and end-to-end with `--jobs 1`.
  func runSingleThreaded(repetitions: Int) throws {
    let n = Double(frames.count)
    var lists = frames.map { scene.displayList(frame: $0) }
    var rasterizer = Rasterizer()
    var pixmap = Pixmap(width: 0, height: 0)
    var encoder = PNGEncoder()
    // Warm-up; for the text workload also its first pass, timed: every glyph mask made.
    let cpuFirst = threadCPUMilliseconds()
    let first = milliseconds { for list in lists { rasterizer.render(list, into: &pixmap) } } / n
    let firstCPU = (threadCPUMilliseconds() - cpuFirst) / n
    let encodeDir = outDirectory + "/encode"
    let e2eDir = outDirectory + "/flipbook"
    try FileManager.default.createDirectory(atPath: encodeDir, withIntermediateDirectories: true)

    var dl: [Double] = [], raster: [Double] = [], rasterCPU: [Double] = [], encode: [Double] = []
    var e2e: [Double] = []
    // The path and effects workloads' parts, each drawn alone over the cleared frame:
    // where the raster time goes, measured like the peers' parts.
    let partLists = parts.map { part in lists.map { Self.slice($0, part.items) } }
    var partTimes = Array(repeating: [Double](), count: parts.count)
    for _ in 0..<repetitions {
      dl.append(milliseconds { lists = frames.map { scene.displayList(frame: $0) } } / n)
      let cpu0 = threadCPUMilliseconds()
      raster.append(milliseconds { for list in lists { rasterizer.render(list, into: &pixmap) } } / n)
      rasterCPU.append((threadCPUMilliseconds() - cpu0) / n)
      for k in parts.indices {
        partTimes[k].append(milliseconds { for list in partLists[k] { rasterizer.render(list, into: &pixmap) } } / n)
      }
      var total = 0.0
      for (f, list) in lists.enumerated() {
        rasterizer.render(list, into: &pixmap)
        let path = encodeDir + "/" + fileName(f)
        total += try milliseconds { try encoder.write(pixmap, toFile: path) }
      }
      encode.append(total / n)
      e2e.append(try milliseconds { try FrameRenderer.render(scene, to: e2eDir, range: renderRange, jobs: 1) } / n)
    }
    emit("display list", "ms/frame", dl)
    emit("raster", "ms/frame", raster)
    for (k, part) in parts.enumerated() { emit("raster part: \(part.name)", "ms/frame", partTimes[k]) }
    emit("raster (thread CPU time)", "ms/frame", rasterCPU)
    if workload == "text" {
      emit("raster, first pass (glyph masks made)", "ms/frame", [first])
      emit("raster, first pass (glyph masks made, thread CPU time)", "ms/frame", [firstCPU])
    }
    emit("encode+write: flipbook PNG (\(encoder.settings))", "ms/frame", encode, bytes: meanFileSize(encodeDir))
    emit("end-to-end 60 frames: flipbook --jobs 1", "ms/frame", e2e)
    emit("end-to-end fps: flipbook --jobs 1", "fps", e2e.map { 1000 / $0 })
    if workload == "text", let face = try? FontLibrary.shared.face(FontRequest(family: "Inter", weight: 400)) {
      // The glyph outlines this process cached, in path elements and bytes (bounded by
      // FontFace.maxCachedElements).
      let n = face.cachedElementCount
      emit(
        "glyph outline cache (elements)", "elements", [Double(n)],
        bytes: Double(n * MemoryLayout<PathGeometry.Element>.stride))
      // The glyph masks this rasterizer holds after the run (bounded by
      // Rasterizer.glyphMaskBudget per worker).
      emit(
        "glyph mask cache (masks)", "masks", [Double(rasterizer.glyphMaskCount)],
        bytes: Double(rasterizer.glyphMaskBytes))
    }
  }

  /// End to end with several worker counts, alternating, in a process that is not pinned.
  ///
  /// Also where the time of a run goes, from the moments frames finish (the writer's progress
  /// callback): before the first frame is done (the folder's lock and staging folder, each
  /// worker's first frame with its buffers' page faults), the frames in between, and after
  /// the last one (the commit that moves the frames into place). Parts that do not shrink
  /// with more workers are what keeps `--jobs 2` from twice the speed.
  func runJobs(_ jobs: [Int], repetitions: Int) throws {
    var times = [Int: [Double]]()
    var phases = [Int: (first: [Double], steady: [Double], commit: [Double])]()
    for _ in 0..<repetitions {
      for j in jobs {
        let dir = outDirectory + "/flipbook-jobs\(j)"
        let marks = ProgressMarks()
        let total = try milliseconds {
          try FrameRenderer.render(scene, to: dir, range: renderRange, jobs: j, progress: { _, _ in marks.mark() })
        }
        times[j, default: []].append(total / Double(frames.count))
        let done = marks.milliseconds
        guard let first = done.first, let last = done.last, done.count > 1 else { continue }
        phases[j, default: ([], [], [])].first.append(first)
        phases[j]!.steady.append((last - first) / Double(done.count - 1))
        phases[j]!.commit.append(total - last)
      }
    }
    for j in jobs {
      emit("end-to-end fps, 2 CPUs free to use: flipbook --jobs \(j)", "fps", times[j]!.map { 1000 / $0 })
      if let p = phases[j] {
        emit("--jobs \(j) run: start until the first frame is done", "ms", p.first)
        emit("--jobs \(j) run: between frames done, after the first", "ms/frame", p.steady)
        emit("--jobs \(j) run: after the last frame is done (commit)", "ms", p.commit)
      }
    }
    // Same scene, same bytes, whatever the number of workers.
    for j in jobs.dropFirst() {
      for f in [0, frames.count / 2, frames.count - 1] {
        let name = fileName(f)
        let a = FileManager.default.contents(atPath: outDirectory + "/flipbook-jobs\(jobs[0])/" + name)
        let b = FileManager.default.contents(atPath: outDirectory + "/flipbook-jobs\(j)/" + name)
        if a == nil || a != b {
          printError("flipbook-bench: frame \(f) differs between --jobs \(jobs[0]) and --jobs \(j)")
          exit(1)
        }
      }
    }
  }

  /// PNG settings on frames 0 and 30, in memory (no file I/O): the measurement that chose
  /// ``PNGSettings/fast``.
  func runPNGSettings(repetitions: Int) throws {
    var rasterizer = Rasterizer()
    let pixmaps = [0, min(30, frames.count - 1)].map { f -> Pixmap in
      var p = Pixmap(width: 0, height: 0)
      rasterizer.render(scene.displayList(frame: f), into: &p)
      return p
    }
    let candidates: [PNGSettings] = [
      .fast, PNGSettings(.flipbook, level: 1, filter: .sub), PNGSettings(.flipbook, level: 1, filter: .up),
      PNGSettings(.igzip, level: 2), PNGSettings(.igzip, level: 0), PNGSettings(.igzip, level: 1),
      PNGSettings(.igzip, level: 3),
      PNGSettings(.igzip, level: 0, filter: .sub), PNGSettings(.igzip, level: 0, filter: .up),
      PNGSettings(.igzip, level: 1, filter: .sub), PNGSettings(.igzip, level: 1, filter: .up),
      PNGSettings(.igzip, level: 1, filter: .adaptive), PNGSettings(.igzip, level: 2, filter: .adaptive),
      PNGSettings(.libdeflate, level: 1), PNGSettings(.libdeflate, level: 2), PNGSettings(.libdeflate, level: 3),
      PNGSettings(.libdeflate, level: 6), PNGSettings(.libdeflate, level: 1, filter: .up),
      PNGSettings(.zlib, level: 1), PNGSettings(.zlib, level: 3), PNGSettings(.zlib, level: 6),
      PNGSettings(.zlib, level: 1, strategy: .rle, filter: .sub),
      PNGSettings(.zlib, level: 1, strategy: .rle, filter: .up), PNGSettings(.zlib, level: 1, filter: .up),
    ]
    var encoders = candidates.map { PNGEncoder(settings: $0) }
    var times = Array(repeating: [Double](), count: candidates.count)
    var sizes = Array(repeating: 0.0, count: candidates.count)
    for _ in 0..<repetitions {
      for k in candidates.indices {
        var bytes = 0
        let t = try milliseconds {
          for p in pixmaps { bytes += try encoders[k].withEncodedBytes(of: p) { $0.count } }
        }
        times[k].append(t / Double(pixmaps.count))
        sizes[k] = Double(bytes) / Double(pixmaps.count)
      }
    }
    for k in candidates.indices {
      emit("png in memory, frames 0 and 30: \(candidates[k])", "ms/frame", times[k], bytes: sizes[k])
    }
  }

  /// Runs one part `count` times for instruction counts under callgrind (no timing).
  func profile(_ part: String, count: Int) throws {
    var rasterizer = Rasterizer()
    var pixmap = Pixmap(width: 0, height: 0)
    var encoder = PNGEncoder()
    let lists = part == "displaylist" ? [] : frames.prefix(count).map { scene.displayList(frame: $0) }
    switch part {
    case "displaylist":
      for f in frames.prefix(count) { _ = scene.displayList(frame: f) }
    case "raster":
      for l in lists { rasterizer.render(l, into: &pixmap) }
    case "raster-warm":
      // A pass that fills the caches (glyph masks), then the measured one alone: callgrind's
      // `--collect-atstart=no --toggle-collect='*warmPass*'` counts the second. N above the
      // scene's frames repeats the warm pass (for a sampling profiler: more warm samples).
      for l in lists { rasterizer.render(l, into: &pixmap) }
      for _ in 0..<max(1, (count + lists.count - 1) / max(lists.count, 1)) {
        Self.warmPass(lists, &rasterizer, &pixmap)
      }
    case "raster-blobs", "raster-arcs", "raster-lines":
      // The path workload's parts (see `parts`), one at a time.
      let k = ["raster-blobs", "raster-arcs", "raster-lines"].firstIndex(of: part)!
      guard k < parts.count else { throw BenchError("\(part) is a part of the paths workload only") }
      for l in lists { rasterizer.render(Self.slice(l, parts[k].items), into: &pixmap) }
    case "encode":
      rasterizer.render(lists[0], into: &pixmap)
      for _ in 0..<count { _ = try encoder.withEncodedBytes(of: pixmap) { $0.count } }
    case "e2e":
      try FrameRenderer.render(scene, to: outDirectory + "/profile", range: 0...(count - 1), jobs: 1)
    default:
      throw BenchError("unknown part \(part): displaylist, raster, raster-warm, raster-blobs|arcs|lines, encode or e2e")
    }
  }

  /// The frames drawn again after a first pass (`profile raster-warm`), in a function of
  /// its own so that a profiler can count it alone.
  @inline(never)
  static func warmPass(_ lists: [DisplayList], _ rasterizer: inout Rasterizer, _ pixmap: inout Pixmap) {
    for l in lists { rasterizer.render(l, into: &pixmap) }
  }
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ d: String) { description = d }
}

/// The moments a run's frames finish, in milliseconds since it was made.
final class ProgressMarks: @unchecked Sendable {
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private let lock = NSLock()
  private var marks: [Double] = []

  init() { start = clock.now }

  func mark() {
    let d = clock.now - start
    lock.withLock { marks.append(Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15) }
  }

  var milliseconds: [Double] { lock.withLock { marks } }
}
