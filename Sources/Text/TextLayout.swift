import FlipbookDisplayList

/// Shaped text broken into lines for one font size and proposal, as SwiftUI lays out a
/// `Text`: one line per paragraph when the width is unlimited (its ideal size); in a
/// narrower width, lines break at word boundaries (after spaces and hyphens), and a word
/// wider than the width breaks between characters; spaces at the end of a line hang
/// outside it. At most `lineLimit` lines, and only as many as the proposed height holds (at
/// least one); when text is left over, the last line is cut between characters to leave
/// room for "…" within the width.
///
/// Line metrics come from the primary face's horizontal header, as Core Text's do: a line
/// is ascent + descent + line gap high, the first baseline is `ascent` below the top, and
/// `lineSpacing` is added between lines. The text's size is its widest line by the lines'
/// total height.
public struct TextLayout: Sendable {
  /// A glyph placed in the text's frame: `x` from its leading edge, `y` of its baseline
  /// from the top, both in points.
  public struct PlacedGlyph: Sendable {
    public var face: FontFace
    public var glyph: UInt32
    public var x: Double
    public var y: Double
  }

  public struct Line: Sendable {
    public var glyphs: [PlacedGlyph]
    /// Width without the spaces that hang at its end.
    public var width: Double
  }

  public private(set) var lines: [Line] = []
  public private(set) var width = 0.0
  public private(set) var height = 0.0
  public let fontSize: Double
  /// The distance from one baseline to the next, without `lineSpacing`.
  public let lineHeight: Double
  /// The first baseline's distance from the top.
  public let ascent: Double
  /// True when text was cut off (by `lineLimit` or the height).
  public private(set) var truncated = false

  /// Lays `text` out at `fontSize` points in `proposedWidth` × `proposedHeight` (either may
  /// be infinite), lines aligned by `alignment` within the widest line.
  public init(
    _ text: ShapedText, fontSize: Double, proposedWidth: Double, proposedHeight: Double = .infinity,
    lineLimit: Int? = nil, lineSpacing: Double = 0, alignment: LineAlignment = .leading
  ) {
    let size = fontSize.isFinite ? max(0, fontSize) : 0
    self.fontSize = size
    let face = text.primary
    lineHeight = (face.ascent + face.descent + face.leading) * size
    ascent = face.ascent * size
    let spacing = lineSpacing.isFinite ? lineSpacing : 0
    // A sliver more than the proposal, so that a text laid out again in its own width
    // (which sums the same advances) keeps its lines.
    let maxWidth = proposedWidth.isNaN ? .infinity : max(0, proposedWidth) * (1 + 1e-9) + 1e-9
    var maxLines = max(1, lineLimit ?? Int.max)
    if proposedHeight.isFinite, lineHeight + spacing > 0 {
      let fit = ((max(0, proposedHeight) + spacing) / (lineHeight + spacing) * (1 + 1e-9)).rounded(.down)
      maxLines = min(maxLines, max(1, fit < Double(Int.max) ? Int(fit) : Int.max))
    }

    var ranges: [(paragraph: Int, start: Int, end: Int)] = []
    outer: for (p, paragraph) in text.paragraphs.enumerated() {
      for (start, end) in Self.breakLines(paragraph.glyphs, size: size, maxWidth: maxWidth) {
        if ranges.count == maxLines {
          truncated = true
          break outer
        }
        ranges.append((p, start, end))
      }
    }
    for (n, r) in ranges.enumerated() {
      var glyphs = Array(text.paragraphs[r.paragraph].glyphs[r.start..<r.end])
      if truncated && n == ranges.count - 1 {
        glyphs = Array(text.paragraphs[r.paragraph].glyphs[r.start...])
        glyphs = Self.truncate(glyphs, ellipsis: text.ellipsis, size: size, maxWidth: maxWidth)
      }
      let baseline = ascent + Double(n) * (lineHeight + spacing)
      lines.append(Self.place(glyphs, size: size, baseline: baseline))
    }
    width = lines.reduce(0) { max($0, $1.width) }
    let count = Double(lines.count)
    height = max(0, count * lineHeight + max(0, count - 1) * spacing)
    for k in lines.indices {
      let dx = (width - lines[k].width) * alignment.fraction
      for g in lines[k].glyphs.indices { lines[k].glyphs[g].x += dx }
    }
  }

