/// How a shape's outline is stroked: width, ends, corners and dashes (SwiftUI's `StrokeStyle`).
///
/// Lengths are in the item's local coordinates (points), like the geometry, and are mapped to
/// pixels by the item's transform. The defaults are SwiftUI's.
///
/// - `miterLimit`: a `miter` join falls back to `bevel` where the miter length divided by
///   the line width (1 / sin(θ/2) for an angle θ between the segments) exceeds it
///   (Core Graphics' rule).
/// - `dash`: alternating lengths of dashes and gaps, starting with a dash; an odd count is
///   repeated once to make the pattern (Core Graphics). The pattern restarts at every subpath,
///   runs on across the segments of a subpath and around a closed subpath, and `dashPhase`
///   is how far into the pattern each subpath starts. An empty array, an array whose sum is
///   not positive (all zeros), or one with a negative or non-finite length draws the undashed
///   stroke, and so does a pattern that would cut the path into more than 65 536 dashes and
///   gaps (a bound on the work per shape). Zero-length dashes draw the caps alone: dots with
///   `.round`, squares with `.square` (along the path).
/// - A subpath with no length (`move` then `line` to the same point, or `move`, `close`)
///   draws its caps alone: a dot of diameter `lineWidth` with `.round`, a square with
///   `.square`, nothing with `.butt` (Core Graphics). A lone `move` draws nothing.
public struct StrokeStyle: Sendable, Equatable {
  public var lineWidth: Double
  public var lineCap: LineCap
  public var lineJoin: LineJoin
  public var miterLimit: Double
  public var dash: [Double]
  public var dashPhase: Double

  public init(
    lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
    miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0
  ) {
    self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin
    self.miterLimit = miterLimit; self.dash = dash; self.dashPhase = dashPhase
  }
}
