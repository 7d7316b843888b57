import FlipbookDisplayList
import FlipbookImage
import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// The row tables of outlines that span several bands (OutlineRows.swift) and the walk that
/// skips their chunks of lines outside a band's rows (`Accumulator.addPolygon(_:count:sign:rows:)`,
/// flipbook_add_polygon_rows_avx2): the table against the least and greatest y of each chunk's
/// points taken here, the walk against the walk of every line (the same bits in every cell
/// and block word), and whole frames with outlines across bands against the exact reference.
@Suite struct OutlineRowsTests {
  /// Lines per chunk.
  static let L = OutlineRows.chunkLines

  /// The table by the kernel (`useAVX2`: its AVX2 twin).
  static func table(_ points: [Double], useAVX2: Bool) -> [Double] {
    let n = points.count / 2
    var rows = [Double](repeating: .nan, count: 2 * OutlineRows.chunks(n))
    points.withUnsafeBufferPointer { p in
      rows.withUnsafeMutableBufferPointer { OutlineRows.fill(p.baseAddress!, count: n, into: $0.baseAddress!, useAVX2: useAVX2) }
    }
    return rows
  }

  /// The table from its definition: chunk k holds lines k·L ..< min((k + 1)·L, n), line i
  /// from point i − 1 (the last point for line 0) to point i; its rows are the least and
  /// greatest y of those lines' end points.
  static func referenceTable(_ points: [Double]) -> [Double] {
    let n = points.count / 2
    var rows: [Double] = []
    var k = 0
    while k * L < n {
      var ys: [Double] = []
      for i in (k * L)..<min((k + 1) * L, n) {
        ys.append(points[2 * ((i + n - 1) % n) + 1])
        ys.append(points[2 * i + 1])
      }
      rows += [ys.min()!, ys.max()!]
      k += 1
    }
    return rows
  }

