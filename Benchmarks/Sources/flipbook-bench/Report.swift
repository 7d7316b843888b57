import Foundation

/// Reads the JSON lines of every round (ours and the peers'), takes medians across rounds and
/// prints Markdown: every measurement, then the issue's targets as ratios.
struct Report {
  struct Key: Hashable, Comparable {
    var wl: String, impl: String, metric: String
    static func < (a: Key, b: Key) -> Bool { (a.wl, a.impl, a.metric) < (b.wl, b.impl, b.metric) }
  }
  struct Row {
    var unit: String
    /// One value per round (each the median of that round's repetitions).
    var values: [Double] = []
    var bytes: [Double] = []
    var median: Double { Self.median(values) }
    var bytesMedian: Double? { bytes.isEmpty ? nil : Self.median(bytes) }
    static func median(_ v: [Double]) -> Double {
      let s = v.sorted()
      return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
  }

  var rows: [Key: Row] = [:]
  /// The pixel checks' tables (mean absolute difference from cairo) by workload: the kit's
  /// `compare.py` for `large`, `paths/compare_paths.py` for `paths`.
  var compareLines: [String: [String]] = [:]

  init(files: [String], compare: [String: String]) throws {
    let decoder = JSONDecoder()
    for file in files {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix("{") {
        guard let m = try? decoder.decode(Measurement.self, from: Data(line.utf8)) else { continue }
        let key = Key(wl: m.wl, impl: m.impl, metric: m.metric)
        rows[key, default: Row(unit: m.unit)].values.append(m.median)
        if let b = m.bytes { rows[key]!.bytes.append(b) }
      }
    }
    for (wl, file) in compare {
      if let text = try? String(contentsOfFile: file, encoding: .utf8), !text.isEmpty {
        compareLines[wl] = text.split(separator: "\n").map(String.init)
      }
    }
  }

  /// The row of `wl` whose implementation starts with `impl` and whose metric is `metric`, or
  /// else starts with it (so "raster" is the raster row, not "raster part: …" or
  /// "raster (thread CPU time)", which dictionary order used to pick at random).
  func find(_ wl: String, impl: String, metric: String) -> Row? {
    let candidates = rows.filter { $0.key.wl == wl && $0.key.impl.hasPrefix(impl) && $0.key.metric.hasPrefix(metric) }
    return (candidates.first { $0.key.metric == metric } ?? candidates.min { $0.key < $1.key })?.value
  }

  static func format(_ v: Double) -> String {
    if v.isNaN { return "–" }
    if abs(v) >= 100 { return String(format: "%.0f", v) }
    if abs(v) >= 10 { return String(format: "%.1f", v) }
    if abs(v) >= 1 { return String(format: "%.2f", v) }
    return String(format: "%.3f", v)
  }

  func print() {
    printSummary()
    Swift.print("### All measurements (median of the rounds' medians; min–max over rounds)\n")
    Swift.print(
      "| workload | implementation | measurement | median | min–max | unit | bytes (PNG: per frame; GIF: file) | rounds |"
    )
    Swift.print("|---|---|---|---:|---:|---|---:|---:|")
    for (key, row) in rows.sorted(by: { $0.key < $1.key }) {
      let lo = row.values.min() ?? .nan, hi = row.values.max() ?? .nan
      let bytes = row.bytesMedian.map { String(format: "%.0f", $0) } ?? ""
      Swift.print(
        "| \(key.wl) | \(key.impl) | \(key.metric) | \(Self.format(row.median)) | \(Self.format(lo))–\(Self.format(hi)) | \(row.unit) | \(bytes) | \(row.values.count) |"
      )
    }
    if rows.keys.contains(where: { $0.wl == "large" }) { printShapesTargets() }
    if rows.keys.contains(where: { $0.wl == "paths" }) { printPathsTargets() }
    if rows.keys.contains(where: { $0.wl == "text" }) { printTextTargets() }
    if rows.keys.contains(where: { $0.wl == "effects" }) { printEffectsTargets() }
  }

  /// One row of a targets table; `ok` nil: for information, no goal.
  func line(_ what: String, _ value: Double?, _ goal: String, _ ok: ((Double) -> Bool)?, unit: String = "×") {
    guard let value, !value.isNaN else {
      Swift.print("| \(what) | not measured | \(goal) | \(ok == nil ? "" : "?") |")
      return
    }
    let met = ok.map { $0(value) ? "yes" : "**no**" } ?? ""
    Swift.print("| \(what) | \(Self.format(value))\(unit) | \(goal) | \(met) |")
  }

