import FlipbookDisplayList
import FlipbookEngine
import FlipbookScene
import FlipbookTestSupport
import Testing

/// `shadow` and `blur` in scenes: which drawings they wrap (SwiftUI shadows each drawing of
/// a shadowed view, but a group, a clip or a blur as one), their numbers in pixels (radius ×
/// the scale at the modifier, the offset through its rotation), animation and bad input.
@Suite struct EffectSceneTests {
  func scene(_ root: String, state: String = "{}", timeline: String = "[]") -> String {
    #"{"canvas": {"width": 200, "height": 100, "scale": 2}, "state": \#(state), "root": \#(root), "timeline": \#(timeline)}"#
  }

  /// The effects of the top-level items, and how many shapes each holds (at any depth).
  func effects(_ list: DisplayList) -> [(effect: LayerEffect?, opacity: Double, shapes: Int)] {
    func count(_ items: [DisplayItem]) -> Int {
      items.reduce(0) { n, item in
        if case .layer(let sub, _, _, _) = item { return n + count(sub) }
        return n + 1
      }
    }
    return list.items.map { item in
      if case .layer(let sub, let opacity, _, let effect) = item { return (effect, opacity, count(sub)) }
      return (nil, 1, 1)
    }
  }

  let twoBars =
    #""type": "vstack", "children": [{"type": "rectangle", "modifiers": [{"frame": {"width": 40, "height": 10}}]}, {"type": "capsule", "modifiers": [{"frame": {"width": 40, "height": 10}}]}]"#

