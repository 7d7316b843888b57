/// The two buffers `clipPolygon` passes between (x y pairs), grown on demand and never shrunk.
/// A class so that `OverlapScratch` (a struct) can own raw memory and free it once.
final class PolygonClipScratch {
  private var buffers = (
    UnsafeMutablePointer<Double>.allocate(capacity: 64), UnsafeMutablePointer<Double>.allocate(capacity: 64)
  )
  private var capacities = (64, 64)

  /// Buffer `which` (0 or 1) with room for at least `points` points; its contents are not kept
  /// when it grows.
  @inline(__always)
  func buffer(_ which: Int, points: Int) -> UnsafeMutablePointer<Double> {
    let need = points &* 2
    if which == 0 {
      if capacities.0 < need { grow(0, need) }
      return buffers.0
    }
    if capacities.1 < need { grow(1, need) }
    return buffers.1
  }

  private func grow(_ which: Int, _ need: Int) {
    if which == 0 {
      capacities.0 = max(need, capacities.0 &* 2)
      buffers.0.deallocate()
      buffers.0 = .allocate(capacity: capacities.0)
    } else {
      capacities.1 = max(need, capacities.1 &* 2)
      buffers.1.deallocate()
      buffers.1 = .allocate(capacity: capacities.1)
    }
  }

  deinit {
    buffers.0.deallocate()
    buffers.1.deallocate()
  }
}
