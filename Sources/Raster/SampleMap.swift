import FlipbookDisplayList

/// Where a shader samples its paint for a pixel center (x, y): u = (ux·x + uy·y + uc) / d and
/// v = (vx·x + vy·y + vc) / d with d = dx·x + dy·y + dc.
///
/// Without a projection d is 1 and the map is the affine inverse of the shape's transform
/// (and `projective` is false, so shaders skip the division). Under one, the pixel center is
/// first taken through the inverse projection (a `premap`), which the affine rows absorb as
/// numerators over its w: one rule for gradients and images.
struct SampleMap {
  var ux: Double, uy: Double, uc: Double
  var vx: Double, vy: Double, vc: Double
  var dx = 0.0, dy = 0.0, dc = 1.0
  var projective = false

  /// The rows u and v (affine in the pixels `premap` maps into) after `premap`; nil when a
  /// number is not finite.
  init?(u: (Double, Double, Double), v: (Double, Double, Double), premap q: Homography?) {
    (ux, uy, uc) = u
    (vx, vy, vc) = v
    if let q {
      (ux, uy, uc) = (
        u.0 * q.m00 + u.1 * q.m10 + u.2 * q.m20, u.0 * q.m01 + u.1 * q.m11 + u.2 * q.m21,
        u.0 * q.m02 + u.1 * q.m12 + u.2 * q.m22
      )
      (vx, vy, vc) = (
        v.0 * q.m00 + v.1 * q.m10 + v.2 * q.m20, v.0 * q.m01 + v.1 * q.m11 + v.2 * q.m21,
        v.0 * q.m02 + v.1 * q.m12 + v.2 * q.m22
      )
      (dx, dy, dc) = (q.m20, q.m21, q.m22)
      projective = true
    }
    guard ux.isFinite, uy.isFinite, uc.isFinite, vx.isFinite, vy.isFinite, vc.isFinite, dx.isFinite, dy.isFinite,
      dc.isFinite
    else { return nil }
  }
}
