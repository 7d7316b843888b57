import FlipbookImage

/// A gradient that paints a shape, in the shape's local coordinates (points): what a
/// `linearGradient`, `radialGradient` or `angularGradient` becomes once its unit points are
/// placed in the shape's bounding rect.
///
/// The rasterizer evaluates it at every pixel's center through the inverse of the item's
/// transform, so it moves, scales and rotates with the shape. It is a value of its own, not a
/// part of ``ShapeItem``'s geometry, so that other drawing (a layer's mask) can reuse it.
public struct GradientPaint: Sendable, Equatable {
  public var kind: Kind
  /// At least one stop, sorted by location; locations lie in 0…1. Colors are straight-alpha
  /// sRGB, interpolated component by component between neighbouring stops (as Core Graphics'
  /// default `.device` space does); beyond the first and last stop the end colors continue.
  public var stops: [Stop]

  public init(kind: Kind, stops: [Stop]) { self.kind = kind; self.stops = stops }

  public enum Kind: Sendable, Equatable {
    /// t is the projection of the point onto start → end (0 at start, 1 at end).
    case linear(start: Point, end: Point)
    /// t = (distance from center − startRadius) / (endRadius − startRadius).
    case radial(center: Point, startRadius: Double, endRadius: Double)
    /// t follows the angle about `center` (radians, 0 along +x, positive toward +y) from
    /// `startAngle` to `endAngle`, as SwiftUI's `AngularGradient` does: a span over a full
    /// turn draws its last full turn, a shorter one fills the gap with the last color up to
    /// its middle and the first color after it, and equal angles draw one full turn.
    case angular(center: Point, startAngle: Double, endAngle: Double)
  }

  public struct Stop: Sendable, Equatable {
    public var color: Color
    public var location: Double
    public init(color: Color, location: Double) { self.color = color; self.location = location }
  }
}
