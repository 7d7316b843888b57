import CRasterKernels

extension Accumulator {
  /// `addPolygon` walking only the chunks of lines that can reach the window's rows, by the
  /// polygon's row table `rows` (`OutlineRows`, `flipbook_outline_rows`): a band of a tall
  /// outline steps through the lines near its rows, not through all of them. A chunk whose
  /// points all lie on or above the window's top (y − oy ≤ 0), or all on or below its bottom
  /// (y − oy ≥ h, as rounding is monotone), holds only lines that `line` drops; the others'
  /// lines are added as `addPolygon` adds them, in the same order, so every cell gets the
  /// same bits. With AVX2 it runs as flipbook_add_polygon_rows_avx2.
  @inline(__always)
  package mutating func addPolygon(_ p: UnsafePointer<Double>, count n: Int, sign: Double, rows: UnsafePointer<Double>) {
    if n < 2 { return }
    if useAVX2 {
      var window = kernelWindow
      flipbook_add_polygon_rows_avx2(&window, p, n, sign, rows)
      return
    }
    self.sign = sign
    let top = oy, bottom = oy + h
    let chunk = OutlineRows.chunkLines
    var i = 0, k = 0
    while i < n {
      let e = i &+ chunk < n ? i &+ chunk : n
      if !(rows[k &* 2 &+ 1] <= top || rows[k &* 2] >= bottom) {
        let j = i == 0 ? n &- 1 : i &- 1
        var px = p[j &* 2] - ox, py = p[j &* 2 &+ 1] - oy
        var l = i
        while l < e {
          let x = p[l &* 2] - ox, y = p[l &* 2 &+ 1] - oy
          line(px, py, x, y)
          px = x; py = y
          l &+= 1
        }
      }
      i = e
      k &+= 1
    }
  }
}
