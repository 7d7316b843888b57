/// A font face as the rasterizer sees it: glyph outlines in font units, so that the display
/// list can carry glyphs (``GlyphRun``) rather than their outlines, and the rasterizer can
/// draw each glyph from a cached coverage mask without asking for its outline again.
///
/// The face's identity (`===`) names its glyphs: two sources are the same face only if they
/// are the same object.
public protocol GlyphSource: AnyObject, Sendable {
  /// Font units per em: outlines are in these units.
  var unitsPerEm: Double { get }
  /// The glyph's outline in font units, y up; empty for a glyph without one (a space).
  func outline(_ glyph: UInt32) -> [PathGeometry.Element]
}

extension GlyphSource {
  /// Appends the glyph's outline scaled by `scale` (points per font unit), y flipped, its
  /// pen (its origin on the baseline) at `pen`: the outline as it is drawn in local points.
  public func appendOutline(
    of glyph: UInt32, scale k: Double, pen: Point, to elements: inout [PathGeometry.Element]
  ) {
    func map(_ p: Point) -> Point { Point(x: pen.x + p.x * k, y: pen.y - p.y * k) }
    for e in outline(glyph) {
      switch e {
      case .move(let p): elements.append(.move(map(p)))
      case .line(let p): elements.append(.line(map(p)))
      case .quad(let c, let p): elements.append(.quad(control: map(c), to: map(p)))
      case .cubic(let c1, let c2, let p): elements.append(.cubic(control1: map(c1), control2: map(c2), to: map(p)))
      case .close: elements.append(.close)
      }
    }
  }
}
