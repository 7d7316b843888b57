/// A vector path in local coordinates: subpaths of lines and Bézier curves, and its fill rule.
///
/// Elements follow Core Graphics' (and SwiftUI `Path`'s) model. `move` starts a subpath;
/// `line`, `quad` and `cubic` extend it from the current point; `close` joins it back to its
/// start, which then becomes the current point. A drawing element with no subpath before it
/// starts one at the current point (the last subpath's start after a `close`, the origin at
/// the very beginning). Points are in the item's local coordinates (points), mapped to pixels
/// by the item's transform like every other shape.
///
/// Filling closes every subpath implicitly. Stroking draws each subpath as it is: open unless
/// it ends with `close`.
public struct PathGeometry: Sendable, Equatable {
  /// One step of a path.
  public enum Element: Sendable, Hashable {
    /// Starts a new subpath at the point.
    case move(Point)
    /// A straight line from the current point.
    case line(Point)
    /// A quadratic Bézier curve from the current point.
    case quad(control: Point, to: Point)
    /// A cubic Bézier curve from the current point.
    case cubic(control1: Point, control2: Point, to: Point)
    /// Closes the current subpath with a line back to its start.
    case close
  }

  public var elements: [Element]
  /// How `fill` decides what is inside where subpaths overlap or a subpath crosses itself.
  public var fillRule: FillRule
  /// The path's subpaths do not overlap one another except as holes (a glyph's counters,
  /// wound against its outline): its winding number is 0 or 1 everywhere, as a run of glyphs
  /// from a font with overlap-free outlines has. Filling it (non-zero) then needs no sweep:
  /// the plain accumulation of signed area is exact, as FreeType's own rasterizer assumes.
  /// Where the promise is broken (two glyphs that overlap), the overlap is covered once but
  /// its edge pixels may count both glyphs' area (clamped to full coverage).
  public var overlapFree: Bool
  /// Set when the path is one open subpath along a circle, as a trimmed circle is
  /// (`ShapeGeometry.trimmed(from:to:)`): its radius and how far it turns. The rasterizer
  /// proves a stroke of such an arc simple from these alone, instead of testing every point
  /// of its outline (the arc spinners and progress rings of issue 12).
  public var circularArc: CircularArc?

  public init(
    _ elements: [Element], fillRule: FillRule = .nonZero, overlapFree: Bool = false, circularArc: CircularArc? = nil
  ) {
    self.elements = elements
    self.fillRule = fillRule
    self.overlapFree = overlapFree
    self.circularArc = circularArc
  }
}
