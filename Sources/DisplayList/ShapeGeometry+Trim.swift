extension ShapeGeometry {
  /// The shape's `path` trimmed as SwiftUI's `trim(from:to:)` (`PathGeometry.trimmed`),
  /// remembering, for a circle, that what is left is an arc of it (`circularArc`): the
  /// circle's path is four cubic quarter arcs of equal length, so a fraction of its length
  /// is the same fraction of the turn, within the cubics' own deviation from the circle
  /// (2.7·10⁻⁴ of the radius). The circle's path starts at its rightmost point and runs
  /// clockwise on screen, so the arc starts at the angle 2π·from about the rect's centre.
  public func trimmed(from: Double, to: Double) -> ShapeGeometry {
    var p = path.trimmed(from: from, to: to)
    if case .ellipse(let r) = self {
      let w = r.width < 0 ? -r.width : r.width, h = r.height < 0 ? -r.height : r.height
      let f = clampUnit(from), t = clampUnit(to)
      // Not the whole circle: `trimmed` keeps that closed.
      if w == h && w > 0 && w.isFinite && f < t && !(f == 0 && t == 1) {
        let c = Point(x: (r.minX + r.maxX) * 0.5, y: (r.minY + r.maxY) * 0.5)
        p.circularArc = PathGeometry.CircularArc(
          radius: w * 0.5, sweep: (t - f) * 2 * Double.pi, center: c, startAngle: f * 2 * Double.pi)
      }
    }
    return .path(p)
  }
}
