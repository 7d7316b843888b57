import FlipbookAnimation
import FlipbookDisplayList
import FlipbookScene
import FlipbookText

/// A text's content change in an animated transaction: the old string fades out while the
/// new one fades in (`contentTransition(.opacity)`, SwiftUI's default for text).
struct ContentFade: Sendable {
  var time: Double
  var old: String
  /// The layout widths of the old and the new text and their font sizes: each is laid out in
  /// its own width, scaled with the font size while that animates.
  var oldWidth: Double
  var newWidth: Double
  var oldSize: Double
  var newSize: Double
  /// 0 → 1: the new text's share.
  var progress: AnimationTrack
}

extension NodeTable {
  /// The primary face of every `text` node, looked up once through fontconfig; an error
  /// naming the family (and installed ones like it) when it is not installed.
  ///
  /// `library` is only asked for when the scene has text: loading fontconfig's configuration
  /// costs about 10 ms of every run's start-up, which a scene without text should not pay.
  static func resolveFonts(
    _ table: NodeTable, library: @autoclosure () -> FontLibrary = .shared
  ) throws(SceneError) -> [Int: FontFace] {
    var fonts: [Int: FontFace] = [:]
    var diagnostics: [Diagnostic] = []
    for i in 0..<table.count {
      guard case .text(let text) = table[i].node.kind else { continue }
      let font = text.font
      let request = FontRequest(family: font.family ?? font.design.family, weight: font.weight.openTypeWeight)
      do {
        fonts[i] = try library().face(request)
      } catch {
        let path = "\(table[i].node.path).font" + (font.family == nil ? "" : ".family")
        var message = error.description
        if font.family == nil { message += " (the face of design \"\(font.design.rawValue)\"; run tools/setup)" }
        diagnostics.append(Diagnostic(file: "scene", location: font.location, path: path, message: message))
      }
    }
    if !diagnostics.isEmpty { throw SceneError(diagnostics: diagnostics) }
    return fonts
  }

  /// The text node's string in `state`, shaped with its primary face.
  func shapedText(_ i: Int, _ string: String) -> ShapedText {
    ShapedText.shape(string, primary: fonts[i]!)
  }
}

extension LayoutPass {
  /// A text node's layout for proposal `p`: SwiftUI's `Text` sizing (see ``TextLayout``).
  func textLayout(_ i: Int, _ text: TextNode, _ p: Size) -> TextLayout {
    let shaped = table.shapedText(i, text.content.string(state))
    // An unspecified proposal asks for the ideal size: one line, as long as it needs.
    func side(_ v: Double) -> Double { v == LayoutPass.unspecified ? .infinity : v }
    return TextLayout(
      shaped, fontSize: text.font.size.number(state), proposedWidth: side(p.width), proposedHeight: side(p.height),
      lineLimit: text.lineLimit, lineSpacing: text.lineSpacing.number(state), alignment: text.alignment.lines)
  }
}

extension TextAlignment {
  var lines: LineAlignment {
    switch self {
    case .leading: .leading
    case .center: .center
    case .trailing: .trailing
    }
  }
}

