import Testing
import FlipbookImage
import FlipbookDisplayList
import FlipbookEngine
import FlipbookScene
import FlipbookTestSupport

/// The shapes of a display list with their rects mapped to pixels (for unrotated shapes).
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
    let r: Rect
    switch s.geometry {
    case .rectangle(let x), .ellipse(let x), .capsule(let x), .roundedRectangle(let x, _, _): r = x
    case .path: r = Rect(x: 0, y: 0, width: 0, height: 0)  // no layout rect
    }
    let a = s.transform.apply(Point(x: r.minX, y: r.minY))
    let b = s.transform.apply(Point(x: r.maxX, y: r.maxY))
    return (Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y), s)
  }
}

func scene(_ root: String, canvas: (Int, Int) = (200, 100), state: String = "{}", timeline: String = "[]") -> String {
  #"{"canvas": {"width": \#(canvas.0), "height": \#(canvas.1)}, "state": \#(state), "root": \#(root), "timeline": \#(timeline)}"#
}

@Suite struct EngineTests {
  @Test func modifierOrderMatchesSwiftUI() throws {
    // [offset 50, scaleEffect 2] moves 100; [scaleEffect 2, offset 50] moves 50.
    let a = try compile(
      scene(
        #"{"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": {"x": 50}}, {"scaleEffect": 2}]}"#
      ))
    let b = try compile(
      scene(
        #"{"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"scaleEffect": 2}, {"offset": {"x": 50}}]}"#
      ))
    let ra = shapes(a.displayList(frame: 0))[0].rect
    let rb = shapes(b.displayList(frame: 0))[0].rect
    // Unmoved, the 10×10 square is centered in the 200×100 canvas at (95, 45); scaled 2×
    // about its center it spans (90, 40)–(110, 60).
    #expect(ra == Rect(x: 190, y: 40, width: 20, height: 20))
    #expect(rb == Rect(x: 140, y: 40, width: 20, height: 20))
  }

