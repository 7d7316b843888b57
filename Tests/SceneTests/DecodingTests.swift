import Testing
import FlipbookScene
import FlipbookAnimation
import FlipbookTestSupport

func decode(_ text: String, overrides: SceneOverrides = SceneOverrides()) throws(SceneError) -> Scene {
  try decodeScene(text, file: "scene.json", overrides: overrides)
}

/// The messages of a scene that must fail.
func errors(_ text: String, overrides: SceneOverrides = SceneOverrides()) -> [String] {
  do {
    _ = try decode(text, overrides: overrides)
    return []
  } catch {
    return error.diagnostics.map(\.description)
  }
}

@Suite struct DecodingTests {
  static let everything = """
    {
      "$schema": "x", "version": 1,
      "canvas": {"width": 200, "height": 100, "scale": 2, "background": "#FFF"},
      "fps": 60, "duration": 2,
      "state": {"on": true, "x": 3, "c": "red", "p": [1, 2]},
      "root": {"type": "zstack", "alignment": "topLeading", "children": [
        {"type": "circle", "id": "a", "modifiers": [{"fill": "$c"}, {"frame": {"width": 10, "height": 10, "alignment": "bottom"}}]},
        {"type": "ellipse", "modifiers": [{"stroke": {"color": "blue", "lineWidth": 2}}]},
        {"type": "rectangle", "modifiers": [{"fill": {"red": 1, "green": 0.5, "blue": "$x", "opacity": 0.5}}]},
        {"type": "roundedRectangle", "cornerRadius": 4, "style": "continuous"},
        {"type": "capsule", "modifiers": [{"foregroundColor": "#11223344"}]},
        {"type": "color", "color": "mint"},
        {"type": "vstack", "spacing": 4, "alignment": "leading", "children": [{"type": "spacer"}, {"type": "empty"}]},
        {"type": "hstack", "alignment": "bottom", "children": []},
        {"type": "if", "condition": "$on", "then": {"type": "empty"}, "else": {"type": "spacer"}},
        {"type": "empty", "modifiers": [
          {"padding": 3}, {"padding": {"top": 1, "leading": 2}},
          {"offset": {"x": "$x"}}, {"offset": [1, 2]}, {"offset": "$p"},
          {"position": {"x": 5, "y": {"if": "$on", "then": 1, "else": 2}}},
          {"scaleEffect": 2}, {"scaleEffect": {"x": 1, "y": 2}}, {"scaleEffect": {"scale": "$x", "anchor": "topLeading"}},
          {"scaleEffect": {"scale": {"x": 2, "y": 3}, "anchor": [0.25, 1]}},
          {"rotationEffect": {"degrees": 45, "anchor": "bottom"}},
          {"opacity": {"if": "$on", "then": 0.5, "else": 1}},
          {"compositingGroup": true},
          {"overlay": {"node": {"type": "circle"}, "alignment": "top"}},
          {"background": {"node": {"type": "color", "color": "red"}}},
          {"zIndex": 2},
          {"animation": {"curve": "easeIn", "value": "$on"}},
          {"animation": {"curve": null, "value": "$x"}},
          {"transition": {"asymmetric": {"insertion": {"move": "leading"}, "removal": {"combined": ["opacity", "scale", {"push": "top"}, {"offset": {"x": 3}}, {"scale": {"scale": 0.5, "anchor": "top"}}, "slide", "identity"]}}}},
          {"matchedGeometryEffect": {"id": "m", "isSource": false}}
        ]}
      ]},
      "timeline": [
        {"at": 1, "set": {"on": false}, "animation": {"spring": {"response": 0.3, "dampingFraction": 0.1}}},
        {"at": 0.5, "set": {"x": 4}, "disablesAnimations": true},
        {"at": 0, "every": 0.25, "animation": "linear", "steps": [
          {"set": {"c": "blue"}}, {"set": {"c": "#00FF00"}, "animation": null}, {"set": {"p": {"x": 3, "y": 4}}, "animation": {"easeInOut": {"duration": 1}, "repeatCount": 3, "autoreverses": false, "delay": 0.2, "speed": 2}}]}
      ]
    }
    """