  @Test func aShadowedStackShadowsEachChild() throws {
    let s = try compile(scene(#"{\#(twoBars), "modifiers": [{"shadow": {"radius": 3, "x": 1, "y": 2}}]}"#))
    let e = effects(s.displayList(at: 0))
    #expect(e.count == 2)
    for item in e {
      #expect(item.shapes == 1)
      // Radius and offset in pixels at scale 2; SwiftUI's default color.
      #expect(item.effect == .shadow(color: ModifierSpec.shadowColor, sigma: 6, dx: 2, dy: 4))
    }
  }

  @Test func aGroupAClipOrABlurIsShadowedAsOne() throws {
    for inner in [#"{"compositingGroup": true}"#, #"{"cornerRadius": 4}"#, #"{"blur": 1}"#] {
      let s = try compile(
        scene(#"{\#(twoBars), "modifiers": [\#(inner), {"shadow": {"radius": 2, "color": "red"}}]}"#))
      let e = effects(s.displayList(at: 0))
      #expect(e.count == 1, "\(inner)")
      #expect(e.first?.shapes == 2, "\(inner)")
      if case .shadow(let c, let sigma, _, _)? = e.first?.effect {
        // SwiftUI's red (not the default shadow color), opaque; 2 points at scale 2.
        #expect(c.red > 0.9 && c.green < 0.3 && c.opacity == 1 && sigma == 4)
      } else {
        Issue.record("\(inner): no shadow around the group")
      }
    }
  }

  @Test func aBlurTakesTheOpacityOutsideItAsOneLayer() throws {
    let s = try compile(
      scene(#"{\#(twoBars), "modifiers": [{"blur": {"radius": 1.5, "opaque": true}}, {"opacity": 0.4}]}"#))
    let e = effects(s.displayList(at: 0))
    #expect(e.count == 1)
    #expect(e.first?.effect == .blur(sigma: 3, opaque: true))
    #expect(e.first?.opacity == 0.4)
  }

  @Test func theOffsetTurnsAndTheRadiusScalesWithTheTransformOutside() throws {
    let s = try compile(
      scene(
        #"{"type": "rectangle", "modifiers": [{"frame": {"width": 20, "height": 20}}, {"shadow": {"radius": 2, "x": 3, "y": 0}}, {"rotationEffect": 90}, {"scaleEffect": 1.5}]}"#
      ))
    guard case .shadow(_, let sigma, let dx, let dy)? = effects(s.displayList(at: 0)).first?.effect else {
      Issue.record("no shadow")
      return
    }
    // 2 points × 1.5 × 2 pixels per point; (3, 0) turned 90° clockwise on screen is (0, 3).
    #expect(abs(sigma - 6) < 1e-9)
    #expect(abs(dx) < 1e-9 && abs(dy - 9) < 1e-9)
  }

  @Test func shadowAndBlurAnimate() throws {
    let s = try compile(
      scene(
        #"{"type": "rectangle", "modifiers": [{"frame": {"width": 20, "height": 20}}, {"shadow": {"radius": "$r", "y": "$r"}}, {"blur": "$b"}]}"#,
        state: #"{"r": 0, "b": 4}"#,
        timeline: #"[{"at": 0, "set": {"r": 10, "b": 0}, "animation": {"linear": {"duration": 1}}}]"#))
    guard case .layer(let sub, _, _, .blur(let blur, _))? = s.displayList(at: 0.25).items.first,
      case .layer(_, _, _, .shadow(_, let sigma, _, let dy))? = sub.first
    else {
      Issue.record("expected a blur around a shadow")
      return
    }
    #expect(abs(blur - 6) < 1e-6)  // 4 → 0 a quarter of the way, × 2
    #expect(abs(sigma - 5) < 1e-6 && abs(dy - 5) < 1e-6)  // 0 → 10 a quarter of the way, × 2
  }

  @Test func badEffectArgumentsAreErrorsWithTheirPath() {
    for (modifier, words) in [
      (#"{"shadow": {"x": 1}}"#, "radius"), (#"{"blur": -2}"#, "≥ 0"),
      (#"{"shadow": {"radius": 1, "spread": 2}}"#, "spread"),
      (#"{"blur": {"radius": 1, "opaque": 1}}"#, "opaque"),
    ] {
      #expect(throws: (any Error).self, "\(modifier)") {
        _ = try compile(scene(#"{"type": "rectangle", "modifiers": [\#(modifier)]}"#))
      }
      do {
        _ = try compile(scene(#"{"type": "rectangle", "modifiers": [\#(modifier)]}"#))
      } catch {
        let text = "\(error)"
        #expect(text.contains(words) && text.contains("modifiers[0]"), "\(modifier): \(text)")
      }
    }
  }

  @Test func colorEffectsAreLayersWithSwiftUIsMatricesAndAnimate() throws {
    let s = try compile(
      scene(
        #"{\#(twoBars), "modifiers": [{"grayscale": "$g"}, {"hueRotation": 90}, {"colorInvert": true}, {"colorMultiply": "red"}, {"opacity": 0.5}]}"#,
        state: #"{"g": 1}"#,
        timeline: #"[{"at": 0, "set": {"g": 0}, "animation": {"linear": {"duration": 1}}}]"#))
    // Outermost first: colorMultiply (taking the opacity once), colorInvert, hueRotation,
    // grayscale, each one layer around the next, the two bars inside the last.
    var items = s.displayList(at: 0.25).items
    var found: [ColorMatrix] = []
    var opacities: [Double] = []
    while case .layer(let sub, let opacity, nil, .colorMatrix(let m))? = items.first, items.count == 1 {
      found.append(m)
      opacities.append(opacity)
      items = sub
    }
    #expect(items.count == 2)
    #expect(opacities == [0.5, 1, 1, 1])
    guard found.count == 4 else {
      Issue.record("expected four color layers, found \(found.count)")
      return
    }
    #expect(found[1] == .colorInvert)
    let ninety = ColorMatrix.hueRotation(cos: 0, sin: 1)
    #expect((0..<4).allSatisfy { abs(found[2].blue[$0] - ninety.blue[$0]) < 1e-12 })
    let g = ColorMatrix.grayscale(0.75)  // 1 → 0 a quarter of the way
    #expect((0..<4).allSatisfy { abs(found[3].red[$0] - g.red[$0]) < 1e-6 })
    #expect(found[0].alpha == 1 && found[0].red.x > 0.9 && found[0].green.y < 0.3)
  }
}