  @Test func shapesTakeTheProposedSizeAndCirclesAreInscribed() throws {
    let c = try compile(scene(#"{"type": "circle", "modifiers": [{"fill": "red"}]}"#))
    let s = shapes(c.displayList(frame: 0))
    #expect(s.count == 1)
    #expect(s[0].rect == Rect(x: 50, y: 0, width: 100, height: 100))
    let color = s[0].item.color
    #expect(
      close(color.red, 1) && close(color.green, 0x3B / 255.0) && close(color.blue, 0x30 / 255.0) && color.opacity == 1)
  }

  @Test func framesAlignTheirContent() throws {
    let c = try compile(
      scene(
        #"{"type": "rectangle", "modifiers": [{"frame": {"width": 20, "height": 10}}, {"frame": {"width": 100, "height": 50, "alignment": "bottomTrailing"}}]}"#
      ))
    // The outer frame is centered: (50, 25)–(150, 75); the inner sits at its bottom trailing corner.
    #expect(shapes(c.displayList(frame: 0))[0].rect == Rect(x: 130, y: 65, width: 20, height: 10))
  }

  @Test func paddingAndPosition() throws {
    let c = try compile(
      scene(
        #"{"type": "zstack", "children": [{"type": "rectangle", "modifiers": [{"padding": 10}, {"frame": {"width": 50, "height": 40}}]}, {"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"position": [20, 30]}]}]}"#
      ))
    let s = shapes(c.displayList(frame: 0))
    #expect(s[0].rect == Rect(x: 85, y: 40, width: 30, height: 20))
    #expect(s[1].rect == Rect(x: 15, y: 25, width: 10, height: 10))
  }

  @Test func stacksShareSpaceLikeSwiftUI() throws {
    // A fixed 30-wide child and two flexible ones in 200 points with spacing 10:
    // the flexible ones share 200 − 30 − 20 = 150.
    let c = try compile(
      scene(
        #"{"type": "hstack", "spacing": 10, "children": [{"type": "rectangle"}, {"type": "rectangle", "modifiers": [{"frame": {"width": 30, "height": 20}}]}, {"type": "circle"}]}"#
      ))
    let s = shapes(c.displayList(frame: 0)).map(\.rect)
    #expect(s[0] == Rect(x: 0, y: 0, width: 75, height: 100))
    #expect(s[1] == Rect(x: 85, y: 40, width: 30, height: 20))
    #expect(s[2] == Rect(x: 125, y: 0, width: 75, height: 100).insetToSquare)
  }

  @Test func vstackAlignmentAndEmptyChildren() throws {
    let c = try compile(
      scene(
        #"{"type": "vstack", "alignment": "leading", "spacing": 5, "children": [{"type": "rectangle", "modifiers": [{"frame": {"width": 40, "height": 10}}]}, {"type": "empty"}, {"type": "if", "condition": "$no", "then": {"type": "rectangle"}}, {"type": "rectangle", "modifiers": [{"frame": {"width": 20, "height": 10}}]}]}"#,
        state: #"{"no": false}"#))
    let s = shapes(c.displayList(frame: 0)).map(\.rect)
    // Stack is 40×25 (no spacing for the empty view or the absent branch), centered.
    #expect(s == [Rect(x: 80, y: 37.5, width: 40, height: 10), Rect(x: 80, y: 52.5, width: 20, height: 10)])
  }

  @Test func overlayAndBackgroundAreSizedToTheView() throws {
    let c = try compile(
      scene(
        #"{"type": "rectangle", "modifiers": [{"fill": "red"}, {"frame": {"width": 40, "height": 20}}, {"background": {"node": {"type": "color", "color": "blue"}}}, {"overlay": {"node": {"type": "circle", "modifiers": [{"frame": {"width": 10, "height": 10}}]}, "alignment": "trailing"}}]}"#
      ))
    let s = shapes(c.displayList(frame: 0))
    #expect(
      s.map(\.rect) == [
        Rect(x: 80, y: 40, width: 40, height: 20), Rect(x: 80, y: 40, width: 40, height: 20),
        Rect(x: 110, y: 45, width: 10, height: 10),
      ])
    #expect(close(s[0].item.color.blue, 1), "the background is drawn first")
  }

  @Test func zIndexOrdersSiblings() throws {
    let c = try compile(
      scene(
        #"{"type": "zstack", "children": [{"type": "color", "color": "red", "modifiers": [{"zIndex": 1}]}, {"type": "color", "color": "blue"}]}"#
      ))
    let blues = shapes(c.displayList(frame: 0)).map(\.item.color.blue)
    #expect(blues.count == 2 && close(blues[0], 1) && close(blues[1], 0x30 / 255.0))
  }

  @Test func opacityMultipliesAndCompositingGroupMakesALayer() throws {
    let c = try compile(
      scene(
        #"{"type": "zstack", "modifiers": [{"opacity": 0.5}, {"compositingGroup": true}, {"opacity": 0.5}], "children": [{"type": "circle", "modifiers": [{"opacity": 0.5}]}]}"#
      ))
    let list = c.displayList(frame: 0)
    guard case .layer(let items, let opacity, _, _) = list.items.first, case .shape(let s) = items.first else {
      Issue.record("expected a layer holding the circle, got \(list.items)")
      return
    }
    #expect(opacity == 0.5)
    #expect(s.color.opacity == 0.25)
  }

  @Test func canvasScaleMapsPointsToPixels() throws {
    let c = try compile(
      #"{"canvas": {"width": 100, "height": 50, "scale": 2}, "root": {"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}]}}"#
    )
    let list = c.displayList(frame: 0)
    #expect(list.width == 200 && list.height == 100)
    #expect(shapes(list)[0].rect == Rect(x: 90, y: 40, width: 20, height: 20))
  }

  @Test func timelineChangesApplyAtTheirTime() throws {
    let c = try compile(
      scene(
        #"{"type": "rectangle", "modifiers": [{"frame": {"width": "$w", "height": 10}}]}"#, state: #"{"w": 10}"#,
        timeline: #"[{"at": 1, "set": {"w": 30}}]"#))
    #expect(shapes(c.displayList(at: 0.99))[0].rect.width == 10)
    #expect(shapes(c.displayList(at: 1))[0].rect.width == 30)
    #expect(c.frameCount == 31, "duration auto: the last event at 1 s at 30 fps")
  }
}

extension Rect {
  /// The centered square inside the rect (where a circle is drawn).
  var insetToSquare: Rect {
    let d = min(width, height)
    return Rect(x: midX - d / 2, y: midY - d / 2, width: d, height: d)
  }
}

/// Colors pass through linear sRGB (where they animate), so they come back within rounding.
func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-12 }
