import FlipbookDisplayList
import FlipbookEngine
import FlipbookImage
import FlipbookRaster
import FlipbookScene
import FlipbookTestSupport
import Testing

/// `clipShape`, `cornerRadius` and `clipped` in scenes: decoding and encoding, where the clip is
/// laid (the layout rect at its place in the chain, moved by what comes after), animation of
/// its numbers, nesting, and opacity and groups around it.
@Suite struct ClipSceneTests {
  func scene(_ root: String, canvas: (Int, Int) = (200, 100), state: String = "{}", timeline: String = "[]") -> String {
    #"{"canvas": {"width": \#(canvas.0), "height": \#(canvas.1)}, "state": \#(state), "root": \#(root), "timeline": \#(timeline)}"#
  }

  /// The shapes of a list (inside layers too) with their rects mapped to pixels.
  func shapes(_ list: DisplayList) -> [(rect: Rect, item: ShapeItem)] {
    func flatten(_ items: [DisplayItem]) -> [ShapeItem] {
      items.flatMap { item -> [ShapeItem] in
        switch item {
        case .shape(let s): return [s]
        case .layer(let items, _, _, _): return flatten(items)
        case .glyphs: return []
        }
      }
    }
    return flatten(list.items).map { s in
      var r = Rect(x: 0, y: 0, width: 0, height: 0)
      switch s.geometry {
      case .rectangle(let x), .ellipse(let x), .capsule(let x), .roundedRectangle(let x, _, _): r = x
      case .path: break
      }
      let a = s.transform.apply(Point(x: r.minX, y: r.minY)), b = s.transform.apply(Point(x: r.maxX, y: r.maxY))
      return (Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y), s)
    }
  }

  /// The clipped layers of a list, outermost first (depth-first).
  func clips(_ items: [DisplayItem]) -> [(clip: Clip, items: [DisplayItem], opacity: Double)] {
    items.flatMap { item -> [(clip: Clip, items: [DisplayItem], opacity: Double)] in
      guard case .layer(let sub, let opacity, let clip, _) = item else { return [] }
      return (clip.map { [($0, sub, opacity)] } ?? []) + clips(sub)
    }
  }

  /// The clip's layout rect and its corners in pixels (for unrotated clips).
  func pixelRect(_ c: Clip) -> Rect {
    let r: Rect
    switch c.geometry {
    case .rectangle(let x), .ellipse(let x), .capsule(let x), .roundedRectangle(let x, _, _): r = x
    case .path: r = Rect(x: 0, y: 0, width: 0, height: 0)
    }
    let a = c.transform.apply(Point(x: r.minX, y: r.minY)), b = c.transform.apply(Point(x: r.maxX, y: r.maxY))
    return Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
  }

  func pixels(_ text: String, at t: Double = 0) throws -> [UInt8] {
    let s = try compile(text)
    var r = Rasterizer()
    var p = Pixmap(width: 0, height: 0)
    r.render(s.displayList(at: t), into: &p)
    return p.bytes
  }

  static let allForms = #"""
    {"canvas": {"width": 200, "height": 100}, "state": {"r": 4, "x": 30},
     "root": {"type": "hstack", "children": [
       {"type": "color", "color": "red", "modifiers": [{"frame": {"width": 20, "height": 20}}, {"clipShape": "circle"}]},
       {"type": "color", "color": "red", "modifiers": [{"clipShape": "ellipse"}, {"clipShape": "capsule"}, {"clipShape": "rectangle"}]},
       {"type": "color", "color": "red", "modifiers": [{"clipShape": {"roundedRectangle": {"cornerRadius": "$r", "style": "continuous"}}}]},
       {"type": "color", "color": "red", "modifiers": [{"clipShape": {"shape": {"path": {"d": "M0 0 L10 0 L0 10 Z", "viewBox": [0, 0, 10, 10]}}, "fillRule": "evenOdd"}}]},
       {"type": "color", "color": "red", "modifiers": [{"clipShape": {"path": {"commands": [{"move": [0, 0]}, {"line": ["$x", 0]}, {"line": [0, "$x"]}, {"close": true}], "fillRule": "evenOdd"}}}]},
       {"type": "color", "color": "red", "modifiers": [{"clipShape": {"shape": "circle", "fillRule": "nonZero"}}, {"cornerRadius": 6}, {"clipped": true}]}
     ]}}
    """#

  @Test func everyFormDecodesAndEncodesBackToTheSameScene() throws {
    let scene = try decodeScene(Self.allForms)
    let text = try SceneEncoder.encode(scene)
    let again = try decodeScene(text)
    #expect(again.root == scene.root)
    #expect(try SceneEncoder.encode(again) == text)
    // The forms are written as they were read.
    for fragment in [
      #""clipShape" : "circle""#, #""cornerRadius" : "$r""#, #""style" : "continuous""#, #""fillRule" : "evenOdd""#,
      #""d" : "M0 0 L10 0 L0 10 Z""#, #""clipped" : true"#, #""cornerRadius" : 6"#, #""fillRule" : "nonZero""#,
      #""line" : ["#,
    ] {
      #expect(text.replacingOccurrences(of: "\": ", with: "\" : ").contains(fragment), "\(fragment) in \(text)")
    }
    // The model: a path's values apart from its fixed structure; the wrapper's rule kept.
    guard case .hstack(let children, _, _) = scene.root.kind else { Issue.record("not a stack"); return }
    guard case .clipShape(let c) = children[4].modifiers[0].kind else { Issue.record("no clip"); return }
    #expect(c.values.count == 3 && c.values[1] == .point(x: .state("x"), y: .constant(.number(0))))
    #expect(c.fillRule == nil && c.pathShape?.fillRule == .evenOdd)
    guard case .clipShape(let w) = children[3].modifiers[0].kind else { Issue.record("no clip"); return }
    #expect(w.fillRule == .evenOdd && w.pathShape?.data == "M0 0 L10 0 L0 10 Z")
    _ = try compile(Self.allForms)
  }

  @Test func theClipIsLaidOverTheLayoutRectAndMovesWithWhatFollows() throws {
    // Frame, then clip, then offset: the clip is the frame's circle, moved by the offset; the
    // same pixels as a circle of that frame.
    let clipped = try pixels(
      scene(
        #"{"type": "rectangle", "modifiers": [{"fill": "red"}, {"frame": {"width": 80, "height": 80}}, {"frame": {"width": 60, "height": 40}}, {"clipShape": "circle"}, {"offset": {"x": 13.5, "y": -7.25}}, {"rotationEffect": 30}]}"#
      ))
    let circle = try pixels(
      scene(
        #"{"type": "circle", "modifiers": [{"fill": "red"}, {"frame": {"width": 60, "height": 40}}, {"offset": {"x": 13.5, "y": -7.25}}, {"rotationEffect": 30}]}"#
      ))
    // (The content overflows the clip, so every pixel the circle touches is fully inside it.)
    #expect(clipped.count == circle.count)
    #expect(zip(clipped, circle).filter { $0 != $1 }.count == 0)

    // An offset before the clip moves the content, not the clip.
    let s = try compile(
      scene(
        #"{"type": "rectangle", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"offset": {"x": 10}}, {"clipShape": "circle"}]}"#
      ))
    let list = s.displayList(at: 0)
    let c = try #require(clips(list.items).first)
    #expect(pixelRect(c.clip) == Rect(x: 80, y: 30, width: 40, height: 40))
    #expect(shapes(list)[0].rect == Rect(x: 90, y: 30, width: 40, height: 40))

    // Padding after the clip: the inner rect; before it: the padded rect.
    let inner = try compile(
      scene(
        #"{"type": "rectangle", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"clipShape": "circle"}, {"padding": 10}]}"#
      ))
    let outer = try compile(
      scene(
        #"{"type": "rectangle", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"padding": 10}, {"clipShape": "circle"}]}"#
      ))
    #expect(
      pixelRect(try #require(clips(inner.displayList(at: 0).items).first).clip)
        == Rect(x: 80, y: 30, width: 40, height: 40))
    #expect(
      pixelRect(try #require(clips(outer.displayList(at: 0).items).first).clip)
        == Rect(x: 70, y: 20, width: 60, height: 60))

    // `clipped` on a frame smaller than its content, on a 2× canvas.
    let small = try compile(
      #"{"canvas": {"width": 100, "height": 60, "scale": 2}, "root": {"type": "circle", "modifiers": [{"frame": {"width": 50, "height": 50}}, {"frame": {"width": 20.25, "height": 30}}, {"clipped": true}]}}"#
    )
    let k = try #require(clips(small.displayList(at: 0).items).first)
    #expect(k.clip.antialiased == false)
    #expect(pixelRect(k.clip) == Rect(x: 79.75, y: 30, width: 40.5, height: 60))
  }

  @Test func cornerRadiusAndClipNumbersAnimate() throws {
    let s = try compile(
      scene(
        #"{"type": "color", "color": "blue", "modifiers": [{"frame": {"width": 80, "height": 60}}, {"cornerRadius": "$r"}, {"clipShape": {"roundedRectangle": {"cornerRadius": "$r"}}}, {"clipShape": {"path": {"commands": [{"move": [0, 0]}, {"line": ["$x", 0]}, {"line": [0, 50]}, {"close": true}]}}}]}"#,
        state: #"{"r": 0, "x": 10}"#,
        timeline: #"[{"at": 1, "set": {"r": 20, "x": 70}, "animation": {"linear": {"duration": 2}}}]"#))
    func radii(_ t: Double) -> [Double] {
      clips(s.displayList(at: t).items).compactMap { c in
        if case .roundedRectangle(_, let r, _) = c.clip.geometry { return r }
        return nil
      }
    }
    func pathX(_ t: Double) -> Double? {
      for c in clips(s.displayList(at: t).items) {
        if case .path(let p) = c.clip.geometry, case .line(let q) = p.elements[1] { return q.x }
      }
      return nil
    }
    func near(_ a: [Double], _ b: [Double]) -> Bool {
      a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 }
    }
    #expect(near(radii(0), [0, 0]))
    #expect(near(radii(1.5), [5, 5]), "\(radii(1.5))")
    #expect(near(radii(2), [10, 10]), "\(radii(2))")
    #expect(near(radii(3.5), [20, 20]))
    // The path is in the view's own space: x from its layout rect's minX (60).
    #expect(near([pathX(0) ?? .nan], [60 + 10]), "\(String(describing: pathX(0)))")
    #expect(near([pathX(2) ?? .nan], [60 + 40]), "\(String(describing: pathX(2)))")
    #expect(near([pathX(3) ?? .nan], [60 + 70]), "\(String(describing: pathX(3)))")
    // `render curves` and `render info` name the clip's animated numbers.
    let labels = s.animatedValues(at: [0, 1, 2, 3]).map(\.label)
    #expect(labels.contains { $0.hasSuffix("clipShape path value 1") }, "\(labels)")
    #expect(labels.contains { $0.hasSuffix("clipShape cornerRadius") }, "\(labels)")
    #expect(labels.contains { $0.hasSuffix("cornerRadius") && !$0.contains("clipShape") }, "\(labels)")
    // Nesting order: the outermost modifier's clip is the outermost layer.
    let list = s.displayList(at: 2)
    let all = clips(list.items)
    #expect(all.count == 3)
    guard case .path = all[0].clip.geometry else { Issue.record("outermost is not the path"); return }
  }

  @Test func nestedClipsAndOpacityAndGroups() throws {
    // Opacity outside a clip reaches the shapes inside it; a group around a clip is a layer
    // with the group's opacity holding the clipped layer.
    let s = try compile(
      scene(
        #"{"type": "rectangle", "modifiers": [{"fill": "red"}, {"frame": {"width": 40, "height": 40}}, {"clipShape": "circle"}, {"cornerRadius": 3}, {"opacity": 0.5}, {"compositingGroup": true}, {"opacity": 0.8}]}"#
      ))
    let list = s.displayList(at: 0)
    guard case .layer(let groupItems, let groupOpacity, nil, _) = list.items.first else {
      Issue.record("no group: \(list.items)")
      return
    }
    #expect(groupOpacity == 0.8)
    let inner = clips(groupItems)
    #expect(inner.count == 2)
    #expect(inner.allSatisfy { $0.opacity == 1 })
    if case .roundedRectangle(_, let r, .circular) = inner[0].clip.geometry {
      #expect(r == 3)
    } else {
      Issue.record("outer clip is not the rounded rect")
    }
    #expect(shapes(list).first?.item.color.opacity == 0.5)

    // Pixels: a clip inside a clip keeps the intersection.
    let both = try pixels(
      scene(
        #"{"type": "rectangle", "modifiers": [{"fill": "red"}, {"frame": {"width": 40, "height": 40}}, {"clipShape": "circle"}, {"offset": {"x": 20}}, {"frame": {"width": 40, "height": 40}}, {"clipped": true}]}"#,
        canvas: (100, 50)))
    func alpha(_ x: Int, _ y: Int) -> UInt8 { both[(y * 100 + x) * 4 + 3] }
    #expect(alpha(55, 25) == 255)  // inside the moved circle and the frame
    #expect(alpha(75, 25) == 0)  // inside the moved circle, outside the clipped frame (30…70)
    #expect(alpha(40, 25) == 0)  // inside the frame, left of the circle (50…90)
  }

  @Test func clippedInsideATransitionMovesWithIt() throws {
    let s = try compile(
      scene(
        #"{"type": "if", "condition": "$on", "then": {"type": "color", "color": "red", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"cornerRadius": 8}, {"transition": {"move": "leading"}}]}}"#,
        state: #"{"on": false}"#,
        timeline: #"[{"at": 0, "set": {"on": true}, "animation": {"linear": {"duration": 1}}}]"#
      ))
    let start = pixelRect(try #require(clips(s.displayList(at: 0.5).items).first).clip)
    let end = pixelRect(try #require(clips(s.displayList(at: 1).items).first).clip)
    #expect(end == Rect(x: 80, y: 30, width: 40, height: 40))
    #expect(start == Rect(x: 60, y: 30, width: 40, height: 40))
  }
}
