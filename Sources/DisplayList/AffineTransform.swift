import FlipbookImage

/// A 2-D affine map `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (Core Graphics' layout).
///
/// Transforms compose the way SwiftUI's geometry effects do: `t.concatenating(u)` applies
/// `t` first, then `u`.
public struct AffineTransform: Hashable, Sendable {
  public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
  }

  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  public static func translation(x: Double, y: Double) -> AffineTransform {
    AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  public static func scale(x: Double, y: Double) -> AffineTransform {
    AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
  }

  /// A rotation by `cos`/`sin` given by the caller, so that this module needs no libm.
  public static func rotation(cos: Double, sin: Double) -> AffineTransform {
    AffineTransform(a: cos, b: sin, c: -sin, d: cos, tx: 0, ty: 0)
  }

  /// `self` first, then `other`.
  public func concatenating(_ o: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * o.a + b * o.c, b: a * o.b + b * o.d,
      c: c * o.a + d * o.c, d: c * o.b + d * o.d,
      tx: tx * o.a + ty * o.c + o.tx, ty: tx * o.b + ty * o.d + o.ty)
  }

  public func apply(_ p: Point) -> Point {
    Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
  }

  /// How much the map scales lengths on average: √|det|, exact for a uniform scale with any
  /// rotation. A blur radius in points times this is the blur's radius in pixels.
  public var lengthScale: Double { (a * d - b * c).magnitude.squareRoot() }

  /// The map without its translation, applied to a vector (a shadow's offset).
  public func applyLinear(x: Double, y: Double) -> (x: Double, y: Double) { (a * x + c * y, b * x + d * y) }

  /// True when the map keeps axis-aligned rectangles axis-aligned without flipping them
  /// (scale with positive factors plus translation): the rasterizer's exact rectangle path.
  public var isPositiveScaleTranslate: Bool { b == 0 && c == 0 && a > 0 && d > 0 }
}
