import FlipbookDisplayList
import FlipbookImage
import FlipbookRaster
import FlipbookText
import Testing

/// Glyphs drawn as paths by the renderer's rasterizer carry the same ink as FreeType's own
/// unhinted rendering of the same outlines at the same positions, and land on the same
/// pixels; advances are HarfBuzz's.
@Suite struct GlyphInkTests {
  /// Renders `text` at `size` px with its frame at `origin`, white on transparent: as one
  /// path of its outlines, or (`masked`) as a glyph run, from glyph masks at pens rounded to
  /// a quarter pixel.
  func draw(_ layout: TextLayout, at origin: Point, width: Int, height: Int, masked: Bool) -> Pixmap {
    var r = Rasterizer()
    var p = Pixmap(width: 0, height: 0)
    let glyphs = layout.lines[0].glyphs.map {
      GlyphRun.Glyph(face: 0, id: $0.glyph, x: origin.x + $0.x, y: origin.y + $0.y)
    }
    let run = GlyphRun(
      faces: [layout.lines[0].glyphs[0].face], glyphs: glyphs, fontSize: layout.fontSize, transform: .identity,
      color: .white)
    let item =
      masked
      ? DisplayItem.glyphs(run)
      : DisplayItem.shape(
        ShapeItem(geometry: .path(layout.path(at: origin)), style: .fill, transform: .identity, color: .white))
    r.render(DisplayList(width: width, height: height, background: .clear, items: [item]), into: &p)
    return p
  }

  @Test(
    arguments: [(11.0, "Save changes"), (17.0, "Hamburgefonstiv 0123"), (34.0, "AVATAR Wave ffi"), (72.0, "g@Q&")],
    [false, true])
  func inkMatchesFreeTypesRendering(_ sample: (size: Double, text: String), masked: Bool) throws {
    let (size, text) = sample
    let face = try Reference.interRegular()
    let layout = TextLayout(ShapedText.shape(text, primary: face), fontSize: size, proposedWidth: .infinity)
    #expect(layout.lines.count == 1)
    let origin = Point(x: 5.37, y: 3.81)
    let width = Int(layout.width + 12), height = Int(layout.height + 10)
    let ours = Reference.alpha(draw(layout, at: origin, width: width, height: height, masked: masked))
    let glyphs = layout.lines[0].glyphs.map { (glyph: $0.glyph, x: origin.x + $0.x, y: origin.y + $0.y) }
    // FreeType's rendering, 4× supersampled: at 1× its coarse curve flattening loses up to
    // 3 % of a round glyph's ink (measured: "o" at 17 px), more than the bound tested here.
    let theirs = Reference.freeTypeInk(
      file: face.file, index: face.index, pixelSize: size, glyphs: glyphs, width: width, height: height,
      supersampling: 4)
    let a = Reference.ink(ours, width: width), b = Reference.ink(theirs, width: width)
    #expect(b.total > 10)
    #expect(abs(a.total - b.total) <= 0.01 * b.total, "ink \(a.total) vs FreeType's \(b.total)")
    // And at 1×, as FreeType draws text on screen, within its flattening error.
    let direct = Reference.ink(
      Reference.freeTypeInk(
        file: face.file, index: face.index, pixelSize: size, glyphs: glyphs, width: width, height: height),
      width: width)
    #expect(abs(a.total - direct.total) <= 0.03 * direct.total, "ink \(a.total) vs FreeType's 1× \(direct.total)")
    #expect(abs(a.box.0 - b.box.0) <= 1 && abs(a.box.1 - b.box.1) <= 1, "box \(a.box) vs \(b.box)")
    #expect(abs(a.box.2 - b.box.2) <= 1 && abs(a.box.3 - b.box.3) <= 1, "box \(a.box) vs \(b.box)")
  }

  @Test func advancesAreHarfBuzzPositionsWithKerning() throws {
    let face = try Reference.interRegular()
    let text = "AVATAR To Wa, fly"
    let size = 23.0
    let reference = Reference.harfBuzz(text, file: face.file, index: face.index)
    let layout = TextLayout(ShapedText.shape(text, primary: face), fontSize: size, proposedWidth: .infinity)
    let placed = layout.lines[0].glyphs
    #expect(placed.map(\.glyph) == reference.glyphs)
    var pen = 0
    for (k, g) in placed.enumerated() {
      #expect(abs(g.x - Double(pen) * size / Double(reference.upem)) < 1e-9, "glyph \(k)")
      pen += Int(reference.advances[k])
    }
    #expect(abs(layout.width - Double(pen) * size / Double(reference.upem)) < 1e-9)
    // Kerning is applied: "AV" is narrower than A and V set apart.
    let av = Reference.harfBuzz("AV", file: face.file).advances.reduce(0, +)
    let apart =
      Reference.harfBuzz("A", file: face.file).advances[0] + Reference.harfBuzz("V", file: face.file).advances[0]
    #expect(av < apart)
  }

  @Test func outlinesAreCachedWithinTheirBound() throws {
    let face = try Reference.interRegular()
    _ = TextLayout(ShapedText.shape("cache me", primary: face), fontSize: 12, proposedWidth: .infinity).path(at: .zero)
    #expect(face.cachedElementCount > 0)
    #expect(face.cachedElementCount <= FontFace.maxCachedElements)
  }
}
