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
  static func resolveFonts(_ table: NodeTable, library: FontLibrary = .shared) throws(SceneError) -> [Int: FontFace] {
    var fonts: [Int: FontFace] = [:]
    var diagnostics: [Diagnostic] = []
    for i in 0..<table.count {
      guard case .text(let text) = table[i].node.kind else { continue }
      let font = text.font
      let request = FontRequest(family: font.family ?? font.design.family, weight: font.weight.openTypeWeight)
      do {
        fonts[i] = try library.face(request)
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
    return TextLayout(
      shaped, fontSize: text.font.size.number(state), proposedWidth: p.width, proposedHeight: p.height,
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
  /// Draws a text node: its glyphs as one path, filled with the foreground paint; during a
  /// content fade, the old text at 1 − p of the opacity under the new at p, each laid out in
  /// its own width and centered in the animated frame.
  mutating func drawText(_ i: Int, _ text: TextNode, _ ctx: CompiledScene.DrawContext) {
    let r = rect(i, 0)
    let size = scene.attribute(AttributeKey(i, -1, 0), at: time).x
    let spacing = scene.attribute(AttributeKey(i, -1, 1), at: time).x
    let paint = ctx.foreground ?? .color(.black)
    let string = text.content.string(state)
    func draw(_ s: String, width: Double, opacity: Double, centered: Bool) {
      guard opacity > 0 else { return }
      let layout = TextLayout(
        table.shapedText(i, s), fontSize: size, proposedWidth: width,
        proposedHeight: centered ? .infinity : r.height, lineLimit: text.lineLimit, lineSpacing: spacing,
        alignment: text.alignment.lines)
      let origin =
        centered
        ? Point(x: r.midX - layout.width / 2, y: r.midY - layout.height / 2) : Point(x: r.minX, y: r.minY)
      var c = ctx
      c.opacity *= opacity
      let path = layout.path(at: origin)
      guard !path.elements.isEmpty else { return }
      emit(.path(path), .fill, paint, Rect(origin: origin, size: Size(width: layout.width, height: layout.height)), c)
    }
    if let fade = scene.contentFades[i]?.last(where: { $0.time <= time }) {
      let p = fade.progress.value(at: time).x
      if p < 1 {
        func scaled(_ w: Double, from s: Double) -> Double { s > 0 ? w * size / s : w }
        draw(fade.old, width: scaled(fade.oldWidth, from: fade.oldSize), opacity: 1 - p, centered: true)
        draw(string, width: scaled(fade.newWidth, from: fade.newSize), opacity: p, centered: true)
        return
      }
    }
    draw(string, width: r.width, opacity: 1, centered: false)
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
      var progress = AnimationTrack(initial: .zero)
      try spend(progress.set([1, 0, 0, 0], at: t, animation: animation), k, tx)
      contentFades[i, default: []].append(
        ContentFade(
          time: t, old: was, oldWidth: before[0].width, newWidth: after[0].width,
          oldSize: font.size.number(old.state), newSize: font.size.number(new.state), progress: progress))
    }
  }
}
