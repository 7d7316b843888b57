import FlipbookDisplayList

extension PathGeometry.CircularArc {
  /// Whether the stroker's outline of this arc (one open subpath, undashed, butt or round
  /// caps) is a simple polygon, proved from the arc alone, so that its plain accumulation is
  /// exact without `isMonotoneSimple` walking its points (for the path workload's trimmed
  /// circles that test cost as much as the rest of the stroker's per-point work).
  ///
  /// Why it holds for a sweep θ ≤ π − 0.1 and a half width h ≤ R/2 (R the radius):
  /// - Along u, the direction of the arc's chord, every tangent of the arc lies within θ/2 of
  ///   u (< π/2), and so does every chord of its flattening (a chord's direction lies between
  ///   its ends' tangents) and every cap's axis (caps lie across the true end tangents). The
  ///   stroke's region (rectangles along the chords, the outer joins' wedges, the caps) is then
  ///   met by every line across u in one interval: with round caps and joins it is a union of
  ///   discs centred on a curve that advances along u; with butt caps the same, cut by two
  ///   lines across the end tangents. So the region is simply connected and its boundary is
  ///   two chains monotone along u.
  /// - The stroker's outline is that boundary wherever every segment's inner edge keeps a
  ///   positive length: a join turning by β puts its inner meeting point h·tan(β/2) along
  ///   both segments. On a circle the turn at a join is the mean of its chords' spans, and
  ///   the flattening's steps are even within a cubic (a trimmed cubic cut in two or more
  ///   keeps at least about half a step each), so with h ≤ R/2 a chord spanning β loses at
  ///   most 2·(R/2)·tan(3β/4) of its length 2R·sin(β/2), which is less for β up to 1 rad (and
  ///   for even steps up to 2π/3: a whole quarter as one chord at tiny scales). Where a
  ///   meeting point is out of one segment's reach (a short chord at a trim's end or next to
  ///   a joint between the circle's cubics), the inner side takes the exact offset point
  ///   on + h·n(t) (`innerJoin`; h ≤ R/2 is below the radius of curvature), which lies on the
  ///   inner circle between its neighbours' angles; where the stroker goes through a corner
  ///   instead (`innerThroughCorner`), the caller tests the points.
  /// - The margins: the path is the circle's cubic approximation (within 2.7·10⁻⁴ of R), the
  ///   sweep comes from the trim's fractions of the cubics' length, and flattening points sit
  ///   within `curveTolerance`; 0.1 rad from π and the factor ½ leave room for all of them.
  /// Square caps (whose corners reach past the end tangents' half-planes) and wider pens are
  /// left to `isMonotoneSimple`. CircularArcStrokeTests checks random arcs at and inside these
  /// bounds against a brute-force simplicity test, and their coverage against the reference.
  func strokeOutlineIsSimple(_ style: StrokeStyle) -> Bool {
    style.dash.isEmpty && style.lineCap != .square && sweep > 0 && sweep <= Double.pi - 0.1
      && style.lineWidth > 0 && style.lineWidth * 0.5 <= radius * 0.5
  }
}

extension PathRecorder {
  /// Whether the stroke just recorded from contour `c0` on is one outline that
  /// `CircularArc.strokeOutlineIsSimple` proves simple (the raster's plain accumulation).
  func strokeOutlineProvedSimple(from c0: Int, _ arc: PathGeometry.CircularArc?, _ style: StrokeStyle) -> Bool {
    contours.count == c0 &+ 1 && !innerThroughCorner && arc?.strokeOutlineIsSimple(style) == true
  }
}