  @Test func tableMatchesItsDefinition() {
    var g = SeededRandomNumberGenerator(seed: 7)
    var checked = 0
    for trial in 0..<400 {
      // Every count from 1 to 3 chunks and a few beyond, ends of chunks included.
      let n = trial < 3 * Self.L + 2 ? trial + 1 : 1 + g.below(200)
      let points = (0..<(2 * n)).map { _ in Double(g.below(1 << 16)) / 64 - 300 }
      let expected = Self.referenceTable(points)
      #expect(Self.table(points, useAVX2: false) == expected, "n = \(n)")
      if avx2 { #expect(Self.table(points, useAVX2: true) == expected, "n = \(n), AVX2") }
      checked += 1
    }
    #expect(checked == 400)
  }

  /// Accumulates `points` into `w` walking every line, or only the chunks its table says
  /// reach the window's rows.
  static func add(_ w: inout AccumulationKernels.Window, _ points: [Double], sign: Double, chunked: Bool, useAVX2: Bool) {
    let rows = table(points, useAVX2: useAVX2)
    let (stride, wordsPerRow, x0, y0, width, height) = (w.stride, w.wordsPerRow, w.x0, w.y0, w.width, w.rows)
    w.cells.withUnsafeMutableBufferPointer { c in
      w.bits.withUnsafeMutableBufferPointer { b in
        var acc = Accumulator(
          cells: c.baseAddress!, bits: b.baseAddress!, stride: stride, wordsPerRow: wordsPerRow,
          x0: x0, y0: y0, width: width, rows: height, useAVX2: useAVX2)
        points.withUnsafeBufferPointer { p in
          rows.withUnsafeBufferPointer { r in
            if chunked {
              acc.addPolygon(p.baseAddress!, count: points.count / 2, sign: sign, rows: r.baseAddress!)
            } else {
              acc.addPolygon(p.baseAddress!, count: points.count / 2, sign: sign)
            }
          }
        }
      }
    }
  }

  /// A polygon taller than the window (a band's share of it): a flattened circle or a
  /// zig-zag whose points reach up to 3 window heights above and below it, with some points
  /// on the window's top and bottom rows exactly and horizontal runs along them.
  static func tallPolygon(_ g: inout SeededRandomNumberGenerator, _ w: AccumulationKernels.Window, trial: Int) -> [Double] {
    let top = Double(w.y0), bottom = Double(w.y0 + w.rows)
    var points: [Double] = []
    if trial % 2 == 0 {
      let n = 3 * Self.L + g.below(300)
      let cx = Double(w.x0) - 10 + Double(g.below(w.width + 20))
      let cy = top - Double(w.rows) + Double(g.below(3 * w.rows))
      let r = Double(w.rows) * (0.5 + Double(g.below(1000)) / 400)
      for k in 0..<n {
        let t = Double(k) / Double(n) * 2 * Double.pi
        points += [cx + r * cos(t), cy + r * sin(t)]
      }
      return points
    }
    let n = 3 * Self.L + g.below(120)
    for _ in 0..<n {
      let x = Double(w.x0 - 20 + g.below(w.width + 40)) + Double(g.below(1024)) / 1024
      var y = top - 3 * Double(w.rows) + Double(g.below(7 * w.rows * 64)) / 64
      switch g.below(8) {
      case 0: y = top
      case 1: y = bottom
      default: break
      }
      points += [x, y]
      if g.below(6) == 0 { points += [x + 5.5, y] }
    }
    return points
  }

  @Test(arguments: [(37, 23), (300, 9), (64, 1)])
  func chunkedWalkMatchesWholeWalk(size: (width: Int, rows: Int)) {
    var g = SeededRandomNumberGenerator(seed: UInt64(size.width * 7 + size.rows))
    var mismatches = 0, touched = 0, skipping = 0
    for trial in 0..<300 {
      let empty = AccumulationKernels.Window(width: size.width, rows: size.rows)
      let points = Self.tallPolygon(&g, empty, trial: trial)
      let sign: Double = g.below(2) == 0 ? 1 : -1
      // Whether some chunk lies wholly above or below the window's rows (so is skipped).
      let table = Self.referenceTable(points)
      let top = Double(empty.y0), bottom = Double(empty.y0 + empty.rows)
      if stride(from: 0, to: table.count, by: 2).contains(where: { table[$0 + 1] <= top || table[$0] >= bottom }) {
        skipping += 1
      }
      for useAVX2 in avx2 ? [false, true] : [false] {
        var whole = empty, chunked = empty
        Self.add(&whole, points, sign: sign, chunked: false, useAVX2: useAVX2)
        Self.add(&chunked, points, sign: sign, chunked: true, useAVX2: useAVX2)
        if whole.cells.map(\.bitPattern) != chunked.cells.map(\.bitPattern) || whole.bits != chunked.bits {
          mismatches += 1
        }
        if !whole.isClean { touched += 1 }
      }
    }
    #expect(mismatches == 0)
    #expect(touched > 200)  // most polygons reached the window
    #expect(skipping > 120)  // and many had chunks beside its rows
  }

  /// Opaque white fills and strokes taller than a band (a 2,048-pixel-wide canvas has bands
  /// of 64 rows), each one plain contour, against the exact reference in the 96 columns they
  /// lie in; the other columns stay clear.
  @Test func outlinesAcrossBands() {
    let width = 2048, height = 230, columns = 96
    // A blob squeezed to 92 × 222 pixels and sheared; an arc of 169° down the bands.
    let blob = PathCoverage.catmullRomBlob(cx: 0, cy: 0, radius: 45.1, k: [1, 0.55, 2.2, 0.6, 0.95, 2.4], rot: 1.2)
    let t = FlipbookDisplayList.AffineTransform(a: 0.34, b: 0, c: 0.05, d: 0.98, tx: 47.3, ty: 114.6)
    let arc = PathCoverage.arc(cx: 31.2, cy: 115.4, r: 57.9, from: -1.45, to: 1.5)
    let style = StrokeStyle(lineWidth: 9.5, lineCap: .round)
    let cases: [(String, DisplayItem, [[V]], RefRule)] = [
      (
        "tall blob", .shape(ShapeItem(geometry: .path(blob), style: .fill, transform: t, color: .white)),
        refSubpaths(blob, t).map { $0.points }.filter { $0.count >= 2 }, .nonZero
      ),
      (
        "round-capped arc", .shape(ShapeItem(geometry: .path(arc), style: .stroke(style), transform: .identity, color: .white)),
        refStrokePieces(
          refSubpaths(arc, .identity, tolerance: refDashCurveTolerance),
          RefStroke(
            width: style.lineWidth, cap: style.lineCap, join: style.lineJoin, miterLimit: style.miterLimit,
            dash: style.dash, phase: style.dashPhase), arcTolerance: refArcTolerance), .union
      ),
    ]
    for (label, item, polys, rule) in cases {
      let p = render([item], width: width, height: height)
      var alpha: [UInt8] = [], outside = 0
      for y in 0..<height {
        for x in 0..<width {
          let a = p.pixel(x: x, y: y).a
          if x < columns { alpha.append(a) } else if a != 0 { outside += 1 }
        }
      }
      let c = CoverageComparison(alpha, exactCoverage(polys, rule: rule, width: columns, height: height), width: columns)
      #expect(c.maxError <= PathCoverage.maxLimit, "\(label): \(c)")
      #expect(c.meanEdgeError <= PathCoverage.meanLimit, "\(label): \(c)")
      #expect(c.edgePixels > 200, "\(label): \(c)")
      #expect(outside == 0, "\(label)")
      // One contour, drawn plainly: the walk by the row table.
      #expect(PathCoverage.contourCounts(item, width: width, height: height) == (1, 0), "\(label)")
    }
  }
}
