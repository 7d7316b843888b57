import FlipbookImage

/// A text's glyphs, drawn as filled outlines with one paint.
///
/// The rasterizer draws a run whose transform is a translation and a positive axis-aligned
/// scale from glyph coverage masks cached per face, glyph, size and quarter-pixel phase, each
/// glyph's pen rounded to the nearest quarter pixel in x and in y (as Core Graphics and Skia
/// place glyphs); any other run (rotated, skewed, projected, in a clip, very large, or with
/// `exactPlacement`) is filled as one path of its outlines at their exact positions, as
/// ``path`` gives it.
public struct GlyphRun: Sendable, Equatable {
  /// A glyph and where its pen lies: `x`, and `y` on its baseline, in local points (y down).
  public struct Glyph: Sendable, Equatable {
    /// Index into ``faces``.
    public var face: Int
    public var id: UInt32
    public var x: Double
    public var y: Double

    public init(face: Int, id: UInt32, x: Double, y: Double) {
      self.face = face; self.id = id; self.x = x; self.y = y
    }
  }

  /// The faces the glyphs are drawn with (a text's primary face and its fallbacks).
  public var faces: [any GlyphSource]
  public var glyphs: [Glyph]
  /// The font size in points: one em is this many local points.
  public var fontSize: Double
  /// Local coordinates to pixels (includes the canvas scale).
  public var transform: AffineTransform
  /// The paint, every opacity that applies already multiplied in, as ``ShapeItem/color``.
  public var color: Color
  /// A gradient that paints the glyphs instead of `color`, as ``ShapeItem/gradient``.
  public var gradient: GradientPaint?
  /// Draw the outlines at their exact positions, never from quantized masks
  /// (`render --exact-text`).
  public var exactPlacement: Bool

  public init(
    faces: [any GlyphSource], glyphs: [Glyph], fontSize: Double, transform: AffineTransform, color: Color,
    gradient: GradientPaint? = nil, exactPlacement: Bool = false
  ) {
    self.faces = faces; self.glyphs = glyphs; self.fontSize = fontSize; self.transform = transform
    self.color = color; self.gradient = gradient; self.exactPlacement = exactPlacement
  }

  /// Appends every glyph's outline in local points: the path the run is as a shape.
  public func appendPath(to elements: inout [PathGeometry.Element]) {
    for g in glyphs {
      let face = faces[g.face]
      face.appendOutline(of: g.id, scale: fontSize / face.unitsPerEm, pen: Point(x: g.x, y: g.y), to: &elements)
    }
  }

  /// Every glyph's outline as one overlap-free path (``PathGeometry/overlapFree``), filled
  /// non-zero, in local points.
  public var path: PathGeometry {
    var elements: [PathGeometry.Element] = []
    appendPath(to: &elements)
    return PathGeometry(elements, fillRule: .nonZero, overlapFree: true)
  }

  public static func == (l: GlyphRun, r: GlyphRun) -> Bool {
    l.glyphs == r.glyphs && l.fontSize == r.fontSize && l.transform == r.transform && l.color == r.color
      && l.gradient == r.gradient && l.exactPlacement == r.exactPlacement && l.faces.count == r.faces.count
      && zip(l.faces, r.faces).allSatisfy { $0 === $1 }
  }
}
