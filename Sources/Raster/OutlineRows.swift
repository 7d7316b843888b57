import CRasterKernels

/// Per long contour of a frame's path commands that span several bands, the rows its chunks
/// of lines reach (`flipbook_outline_rows`: least and greatest y per `chunkLines` lines), so
/// that each band walks only the chunks that can reach its rows instead of every line of the
/// outline (`Accumulator.addPolygon(_:count:sign:rows:)`).
///
/// A frame of the path workload draws its 100 blobs in about 212 blob × band windows, and
/// walked 50 K lines of which 21 K reach the band; the arcs, 35 K of which 17 K. Skipping a
/// chunk drops only lines that the accumulation drops itself (wholly above or below the
/// window), and the rest are added in the same order: the same bits in every cell.
package struct OutlineRows {
  /// Lines per chunk (`FLIPBOOK_CHUNK_LINES`).
  package static let chunkLines = Int(FLIPBOOK_CHUNK_LINES)
  /// Contours with fewer points walk whole: at most one chunk more than needed.
  static let minPoints = 3 &* chunkLines
  /// Commands with more plain contours than this get no tables: their contours are small
  /// (a dashed stroke's dashes, each skipped whole by its rows in `drawPath`), and marking
  /// each as having none cost more than it saved.
  static let maxContours = 8

  /// The frame's tables, one after another: 2 doubles per chunk.
  private(set) var rows = UnsafeMutablePointer<Double>.allocate(capacity: 2)
  private var count = 0
  private var capacity = 1
  /// Per contour (its index in the recorder), where its table starts in `rows`, or −1 when it
  /// has none; valid for the contours of commands that `record` was called for this frame.
  private var offsets = UnsafeMutablePointer<Int>.allocate(capacity: 1)
  private var offsetCapacity = 1

  func deallocate() {
    rows.deallocate()
    offsets.deallocate()
  }

  /// Forgets the last frame's tables (their storage is kept).
  mutating func reset() { count = 0 }

  /// Records the tables of the contours in `range` of `contours` (points in `points`): those
  /// of `minPoints` or more get one, the others are marked as having none.
  mutating func record(
    _ points: UnsafePointer<Double>, _ contours: [(start: Int, end: Int, sign: Double)], _ range: Range<Int>
  ) {
    if offsetCapacity < range.upperBound {
      let cap = max(range.upperBound, offsetCapacity &* 2)
      let grown = UnsafeMutablePointer<Int>.allocate(capacity: cap)
      grown.update(from: offsets, count: offsetCapacity)
      offsets.deallocate()
      offsets = grown
      offsetCapacity = cap
    }
    for c in range {
      let contour = contours[c]
      let n = contour.end &- contour.start
      if n < Self.minPoints {
        offsets[c] = -1
        continue
      }
      let needed = count &+ Self.chunks(n) &* 2
      if needed > capacity &* 2 {
        let cap = max(needed / 2, capacity &* 2)
        let grown = UnsafeMutablePointer<Double>.allocate(capacity: cap &* 2)
        grown.update(from: rows, count: count)
        rows.deallocate()
        rows = grown
        capacity = cap
      }
      Self.fill(points + contour.start &* 2, count: n, into: rows + count)
      offsets[c] = count
      count = needed
    }
  }

  /// The table of contour `c` (of a command recorded this frame), or nil when it has none.
  @inline(__always)
  func table(_ c: Int) -> UnsafePointer<Double>? {
    let o = offsets[c]
    return o < 0 ? nil : UnsafePointer(rows + o)
  }

  /// Chunks of a contour of `n` points (as many lines).
  @inline(__always)
  package static func chunks(_ n: Int) -> Int { (n &+ chunkLines &- 1) / chunkLines }

  /// Writes the row table of the closed polygon of `n` points at `points` into `rows`
  /// (2 · `chunks(n)` doubles): flipbook_outline_rows, or its AVX2 twin (the same table).
  @inline(__always)
  package static func fill(
    _ points: UnsafePointer<Double>, count n: Int, into rows: UnsafeMutablePointer<Double>, useAVX2: Bool = avx2
  ) {
    if useAVX2 {
      flipbook_outline_rows_avx2(points, n, rows)
    } else {
      flipbook_outline_rows(points, n, rows)
    }
  }
}
