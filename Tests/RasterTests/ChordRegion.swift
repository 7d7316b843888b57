import FlipbookImage

/// A region given by its vertical chords: for a pixel-space x, the y-intervals inside it.
/// `chord(x)` returns up to two intervals as (lo, hi) pairs; `subtract` intervals are removed
/// (they must lie inside the first).
struct ChordRegion {
  var chord: (Double) -> (Double, Double)?
  var hole: ((Double) -> (Double, Double)?)? = nil

  /// Area of pixel (px, py) ∩ region by midpoint integration over `samples` columns.
  func area(px: Int, py: Int, samples: Int = 256) -> Double {
    let y0 = Double(py), y1 = Double(py + 1)
    var sum = 0.0
    let inv = 1.0 / Double(samples)
    for i in 0..<samples {
      let x = Double(px) + (Double(i) + 0.5) * inv
      if let (lo, hi) = chord(x) { sum += max(0, min(hi, y1) - max(lo, y0)) }
      if let hole, let (lo, hi) = hole(x) { sum -= max(0, min(hi, y1) - max(lo, y0)) }
    }
    return sum * inv
  }
}

/// The chord of the ellipse {p : |M⁻¹(p − c)| ≤ 1} image of the unit disk under p = c + M·u,
/// with M = [[a, c], [b, d]] (columns (a, b), (c, d)).
func affineDiskChord(cx: Double, cy: Double, a: Double, b: Double, c: Double, d: Double)
  -> (Double) -> (Double, Double)?
{
  // u = M⁻¹ (p − c): inverse rows.
  let det = a * d - b * c
  let i00 = d / det, i01 = -c / det, i10 = -b / det, i11 = a / det
  return { x in
    let dx = x - cx
    // u0 = i00·dx + i01·dy, u1 = i10·dx + i11·dy; u0² + u1² ≤ 1 is a quadratic in dy.
    let qa = i01 * i01 + i11 * i11
    let qb = 2 * (i00 * dx * i01 + i10 * dx * i11)
    let qc = (i00 * dx) * (i00 * dx) + (i10 * dx) * (i10 * dx) - 1
    let disc = qb * qb - 4 * qa * qc
    if disc <= 0 { return nil }
    let s = disc.squareRoot()
    return (cy + (-qb - s) / (2 * qa), cy + (-qb + s) / (2 * qa))
  }
}

/// The chord of the circle of radius r around (cx, cy).
func circleChord(cx: Double, cy: Double, r: Double) -> (Double) -> (Double, Double)? {
  affineDiskChord(cx: cx, cy: cy, a: r, b: 0, c: 0, d: r)
}

/// Chord of an axis-aligned rounded rect with circular corners of radius r.
func roundedRectChord(x0: Double, y0: Double, x1: Double, y1: Double, r: Double)
  -> (Double) -> (Double, Double)?
{
  return { x in
    if x <= x0 || x >= x1 { return nil }
    var inset = 0.0
    if x < x0 + r {
      let dx = x0 + r - x
      inset = r - (r * r - dx * dx).squareRoot()
    } else if x > x1 - r {
      let dx = x - (x1 - r)
      inset = r - (r * r - dx * dx).squareRoot()
    }
    return (y0 + inset, y1 - inset)
  }
}

/// Chord of a convex polygon (vertices in order).
func convexPolygonChord(_ v: [(Double, Double)]) -> (Double) -> (Double, Double)? {
  return { x in
    var lo = Double.infinity, hi = -Double.infinity
    for i in 0..<v.count {
      let (ax, ay) = v[i], (bx, by) = v[(i + 1) % v.count]
      if (ax <= x && x <= bx) || (bx <= x && x <= ax) {
        if ax == bx { lo = min(lo, min(ay, by)); hi = max(hi, max(ay, by)); continue }
        let y = ay + (by - ay) * (x - ax) / (bx - ax)
        lo = min(lo, y); hi = max(hi, y)
      }
    }
    return lo < hi ? (lo, hi) : nil
  }
}

/// Largest |alpha − 255·area| over the image, in 1/255 units, and where.
func maxAlphaError(_ p: Pixmap, _ region: ChordRegion) -> (error: Double, x: Int, y: Int) {
  var worst = (0.0, -1, -1)
  for y in 0..<p.height {
    for x in 0..<p.width {
      let exact = region.area(px: x, py: y) * 255
      let got = Double(p.pixel(x: x, y: y).a)
      let e = abs(got - exact)
      if e > worst.0 { worst = (e, x, y) }
    }
  }
  return worst
}
