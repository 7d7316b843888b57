/// A glyph run's pens and keys while it is recorded (`makePens`), in raw memory that grows and
/// is reused: written and read once per glyph without an array's uniqueness and bounds checks
/// (4,935 glyphs a frame in the text workload).
struct GlyphPenBuffer {
  private(set) var pens = UnsafeMutablePointer<RasterBuffers.GlyphPen>.allocate(capacity: 1)
  private(set) var capacity = 1

  /// Room for `n` pens (the contents are not kept).
  mutating func reserve(_ n: Int) {
    guard n > capacity else { return }
    pens.deallocate()
    capacity = max(n, capacity &* 2)
    pens = .allocate(capacity: capacity)
  }

  func deallocate() { pens.deallocate() }
}
