/// A timing curve from (0, 0) to (1, 1) as its two Bézier control points: SwiftUI's
/// `UnitCurve`, which a linear keyframe eases its segment with.
public struct UnitCurve: Hashable, Sendable {
  public var x1: Double, y1: Double, x2: Double, y2: Double

  /// The cubic Bézier with control points (x1, y1) and (x2, y2).
  public static func bezier(startControlPoint: (x: Double, y: Double), endControlPoint: (x: Double, y: Double))
    -> UnitCurve
  {
    UnitCurve(x1: startControlPoint.x, y1: startControlPoint.y, x2: endControlPoint.x, y2: endControlPoint.y)
  }

  /// The curve of a named timing curve (`linear`, `easeIn`, `easeOut`, `easeInOut`).
  public static func named(_ name: String) -> UnitCurve? {
    Animation.namedCurves.first { $0.name == name }.map { p in
      UnitCurve(x1: p.controlPoints[0], y1: p.controlPoints[1], x2: p.controlPoints[2], y2: p.controlPoints[3])
    }
  }

  public static let linear = named("linear")!
  public static let easeIn = named("easeIn")!
  public static let easeOut = named("easeOut")!
  public static let easeInOut = named("easeInOut")!

  var bezier: UnitBezier { UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2) }
}

extension UnitBezier {
  /// dy/dx where the curve starts: the slope a segment eased by it leaves its start with, as a
  /// fraction of its average slope. Where the first control point sits on the start (x1 = y1 = 0)
  /// the direction comes from the next term; a vertical start is capped at 10⁶.
  var startSlope: Double { Self.slope(dx: cx, dy: cy, dx2: bx, dy2: by) }

  /// dy/dx where the curve ends, the same way.
  var endSlope: Double {
    Self.slope(dx: 3 * ax + 2 * bx + cx, dy: 3 * ay + 2 * by + cy, dx2: 3 * ax + bx, dy2: 3 * ay + by)
  }

  private static func slope(dx: Double, dy: Double, dx2: Double, dy2: Double) -> Double {
    if abs(dx) > 1e-12 { return dy / dx }
    if abs(dy) > 1e-12 { return dy > 0 ? 1e6 : -1e6 }
    return abs(dx2) > 1e-12 ? dy2 / dx2 : 1
  }
}
