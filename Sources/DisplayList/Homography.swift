import FlipbookImage

/// A projective map of the plane, a 3×3 matrix on homogeneous points:
/// `(x, y) ↦ ((m00·x + m01·y + m02) / w, (m10·x + m11·y + m12) / w)` with
/// `w = m20·x + m21·y + m22`.
///
/// What a `rotation3DEffect` leaves after SwiftUI projects its 4×4 transform onto the
/// screen: straight lines stay straight, but parallel ones may meet, so a rotated card's near
/// edge is taller than its far one. Points with `w ≤ 0` lie behind the viewer and have no
/// image; drawing clips them away (``minimumW``) before it divides. Composes like
/// ``AffineTransform``: `h.concatenating(k)` applies `h` first, then `k`.
public struct Homography: Hashable, Sendable {
  public var m00: Double, m01: Double, m02: Double
  public var m10: Double, m11: Double, m12: Double
  public var m20: Double, m21: Double, m22: Double

  public init(
    _ m00: Double, _ m01: Double, _ m02: Double, _ m10: Double, _ m11: Double, _ m12: Double, _ m20: Double,
    _ m21: Double, _ m22: Double
  ) {
    self.m00 = m00; self.m01 = m01; self.m02 = m02
    self.m10 = m10; self.m11 = m11; self.m12 = m12
    self.m20 = m20; self.m21 = m21; self.m22 = m22
  }

  public static let identity = Homography(1, 0, 0, 0, 1, 0, 0, 0, 1)

  /// The affine map as a homography (its w is 1 everywhere).
  public init(_ t: AffineTransform) {
    self.init(t.a, t.c, t.tx, t.b, t.d, t.ty, 0, 0, 1)
  }

  /// The smallest w a drawn point may have: drawing clips each outline to w ≥ this before it
  /// divides, so a point at or behind the viewer (w ≤ 0) is never divided by, and the parts
  /// that come within 1/1024 of the viewer's distance are cut off (they would be magnified
  /// more than a thousandfold).
  public static let minimumW = 1.0 / 1024

  /// SwiftUI's `rotation3DEffect` in the view's local points: a rotation by the angle whose
  /// cosine and sine are given (the caller's libm, so that this module needs none) about
  /// `axis` through (`anchor`, `anchorZ`), seen with perspective: after the rotation w =
  /// 1 − z·perspective / max(width, height), as Core Animation's m34. The 4×4 transform
  /// T(anchor, anchorZ) · P · R · T(−anchor, −anchorZ) keeps only the rows that reach the
  /// screen (points start at z = 0). An axis of length 0 (or not finite) rotates nothing; a view
  /// of no size has no perspective.
  public static func rotation3D(
    cos: Double, sin: Double, axis: (x: Double, y: Double, z: Double), anchor: Point, anchorZ: Double,
    perspective: Double, size: Size
  ) -> Homography {
    let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
    var kx = 0.0, ky = 0.0, kz = 1.0, c = 1.0, s = 0.0
    if length > 0 && length.isFinite {
      kx = axis.x / length; ky = axis.y / length; kz = axis.z / length
      c = cos; s = sin
    }
    let t = 1 - c
    // Rodrigues' rotation matrix (right-handed, column vectors; y points down on screen, z
    // toward the viewer).
    let r00 = t * kx * kx + c, r01 = t * kx * ky - s * kz, r02 = t * kx * kz + s * ky
    let r10 = t * kx * ky + s * kz, r11 = t * ky * ky + c, r12 = t * ky * kz - s * kx
    let r20 = t * kx * kz - s * ky, r21 = t * ky * kz + s * kx, r22 = t * kz * kz + c
    let ax = anchor.x, ay = anchor.y, dz = -anchorZ
    let side = max(size.width, size.height)
    let m34 = side > 0 ? -perspective / side : 0
    // Rotated (X, Y, Z) of (x − ax, y − ay, −anchorZ), as rows over (x, y, 1).
    let zx = r20, zy = r21, zc = -r20 * ax - r21 * ay + r22 * dz
    let wx = m34 * zx, wy = m34 * zy, wc = 1 + m34 * zc
    return Homography(
      r00 + ax * wx, r01 + ax * wy, -r00 * ax - r01 * ay + r02 * dz + ax * wc,
      r10 + ay * wx, r11 + ay * wy, -r10 * ax - r11 * ay + r12 * dz + ay * wc,
      wx, wy, wc)
  }

  /// `self` first, then `other`.
  public func concatenating(_ o: Homography) -> Homography {
    Homography(
      o.m00 * m00 + o.m01 * m10 + o.m02 * m20, o.m00 * m01 + o.m01 * m11 + o.m02 * m21,
      o.m00 * m02 + o.m01 * m12 + o.m02 * m22,
      o.m10 * m00 + o.m11 * m10 + o.m12 * m20, o.m10 * m01 + o.m11 * m11 + o.m12 * m21,
      o.m10 * m02 + o.m11 * m12 + o.m12 * m22,
      o.m20 * m00 + o.m21 * m10 + o.m22 * m20, o.m20 * m01 + o.m21 * m11 + o.m22 * m21,
      o.m20 * m02 + o.m21 * m12 + o.m22 * m22)
  }

  public var determinant: Double {
    m00 * (m11 * m22 - m12 * m21) - m01 * (m10 * m22 - m12 * m20) + m02 * (m10 * m21 - m11 * m20)
  }

  /// The inverse map (the adjugate over the determinant); nil when the map is singular (a
  /// card seen edge-on) or not finite.
  public var inverted: Homography? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    let i = 1 / det
    let h = Homography(
      (m11 * m22 - m12 * m21) * i, (m02 * m21 - m01 * m22) * i, (m01 * m12 - m02 * m11) * i,
      (m12 * m20 - m10 * m22) * i, (m00 * m22 - m02 * m20) * i, (m02 * m10 - m00 * m12) * i,
      (m10 * m21 - m11 * m20) * i, (m01 * m20 - m00 * m21) * i, (m00 * m11 - m01 * m10) * i)
    return h.isFinite ? h : nil
  }

  public var isFinite: Bool {
    m00.isFinite && m01.isFinite && m02.isFinite && m10.isFinite && m11.isFinite && m12.isFinite
      && m20.isFinite && m21.isFinite && m22.isFinite
  }

  /// The w of a point: > 0 in front of the viewer.
  public func w(_ x: Double, _ y: Double) -> Double { m20 * x + m21 * y + m22 }

  /// The image of a point in front of the viewer (w > 0).
  public func apply(_ p: Point) -> Point {
    let w = m20 * p.x + m21 * p.y + m22
    return Point(x: (m00 * p.x + m01 * p.y + m02) / w, y: (m10 * p.x + m11 * p.y + m12) / w)
  }
}
