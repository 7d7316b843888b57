import FlipbookDisplayList

/// A proof, kept with a cached outline (LocalOutlineCache), that `isStarShaped` answers true
/// for the outline's pixel-space points under a transform: checked in constant time per frame
/// instead of walking the points twice (the path workload's blobs spent 1.5M instructions a
/// frame in `isStarShaped` and `isConvexPolygon`, an eighth of drawing them).
///
/// Star-shapedness about the area centroid is an affine invariant, but the test is computed
/// in floating point on transformed, rounded points about a rounded centroid, with a margin
/// (|cross| > 10⁻¹² × the product of the vectors' L1 lengths). The certificate therefore
/// proves the computed answer, not the geometric one, from margins that exceed every rounding:
///
/// - Local, once: the outline's points L (exact doubles), the centroid ĉ as `isStarShaped`
///   computes it, and about ĉ every edge L[i−1] → L[i] that is not zero-length (points
///   equal) has its computed cross product of one sign, the quadrant steps add up to 4, and
///   K = min |cross| − 8.1·u·R² > 0 (u = 2⁻⁵³, R ≥ every |L[i] − ĉ|): the exact crosses κᵢ
///   then have that sign too, |κᵢ| ≥ K (rounding of the subtractions and products is below
///   8.1·u·R²), and the exact vectors wind once around ĉ (deform the computed vectors into
///   the exact ones: no cross reaches zero, so the total turn, a multiple of 2π, stays 2π).
/// - A frame's transform T(x) = A·x + t (the coefficients `fillOutline` uses): the exact
///   image points T(L[i]) seen from T(ĉ) have crosses det(A)·κᵢ (an affine map multiplies
///   every cross by its determinant), all of one sign, |·| ≥ |det A|·K, within
///   W = σ·R of T(ĉ) (σ ≥ the largest stretch, here the Frobenius norm). The computed pixel
///   points P[i] are within ε = 4u·M of T(L[i]) per coordinate (three roundings of
///   a·x + c·y + t, M the largest |a·x| + |c·y| + |t|). The centroid that `isStarShaped`
///   computes from P is within ρ of T(ĉ): `centroidLoopErrors` bounds its loop's rounding
///   against the exact centroid of the exact points T(L) (= T(centroid(L)), the area
///   centroid is affine), plus σ × the local centroid's own error. So each vector the test
///   forms is within η = 1.5ε + ρ + 1.5u·(W + 1.5ε + ρ) of the exact one, its length at
///   most V = W + η, and its cross differs from det(A)·κᵢ by at most 2ηV + η² plus 2.01u·V²
///   of rounding. If |det A|·K exceeds that plus the test's own margin (2·10⁻¹²·V², with its
///   roundings 2.1·10⁻¹²), every computed cross passes with the one sign; a zero-length
///   local edge maps to equal points (skipped by both), any other to a non-zero cross
///   (not skipped); and the computed vectors wind once (the same deformation argument, and
///   the map keeps the winding up to its sign), so the quadrant steps add up to 4: the test
///   returns true about the centroid. The outline is then simple, and the plain
///   accumulation exact, exactly when `isStarShaped` says so, and the sweep is skipped on the
///   same frames as before: the same bytes.
///
/// Where the margins are too thin (a centroid near an edge's line, a needle-thin or tiny
/// outline, a nearly singular or huge transform) the check says no and the points are tested
/// as before. For the path workload's blobs (R ≈ 30–90 px, edges ≥ 0.05 px) |det A|·K
/// exceeds the bound by about six orders of magnitude.
struct StarCertificate {
  /// ĉ: the outline's area centroid as `isStarShaped` computes it.
  let cx: Double, cy: Double
  /// K: a lower bound of |cross(L[i−1] − ĉ, L[i] − ĉ)| (exact) over the edges not of zero length.
  let cross: Double
  /// R: an upper bound of |L[i] − ĉ| (exact).
  let radius: Double
  /// An upper bound of the distance between ĉ and the exact area centroid.
  let centerError: Double
  /// A lower bound of the exact |twice the signed area|.
  let area2: Double
  /// The largest |x| and |y| of the points.
  let maxX: Double, maxY: Double
  /// The number of points.
  let count: Int

