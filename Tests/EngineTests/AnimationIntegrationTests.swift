import Testing
import FlipbookImage
import FlipbookDisplayList
import FlipbookEngine
import FlipbookScene
import RealModule
import FlipbookTestSupport

/// How the engine's tracks drive a scene: which animation applies to which change.
@Suite struct AnimationIntegrationTests {
  let linear1 = #"{"linear": {"duration": 1}}"#

  @Test func explicitAnimationMovesGeometry() throws {
    let c = try compile(
      scene(
        #"{"type": "rectangle", "modifiers": [{"frame": {"width": "$w", "height": 10}}]}"#,
        state: #"{"w": 10}"#, timeline: #"[{"at": 1, "set": {"w": 30}, "animation": \#(linear1)}]"#))
    #expect(shapes(c.displayList(at: 1))[0].rect.width == 10)
    #expect(abs(shapes(c.displayList(at: 1.5))[0].rect.width - 20) < 1e-9)
    #expect(shapes(c.displayList(at: 2))[0].rect.width == 30)
    #expect(c.duration == 2)
  }

  @Test func implicitAnimationAppliesOnlyWhenItsValueChanges() throws {
    let root =
      #"{"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": {"x": "$x"}}, {"animation": {"curve": \#(linear1), "value": "$x"}}, {"opacity": "$o"}]}"#
    let c = try compile(
      scene(
        root, state: #"{"x": 0, "o": 1}"#,
        timeline: #"""
          [{"at": 0, "set": {"x": 100}},
           {"at": 2, "set": {"o": 0.5}},
           {"at": 3, "set": {"x": 0}, "disablesAnimations": true}]
          """#))
    #expect(
      abs(shapes(c.displayList(at: 0.5))[0].rect.minX - (95 + 50)) < 1e-9,
      "no explicit animation, the implicit one animates x")
    #expect(
      shapes(c.displayList(at: 2))[0].item.color.opacity == 0.5, "opacity sits outside the animation modifier: it jumps"
    )
    #expect(shapes(c.displayList(at: 3))[0].rect.minX == 95, "disablesAnimations turns the implicit animation off")
  }

  @Test func nullImplicitAnimationDisablesTheTransactions() throws {
    let root =
      #"{"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": {"x": "$x"}}, {"animation": {"curve": null, "value": "$x"}}]}"#
    let c = try compile(
      scene(root, state: #"{"x": 0}"#, timeline: #"[{"at": 0, "set": {"x": 100}, "animation": \#(linear1)}]"#))
    #expect(shapes(c.displayList(at: 0.5))[0].rect.minX == 195)
  }

  @Test func crossfadeMidpoint() throws {
    let root =
      #"{"type": "if", "condition": "$a", "then": {"type": "color", "color": "red"}, "else": {"type": "color", "color": "blue"}}"#
    let c = try compile(
      scene(root, state: #"{"a": true}"#, timeline: #"[{"at": 1, "set": {"a": false}, "animation": \#(linear1)}]"#))
    #expect(shapes(c.displayList(at: 0.5)).count == 1)
    let mid = shapes(c.displayList(at: 1.5))
    #expect(mid.count == 2)
    #expect(close(mid[0].item.color.red, 1) && mid[0].item.color.opacity == 0.5, "the removed view, below")
    #expect(close(mid[1].item.color.blue, 1) && mid[1].item.color.opacity == 0.5, "the inserted view, on top")
    let end = shapes(c.displayList(at: 2))
    #expect(end.count == 1 && close(end[0].item.color.blue, 1) && end[0].item.color.opacity == 1)
    #expect(c.duration == 2)
  }

  @Test func withoutAnimationAFlipIsInstant() throws {
    let root =
      #"{"type": "if", "condition": "$a", "then": {"type": "color", "color": "red"}, "else": {"type": "color", "color": "blue"}}"#
    let c = try compile(scene(root, state: #"{"a": true}"#, timeline: #"[{"at": 1, "set": {"a": false}}]"#))
    let s = shapes(c.displayList(at: 1))
    #expect(s.count == 1 && close(s[0].item.color.blue, 1))
  }

  @Test func scaleAndMoveTransitions() throws {
    let root =
      #"{"type": "if", "condition": "$a", "then": {"type": "rectangle", "modifiers": [{"frame": {"width": 20, "height": 10}}, {"transition": {"asymmetric": {"insertion": "scale", "removal": {"move": "trailing"}}}}]}}"#
    let c = try compile(
      scene(
        root, state: #"{"a": false}"#,
        timeline:
          #"[{"at": 0, "set": {"a": true}, "animation": \#(linear1)}, {"at": 2, "set": {"a": false}, "animation": \#(linear1)}]"#
      ))
    let half = shapes(c.displayList(at: 0.5))[0].rect
    let expected = 1e-5 + (1 - 1e-5) * 0.5
    #expect(abs(half.width - 20 * expected) < 1e-9 && abs(half.midX - 100) < 1e-9, "scaled about the center")
    let leaving = shapes(c.displayList(at: 2.5))[0].rect
    #expect(abs(leaving.minX - (90 + 10)) < 1e-9, "moved half its width toward the trailing edge")
    #expect(shapes(c.displayList(at: 3)).isEmpty)
  }

  @Test func colorsInterpolateInLinearSRGB() throws {
    let root = #"{"type": "color", "color": "$c"}"#
    let c = try compile(
      scene(
        root, state: ##"{"c": "#FF0000"}"##,
        timeline: ##"[{"at": 0, "set": {"c": "#0000FF"}, "animation": \##(linear1)}]"##))
    let mid = shapes(c.displayList(at: 0.5))[0].item.color
    // Halfway in linear light is 0.5, which encodes to about 0.7354 (not 0.5).
    let encodedHalf = 1.055 * Double.pow(0.5, 1 / 2.4) - 0.055
    #expect(abs(mid.red - encodedHalf) < 1e-9 && abs(mid.blue - encodedHalf) < 1e-9 && abs(mid.green) < 1e-9)
  }

  @Test func springScaleOvershootsAndSettles() throws {
    let root = #"{"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"scaleEffect": "$s"}]}"#
    let c = try compile(
      scene(
        root, state: #"{"s": 1}"#,
        timeline: #"[{"at": 0, "set": {"s": 2}, "animation": {"spring": {"response": 0.3, "dampingFraction": 0.1}}}]"#))
    let widths = (0..<60).map { shapes(c.displayList(at: Double($0) / 60))[0].rect.width }
    #expect(widths.max()! > 25, "an underdamped spring overshoots 2× by far")
    #expect(c.duration > 1 && c.duration < 5)
    #expect(shapes(c.displayList(at: c.duration))[0].rect.width == 20)
  }

  @Test func stackSiblingsSlideWhenARowIsInserted() throws {
    let root =
      #"{"type": "vstack", "spacing": 0, "children": [{"type": "if", "condition": "$show", "then": {"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 20}}]}}, {"type": "rectangle", "id": "b", "modifiers": [{"frame": {"width": 10, "height": 20}}]}]}"#
    let c = try compile(
      scene(
        root, state: #"{"show": false}"#, timeline: #"[{"at": 0, "set": {"show": true}, "animation": \#(linear1)}]"#))
    // b moves from y 40 (alone, centered) to y 50 (below the new row): halfway at 0.5 s.
    let b = shapes(c.displayList(at: 0.5)).last!.rect
    #expect(abs(b.minY - 45) < 1e-9)
  }
}

@Suite struct MatchedGeometryTests {
  @Test func membersMorphBetweenSourceFramesWhileCrossfading() throws {
    let root = #"""
      {"type": "zstack", "children": [{"type": "if", "condition": "$big",
        "then": {"type": "rectangle", "modifiers": [{"fill": "blue"}, {"matchedGeometryEffect": {"id": "m"}}, {"frame": {"width": 100, "height": 60}}]},
        "else": {"type": "circle", "modifiers": [{"fill": "red"}, {"matchedGeometryEffect": {"id": "m"}}, {"frame": {"width": 20, "height": 20}}, {"offset": {"x": -50}}]}}]}
      """#
    let c = try compile(
      scene(
        root, state: #"{"big": false}"#,
        timeline: #"[{"at": 0, "set": {"big": true}, "animation": {"linear": {"duration": 1}}}]"#))
    #expect(shapes(c.displayList(at: 0)).count == 1, "the inserted view starts fully transparent")
    let mid = shapes(c.displayList(at: 0.5))
    #expect(mid.count == 2)
    // The shared frame goes from the circle's 20×20 at (90, 40) to the rectangle's 100×60
    // at (50, 20); halfway it is 60×40 at (70, 30), and both views are laid out in it.
    // The leaving circle keeps its own offset of −50 and is inscribed in the frame.
    let circle = mid[0].rect, rectangle = mid[1].rect
    #expect(abs(rectangle.minX - 70) < 1e-9 && abs(rectangle.width - 60) < 1e-9 && abs(rectangle.height - 40) < 1e-9)
    #expect(abs(circle.width - 40) < 1e-9 && abs(circle.midX - (100 - 50)) < 1e-9)
    #expect(abs(mid[0].item.color.opacity - 0.5) < 1e-9 && abs(mid[1].item.color.opacity - 0.5) < 1e-9)
    let end = shapes(c.displayList(at: 1))
    #expect(end.count == 1 && end[0].rect == Rect(x: 50, y: 20, width: 100, height: 60))
  }
}
