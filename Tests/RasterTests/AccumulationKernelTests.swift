import FlipbookImage
import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// CRasterKernels' AVX2 accumulation against the Swift loop it mirrors (Coverage.swift): the
/// same bits in every cell and block word.
@Suite struct AccumulationKernels {
  /// A window at (3, 5) and its cells and block bits.
  struct Window {
    let width: Int, rows: Int
    let x0 = 3, y0 = 5
    let stride: Int, wordsPerRow: Int
    var cells: [Float]
    var bits: [UInt64]

    init(width: Int, rows: Int) {
      self.width = width
      self.rows = rows
      stride = (width + 2 + 3) & ~3
      wordsPerRow = ((stride >> 2) + 63) >> 6
      cells = [Float](repeating: 0, count: stride * rows)
      bits = [UInt64](repeating: 0, count: wordsPerRow * rows)
    }

    /// Accumulates a closed polygon (x, y pairs in pixels) with the Swift loop or the AVX2 one.
    mutating func add(_ points: [Double], sign: Double, useAVX2: Bool) {
      let (stride, wordsPerRow, x0, y0, width, rows) = (stride, wordsPerRow, x0, y0, width, rows)
      cells.withUnsafeMutableBufferPointer { c in
        bits.withUnsafeMutableBufferPointer { b in
          var acc = Accumulator(
            cells: c.baseAddress!, bits: b.baseAddress!, stride: stride, wordsPerRow: wordsPerRow,
            x0: x0, y0: y0, width: width, rows: rows, useAVX2: useAVX2)
          points.withUnsafeBufferPointer { acc.addPolygon($0.baseAddress!, count: points.count / 2, sign: sign) }
        }
      }
    }

    var isClean: Bool { cells.allSatisfy { $0.bitPattern == 0 } && bits.allSatisfy { $0 == 0 } }
  }

  /// A polygon for a window: every third one a flattened circle (short chords, a few per pixel
  /// row, a solid inside), the others random points reaching 20 pixels past every side, every
  /// fourth coordinate on a pixel boundary, with horizontal and vertical edges.
  static func polygon(_ g: inout SeededRandomNumberGenerator, _ w: Window, trial: Int) -> [Double] {
    var points: [Double] = []
    if trial % 3 == 0 {
      let n = 3 + g.below(200)
      let cx = Double(w.x0) + Double(g.below(w.width)), cy = Double(w.y0) + Double(g.below(w.rows))
      let r = 2 + Double(g.below(60)) + Double(g.below(1000)) / 1000
      for k in 0..<n {
        let t = Double(k) / Double(n) * 2 * Double.pi
        points += [cx + r * cos(t), cy + r * sin(t)]
      }
      return points
    }
    func coordinate(_ lo: Int, _ size: Int) -> Double {
      let v = Double(lo - 20 + g.below(size + 40))
      return g.below(4) == 0 ? v : v + Double(g.below(1 << 20)) / Double(1 << 20)
    }
    for _ in 0..<(3 + g.below(12)) {
      points += [coordinate(w.x0, w.width), coordinate(w.y0, w.rows)]
      if g.below(8) == 0 { points += [points[points.count - 2] + 7.25, points[points.count - 1]] }
      if g.below(8) == 0 { points += [points[points.count - 2], points[points.count - 1] + 3.5] }
    }
    return points
  }

  @Test(arguments: [(37, 23), (300, 9)])
  func accumulationMatchesSwiftLoop(size: (width: Int, rows: Int)) {
    if !avx2 { return }  // this CPU only runs the Swift loop
    var g = SeededRandomNumberGenerator(seed: UInt64(size.width))
    var mismatches = 0, touched = 0
    for trial in 0..<300 {
      var swift = Window(width: size.width, rows: size.rows)
      var avx = swift
      let points = Self.polygon(&g, swift, trial: trial)
      let sign: Double = g.below(2) == 0 ? 1 : -1
      swift.add(points, sign: sign, useAVX2: false)
      avx.add(points, sign: sign, useAVX2: true)
      if swift.cells.map(\.bitPattern) != avx.cells.map(\.bitPattern) || swift.bits != avx.bits { mismatches += 1 }
      if !swift.isClean { touched += 1 }
    }
    #expect(mismatches == 0)
    #expect(touched > 200)  // most polygons reached the window
  }
}