  /// The certificate of the closed polygon (x, y pairs), or nil where it is not star-shaped
  /// about its centroid with margins the check can use.
  init?(_ p: UnsafePointer<Double>, count n: Int) {
    let u = 0x1p-53
    guard n >= 3, n < 1 << 40 else { return nil }
    // The centroid, as `isStarShaped` computes it.
    let x0 = p[0], y0 = p[1]
    var a2 = 0.0, sx = 0.0, sy = 0.0
    var px = 0.0, py = 0.0
    var spread = 0.0, mx = x0.magnitude, my = y0.magnitude
    var i = 1
    while i < n {
      let xa = p[i &* 2], ya = p[i &* 2 &+ 1]
      let x = xa - x0, y = ya - y0
      spread = max(spread, x.magnitude, y.magnitude)
      mx = max(mx, xa.magnitude)
      my = max(my, ya.magnitude)
      let c = px * y - x * py
      a2 += c
      sx += (px + x) * c
      sy += (py + y) * c
      px = x; py = y
      i &+= 1
    }
    guard a2 != 0, a2.isFinite, spread < 0x1p300, mx < 0x1p300, my < 0x1p300 else { return nil }
    let cx = x0 + sx / (3 * a2), cy = y0 + sy / (3 * a2)
    guard cx.isFinite, cy.isFinite else { return nil }
    let d = spread * (1 + 0x1p-40)
    let ea = Self.centroidLoopErrors(count: n, spread: d, perturbation: 0, magnitude: 0, area2: 0).area
    let area2 = a2.magnitude - ea
    guard area2 > 0 else { return nil }
    let ec = Self.centroidLoopErrors(count: n, spread: d, perturbation: 0, magnitude: max(mx, my), area2: area2)
      .centroid
    // About ĉ, as `starShaped` walks the edges, but skipping exactly the zero-length ones.
    @inline(__always) func quadrant(_ x: Double, _ y: Double) -> Int {
      if y >= 0 { return x > 0 ? 0 : 1 }
      return x < 0 ? 2 : 3
    }
    var lx = p[(n &- 1) &* 2], ly = p[(n &- 1) &* 2 &+ 1]
    var ax = lx - cx, ay = ly - cy
    var qa = quadrant(ax, ay)
    var sign = 0.0, steps = 0
    var minCross = Double.infinity, r2 = ax * ax + ay * ay
    i = 0
    while i < n {
      let x = p[i &* 2], y = p[i &* 2 &+ 1]
      i &+= 1
      if x == lx && y == ly { continue }  // zero length here, and so in any transform
      lx = x; ly = y
      let bx = x - cx, by = y - cy
      let cross = ax * by - ay * bx
      guard cross != 0, cross.isFinite else { return nil }
      if sign == 0 {
        sign = cross
      } else if (cross > 0) != (sign > 0) {
        return nil
      }
      minCross = min(minCross, cross.magnitude)
      r2 = max(r2, bx * bx + by * by)
      let qb = quadrant(bx, by)
      steps &+= (cross > 0 ? qb &- qa : qa &- qb) & 3
      ax = bx; ay = by; qa = qb
    }
    let r = r2.squareRoot() * (1 + 0x1p-40)
    let k = minCross - 8.1 * u * r * r
    guard steps == 4, k > 0, r > 0x1p-300 else { return nil }
    self.cx = cx; self.cy = cy
    cross = k
    radius = r
    centerError = 1.5 * ec
    self.area2 = area2
    maxX = mx; maxY = my
    count = n
  }

  /// Whether `isStarShaped` answers true for the points `PathRecorder.fillOutline` makes of
  /// the outline with these coefficients (its `m.a / q` …, and `m.tx`, `m.ty`): see the type's comment.
  @inline(__always)
  func holds(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) -> Bool {
    let u = 0x1p-53
    let ad = a * d, bc = b * c
    let det = ad - bc
    let detLow = det.magnitude - 2.01 * u * (ad.magnitude + bc.magnitude)
    let sigma = (a * a + b * b + c * c + d * d).squareRoot() * (1 + 0x1p-40)
    let mag =
      max(
        a.magnitude * maxX + c.magnitude * maxY + tx.magnitude, b.magnitude * maxX + d.magnitude * maxY + ty.magnitude)
      * (1 + 0x1p-40)
    guard detLow > 0, sigma < 0x1p300, mag < 0x1p300 else { return false }
    let eps = 4 * u * mag
    let w = sigma * radius
    let ec = Self.centroidLoopErrors(
      count: count, spread: 2 * w, perturbation: eps, magnitude: mag + eps, area2: detLow * area2
    ).centroid
    let rho = 1.5 * ec + sigma * centerError
    let eta = 1.5 * eps + rho + 1.5 * u * (w + 1.5 * eps + rho)
    let v = w + eta
    return detLow * cross * (1 - 0x1p-30) > (2 * eta * v + eta * eta + 2.1e-12 * v * v) * (1 + 0x1p-30)
  }

