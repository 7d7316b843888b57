import FlipbookDisplayList

// Outlines under a projection (`LayerEffect.projection`, SwiftUI's rotation3DEffect).
//
// A shape under a projection is flattened as usual, in the unprojected pixels it is laid out
// in, scaled by the projection's largest magnification over the shape (`magnification`), so
// that the chords stay within the usual tolerance once projected: a projective map keeps
// lines straight, so the chords' images are the image's chords, and their distance to the
// curve grows at most by the magnification. Each contour is then clipped to w ≥
// `Homography.minimumW` in the unprojected plane, where w is linear, so the cut is exact and
// nothing at or behind the viewer is ever divided by; the points left are divided by their w.

extension Homography {
  /// An estimate of the most the map magnifies lengths over the box (its Jacobian's Frobenius
  /// norm at the corners and the center, an upper bound of the spectral norm there), w held
  /// at ≥ ``minimumW``.
  func magnification(x0: Double, y0: Double, x1: Double, y1: Double) -> Double {
    @inline(__always) func at(_ x: Double, _ y: Double) -> Double {
      let w = max(self.w(x, y), Homography.minimumW)
      let fx = (m00 * x + m01 * y + m02) / w, fy = (m10 * x + m11 * y + m12) / w
      let j00 = (m00 - fx * m20) / w, j01 = (m01 - fx * m21) / w
      let j10 = (m10 - fy * m20) / w, j11 = (m11 - fy * m21) / w
      return (j00 * j00 + j01 * j01 + j10 * j10 + j11 * j11).squareRoot()
    }
    return max(max(at(x0, y0), at(x1, y0)), max(max(at(x0, y1), at(x1, y1)), at((x0 + x1) * 0.5, (y0 + y1) * 0.5)))
  }
}

extension PathRecorder {
  /// Replaces the contours from `c0` (their points from `p0`), recorded in unprojected pixels
  /// times `scale`, by their images under `h` less `origin`: each clipped to w ≥
  /// ``Homography/minimumW`` before it is divided by w, and dropped when fewer than 3 points
  /// are left. `scratch` and `contourScratch` hold a copy of the points and the contours while
  /// they are rewritten (reused, so that nothing is allocated per shape).
  mutating func project(
    contoursFrom c0: Int, pointsFrom p0: Int, through h: Homography, scale: Double, origin: (x: Double, y: Double),
    scratch: inout [Double], contourScratch: inout [(start: Int, end: Int, sign: Double)]
  ) {
    let inverseScale = 1 / scale
    scratch.removeAll(keepingCapacity: true)
    var i = p0
    while i < count {
      scratch.append(points[i &* 2] * inverseScale)
      scratch.append(points[i &* 2 &+ 1] * inverseScale)
      i &+= 1
    }
    contourScratch.removeAll(keepingCapacity: true)
    contourScratch.append(contentsOf: contours[c0...])
    contours.removeSubrange(c0...)
    let savedSign = sign
    reset(keepingPointsFrom: p0)
    let eps = Homography.minimumW
    @inline(__always) func emit(_ x: Double, _ y: Double, _ rec: inout PathRecorder) {
      let w = max(h.w(x, y), eps)
      rec.push((h.m00 * x + h.m01 * y + h.m02) / w - origin.x, (h.m10 * x + h.m11 * y + h.m12) / w - origin.y)
    }
    for c in contourScratch {
      let s = c.start &- p0, e = c.end &- p0
      if e &- s < 2 { continue }
      contourStart = count
      var px = scratch[(e &- 1) &* 2], py = scratch[(e &- 1) &* 2 &+ 1]
      var pw = h.w(px, py)
      var j = s
      while j < e {
        let x = scratch[j &* 2], y = scratch[j &* 2 &+ 1]
        let w = h.w(x, y)
        if (pw >= eps) != (w >= eps) {
          // The edge crosses w = eps: its point there (w is linear along it).
          let t = (eps - pw) / (w - pw)
          emit(px + t * (x - px), py + t * (y - py), &self)
        }
        if w >= eps { emit(x, y, &self) }
        px = x; py = y; pw = w
        j &+= 1
      }
      if count &- contourStart >= 3 {
        sign = c.sign
        close()
      } else {
        count = contourStart
      }
    }
    sign = savedSign
  }
}
