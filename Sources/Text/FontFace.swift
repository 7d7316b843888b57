import CFreeType
import CHarfBuzz
import FlipbookDisplayList
import Synchronization

/// One font file's face: its metrics, its glyph outlines (FreeType, unhinted, in font units)
/// and its shaping (HarfBuzz), safe to use from any thread.
///
/// Outlines are cached per glyph in font units and scaled when a text is drawn, so one
/// cache serves every size and an animated size; the cache is bounded (``maxCachedElements``)
/// and starts over when full, so memory stays bounded whatever a scene draws.
public final class FontFace: @unchecked Sendable {
  /// The font file and the face's index in it (a collection holds several).
  public let file: String
  public let index: Int
  /// The family name fontconfig knows the face by.
  public let family: String
  /// Font units per em: outlines and HarfBuzz positions are in these units.
  public let unitsPerEm: Double
  /// The line metrics in ems, from the font's horizontal header as Core Text reads them:
  /// `ascent` above the baseline, `descent` below it (positive), `leading` the line gap.
  public let ascent: Double
  public let descent: Double
  public let leading: Double

  /// The outline cache's bound, in path elements (about 40 bytes each).
  public static let maxCachedElements = 1 << 20

  /// FreeType and HarfBuzz objects are not thread-safe: every use holds this lock.
  private let state: Mutex<State>

  private struct State {
    var library: FT_Library
    var face: FT_Face
    var font: OpaquePointer
    var outlines: [UInt32: [PathGeometry.Element]] = [:]
    var cachedElements = 0
  }