  /// The mean absolute difference of `dir`'s frames from cairo's in a pixel check's table.
  func meanDifference(_ wl: String, dir: String) -> [Double] {
    (compareLines[wl] ?? []).filter { $0.hasPrefix("| \(dir) |") }.compactMap { l -> Double? in
      let cells = l.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      return cells.count > 4 ? Double(cells[3]) : nil
    }
  }

  /// The shapes workload's targets (the kit's WORKLOAD.md, `large` and `small`).
  func printShapesTargets() {
    Swift.print("\n### Targets\n")
    Swift.print("| target | measured | goal | met |")
    Swift.print("|---|---:|---:|:---:|")
    let cairo = "cairo", skiaImpl = "skia-python"
    let ours = find("large", impl: "Flipbook", metric: "raster")?.median
    line("raster, 1080p, ms/frame (single thread)", ours, "≤ 2.5 ms", { $0 <= 2.5 }, unit: " ms")
    let cairoRaster = find("large", impl: cairo, metric: "raster")?.median
    let skiaRaster = find("large", impl: skiaImpl, metric: "raster via SkPicture")?.median
    line("raster speed vs cairo (C)", ratio(cairoRaster, ours), "≥ 3.5×", { $0 >= 3.5 })
    line("raster speed vs skia (SkPicture playback)", ratio(skiaRaster, ours), "≥ 3.5×", { $0 >= 3.5 })
    let e2e1 = find("large", impl: "Flipbook", metric: "end-to-end fps: flipbook --jobs 1")?.median
    let cairoDefault = find("large", impl: cairo, metric: "end-to-end fps: cairo_surface_write_to_png")?.median
    let cairoFast = find("large", impl: cairo, metric: "end-to-end fps: libpng RGB L1 NONE")?.median
    line("end to end, large, --jobs 1 vs cairo + write_to_png", ratio(e2e1, cairoDefault), "≥ 4×", { $0 >= 4 })
    line("end to end, large, --jobs 1 vs cairo + libpng RGB L1 NONE", ratio(e2e1, cairoFast), "≥ 4.2×", { $0 >= 4.2 })
    let j1 = find("large", impl: "Flipbook", metric: "end-to-end fps, 2 CPUs free to use: flipbook --jobs 1")
    let j2 = find("large", impl: "Flipbook", metric: "end-to-end fps, 2 CPUs free to use: flipbook --jobs 2")
    line("end to end, large, --jobs 2 vs --jobs 1", ratio(j2?.median, j1?.median), "≥ 1.85×", { $0 >= 1.85 })
    let small = find("small", impl: "Flipbook", metric: "end-to-end fps: flipbook --jobs 1")?.median
    let smallCairo = find("small", impl: cairo, metric: "end-to-end fps: cairo_surface_write_to_png")?.median
    line("end to end, small, --jobs 1 vs cairo + write_to_png", ratio(small, smallCairo), "≥ 4×", { $0 >= 4 })
    for wl in ["large", "small"] {
      let size = find(wl, impl: "Flipbook", metric: "encode+write: flipbook")?.bytesMedian
      let cairoSize = find(wl, impl: cairo, metric: "encode+write: cairo_surface_write_to_png")?.bytesMedian
      line("PNG size, \(wl), vs cairo's writer", ratio(size, cairoSize), "≤ 1.15×", { $0 <= 1.15 })
    }
    for j in [1, 2] {
      let short = find("large", impl: "Flipbook", metric: "peak RSS: render --jobs \(j), 60 frames")?.median
      let long = find("large", impl: "Flipbook", metric: "peak RSS: render --jobs \(j), 240 frames")?.median
      line("peak RSS, large, --jobs \(j), 240 vs 60 frames", ratio(long, short), "≈ 1× (≤ 1.1×)", { $0 <= 1.1 })
    }
    let diffs = meanDifference("large", dir: "flipbook")
    line("mean abs difference from cairo, frames 0 and 30", diffs.max(), "≤ 0.5 levels", { $0 <= 0.5 }, unit: " levels")
    if let lines = compareLines["large"] {
      Swift.print("\n### Same scene? Frames vs cairo (C), large workload (compare.py)\n")
      lines.forEach { Swift.print($0) }
    }
  }