  @Test func decodesEveryNodeAndModifier() throws {
    let scene = try decode(Self.everything)
    #expect(scene.canvas.pixelWidth == 400 && scene.canvas.pixelHeight == 200)
    #expect(scene.canvas.background == Color(red: 1, green: 1, blue: 1))
    #expect(scene.fps == 60 && scene.duration == .seconds(2))
    guard case .zstack(let children, .topLeading) = scene.root.kind else {
      Issue.record("root is not a topLeading zstack")
      return
    }
    #expect(children.count == 10)
    #expect(children[0].id == "a")
    #expect(children[0].modifiers[0].kind == .fill(.color(.state("c"))))
    #expect(children[0].modifiers[1].path == "root.children[0].modifiers[1].frame")
    #expect(children[3].kind == .shape(.roundedRectangle(cornerRadius: .number(4), continuous: true)))
    let mods = children[9].modifiers.map(\.kind)
    #expect(mods.count == 20)
    #expect(mods[0] == .padding(top: .number(3), leading: .number(3), bottom: .number(3), trailing: .number(3)))
    #expect(mods[2] == .offset(.point(x: .state("x"), y: .number(0))))
    #expect(mods[3] == .offset(.constant(.point([1, 2]))))
    #expect(mods[6] == .scaleEffect(scale: .number(2), anchor: [0.5, 0.5]))
    #expect(mods[8] == .scaleEffect(scale: .state("x"), anchor: [0, 0]))
    #expect(mods[9] == .scaleEffect(scale: .constant(.point([2, 3])), anchor: [0.25, 1]))
    #expect(mods[10] == .rotationEffect(degrees: .number(45), anchor: [0.5, 1]))
    #expect(mods[11] == .opacity(.conditional(condition: .state("on"), then: .number(0.5), else: .number(1))))
    #expect(mods[12] == .compositingGroup)
    #expect(mods[16] == .animation(curve: .timingCurve(x1: 0.42, y1: 0, x2: 1, y2: 1, duration: 0.35), value: "on"))
    #expect(mods[17] == .animation(curve: nil, value: "x"))
    #expect(mods[19] == .matchedGeometryEffect(id: "m", isSource: false))
  }

  @Test func timelineIsExpandedAndSortedStably() throws {
    let scene = try decode(Self.everything)
    let tx = scene.transactions
    #expect(tx.map(\.time) == [0, 0.25, 0.5, 0.5, 1])
    #expect(tx[0].animation == .timingCurve(x1: 0, y1: 0, x2: 1, y2: 1, duration: 0.35))
    #expect(tx[1].animation == nil, "a step's null animation overrides the sequence's")
    #expect(tx[2].path == "timeline[1]", "events at the same time apply in array order")
    #expect(tx[2].disablesAnimations)
    #expect(tx[3].path == "timeline[2].steps[2]")
    #expect(
      tx[3].animation
        == .speed(
          2,
          .delay(0.2, .repeatCount(3, autoreverses: false, .timingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1, duration: 1)))
        ))
    #expect(tx[4].animation == .spring(response: 0.3, dampingFraction: 0.1, blendDuration: 0))
  }

  @Test func colorsInEveryForm() throws {
    #expect(Color.parseHex("#F00") == Color(red: 1, green: 0, blue: 0))
    #expect(Color.parseHex("#007AFF") == Color.named["blue"])
    #expect(Color.parseHex("#00000080")?.opacity == 128.0 / 255)
    #expect(Color.parseHex("#12345") == nil)
    #expect(Color.named["gray"] == Color(red: 0x8E / 255.0, green: 0x8E / 255.0, blue: 0x93 / 255.0))
  }

  @Test func presetsAndSpringForms() throws {
    let a = try decode(
      """
      {"canvas": {"width": 1, "height": 1}, "state": {"v": 0}, "root": {"type": "empty"}, "timeline": [
        {"at": 0, "set": {"v": 1}, "animation": "default"},
        {"at": 0, "set": {"v": 1}, "animation": "bouncy"},
        {"at": 0, "set": {"v": 1}, "animation": {"spring": {}}},
        {"at": 0, "set": {"v": 1}, "animation": {"spring": {"duration": 0.4, "bounce": 0.2}}},
        {"at": 0, "set": {"v": 1}, "animation": {"interpolatingSpring": {"stiffness": 170, "damping": 15}}},
        {"at": 0, "set": {"v": 1}, "animation": {"timingCurve": [0.1, 0.2, 0.3, 0.4], "duration": 2}}
      ]}
      """
    ).transactions.map(\.animation)
    #expect(a[0] == .spring(response: 0.5, dampingFraction: 1, blendDuration: 0))
    #expect(a[1] == .spring(response: 0.5, dampingFraction: 0.7, blendDuration: 0))
    #expect(a[2] == .spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0))
    #expect(a[3] == .spring(response: 0.4, dampingFraction: 0.8, blendDuration: 0))
    #expect(a[4] == .interpolatingSpring(mass: 1, stiffness: 170, damping: 15, initialVelocity: 0))
    #expect(a[5] == .timingCurve(x1: 0.1, y1: 0.2, x2: 0.3, y2: 0.4, duration: 2))
  }

  @Test func overridesReplaceTheScenesValues() throws {
    let s = try decode(
      #"{"canvas": {"width": 10, "height": 10}, "fps": 30, "root": {"type": "empty"}}"#,
      overrides: SceneOverrides(fps: 12, duration: 3, scale: 3))
    #expect(s.fps == 12 && s.duration == .seconds(3) && s.canvas.pixelWidth == 30)
  }
}