extension CompiledScene.Walker {
  /// Draws a text node: its glyphs as one ``GlyphRun``, filled with the foreground paint. During a
  /// content change (see ``ContentFade``), as the `contentTransition` says: the old text at
  /// 1 − p of the opacity under the new at p, each laid out in its own width and centered in
  /// the animated frame (`opacity`, `interpolate`); rolling characters (`numericText`); or
  /// the new text alone (`identity`).
  mutating func drawText(_ i: Int, _ text: TextNode, _ ctx: CompiledScene.DrawContext) {
    let r = rect(i, 0)
    let size = scene.attribute(AttributeKey(i, -1, 0), at: time).x
    let spacing = scene.attribute(AttributeKey(i, -1, 1), at: time).x
    let paint = ctx.foreground ?? .color(.black)
    let string = text.content.string(state)
    // The height limits the lines only while the frame is still: an animating frame passes
    // through heights that would cut a line off for a moment.
    let still = !scene.rectTracks[i][0].isAnimating(at: time)
    func layout(_ s: String, width: Double, centered: Bool) -> TextLayout {
      TextLayout(
        table.shapedText(i, s), fontSize: size, proposedWidth: width,
        proposedHeight: !centered && still ? r.height : .infinity, lineLimit: text.lineLimit, lineSpacing: spacing,
        alignment: text.alignment.lines)
    }
    func centered(_ l: TextLayout) -> Point { Point(x: r.midX - l.width / 2, y: r.midY - l.height / 2) }
    func fill(_ glyphs: GlyphRunBuilder, opacity: Double, _ l: TextLayout, at origin: Point) {
      guard opacity > 0, !glyphs.glyphs.isEmpty else { return }
      var c = ctx
      c.opacity *= opacity
      let bounds = Rect(origin: origin, size: Size(width: l.width, height: l.height))
      emitGlyphs(glyphs, fontSize: l.fontSize, paint, bounds, c)
    }
    if ctx.contentTransition != .identity, let fade = scene.contentFades[i]?.last(where: { $0.time <= time }) {
      let p = fade.progress.value(at: time).x
      if p < 1 {
        func scaled(_ w: Double, from s: Double) -> Double { s > 0 ? w * size / s : w }
        let old = layout(fade.old, width: scaled(fade.oldWidth, from: fade.oldSize), centered: true)
        let new = layout(string, width: scaled(fade.newWidth, from: fade.newSize), centered: true)
        if case .numericText(let down) = ctx.contentTransition, old.lines.count == 1, new.lines.count == 1 {
          roll(from: old, to: new, progress: p, countsDown: down)
        } else {
          fill(GlyphRunBuilder(old, at: centered(old)), opacity: 1 - p, old, at: centered(old))
          fill(GlyphRunBuilder(new, at: centered(new)), opacity: p, new, at: centered(new))
        }
        return
      }
    }
    // Each track settles when its own change is small enough, so a frame may still creep
    // toward the width of a text whose size or content has settled: half a point keeps its
    // last line from wrapping in that tail.
    let l = layout(string, width: still ? r.width : r.width + 0.5, centered: false)
    fill(GlyphRunBuilder(l, at: Point(x: r.minX, y: r.minY)), opacity: 1, l, at: Point(x: r.minX, y: r.minY))

    /// `numericText`: characters are matched from the end (the ones place with the ones
    /// place); a character in both texts slides from its old place to its new one, others
    /// roll by half a line (old up and out, new up and in when counting up) while they fade.
    func roll(from old: TextLayout, to new: TextLayout, progress p: Double, countsDown: Bool) {
      let o = old.lines[0].glyphs, n = new.lines[0].glyphs
      let oo = centered(old), no = centered(new)
      let shift = 0.5 * new.lineHeight * (countsDown ? -1 : 1)
      var staying = GlyphRunBuilder(), leaving = GlyphRunBuilder(), arriving = GlyphRunBuilder()
      for k in stride(from: 1, through: max(o.count, n.count), by: 1) {
        let a = o.count - k >= 0 ? o[o.count - k] : nil
        let b = n.count - k >= 0 ? n[n.count - k] : nil
        if let a, let b, a.glyph == b.glyph, a.face === b.face {
          let x = (oo.x + a.x) + (no.x + b.x - oo.x - a.x) * p, y = (oo.y + a.y) + (no.y + b.y - oo.y - a.y) * p
          staying.append(b, at: Point(x: x, y: y))
          continue
        }
        if let a { leaving.append(a, at: Point(x: oo.x + a.x, y: oo.y + a.y - shift * p)) }
        if let b { arriving.append(b, at: Point(x: no.x + b.x, y: no.y + b.y + shift * (1 - p))) }
      }
      fill(leaving, opacity: 1 - p, old, at: oo)
      fill(staying, opacity: 1, new, at: no)
      fill(arriving, opacity: p, new, at: no)
    }
  }
}

/// A text's glyphs being gathered for a ``GlyphRun``: each with its pen in local points and
/// its face, the faces listed once each.
struct GlyphRunBuilder {
  var faces: [any GlyphSource] = []
  var glyphs: [GlyphRun.Glyph] = []

  init() {}

  /// Every glyph of `layout`, its frame at `origin`.
  init(_ layout: TextLayout, at origin: Point) {
    for line in layout.lines {
      for g in line.glyphs { append(g, at: Point(x: origin.x + g.x, y: origin.y + g.y)) }
    }
  }

  mutating func append(_ g: TextLayout.PlacedGlyph, at pen: Point) {
    let face: Int
    if let k = faces.firstIndex(where: { $0 === g.face }) {
      face = k
    } else {
      face = faces.count
      faces.append(g.face)
    }
    glyphs.append(GlyphRun.Glyph(face: face, id: g.glyph, x: pen.x, y: pen.y))
  }
}

extension TrackBuilder {
  /// Records a fade for every text that is present before and after a transaction and
  /// shows another string after it, with the animation that applies to each (`animations`,
  /// in the order of `texts`; without one, the new text replaces the old at once, and a
  /// fade still running ends).
  mutating func recordContentChanges(
    from old: LayoutPass, to new: LayoutPass, at t: Double, _ k: Int, _ tx: Transaction,
    animations: [Animation?]
  ) throws(SceneError) {
    for ((i, content), animation) in zip(texts, animations) {
      guard case .text(let text) = table[i].node.kind else { continue }
      let font = text.font
      guard let before = old.rects[i], let after = new.rects[i] else { continue }
      let was = content.string(old.state), now = content.string(new.state)
      guard was != now else { continue }
      started(animation)
      var progress = AnimationTrack(initial: .zero)
      try spend(progress.set([1, 0, 0, 0], at: t, animation: animation), k, tx)
      contentFades[i, default: []].append(
        ContentFade(
          time: t, old: was, oldWidth: before[0].width, newWidth: after[0].width,
          oldSize: font.size.number(old.state), newSize: font.size.number(new.state), progress: progress))
    }
  }
}