  /// The path workload's targets (Benchmarks/PATH-WORKLOAD.md): raster ≥ 3× cairo and skia on
  /// one thread, pixels within 0.5 levels of cairo, memory independent of the frame count.
  func printPathsTargets() {
    Swift.print("\n### Targets, path workload\n")
    Swift.print("| target | measured | goal | met |")
    Swift.print("|---|---:|---:|:---:|")
    let wl = "paths", cairo = "cairo", skia = "skia-python"
    let ours = find(wl, impl: "Flipbook", metric: "raster")?.median
    line("raster, ms/frame (single thread)", ours, "", nil, unit: " ms")
    line("raster speed vs cairo (C)", ratio(find(wl, impl: cairo, metric: "raster")?.median, ours), "≥ 3×", { $0 >= 3 })
    let skiaPlayback = find(wl, impl: skia, metric: "raster via SkPicture")?.median
    line("raster speed vs skia (SkPicture playback)", ratio(skiaPlayback, ours), "≥ 3×", { $0 >= 3 })
    for part in ["clear + 100 blobs", "clear + 100 arcs", "clear + 50 dashed polylines"] {
      let mine = find(wl, impl: "Flipbook", metric: "raster part: \(part)")?.median
      line("raster part \(part), ms/frame", mine, "", nil, unit: " ms")
      let c = find(wl, impl: cairo, metric: "raster part: \(part)")?.median
      let k = find(wl, impl: skia, metric: "raster part: \(part)")?.median
      line("raster part \(part): vs cairo (C)", ratio(c, mine), "", nil)
      line("raster part \(part): vs skia (SkPicture playback)", ratio(k, mine), "", nil)
    }
    let e2e = find(wl, impl: "Flipbook", metric: "end-to-end fps: flipbook --jobs 1")?.median
    line("end to end, fps, --jobs 1", e2e, "", nil, unit: " fps")
    let cairoDefault = find(wl, impl: cairo, metric: "end-to-end fps: cairo_surface_write_to_png")?.median
    let cairoFast = find(wl, impl: cairo, metric: "end-to-end fps: libpng RGB L1 NONE")?.median
    let skiaE2E = find(wl, impl: skia, metric: "end-to-end fps: skia")?.median
    line("end to end, --jobs 1 vs cairo + write_to_png", ratio(e2e, cairoDefault), "", nil)
    line("end to end, --jobs 1 vs cairo + libpng RGB L1 NONE", ratio(e2e, cairoFast), "", nil)
    line("end to end, --jobs 1 vs skia-python + default PNG", ratio(e2e, skiaE2E), "", nil)
    let j1 = find(wl, impl: "Flipbook", metric: "end-to-end fps, 2 CPUs free to use: flipbook --jobs 1")
    let j2 = find(wl, impl: "Flipbook", metric: "end-to-end fps, 2 CPUs free to use: flipbook --jobs 2")
    line("end to end, --jobs 2 vs --jobs 1", ratio(j2?.median, j1?.median), "", nil)
    line(
      "mean abs difference from cairo, all 60 frames", meanDifference(wl, dir: "flipbook").max(), "≤ 0.5 levels",
      { $0 <= 0.5 }, unit: " levels")
    line(
      "skia's mean abs difference from cairo (for scale)", meanDifference(wl, dir: "skia").max(), "", nil,
      unit: " levels")
    let short = find(wl, impl: "Flipbook", metric: "peak RSS: render --jobs 1, 60 frames")?.median
    for frames in [120, 240] {
      let long = find(wl, impl: "Flipbook", metric: "peak RSS: render --jobs 1, \(frames) frames")?.median
      line("peak RSS, --jobs 1, \(frames) vs 60 frames", ratio(long, short), "≈ 1× (≤ 1.1×)", { $0 <= 1.1 })
    }
    if let lines = compareLines[wl] {
      Swift.print("\n### Same scene? Frames vs cairo (C), path workload (compare_paths.py)\n")
      lines.forEach { Swift.print($0) }
    }
  }

