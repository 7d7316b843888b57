import CFreeType
import FlipbookText
import Testing

/// Line breaking, truncation, alignment and line metrics against widths measured with
/// HarfBuzz directly and metrics read with FreeType directly.
@Suite struct TextLayoutTests {
  let size = 20.0

  /// The width of `s` at `size`, from HarfBuzz's advances.
  func width(_ s: String) throws -> Double {
    let face = try Reference.interRegular()
    let r = Reference.harfBuzz(s, file: face.file, index: face.index)
    return Double(r.advances.reduce(0, +)) * size / Double(r.upem)
  }

  func layout(
    _ s: String, width: Double, height: Double = .infinity, lineLimit: Int? = nil, spacing: Double = 0,
    alignment: LineAlignment = .leading
  ) throws -> TextLayout {
    TextLayout(
      ShapedText.shape(s, primary: try Reference.interRegular()), fontSize: size, proposedWidth: width,
      proposedHeight: height, lineLimit: lineLimit, lineSpacing: spacing, alignment: alignment)
  }

  /// The face's hhea metrics (ascender, descender, line height) in points, read by FreeType.
  func metrics() throws -> (ascent: Double, lineHeight: Double) {
    let face = try Reference.interRegular()
    var library: FT_Library?
    FT_Init_FreeType(&library)
    defer { FT_Done_FreeType(library) }
    var ft: FT_Face?
    FT_New_Face(library, face.file, FT_Long(face.index), &ft)
    defer { FT_Done_Face(ft) }
    let upem = Double(ft!.pointee.units_per_EM)
    return (Double(ft!.pointee.ascender) * size / upem, Double(ft!.pointee.height) * size / upem)
  }

  @Test func idealSizeIsOneLine() throws {
    let text = "The quick brown fox jumps over the lazy dog"
    let l = try layout(text, width: .infinity)
    let m = try metrics()
    #expect(l.lines.count == 1)
    #expect(abs(l.width - (try width(text))) < 1e-9)
    #expect(abs(l.height - m.lineHeight) < 1e-9)
    #expect(abs(l.lines[0].glyphs[0].y - m.ascent) < 1e-9)
  }

  @Test func narrowerProposalWrapsAtWordBoundaries() throws {
    // Room for "alpha beta" but not "alpha beta gamma".
    let w = (try width("alpha beta")) + 1
    #expect(try width("alpha beta gamma") > w)
    let l = try layout("alpha beta gamma", width: w)
    #expect(l.lines.count == 2)
    #expect(abs(l.lines[0].width - (try width("alpha beta"))) < 1e-9)
    #expect(abs(l.lines[1].width - (try width("gamma"))) < 1e-9)
    #expect(abs(l.width - (try width("alpha beta"))) < 1e-9)
    let m = try metrics()
    #expect(abs(l.height - 2 * m.lineHeight) < 1e-9)
    #expect(abs(l.lines[1].glyphs[0].y - (m.ascent + m.lineHeight)) < 1e-9)
    // The second line starts at the leading edge.
    #expect(abs(l.lines[1].glyphs[0].x) < 1e-9)
  }

  @Test func aWordWiderThanTheLineBreaksBetweenCharacters() throws {
    let w = (try width("abcd")) + 0.5
    let l = try layout("abcdefghij", width: w)
    #expect(l.lines.count == 3)
    #expect(l.lines.allSatisfy { $0.width <= w })
    #expect(l.lines[0].glyphs.count == 4)
  }

  @Test func lineLimitTruncatesWithAnEllipsis() throws {
    let w = (try width("alpha beta")) + 1
    let l = try layout("alpha beta gamma delta", width: w, lineLimit: 1)
    #expect(l.lines.count == 1)
    #expect(l.truncated)
    #expect(l.width <= w)
    let face = try Reference.interRegular()
    #expect(l.lines[0].glyphs.last?.glyph == face.glyph(for: "\u{2026}"))
    // As much text as fits before the ellipsis: one more character would not.
    let kept = l.lines[0].glyphs.count - 1
    let prefix = String("alpha beta gamma delta".prefix(kept))
    #expect(try width(prefix + "\u{2026}") <= w + 1e-9)
    let longer = String("alpha beta gamma delta".prefix(kept + 1))
    #expect(try width(longer + "\u{2026}") > w)
  }

  @Test func heightProposalLimitsLines() throws {
    let m = try metrics()
    let w = (try width("alpha")) + 1
    let l = try layout("alpha beta gamma", width: w, height: 2 * m.lineHeight + 4, spacing: 3)
    #expect(l.lines.count == 2)
    #expect(l.truncated)
    #expect(abs(l.height - (2 * m.lineHeight + 3)) < 1e-9)
  }

  @Test func textThatFitsIsNotTruncated() throws {
    let l = try layout("fits", width: 500, lineLimit: 1)
    #expect(!l.truncated)
    #expect(l.lines[0].glyphs.count == 4)
  }

  @Test func trailingSpacesHang() throws {
    let l = try layout("word   ", width: .infinity)
    #expect(abs(l.width - (try width("word"))) < 1e-9)
  }

  @Test func centeredLinesShareACenter() throws {
    let w = (try width("alpha beta")) + 1
    let l = try layout("alpha beta gamma", width: w, alignment: .center)
    #expect(l.lines.count == 2)
    let short = try width("gamma"), long = try width("alpha beta")
    #expect(abs(l.lines[1].glyphs[0].x - (long - short) / 2) < 1e-9)
    let t = try layout("alpha beta gamma", width: w, alignment: .trailing)
    #expect(abs(t.lines[1].glyphs[0].x - (long - short)) < 1e-9)
  }

  @Test func paragraphsBreakAtLineFeeds() throws {
    let l = try layout("one\n\ntwo", width: .infinity)
    #expect(l.lines.count == 3)
    #expect(l.lines[1].glyphs.isEmpty)
  }

  @Test func unsupportedCharactersNeverCrash() throws {
    // Unassigned, private-use, a lone combining mark, controls, an emoji, a surrogate-free
    // astral character, right-to-left text: drawn with a fallback face or .notdef.
    let text = "\u{0378}\u{E000}\u{0301}a\u{0007}\u{0000}😀 𝔘 שלום مرحبا ✓ 漢字"
    let l = try layout(text, width: 60)
    #expect(l.lines.count >= 2)
    _ = l.path(at: .zero)
    // Thousands of different characters no font has: each is looked up in one sorted list.
    let privateUse = String(String.UnicodeScalarView((0xF0000..<0xF1000).compactMap(Unicode.Scalar.init)))
    #expect(try layout(privateUse, width: .infinity).lines[0].glyphs.count == 4096)
    // ♞ is not in Inter: a fallback face (DejaVu Sans) draws it.
    let face = try Reference.interRegular()
    #expect(face.glyph(for: "♞") == 0)
    let check = try layout("♞", width: .infinity)
    #expect(check.lines[0].glyphs[0].face !== face)
    #expect(check.lines[0].glyphs[0].glyph != 0)
  }

  @Test func unknownFamilyNamesNearMatches() throws {
    #expect(throws: FontLookupError.self) { try FontLibrary.shared.face(FontRequest(family: "Intr", weight: 400)) }
    do {
      _ = try FontLibrary.shared.face(FontRequest(family: "inter display x", weight: 400))
    } catch {
      guard case .unknownFamily(let name, let near) = error else { Issue.record("\(error)"); return }
      #expect(name == "inter display x")
      #expect(near.contains("Inter Display") || near.contains("Inter"))
    }
  }
}
