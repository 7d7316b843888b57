import Testing
import FlipbookDisplayList
import FlipbookEngine
import FlipbookScene
import FlipbookTestSupport

/// `forEach` as SwiftUI's `ForEach(data, id: \.self)`: elements found by value, inserted and
/// removed with transitions, moved with the transaction's animation. Expected rects are
/// computed here from the stack rule (children stacked from the top of the centered stack,
/// spacing between them) and the linear curve (progress = elapsed / duration).
@Suite struct ForEachTests {
  /// Each letter's color: a view's identity shows in its color.
  static let fill =
    ##"{"if": {"eq": ["$item", "a"]}, "then": "#FF0000", "else": {"if": {"eq": ["$item", "b"]}, "then": "#00FF00", "else": {"if": {"eq": ["$item", "c"]}, "then": "#0000FF", "else": "#FFFF00"}}}"##
  static let linear = #"{"linear": {"duration": 1}}"#

  /// A vstack (spacing 10) of 100×20 rectangles, one per element of `items`.
  static func list(_ items: String, timeline: String, transition: String = "\"opacity\"") -> String {
    scene(
      #"""
      {"type": "vstack", "spacing": 10, "children": [{"type": "forEach", "data": "$items", "content":
        {"type": "rectangle", "modifiers": [{"fill": \#(fill)}, {"frame": {"width": 100, "height": 20}}, {"transition": \#(transition)}]}}]}
      """#, canvas: (200, 100), state: #"{"items": {"array": \#(items)}}"#, timeline: timeline)
  }

  /// The letter a shape was filled for (colors pass through linear sRGB, so they are rounded).
  static func letter(_ s: ShapeItem) -> String {
    let c = s.color
    switch (c.red.rounded(), c.green.rounded(), c.blue.rounded()) {
    case (1, 0, 0): return "a"
    case (0, 1, 0): return "b"
    case (0, 0, 1): return "c"
    case (1, 1, 0): return "d"
    default: return "? \(c)"
    }
  }

  /// The top of slot k of a stack of n 20-point rows with spacing 10, centered in 100 points.
  static func top(_ k: Int, of n: Int) -> Double {
    let height = Double(n) * 20 + Double(n - 1) * 10
    return (100 - height) / 2 + Double(k) * 30
  }

  @Test func elementsStackInDataOrder() throws {
    let c = try compile(Self.list(#"["a", "b", "c"]"#, timeline: "[]"))
    let s = shapes(c.displayList(at: 0))
    #expect(s.map { Self.letter($0.item) } == ["a", "b", "c"])
    #expect(s.map(\.rect.minY) == [Self.top(0, of: 3), Self.top(1, of: 3), Self.top(2, of: 3)])
    #expect(s.allSatisfy { $0.rect.minX == 50 && $0.rect.width == 100 })
  }

  @Test func removedElementsLeaveWithTheirTransitionAndOthersMove() throws {
    let c = try compile(
      Self.list(
        #"["a", "b", "c"]"#, timeline: #"[{"at": 0, "set": {"items": ["c", "a"]}, "animation": \#(Self.linear)}]"#))
    // Halfway: c moves from slot 2 of 3 to slot 0 of 2, a from slot 0 of 3 to slot 1 of 2;
    // b stays where it was, half faded, drawn where it stood (below a, which took its slot 1).
    let mid = shapes(c.displayList(at: 0.5))
    #expect(mid.map { Self.letter($0.item) } == ["c", "b", "a"])
    #expect(mid[0].rect.minY == (Self.top(2, of: 3) + Self.top(0, of: 2)) / 2)
    #expect(mid[2].rect.minY == (Self.top(0, of: 3) + Self.top(1, of: 2)) / 2)
    #expect(mid[1].rect.minY == Self.top(1, of: 3) && mid[1].item.color.opacity == 0.5)
    #expect(mid[0].item.color.opacity == 1 && mid[2].item.color.opacity == 1)
    // Drawn until its removal finishes, then gone.
    #expect(shapes(c.displayList(at: 0.99)).count == 3)
    let end = shapes(c.displayList(at: 1))
    #expect(end.map { Self.letter($0.item) } == ["c", "a"])
    #expect(end.map(\.rect.minY) == [Self.top(0, of: 2), Self.top(1, of: 2)])
    #expect(c.duration == 1)
  }

  @Test func insertedElementsArriveInPlaceWithTheirTransition() throws {
    let c = try compile(
      Self.list(
        #"["a", "b"]"#, timeline: #"[{"at": 1, "set": {"items": ["a", "d", "b"]}, "animation": \#(Self.linear)}]"#,
        transition: #"{"move": "leading"}"#))
    let mid = shapes(c.displayList(at: 1.5))
    #expect(mid.map { Self.letter($0.item) } == ["a", "d", "b"])
    // d is laid out in slot 1 of 3 at once; `move(edge: .leading)` offsets it by its own width,
    // half of it at half the animation.
    #expect(mid[1].rect.minY == Self.top(1, of: 3))
    #expect(mid[1].rect.minX == 50 - 100 * 0.5)
    // b moves from slot 1 of 2 to slot 2 of 3.
    #expect(mid[2].rect.minY == (Self.top(1, of: 2) + Self.top(2, of: 3)) / 2)
    #expect(shapes(c.displayList(at: 2))[1].rect.minX == 50)
  }

  @Test func withoutAnimationTheListChangesAtOnce() throws {
    let c = try compile(Self.list(#"["a", "b", "c"]"#, timeline: #"[{"at": 1, "set": {"items": ["b"]}}]"#))
    let after = shapes(c.displayList(at: 1))
    #expect(after.map { Self.letter($0.item) } == ["b"])
    #expect(after[0].rect.minY == Self.top(0, of: 1))
  }

  @Test func indexFollowsTheElementsPosition() throws {
    // Opacity 1 for the first element, 0.5 for the others: it changes as elements move.
    let c = try compile(
      scene(
        #"""
        {"type": "hstack", "children": [{"type": "forEach", "data": "$items", "content":
          {"type": "rectangle", "modifiers": [{"fill": \#(Self.fill)}, {"opacity": {"if": {"eq": ["$index", 0]}, "then": 1, "else": 0.5}}, {"frame": {"width": 10, "height": 10}}]}}]}
        """#, state: #"{"items": {"array": ["a", "b"]}}"#, timeline: #"[{"at": 1, "set": {"items": ["b", "a"]}}]"#))
    let before = shapes(c.displayList(at: 0)).map { (Self.letter($0.item), $0.item.color.opacity) }
    let after = shapes(c.displayList(at: 1)).map { (Self.letter($0.item), $0.item.color.opacity) }
    #expect(before.map(\.0) == ["a", "b"] && before.map(\.1) == [1, 0.5])
    #expect(after.map(\.0) == ["b", "a"] && after.map(\.1) == [1, 0.5])
  }

  @Test func duplicatesAreDistinctElementsCountedInOrder() throws {
    // ["a", "b", "a"] → ["b", "a"]: identity is (value, occurrence), so the second "a" leaves
    // and the first moves from slot 0 to slot 1.
    let c = try compile(
      Self.list(
        #"["a", "b", "a"]"#, timeline: #"[{"at": 0, "set": {"items": ["b", "a"]}, "animation": \#(Self.linear)}]"#))
    #expect(shapes(c.displayList(at: 0)).count == 3)
    let mid = shapes(c.displayList(at: 0.5))
    let leaving = try #require(mid.first { $0.item.color.opacity == 0.5 })
    #expect(Self.letter(leaving.item) == "a" && leaving.rect.minY == Self.top(2, of: 3))
    let moving = try #require(mid.first { Self.letter($0.item) == "a" && $0.item.color.opacity == 1 })
    #expect(moving.rect.minY == (Self.top(0, of: 3) + Self.top(1, of: 2)) / 2)
    #expect(shapes(c.displayList(at: 1)).map { Self.letter($0.item) } == ["b", "a"])
  }

  @Test func nestedForEachNamesTheInnerElement() throws {
    // Two rows of three 10×10 squares, spacing 0; the inner `$item` is the column (1…3), so
    // the square's width is 10 × column.
    let c = try compile(
      scene(
        #"""
        {"type": "vstack", "spacing": 0, "children": [{"type": "forEach", "data": ["r1", "r2"], "content":
          {"type": "hstack", "spacing": 0, "children": [{"type": "forEach", "data": [1, 2, 3], "content":
            {"type": "rectangle", "modifiers": [{"frame": {"width": {"if": {"eq": ["$item", 1]}, "then": 10, "else": {"if": {"eq": ["$item", 2]}, "then": 20, "else": 30}}, "height": 10}}]}}]}}]}
        """#))
    let s = shapes(c.displayList(at: 0))
    #expect(s.count == 6)
    // Rows are 60 wide and 10 tall, the pair centered in 200×100: x from 70, y from 40.
    #expect(s.map(\.rect.minX) == [70, 80, 100, 70, 80, 100])
    #expect(s.map(\.rect.width) == [10, 20, 30, 10, 20, 30])
    #expect(s.map(\.rect.minY) == [40, 40, 40, 50, 50, 50])
  }

  @Test func inAZStackElementsOverlapInDataOrder() throws {
    let c = try compile(
      scene(
        #"""
        {"type": "zstack", "children": [{"type": "forEach", "data": "$items", "content":
          {"type": "rectangle", "modifiers": [{"fill": \#(Self.fill)}, {"frame": {"width": 20, "height": 20}}]}}]}
        """#, state: #"{"items": {"array": ["a", "b"]}}"#, timeline: #"[{"at": 1, "set": {"items": ["b", "a"]}}]"#))
    #expect(shapes(c.displayList(at: 0)).map { Self.letter($0.item) } == ["a", "b"])
    #expect(shapes(c.displayList(at: 1)).map { Self.letter($0.item) } == ["b", "a"])
    #expect(shapes(c.displayList(at: 1)).allSatisfy { $0.rect == Rect(x: 90, y: 40, width: 20, height: 20) })
  }

  @Test func tooManyViewsOverTheTimelineIsAnErrorNamingTheForEach() throws {
    // 10,000 elements (the most an array holds) of 11 views each is 110,000 views.
    let items = (0..<SceneLimits.maxArrayElements).map { "\($0)" }.joined(separator: ",")
    let children = Array(repeating: #"{"type": "rectangle"}"#, count: 10).joined(separator: ",")
    let text = scene(
      #"{"type": "vstack", "children": [{"type": "forEach", "data": [\#(items)], "content": {"type": "zstack", "children": [\#(children)]}}]}"#
    )
    #expect(throws: SceneError.self) { try compile(text) }
    do {
      _ = try compile(text)
    } catch let error as SceneError {
      let message = error.diagnostics.first?.description ?? ""
      #expect(message.contains("root.children[0]") && message.contains("more than \(SceneLimits.maxNodes) views"))
    }
  }
}