  /// The text workload's targets (Benchmarks/TEXT-WORKLOAD.md): raster ≥ 3× cairo's own text
  /// API on one thread, and the glyph cache's memory, bounded and reported.
  func printTextTargets() {
    Swift.print("\n### Targets, text workload\n")
    Swift.print("| target | measured | goal | met |")
    Swift.print("|---|---:|---:|:---:|")
    let wl = "text"
    let ours = find(wl, impl: "Flipbook", metric: "raster")?.median
    line("raster, ms/frame (single thread)", ours, "", nil, unit: " ms")
    let cairo = find(wl, impl: "cairo", metric: "raster")?.median
    line("cairo (C, cairo_show_text), ms/frame", cairo, "", nil, unit: " ms")
    line("raster speed vs cairo (C)", ratio(cairo, ours), "≥ 3×", { $0 >= 3 })
    let cold = find(wl, impl: "Flipbook", metric: "raster, first pass (glyph masks made)")?.median
    line("raster, first pass (every glyph mask made), ms/frame", cold, "", nil, unit: " ms")
    let floor = find(wl, impl: "Flipbook", metric: "raster part: clear only (background, no labels)")?.median
    line("floor: the background alone, ms/frame", floor, "", nil, unit: " ms")
    let e2e = find(wl, impl: "Flipbook", metric: "end-to-end fps: flipbook --jobs 1")?.median
    line("end to end, fps, --jobs 1", e2e, "", nil, unit: " fps")
    if let cache = find(wl, impl: "Flipbook", metric: "glyph outline cache") {
      line("glyph outline cache, elements", cache.median, "", nil, unit: "")
      line("glyph outline cache, KiB", cache.bytesMedian.map { $0 / 1024 }, "bounded", nil, unit: " KiB")
    }
    if let masks = find(wl, impl: "Flipbook", metric: "glyph mask cache") {
      line("glyph mask cache, masks", masks.median, "", nil, unit: "")
      line("glyph mask cache, KiB", masks.bytesMedian.map { $0 / 1024 }, "≤ 32 MiB a worker", nil, unit: " KiB")
    }
    let peak = find(wl, impl: "Flipbook", metric: "peak RSS: render --jobs 1, 60 frames")?.median
    line("peak RSS, render --jobs 1, 60 frames", peak, "", nil, unit: " MiB")
  }

  /// The effects workload's targets (Benchmarks/EFFECTS-WORKLOAD.md): raster ≥ 2× skia's on one
  /// thread, pixels within 1 level of skia's on average.
  func printEffectsTargets() {
    Swift.print("\n### Targets, effects workload\n")
    Swift.print("| target | measured | goal | met |")
    Swift.print("|---|---:|---:|:---:|")
    let wl = "effects", skia = "skia-python"
    let ours = find(wl, impl: "Flipbook", metric: "raster")?.median
    line("raster, ms/frame (single thread)", ours, "", nil, unit: " ms")
    for part in ["clear + 20 blurred circles", "clear + 50 shadowed gradient rectangles"] {
      line(
        "raster part \(part), ms/frame", find(wl, impl: "Flipbook", metric: "raster part: \(part)")?.median, "", nil,
        unit: " ms")
    }
    let masks = find(wl, impl: skia, metric: "raster via SkPicture playback (mask filters")?.median
    line("skia, mask filters (SkPicture playback), ms/frame", masks, "", nil, unit: " ms")
    line("raster speed vs skia, mask filters (SkPicture playback)", ratio(masks, ours), "≥ 2×", { $0 >= 2 })
    let images = find(wl, impl: skia, metric: "raster (image filters)")?.median
    line("raster speed vs skia, image filters", ratio(images, ours), "", nil)
    let cairo = find(wl, impl: "cairo", metric: "raster (no blur, no shadow)")?.median
    line("cairo without blur or shadow (for scale), ms/frame", cairo, "", nil, unit: " ms")
    let e2e = find(wl, impl: "Flipbook", metric: "end-to-end fps: flipbook --jobs 1")?.median
    line("end to end, fps, --jobs 1", e2e, "", nil, unit: " fps")
    line(
      "mean abs difference from skia (mask filters), all 60 frames", meanDifference(wl, dir: "flipbook").max(),
      "≤ 1 level", { $0 <= 1 }, unit: " levels")
    line(
      "skia's image filters vs its mask filters (for scale)", meanDifference(wl, dir: "skia-imagefilters").max(), "",
      nil, unit: " levels")
    let peak = find(wl, impl: "Flipbook", metric: "peak RSS: render --jobs 1, 60 frames")?.median
    line("peak RSS, render --jobs 1, 60 frames", peak, "", nil, unit: " MiB")
    if let lines = compareLines[wl] {
      Swift.print("\n### Same scene? Frames vs skia (mask filters), effects workload (compare_paths.py --ref skia)\n")
      lines.forEach { Swift.print($0) }
    }
  }

  func ratio(_ a: Double?, _ b: Double?) -> Double? {
    guard let a, let b, b > 0 else { return nil }
    return a / b
  }
}
