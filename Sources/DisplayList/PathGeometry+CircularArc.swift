extension PathGeometry {
  /// What a path that runs along a circle is: the circle's radius and the angle it turns
  /// through (radians, 0…2π), both in the path's own coordinates.
  ///
  /// Kept beside the elements so that the rasterizer can decide from the geometry whether
  /// the stroke's outline is simple (`strokeOutlineIsSimple` in the raster), which
  /// for a trimmed circle costs as much as stroking it when tested point by point.
  public struct CircularArc: Sendable, Equatable {
    public var radius: Double
    public var sweep: Double

    public init(radius: Double, sweep: Double) {
      self.radius = radius
      self.sweep = sweep
    }
  }
}