  /// Bounds of the rounding of `isStarShaped`'s centroid loop run on n points pᵢ, each within
  /// `perturbation` e (per coordinate) of a reference point p̃ᵢ, the p̃ᵢ within `spread` D of
  /// p̃₀ (per coordinate), |p₀| ≤ `magnitude`, the reference polygon's |twice signed area| ≥
  /// `area2` A: of the loop's twice area (`area`), and per coordinate of its centroid against
  /// the reference polygon's exact centroid (`centroid`; infinite unless the area's error is
  /// at most A/2, which keeps the loop's area non-zero).
  ///
  /// With m = n − 1 and the differences xᵢ = pᵢ − p₀ rounded (within ξ = 2e + u(D + 2e) of
  /// the reference ones, at most D' = D + ξ): each cross product within
  /// δC = 4D'ξ + 4.02u·D'² of the reference one (≤ 2D²); the area's sum within
  /// m·δC + 1.01·m²·u·(2D² + δC) (recursive summation); each moment term (xᵢ₋₁ + xᵢ)·cᵢ
  /// within δT = 2.01D'·δC + 4D²(ξ + uD') + 2.01u·D'·(2D² + δC), the moment within
  /// m·δT + 1.01·m²·u·2.01D'·(2D² + δC) (ES), the reference moment at most 4mD³; the
  /// quotient moment / (3·area) within 2(ES + 4mD³·EA/A) / (3A) (with the area's error EA ≤ A/2),
  /// plus its two roundings, and the final addition to p₀ within e + u·|result|.
  @inline(__always)
  static func centroidLoopErrors(
    count n: Int, spread dd: Double, perturbation e: Double, magnitude mm: Double, area2 aa: Double
  ) -> (area: Double, centroid: Double) {
    let u = 0x1p-53
    let m = Double(n &- 1)
    let xi = 2 * e + u * (dd + 2 * e)
    let d1 = dd + xi
    let dC = 4 * d1 * xi + 4.02 * u * d1 * d1
    let cMax = 2 * dd * dd + dC
    let ea = m * dC + 1.01 * m * m * u * cMax
    guard aa > 0, ea <= 0.5 * aa else { return (ea, .infinity) }
    let dT = 2.01 * d1 * dC + 4 * dd * dd * (xi + u * d1) + 2.01 * u * d1 * cMax
    let es = m * dT + 1.01 * m * m * u * 2.01 * d1 * cMax
    let moment = 4 * m * dd * dd * dd
    let q = moment / (3 * aa)
    let eq0 = 2 * (es + moment * ea / aa) / (3 * aa)
    let eq = eq0 + 2.01 * u * (q + eq0)
    return (ea, e + eq + u * (mm + e + q + eq))
  }
}

/// For tests: the outline of `elements` as the outline cache keeps it at scale `q`, mapped by
/// `m` as `PathRecorder.fillOutline` maps it: whether its `StarCertificate` holds, and what
/// `isStarShaped` answers for the pixel-space points (nil certificate: false).
package func cachedOutlineStarVerdict(_ elements: [PathGeometry.Element], q: Double, _ m: AffineTransform) -> (
  certified: Bool, starShaped: Bool
) {
  let outline = LocalOutlineCache().outline(elements, q: q)
  var rec = PathRecorder(points: .allocate(capacity: 2 &* 256), capacity: 256)
  defer { rec.points.deallocate() }
  let certified = rec.fillOutline(outline, PixelTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty), q: q)
  guard rec.contours.count == 1 else { return (certified, false) }
  return (certified, isStarShaped(rec.points, count: rec.count))
}
