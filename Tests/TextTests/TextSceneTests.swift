import FlipbookDisplayList
import FlipbookEngine
import FlipbookScene
import FlipbookTestSupport
import FlipbookImage
import FlipbookRaster
import FlipbookText
import Testing

/// Text nodes in scenes: decoding and its errors, fonts, layout in stacks, animation.
@Suite struct TextSceneTests {
  func scene(_ root: String, state: String = "{}", timeline: String = "[]", width: Int = 300) -> String {
    """
    {"version": 1, "canvas": {"width": \(width), "height": 200}, "fps": 10, "state": \(state),
     "root": \(root), "timeline": \(timeline)}
    """
  }

  /// The glyph runs of a frame as the paths of their outlines, with the opacity of their color.
  func paths(_ list: DisplayList) -> [(path: PathGeometry, opacity: Double)] {
    list.items.compactMap { item in
      guard case .glyphs(let run) = item else { return nil }
      return (run.path, run.color.opacity)
    }
  }

  func messages(_ text: String) -> String {
    do {
      _ = try compile(text)
      return ""
    } catch let error as SceneError {
      return error.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.path): \($0.message)" }
        .joined(separator: "\n")
    } catch {
      return "\(error)"
    }
  }

  @Test func numbersAreWrittenWithFixedDecimals() {
    #expect(TextContent.format(42.25, decimals: 1) == "42.2")
    #expect(TextContent.format(2.5, decimals: 0) == "2")
    #expect(TextContent.format(-0.04, decimals: 1) == "0.0")
    #expect(TextContent.format(-1.5, decimals: 0) == "-2")
    #expect(TextContent.format(0.05, decimals: 3) == "0.050")
    #expect(TextContent.format(1_234_567, decimals: 2) == "1234567.00")
  }

  @Test func unknownFamilyIsAnErrorNamingItAndNearMatches() {
    let m = messages(scene(#"{"type": "text", "text": "x", "font": {"size": 12, "family": "Intre"}}"#))
    #expect(m.contains("root.font.family"), "\(m)")
    #expect(m.contains("\"Intre\""), "\(m)")
    #expect(m.contains("\"Inter\""), "\(m)")
    #expect(m.hasPrefix("2:"), "\(m)")
  }

  @Test func badTextKeysAreErrorsWithTheirPaths() {
    let cases: [(String, String)] = [
      (#"{"type": "text"}"#, "missing required key \"text\""),
      (#"{"type": "text", "text": 3}"#, "root.text: expected a string or {\"number\": …}"),
      (#"{"type": "text", "text": "a", "font": "titel"}"#, "did you mean \"title\""),
      (#"{"type": "text", "text": "a", "font": {"weight": "fat"}}"#, "root.font.weight"),
      (#"{"type": "text", "text": "a", "lineLimit": 0}"#, "root.lineLimit"),
      (#"{"type": "text", "text": "a", "lineLimit": 1.5}"#, "root.lineLimit"),
      (#"{"type": "text", "text": {"number": 1, "decimals": 16}}"#, "root.text.decimals"),
      (#"{"type": "text", "text": "a", "multilineTextAlignment": "left"}"#, "root.multilineTextAlignment"),
      (#"{"type": "text", "text": {"number": "$missing"}}"#, "root.text.number"),
    ]
    for (root, expected) in cases {
      let m = messages(scene(root))
      #expect(m.contains(expected), "\(root): \(m)")
      #expect(m.split(separator: "\n").count == 1, "one error for \(root): \(m)")
    }
  }

  @Test func aMegabyteStringIsAClearError() {
    let big = String(repeating: "a", count: 1 << 20)
    let m = messages(scene(#"{"type": "text", "text": "\#(big)"}"#))
    #expect(m.contains("root.text: the text is 1048576 bytes"), "\(m.prefix(200))")
    #expect(m.contains("65536"))
  }

  @Test func encodingRoundTrips() throws {
    let text = scene(
      #"""
      {"type": "vstack", "children": [
        {"type": "text", "text": "a"},
        {"type": "text", "text": "b", "font": "headline", "lineLimit": 2, "multilineTextAlignment": "center", "lineSpacing": 4},
        {"type": "text", "text": {"number": "$n", "decimals": 2}, "font": {"size": 30, "weight": "bold", "design": "serif"}},
        {"type": "text", "text": "c", "font": {"size": 12, "family": "DejaVu Sans"}}]}
      """#, state: #"{"n": 1}"#)
    let a = try decodeScene(text)
    let b = try decodeScene(try SceneEncoder.encode(a))
    #expect(try SceneEncoder.encode(a) == SceneEncoder.encode(b))
    guard case .vstack(let children, _, _) = b.root.kind, case .text(let t) = children[1].kind else {
      Issue.record("not a stack of texts")
      return
    }
    #expect(t.font.style == .headline && t.lineLimit == 2 && t.alignment == .center)
  }

  @Test func textInAStackTakesItsMeasuredSize() throws {
    let face = try Reference.interRegular()
    let w = TextLayout(ShapedText.shape("Hello", primary: face), fontSize: 17, proposedWidth: .infinity)
    let compiled = try compile(
      scene(
        #"{"type": "hstack", "spacing": 0, "children": [{"type": "text", "text": "Hello"}, {"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}]}]}"#
      ))
    // The rectangle sits right after the text's width, the pair centered in the canvas.
    let list = compiled.displayList(at: 0)
    let rects = list.items.compactMap { item -> Rect? in
      guard case .shape(let s) = item, case .rectangle(let r) = s.geometry else { return nil }
      return r
    }
    let total = w.width + 10
    #expect(abs(rects[0].minX - ((300 - total) / 2 + w.width)) < 1e-9)
  }

  @Test func fontSizeAnimatesTheGlyphs() throws {
    // "H" from 20 to 40 points, linear over 1 s: at 0.5 s its cap height is that of 30 points.
    let compiled = try compile(
      scene(
        #"{"type": "text", "text": "H", "font": {"size": "$s"}}"#, state: #"{"s": 20}"#,
        timeline: #"[{"at": 0, "set": {"s": 40}, "animation": {"linear": {"duration": 1}}}]"#))
    let face = try Reference.interRegular()
    let capHeight =
      try #require(
        face.outline(face.glyph(for: "H")).compactMap { e -> Double? in
          if case .line(let p) = e { return p.y }
          if case .move(let p) = e { return p.y }
          return nil
        }.max()) / face.unitsPerEm
    for (t, size) in [(0.0, 20.0), (0.5, 30.0), (1.0, 40.0)] {
      let p = paths(compiled.displayList(at: t))
      let bounds = try #require(p.first?.path.bounds)
      #expect(abs(bounds.height - capHeight * size) < 1e-6, "t = \(t)")
    }
  }

  @Test func aContentChangeInAnAnimatedTransactionCrossfades() throws {
    let root = #"{"type": "text", "text": {"number": "$n"}}"#
    let animated = try compile(
      scene(
        root, state: #"{"n": 1}"#, timeline: #"[{"at": 0, "set": {"n": 2}, "animation": {"linear": {"duration": 1}}}]"#)
    )
    let mid = paths(animated.displayList(at: 0.25))
    #expect(mid.count == 2)
    #expect(abs(mid[0].opacity - 0.75) < 1e-6 && abs(mid[1].opacity - 0.25) < 1e-6, "\(mid.map(\.opacity))")
    #expect(paths(animated.displayList(at: 1)).count == 1)
    let instant = try compile(scene(root, state: #"{"n": 1}"#, timeline: #"[{"at": 0, "set": {"n": 2}}]"#))
    #expect(paths(instant.displayList(at: 0.25)).count == 1)
  }

  @Test func textIsFilledWithTheForegroundColor() throws {
    let compiled = try compile(
      scene(#"{"type": "text", "text": "x", "modifiers": [{"foregroundColor": "red"}]}"#))
    guard case .glyphs(let s) = compiled.displayList(at: 0).items.first else {
      Issue.record("nothing drawn")
      return
    }
    let red = try #require(Color.named["red"])
    #expect(abs(s.color.red - red.red) < 1e-9 && abs(s.color.green - red.green) < 1e-9)
    #expect(abs(s.color.blue - red.blue) < 1e-9 && s.color.opacity == 1)
  }

  @Test func identityReplacesTheTextAtOnce() throws {
    let compiled = try compile(
      scene(
        #"{"type": "text", "text": {"number": "$n"}, "modifiers": [{"contentTransition": "identity"}]}"#,
        state: #"{"n": 1}"#, timeline: #"[{"at": 0, "set": {"n": 2}, "animation": {"linear": {"duration": 1}}}]"#))
    #expect(paths(compiled.displayList(at: 0.5)).count == 1)
  }

  @Test func numericTextRollsChangedDigitsAndKeepsTheOthers() throws {
    // 19 → 20 counting up, linear over 1 s: at 0.25 s no digit is the same, so old "19" is
    // half a line × 0.25 above its place at 0.75 opacity and "20" half a line × 0.75 below.
    // 11 → 12: the tens digit stays at full opacity.
    func frame(_ from: Int, _ to: Int, _ transition: String) throws -> [(path: PathGeometry, opacity: Double)] {
      let compiled = try compile(
        scene(
          #"{"type": "text", "text": {"number": "$n"}, "modifiers": [{"contentTransition": \#(transition)}]}"#,
          state: #"{"n": \#(from)}"#,
          timeline: #"[{"at": 0, "set": {"n": \#(to)}, "animation": {"linear": {"duration": 1}}}]"#))
      return paths(compiled.displayList(at: 0.25))
    }
    let face = try Reference.interRegular()
    let lineHeight = (face.ascent + face.descent + face.leading) * 17
    let still = try frame(19, 20, #""opacity""#)
    let rolled = try frame(19, 20, #"{"numericText": {}}"#)
    #expect(rolled.count == 2)
    #expect(abs(rolled[0].opacity - 0.75) < 1e-6 && abs(rolled[1].opacity - 0.25) < 1e-6)
    let oldY = try #require(still[0].path.bounds).minY, newY = try #require(still[1].path.bounds).minY
    #expect(abs(try #require(rolled[0].path.bounds).minY - (oldY - 0.5 * lineHeight * 0.25)) < 1e-6)
    #expect(abs(try #require(rolled[1].path.bounds).minY - (newY + 0.5 * lineHeight * 0.75)) < 1e-6)
    let down = try frame(19, 20, #"{"numericText": {"countsDown": true}}"#)
    #expect(abs(try #require(down[1].path.bounds).minY - (newY - 0.5 * lineHeight * 0.75)) < 1e-6)
    // One digit stays: three paths (leaving, staying, arriving), the staying one opaque.
    let kept = try frame(11, 12, #"{"numericText": {}}"#)
    #expect(kept.count == 3)
    #expect(abs(kept[1].opacity - 1) < 1e-6)
  }

  @Test func badContentTransitionsAreErrors() {
    for (value, expected) in [
      (#""numeric""#, "root.modifiers[0].contentTransition: expected"),
      (#"{"numericText": {"down": true}}"#, "root.modifiers[0].contentTransition.numericText.down"),
      (#"{"numericText": {"countsDown": 1}}"#, "countsDown: expected a boolean"),
    ] {
      let m = messages(scene(#"{"type": "text", "text": "a", "modifiers": [{"contentTransition": \#(value)}]}"#))
      #expect(m.contains(expected), "\(value): \(m)")
    }
  }

  @Test func aNumberKeepsOneLineWhileItsFrameSettles() throws {
    // The fade (0 → 1) settles before the frame's width (a larger change) under one spring;
    // in that tail the frame is a little narrower than the new text, which must not wrap.
    for transition in [#""opacity""#, #"{"numericText": {}}"#] {
      let compiled = try compile(
        scene(
          #"{"type": "text", "text": {"number": "$n"}, "font": {"size": 56}, "modifiers": [{"contentTransition": \#(transition)}]}"#,
          state: #"{"n": 9}"#, timeline: #"[{"at": 0.1, "set": {"n": 42}, "animation": "snappy"}]"#))
      let face = try Reference.interRegular()
      let lineHeight = (face.ascent + face.descent + face.leading) * 56
      for f in 0..<compiled.frameCount {
        for p in paths(compiled.displayList(frame: f)) {
          #expect(try #require(p.path.bounds).height < lineHeight, "frame \(f)")
        }
      }
    }
  }

  @Test func aForEachOfStringsShowsEachElementsText() throws {
    // The same rows written out by hand and made by a forEach over the strings.
    let row = { (text: String) in #"{"type": "text", "text": "\#(text)", "modifiers": [{"padding": 4}]}"# }
    let byHand = try compile(
      scene(#"{"type": "vstack", "children": [\#(row("Milk")), \#(row("Eggs")), \#(row("Bread"))]}"#))
    let made = try compile(
      scene(
        #"{"type": "vstack", "children": [{"type": "forEach", "data": "$items", "content": \#(row("$item"))}]}"#,
        state: #"{"items": {"array": ["Milk", "Eggs", "Bread"]}}"#))
    let a = paths(byHand.displayList(at: 0)), b = paths(made.displayList(at: 0))
    #expect(a.count == 3 && b.count == 3)
    #expect(a.map(\.path) == b.map(\.path))
  }

  @Test func aStringVariableIsShownAndCrossfadesWhenItChanges() throws {
    // "$title" shows the variable's string: the same glyphs as the literal.
    let literal = try compile(scene(#"{"type": "text", "text": "Save"}"#))
    let root = #"{"type": "text", "text": "$title"}"#
    let state = #"{"title": {"string": "Save"}}"#
    let animated = try compile(
      scene(
        root, state: state,
        timeline: #"[{"at": 0, "set": {"title": "Saved"}, "animation": {"linear": {"duration": 1}}}]"#))
    #expect(paths(animated.displayList(at: 0)).map(\.path) == paths(literal.displayList(at: 0)).map(\.path))
    let mid = paths(animated.displayList(at: 0.25))
    #expect(mid.count == 2)
    #expect(abs(mid[0].opacity - 0.75) < 1e-6 && abs(mid[1].opacity - 0.25) < 1e-6, "\(mid.map(\.opacity))")
    let after = try compile(scene(#"{"type": "text", "text": "Saved"}"#))
    #expect(paths(animated.displayList(at: 1)).map(\.path) == paths(after.displayList(at: 0)).map(\.path))
  }

  @Test func textReferencesThatAreNotStringsAreErrors() {
    let number = messages(scene(#"{"type": "text", "text": "$n"}"#, state: #"{"n": 3}"#))
    #expect(
      number.contains(#"state variable "n" is a number; a text shows a number with {"number": "$n"}"#), "\(number)")
    let missing = messages(scene(#"{"type": "text", "text": "$titel"}"#, state: #"{"title": {"string": "a"}}"#))
    #expect(missing.contains(#"undeclared state variable "titel""#) && missing.contains("title"), "\(missing)")
    // A dollar sign that does not start a name is text.
    #expect(messages(scene(#"{"type": "text", "text": "$5 off"}"#)) == "")
  }

  @Test func aForEachOfNumbersShowsWholeNumbersAndIndices() throws {
    let made = try compile(
      scene(
        #"{"type": "vstack", "children": [{"type": "forEach", "data": [7, 42], "content": {"type": "hstack", "children": [{"type": "text", "text": "$index"}, {"type": "text", "text": "$item"}]}}]}"#
      ))
    let byHand = try compile(
      scene(
        #"{"type": "vstack", "children": [{"type": "hstack", "children": [{"type": "text", "text": "0"}, {"type": "text", "text": "7"}]}, {"type": "hstack", "children": [{"type": "text", "text": "1"}, {"type": "text", "text": "42"}]}]}"#
      ))
    #expect(paths(made.displayList(at: 0)).map(\.path) == paths(byHand.displayList(at: 0)).map(\.path))
  }

  @Test func aStringReferenceRoundTrips() throws {
    let text = scene(#"{"type": "text", "text": "$title"}"#, state: #"{"title": {"string": "Hi"}}"#)
    let decoded = try decodeScene(text)
    let encoded = try SceneEncoder.encode(decoded)
    #expect(encoded.contains(#""text": "$title""#))
    #expect(try SceneEncoder.encode(try decodeScene(encoded)) == encoded)
  }

  /// A 1080p frame of 300 labels is drawn, not refused as over the work limit: glyph runs are
  /// overlap-free, so they take the plain accumulation instead of the sweep (whose work, for
  /// thousands of finely flattened glyphs with counters, once exceeded the frame's budget at
  /// about 120 labels).
  @Test func aFrameOfManyLabelsIsDrawn() throws {
    var children: [String] = []
    for i in 0..<300 {
      let x = Double(i % 6) * 300, y = Double(i / 6) * 21
      children.append(
        #"{"type": "text", "text": "Notifications Calendar Meeting \#(i)", "font": {"size": 30}, "modifiers": [{"offset": {"x": \#(x), "y": \#(y)}}]}"#
      )
    }
    let s = try compile(
      #"{"canvas": {"width": 1920, "height": 1080}, "root": {"type": "zstack", "alignment": "topLeading", "children": [\#(children.joined(separator: ", "))], "modifiers": [{"frame": {"width": 1920, "height": 1080, "alignment": "topLeading"}}]}}"#
    )
    let list = s.displayList(at: 0)
    #expect(paths(list).allSatisfy { $0.path.overlapFree })
    var r = Rasterizer()
    var p = Pixmap(width: 0, height: 0)
    r.render(list, into: &p)
    #expect(!r.exceededWorkLimit)
    // Ink where the first label's first glyph is.
    #expect((0..<40).contains { x in (0..<30).contains { y in p.pixel(x: x, y: y).a > 200 } })
  }
}