  /// Opens face `index` of `file`; nil when FreeType cannot read it as a scalable font.
  init?(file: String, index: Int, family: String) {
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else { return nil }
    var face: FT_Face?
    guard FT_New_Face(library, file, FT_Long(index), &face) == 0, let face else {
      FT_Done_FreeType(library)
      return nil
    }
    let scalable = (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0
    guard scalable, face.pointee.units_per_EM > 0 else {
      FT_Done_Face(face)
      FT_Done_FreeType(library)
      return nil
    }
    // HarfBuzz reads the tables FreeType has loaded, and positions in font units (its
    // own unhinted OpenType metrics, scale = units per em).
    let hbFace = hb_ft_face_create_referenced(face)
    let font = hb_font_create(hbFace)!
    hb_face_destroy(hbFace)
    let upem = Int32(face.pointee.units_per_EM)
    hb_font_set_scale(font, upem, upem)
    self.file = file
    self.index = index
    self.family = family
    unitsPerEm = Double(upem)
    ascent = Double(face.pointee.ascender) / unitsPerEm
    descent = -Double(face.pointee.descender) / unitsPerEm
    leading = max(0, Double(face.pointee.height) / unitsPerEm - ascent - descent)
    state = Mutex(State(library: library, face: face, font: font))
  }

  deinit {
    state.withLock { s in
      hb_font_destroy(s.font)
      FT_Done_Face(s.face)
      FT_Done_FreeType(s.library)
    }
  }

  /// The glyph of a character, 0 (`.notdef`) when the face has none.
  public func glyph(for scalar: Unicode.Scalar) -> UInt32 {
    state.withLock { s in UInt32(FT_Get_Char_Index(s.face, FT_ULong(scalar.value))) }
  }

  /// Shapes `utf8[start..<end]` (the rest of `utf8` is context) with HarfBuzz: glyphs in
  /// logical order with positions in ems, clusters as offsets into `utf8`.
  func shape(_ utf8: [UInt8], start: Int, end: Int) -> (glyphs: [ShapedGlyph], rightToLeft: Bool) {
    state.withLock { s in
      let buffer = hb_buffer_create()!
      defer { hb_buffer_destroy(buffer) }
      utf8.withUnsafeBufferPointer { p in
        p.withMemoryRebound(to: CChar.self) { c in
          hb_buffer_add_utf8(buffer, c.baseAddress, Int32(c.count), UInt32(start), Int32(end - start))
        }
      }
      hb_buffer_guess_segment_properties(buffer)
      hb_shape(s.font, buffer, nil, 0)
      var count: UInt32 = 0
      let infos = hb_buffer_get_glyph_infos(buffer, &count)!
      let positions = hb_buffer_get_glyph_positions(buffer, &count)!
      let em = unitsPerEm
      var glyphs: [ShapedGlyph] = []
      glyphs.reserveCapacity(Int(count))
      for k in 0..<Int(count) {
        let p = positions[k]
        glyphs.append(
          ShapedGlyph(
            glyph: infos[k].codepoint, cluster: Int(infos[k].cluster), advance: Double(p.x_advance) / em,
            xOffset: Double(p.x_offset) / em, yOffset: Double(p.y_offset) / em))
      }
      let rtl = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
      if rtl { glyphs.reverse() }
      return (glyphs, rtl)
    }
  }

  /// The glyph's outline in font units, y up (as FreeType gives it), from the cache.
  public func outline(_ glyph: UInt32) -> [PathGeometry.Element] {
    state.withLock { s in
      if let cached = s.outlines[glyph] { return cached }
      let elements = Self.loadOutline(s.face, glyph)
      if s.cachedElements + elements.count > Self.maxCachedElements {
        s.outlines.removeAll(keepingCapacity: true)
        s.cachedElements = 0
      }
      s.outlines[glyph] = elements
      s.cachedElements += elements.count
      return elements
    }
  }

  /// The number of outline elements cached now (for reports and tests of the bound).
  public var cachedElementCount: Int { state.withLock { $0.cachedElements } }

  /// Loads a glyph unscaled and unhinted and walks its contours into path elements;
  /// empty for a glyph without an outline (a space) or one FreeType cannot load.
  private static func loadOutline(_ face: FT_Face, _ glyph: UInt32) -> [PathGeometry.Element] {
    let flags = FT_Int32(FT_LOAD_NO_SCALE) | CFREETYPE_LOAD_OUTLINE
    guard FT_Load_Glyph(face, glyph, flags) == 0,
      face.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE
    else { return [] }
    final class Sink { var elements: [PathGeometry.Element] = [] }
    let sink = Sink()
    var funcs = FT_Outline_Funcs(
      move_to: { to, user in
        let sink = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
        if !sink.elements.isEmpty { sink.elements.append(.close) }
        sink.elements.append(.move(Point(x: Double(to!.pointee.x), y: Double(to!.pointee.y))))
        return 0
      },
      line_to: { to, user in
        let sink = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
        sink.elements.append(.line(Point(x: Double(to!.pointee.x), y: Double(to!.pointee.y))))
        return 0
      },
      conic_to: { c, to, user in
        let sink = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
        sink.elements.append(
          .quad(
            control: Point(x: Double(c!.pointee.x), y: Double(c!.pointee.y)),
            to: Point(x: Double(to!.pointee.x), y: Double(to!.pointee.y))))
        return 0
      },
      cubic_to: { c1, c2, to, user in
        let sink = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
        sink.elements.append(
          .cubic(
            control1: Point(x: Double(c1!.pointee.x), y: Double(c1!.pointee.y)),
            control2: Point(x: Double(c2!.pointee.x), y: Double(c2!.pointee.y)),
            to: Point(x: Double(to!.pointee.x), y: Double(to!.pointee.y))))
        return 0
      },
      shift: 0, delta: 0)
    let user = Unmanaged.passUnretained(sink).toOpaque()
    let status = withUnsafeMutablePointer(to: &face.pointee.glyph.pointee.outline) { outline in
      FT_Outline_Decompose(outline, &funcs, user)
    }
    withExtendedLifetime(sink) {}
    guard status == 0 else { return [] }
    if !sink.elements.isEmpty { sink.elements.append(.close) }
    return sink.elements
  }
}

/// One glyph as HarfBuzz placed it: advance and offsets in ems, its cluster an offset into
/// the shaped text's UTF-8.
struct ShapedGlyph: Sendable, Equatable {
  var glyph: UInt32
  var cluster: Int
  var advance: Double
  var xOffset: Double
  var yOffset: Double
}

/// The rasterizer draws glyphs straight from their faces (`GlyphRun`).
extension FontFace: GlyphSource {}
