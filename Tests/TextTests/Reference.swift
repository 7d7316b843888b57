import CFreeType
import CHarfBuzz
import FlipbookDisplayList
import FlipbookImage
import FlipbookRaster
import FlipbookText

/// Independent references for text: FreeType's own rasterizer and HarfBuzz shaping called
/// directly, without the renderer's font and layout code.
enum Reference {
  /// Inter Regular's file (found with fontconfig through the library; the references then
  /// read the file themselves).
  static func interRegular() throws -> FontFace {
    try FontLibrary.shared.face(FontRequest(family: "Inter", weight: 400))
  }

  /// HarfBuzz's glyphs and advances (font units) for `text` in face `index` of `file`,
  /// shaped with the file's own OpenType tables (no FreeType involved).
  static func harfBuzz(_ text: String, file: String, index: Int = 0) -> (
    glyphs: [UInt32], advances: [Int32], upem: Int32
  ) {
    let blob = hb_blob_create_from_file(file)
    defer { hb_blob_destroy(blob) }
    let face = hb_face_create(blob, UInt32(index))
    defer { hb_face_destroy(face) }
    let font = hb_font_create(face)!
    defer { hb_font_destroy(font) }
    let upem = Int32(hb_face_get_upem(face))
    hb_font_set_scale(font, upem, upem)
    let buffer = hb_buffer_create()!
    defer { hb_buffer_destroy(buffer) }
    hb_buffer_add_utf8(buffer, text, -1, 0, -1)
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(font, buffer, nil, 0)
    var n: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &n)!
    let positions = hb_buffer_get_glyph_positions(buffer, &n)!
    return ((0..<Int(n)).map { infos[$0].codepoint }, (0..<Int(n)).map { positions[$0].x_advance }, upem)
  }

  /// Coverage (0…1) of glyphs rendered by FreeType itself, unhinted, anti-aliased
  /// (FT_RENDER_MODE_NORMAL), each at its pen position (`x`, baseline `y`, in pixels),
  /// summed per pixel and clamped to 1, on a `width` × `height` canvas.
  static func freeTypeInk(
    file: String, index: Int = 0, pixelSize: Double, glyphs: [(glyph: UInt32, x: Double, y: Double)],
    width: Int, height: Int
  ) -> [Double] {
    var canvas = [Double](repeating: 0, count: width * height)
    var library: FT_Library?
    FT_Init_FreeType(&library)
    defer { FT_Done_FreeType(library) }
    var face: FT_Face?
    FT_New_Face(library, file, FT_Long(index), &face)
    defer { FT_Done_Face(face) }
    FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72)
    for g in glyphs {
      guard FT_Load_Glyph(face, g.glyph, CFREETYPE_LOAD_OUTLINE) == 0 else { continue }
      let slot = face!.pointee.glyph!
      // The pen's fraction of a pixel, as an outline offset (y up in FreeType).
      let px = g.x.rounded(.down), py = g.y.rounded(.down)
      FT_Outline_Translate(
        &slot.pointee.outline, FT_Pos(((g.x - px) * 64).rounded()), FT_Pos((-(g.y - py) * 64).rounded()))
      guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { continue }
      let bitmap = slot.pointee.bitmap
      for row in 0..<Int(bitmap.rows) {
        for col in 0..<Int(bitmap.width) {
          let x = Int(px) + Int(slot.pointee.bitmap_left) + col
          let y = Int(py) - Int(slot.pointee.bitmap_top) + row
          guard x >= 0, x < width, y >= 0, y < height else { continue }
          let v = Double(bitmap.buffer[row * Int(bitmap.pitch) + col]) / 255
          canvas[y * width + x] = min(1, canvas[y * width + x] + v)
        }
      }
    }
    return canvas
  }

  /// ``freeTypeInk`` rendered `factor` times larger and averaged back over factor × factor
  /// blocks: FreeType's gray rasterizer flattens curves coarsely (its chords cut inside
  /// convex arcs: 2–3 % less ink on an "o" at 17 px than the exact area), and supersampling
  /// divides that error by `factor` in output pixels.
  static func freeTypeInk(
    file: String, index: Int = 0, pixelSize: Double, glyphs: [(glyph: UInt32, x: Double, y: Double)],
    width: Int, height: Int, supersampling factor: Int
  ) -> [Double] {
    let f = Double(factor)
    let big = freeTypeInk(
      file: file, index: index, pixelSize: pixelSize * f, glyphs: glyphs.map { ($0.glyph, $0.x * f, $0.y * f) },
      width: width * factor, height: height * factor)
    var canvas = [Double](repeating: 0, count: width * height)
    for y in 0..<height * factor {
      for x in 0..<width * factor { canvas[(y / factor) * width + x / factor] += big[y * width * factor + x] / (f * f) }
    }
    return canvas
  }

  /// Total ink and the bounding box (min x, min y, max x, max y, in pixels) of the pixels
  /// with any ink.
  static func ink(_ coverage: [Double], width: Int) -> (total: Double, box: (Int, Int, Int, Int)) {
    var total = 0.0
    var box = (Int.max, Int.max, Int.min, Int.min)
    for (k, v) in coverage.enumerated() where v > 0 {
      total += v
      let x = k % width, y = k / width
      box = (min(box.0, x), min(box.1, y), max(box.2, x), max(box.3, y))
    }
    return (total, box)
  }

  /// The alpha of a pixmap, 0…1 per pixel.
  static func alpha(_ p: Pixmap) -> [Double] {
    (0..<p.height).flatMap { y in (0..<p.width).map { x in Double(p.pixel(x: x, y: y).a) / 255 } }
  }
}