  /// Greedy line breaking: (start, end) glyph ranges of each line of one paragraph.
  static func breakLines(_ glyphs: [ShapedText.Glyph], size: Double, maxWidth: Double) -> [(Int, Int)] {
    guard !glyphs.isEmpty else { return [(0, 0)] }
    var lines: [(Int, Int)] = []
    var start = 0
    while start < glyphs.count {
      var width = 0.0
      var lastBreak: Int?
      var k = start
      var end = glyphs.count
      while k < glyphs.count {
        var next = k + 1
        while next < glyphs.count && !glyphs[next].startsCluster { next += 1 }
        if k > start && glyphs[k].breakBefore { lastBreak = k }
        var w = 0.0
        for g in k..<next { w += glyphs[g].shaped.advance * size }
        if !glyphs[k].isSpace && width + w > maxWidth && k > start {
          end = lastBreak ?? k
          break
        }
        width += w
        k = next
      }
      lines.append((start, end))
      start = end
    }
    return lines
  }

  /// Cuts whole characters off the end until the rest and the ellipsis fit in `maxWidth`,
  /// drops the spaces then at the end, and appends the ellipsis.
  static func truncate(_ glyphs: [ShapedText.Glyph], ellipsis: [ShapedText.Glyph], size: Double, maxWidth: Double)
    -> [ShapedText.Glyph]
  {
    let ellipsisWidth = ellipsis.reduce(0) { $0 + $1.shaped.advance } * size
    var kept = glyphs
    var width = kept.reduce(0) { $0 + $1.shaped.advance } * size
    while !kept.isEmpty && width + ellipsisWidth > maxWidth {
      while let last = kept.popLast() {
        width -= last.shaped.advance * size
        if last.startsCluster { break }
      }
    }
    while let last = kept.last, last.isSpace { kept.removeLast() }
    return kept + ellipsis
  }

  /// Places a line's glyphs from x = 0: runs in logical order, each right-to-left run's
  /// glyphs from its right end.
  static func place(_ glyphs: [ShapedText.Glyph], size: Double, baseline: Double) -> Line {
    var placed: [PlacedGlyph] = []
    placed.reserveCapacity(glyphs.count)
    var x = 0.0
    var k = 0
    while k < glyphs.count {
      var end = k + 1
      while end < glyphs.count && glyphs[end].rightToLeft == glyphs[k].rightToLeft
        && glyphs[end].face === glyphs[k].face
      {
        end += 1
      }
      let order = glyphs[k].rightToLeft ? Array((k..<end).reversed()) : Array(k..<end)
      for g in order {
        let s = glyphs[g].shaped
        placed.append(
          PlacedGlyph(
            face: glyphs[g].face, glyph: s.glyph, x: x + s.xOffset * size, y: baseline - s.yOffset * size))
        x += s.advance * size
      }
      k = end
    }
    // Spaces at the end hang outside the line's width.
    var width = x
    var t = glyphs.count - 1
    while t >= 0 && glyphs[t].isSpace {
      width -= glyphs[t].shaped.advance * size
      t -= 1
    }
    return Line(glyphs: placed, width: max(0, width))
  }

  /// Every glyph's outline as one path, the text's frame at `origin`, in points (y down):
  /// overlap-free (``PathGeometry/overlapFree``), as fonts draw their glyphs.
  public func path(at origin: Point) -> PathGeometry {
    var elements: [PathGeometry.Element] = []
    for line in lines {
      for g in line.glyphs { appendOutline(of: g, at: Point(x: origin.x + g.x, y: origin.y + g.y), to: &elements) }
    }
    return PathGeometry(elements, fillRule: .nonZero, overlapFree: true)
  }

  /// Appends one glyph's outline at this layout's size, its pen at `pen` (points, y down).
  public func appendOutline(of g: PlacedGlyph, at pen: Point, to elements: inout [PathGeometry.Element]) {
    g.face.appendOutline(of: g.glyph, scale: fontSize / g.face.unitsPerEm, pen: pen, to: &elements)
  }
}

/// How the lines of a multiline text align with one another (SwiftUI's `TextAlignment`).
public enum LineAlignment: Sendable {
  case leading, center, trailing

  var fraction: Double {
    switch self {
    case .leading: 0
    case .center: 0.5
    case .trailing: 1
    }
  }
}
