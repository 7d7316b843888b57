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

    /// Resolves the cells into `pixels` (`rowBytes` bytes a row) with `color`, by the Swift
    /// loops or the fused AVX2 kernel (or its AVX-512 twin).
    mutating func resolve(
      into pixels: inout [UInt8], rowBytes: Int, color: PremulColor, useAVX2: Bool, useAVX512: Bool = false
    ) {
      let (stride, wordsPerRow, x0, y0, width, rows) = (stride, wordsPerRow, x0, y0, width, rows)
      var scratch = [UInt8](repeating: 0, count: stride * 4)
      cells.withUnsafeMutableBufferPointer { c in
        bits.withUnsafeMutableBufferPointer { b in
          let acc = Accumulator(
            cells: c.baseAddress!, bits: b.baseAddress!, stride: stride, wordsPerRow: wordsPerRow,
            x0: x0, y0: y0, width: width, rows: rows, useAVX2: useAVX2, useAVX512: useAVX512)
          pixels.withUnsafeMutableBytes { p in
            scratch.withUnsafeMutableBytes { s in
              acc.resolve(
                into: p.baseAddress!, rowBytes: rowBytes, paint: Paint(color, useAVX2: useAVX2),
                scratch: s.baseAddress!)
            }
          }
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

  /// Thin near-vertical slivers whose every row step touches two cells (the narrow step and
  /// its one-mask marking), placed where a cell ends a block, where it ends the last block of
  /// a block word (cell 255, block 63, and cell 256, bit 0 of the next word) and elsewhere:
  /// the same bits as the Swift loop, and in every row exactly the blocks of its non-zero
  /// cells marked (the definition of the block bits).
  @Test func narrowStepsMarkTheirBlocksAcrossWords() {
    if !avx2 { return }  // this CPU only runs the Swift loop
    var crossed = 0
    for cell in [2, 3, 4, 62, 63, 127, 251, 253, 254, 255, 256, 257, 258] {
      for fraction in [0.1, 0.4, 0.55] {
        var swift = Window(width: 300, rows: 9)
        var avx = swift
        let x = Double(swift.x0 + cell) + fraction, top = Double(swift.y0) - 2, bottom = Double(swift.y0 + 9) + 2
        let points = [x, top, x + 0.2, bottom, x + 0.35, bottom, x + 0.1, top]
        swift.add(points, sign: 1, useAVX2: false)
        avx.add(points, sign: 1, useAVX2: true)
        #expect(swift.cells.map(\.bitPattern) == avx.cells.map(\.bitPattern) && swift.bits == avx.bits, "cell \(cell) + \(fraction)")
        var expected = [UInt64](repeating: 0, count: avx.bits.count)
        for y in 0..<avx.rows {
          for i in 0..<avx.stride where avx.cells[y * avx.stride + i] != 0 {
            expected[y * avx.wordsPerRow + (i >> 8)] |= 1 << UInt64((i >> 2) & 63)
          }
          if avx.bits[y * avx.wordsPerRow] >> 63 == 1 && avx.bits[y * avx.wordsPerRow + 1] & 1 == 1 { crossed += 1 }
        }
        #expect(avx.bits == expected, "cell \(cell) + \(fraction)")
      }
    }
    #expect(crossed > 0)  // some rows had their two cells on either side of a word's end
  }

  /// The fused AVX2 resolve-and-blend against the Swift resolve and blend loops: the same
  /// bytes in every pixel (the pixels right of the window, in each row's margin, untouched),
  /// and cells and bits left zeroed. The windows' widths end inside a block and on one; the
  /// shapes give rows of touched blocks with solid, empty and partly covered (a horizontal
  /// edge at a fractional y) stretches between them, with translucent and opaque colors.
  ///
  /// With AVX-512 the 16-pixel kernel is checked the same way; the widths (and the random
  /// shapes' touched blocks) put its four-block steps at every offset from a row's end.
  @Test(arguments: [(37, 23), (300, 9), (6, 40), (64, 17), (61, 11), (18, 13), (125, 7)], [false, true])
  func resolveMatchesSwiftLoops(size: (width: Int, rows: Int), wide: Bool) {
    if !avx2 || (wide && !avx512) { return }  // this CPU only runs the Swift loops
    var g = SeededRandomNumberGenerator(seed: UInt64(size.width * 31 + size.rows))
    var mismatches = 0, unclean = 0, drawn = 0
    for trial in 0..<300 {
      var swift = Window(width: size.width, rows: size.rows)
      let shapes = 1 + g.below(3)
      for k in 0..<shapes {
        var points = Self.polygon(&g, swift, trial: trial + k)
        if g.below(4) == 0 {
          // A wide rectangle with fractional top and bottom: constant partial coverage rows.
          let x0 = Double(swift.x0) - 3 + Double(g.below(8)), x1 = x0 + Double(g.below(size.width + 8))
          let y0 = Double(swift.y0) + Double(g.below(size.rows)) + 0.3, y1 = y0 + Double(g.below(size.rows)) + 0.45
          points = [x0, y0, x1, y0, x1, y1, x0, y1]
        }
        swift.add(points, sign: g.below(3) == 0 ? -1 : 1, useAVX2: false)
      }
      var avx = swift
      let rowBytes = (size.width + 5) * 4
      let background = (0..<(rowBytes * size.rows)).map { _ in UInt8(truncatingIfNeeded: g.next()) }
      let a = UInt8(g.below(4) == 0 ? 255 : g.below(256))
      func channel() -> UInt8 { UInt8(g.below(Int(a) + 1)) }
      let color = PremulColor(r: channel(), g: channel(), b: channel(), a: a)
      var bySwift = background, byAVX = background
      swift.resolve(into: &bySwift, rowBytes: rowBytes, color: color, useAVX2: false)
      avx.resolve(into: &byAVX, rowBytes: rowBytes, color: color, useAVX2: true, useAVX512: wide)
      if bySwift != byAVX { mismatches += 1 }
      if !swift.isClean || !avx.isClean { unclean += 1 }
      if bySwift != background { drawn += 1 }
    }
    #expect(mismatches == 0)
    #expect(unclean == 0)
    #expect(drawn > 200)
  }
}
