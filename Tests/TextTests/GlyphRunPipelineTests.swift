import FlipbookDisplayList
import FlipbookImage
import FlipbookRaster
import FlipbookText
import Testing

/// Glyph runs in a row are recorded a run ahead (the next run's keys made and its slots asked
/// for while the run before it is looked up): frame after frame into one pixmap, they must
/// give the bytes of the same runs recorded one at a time, each drawn by a fresh rasterizer.
@Suite struct GlyphRunPipelineTests {
  /// Frame `f`: runs of several sizes moving by fractions of a pixel, one placed exactly (its
  /// outlines), one far off the canvas and one transparent among them.
  static func runs(_ face: FontFace, frame f: Int) -> [GlyphRun] {
    let text = Array("Save changes Wi-Fi 10:30 fjord")
    let ids = text.map { face.glyph(for: $0.unicodeScalars.first!) }
    var runs: [GlyphRun] = []
    for k in 0..<9 {
      let size = 11 + Double(k) * 3.1
      let glyphs = ids.enumerated().map { i, id in
        GlyphRun.Glyph(face: 0, id: id, x: Double(i) * size * 0.55, y: size)
      }
      let dx = Double(f) * (0.37 + Double(k) * 0.11), dy = Double(f) * (Double(k) - 4) * 0.29
      var t = AffineTransform.translation(x: -20 + Double(k) * 13.7 + dx, y: Double(k) * 17.3 + dy)
      if k == 5 { t = .translation(x: 1e12, y: 4) }
      let opacity = k == 3 ? 0 : 0.5 + Double(k) * 0.05
      runs.append(
        GlyphRun(
          faces: [face], glyphs: glyphs, fontSize: size, transform: t,
          color: Color(red: 0.1 * Double(k % 3), green: 0.2, blue: 0.4, opacity: opacity), exactPlacement: k == 7))
    }
    return runs
  }

  @Test func runsInARowGetTheBytesOfRunsRecordedOneAtATime() throws {
    let face = try Reference.interRegular()
    var r = Rasterizer()
    var p = Pixmap(width: 0, height: 0)
    for f in 0..<6 {
      let runs = Self.runs(face, frame: f)
      r.render(DisplayList(width: 240, height: 180, background: .white, items: runs.map { .glyphs($0) }), into: &p)
      // A shape of no size between every two runs (skipped when recorded) leaves no two in a row.
      let nothing = DisplayItem.shape(
        ShapeItem(
          geometry: .rectangle(Rect(x: 0, y: 0, width: 0, height: 0)), style: .fill, transform: .identity,
          color: .black))
      let apart = runs.flatMap { [.glyphs($0), nothing] }
      var fresh = Rasterizer()
      var q = Pixmap(width: 0, height: 0)
      fresh.render(DisplayList(width: 240, height: 180, background: .white, items: apart), into: &q)
      let same = p.bytes == q.bytes  // (not the bytes in a failure's message)
      #expect(same, "frame \(f)")
      // Ink drawn (not an empty frame on both sides).
      #expect(p.bytes.contains { $0 < 128 })
    }
  }
}
