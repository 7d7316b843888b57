extension PathGeometry {
  /// What a path that runs along a circle is: the circle's radius and the angle it turns
  /// through (radians, 0…2π), both in the path's own coordinates, and where known its centre
  /// and the angle it starts at.
  ///
  /// Kept beside the elements so that the rasterizer can decide from the geometry whether
  /// the stroke's outline is simple (`strokeOutlineIsSimple` in the raster), which
  /// for a trimmed circle costs as much as stroking it when tested point by point; with the
  /// centre and start angle it draws the stroke's outline straight from the circle
  /// (`strokeCircularArc` in the raster) instead of flattening and offsetting the path's cubics.
  public struct CircularArc: Sendable, Equatable {
    public var radius: Double
    public var sweep: Double
    /// The circle's centre, nil when unknown (then only `radius` and `sweep` are used).
    public var center: Point?
    /// The angle of the arc's first point from the centre, radians, measured from +x toward
    /// +y (clockwise on screen, y down), the direction the arc runs in: the arc covers
    /// `center + radius·(cos φ, sin φ)` for φ from `startAngle` to `startAngle + sweep`.
    public var startAngle: Double

    public init(radius: Double, sweep: Double, center: Point? = nil, startAngle: Double = 0) {
      self.radius = radius
      self.sweep = sweep
      self.center = center
      self.startAngle = startAngle
    }
  }
}
