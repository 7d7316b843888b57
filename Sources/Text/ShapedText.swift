import Synchronization

/// A string shaped once for all sizes: per paragraph (the text between line feeds), its
/// glyphs in logical order with advances in ems, where lines may break, and which glyphs
/// are spaces; and the ellipsis that truncation appends.
///
/// Each character is drawn by the primary face when it has a glyph for it, else by the
/// first installed face that has one (fontconfig's fallback list for the primary family),
/// else by the primary face's `.notdef` glyph (usually a box). Runs of one face are shaped
/// by HarfBuzz with the whole paragraph as context, in the direction HarfBuzz guesses from
/// the run's script: right-to-left runs are drawn right to left, but a line's runs are
/// placed left to right in logical order (no full bidirectional reordering).
public struct ShapedText: Sendable {
  public let primary: FontFace
  let paragraphs: [Paragraph]
  let ellipsis: [Glyph]

  struct Glyph: Sendable {
    var face: FontFace
    var shaped: ShapedGlyph
    var rightToLeft: Bool
    /// The first glyph of a character (ligatures and marks share their first character's).
    var startsCluster: Bool
    /// A line may start at this glyph: the character before it is a space or a hyphen.
    var breakBefore: Bool
    /// The glyph draws white space, which hangs at the end of a line.
    var isSpace: Bool
  }

  struct Paragraph: Sendable {
    var glyphs: [Glyph]
  }

  /// Shapes `string` with `primary` (and fallback faces from `library`), or returns the
  /// shaping cached for this face and string.
  public static func shape(_ string: String, primary: FontFace, library: FontLibrary = .shared) -> ShapedText {
    let key = CacheKey(face: ObjectIdentifier(primary), string: string)
    if let cached = cache.withLock({ $0.entries[key] }) { return cached }
    let paragraphs = string.split(separator: "\n", omittingEmptySubsequences: false).map {
      shapeParagraph(String($0), primary: primary, library: library)
    }
    let ellipsisText = primary.glyph(for: "\u{2026}") != 0 ? "\u{2026}" : "..."
    let ellipsis = shapeParagraph(ellipsisText, primary: primary, library: library).glyphs
    let shaped = ShapedText(primary: primary, paragraphs: paragraphs, ellipsis: ellipsis)
    let count = paragraphs.reduce(0) { $0 + $1.glyphs.count } + 1
    cache.withLock { c in
      if c.glyphs + count > maxCachedGlyphs {
        c.entries.removeAll(keepingCapacity: true)
        c.glyphs = 0
      }
      c.entries[key] = shaped
      c.glyphs += count
    }
    return shaped
  }

  /// The shaping cache's bound, in glyphs (about 80 bytes each).
  public static let maxCachedGlyphs = 1 << 20

  private struct CacheKey: Hashable {
    var face: ObjectIdentifier
    var string: String
  }

  private struct Cache {
    var entries: [CacheKey: ShapedText] = [:]
    var glyphs = 0
  }

  private static let cache = Mutex(Cache())

  private static func shapeParagraph(_ text: String, primary: FontFace, library: FontLibrary) -> Paragraph {
    let utf8 = Array(text.utf8)
    // Per UTF-8 offset where a character starts: whether it is a space, and whether a line
    // may start there (UAX #14 to this degree: after spaces and hyphens).
    var isSpace = [Bool](repeating: false, count: utf8.count + 1)
    var breakBefore = [Bool](repeating: false, count: utf8.count + 1)
    // Runs of one face: (start, end, face), in UTF-8 offsets.
    var runs: [(start: Int, end: Int, face: FontFace)] = []
    var offset = 0
    var previous: Character?
    for c in text {
      let length = c.utf8.count
      let space = c.isWhitespace
      isSpace[offset] = space
      if let p = previous, !space, p.isWhitespace || p == "-" || p == "\u{2010}" || p == "\u{2013}" {
        breakBefore[offset] = true
      }
      let first = c.unicodeScalars.first!
      var face = primary
      if !space, primary.glyph(for: first) == 0, let other = library.fallback(for: first, after: primary) {
        face = other
      }
      if let last = runs.last, last.face === face {
        runs[runs.count - 1].end = offset + length
      } else {
        runs.append((offset, offset + length, face))
      }
      previous = c
      offset += length
    }
    var glyphs: [Glyph] = []
    for run in runs {
      let (shaped, rtl) = run.face.shape(utf8, start: run.start, end: run.end)
      for (k, g) in shaped.enumerated() {
        let starts = k == 0 || shaped[k - 1].cluster != g.cluster
        glyphs.append(
          Glyph(
            face: run.face, shaped: g, rightToLeft: rtl, startsCluster: starts,
            breakBefore: starts && breakBefore[g.cluster], isSpace: isSpace[g.cluster]))
      }
    }
    return Paragraph(glyphs: glyphs)
  }
}
