import Testing
import FlipbookScene

@Suite struct ValidationTests {
  @Test func unknownColorNamesFileLineColumnPathAndSuggestion() {
    let text = """
      {
        "canvas": {"width": 100, "height": 100},
        "root": {"type": "zstack", "children": [
          {"type": "circle"},
          {"type": "circle", "modifiers": [{"fill": "bleu"}]}
        ]}
      }
      """
    #expect(
      errors(text) == [
        #"scene.json:5:47: root.children[1].modifiers[0].fill: unknown color "bleu" (did you mean "blue"?)"#
      ])
  }

  @Test func jsonSyntaxErrorsPointAtTheCharacter() {
    #expect(
      errors("{\n  \"canvas\": {\"width\": 1,}\n}") == ["scene.json:2:25: invalid JSON: trailing comma in object"])
    #expect(errors("{\"a\": 1, \"a\": 2}") == [#"scene.json:1:10: invalid JSON: duplicate key "a""#])
    #expect(errors("[1, 2") == ["scene.json:1:6: invalid JSON: unterminated array (opened at 1:1)"])
    #expect(errors("") == ["scene.json:1:1: invalid JSON: unexpected end of file, expected a value"])
    #expect(errors("{'a': 1}") == ["scene.json:1:2: invalid JSON: unexpected ''', expected a key in double quotes"])
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let e = errors(deep)
    #expect(e.count == 1)
    #expect(e.first?.contains("nesting deeper than 256 levels") == true)
  }

  @Test func everyProblemIsReportedNotJustTheFirst() {
    let text = """
      {"canvas": {"width": -1, "height": 100, "colour": "red"}, "fps": 0,
       "state": {"x": 1, "2bad": 3},
       "root": {"type": "cirle"},
       "timeline": [{"at": -1, "set": {"y": 2}}, {"at": 0, "set": {"x": true}}, {"at": 0, "every": 0, "steps": []}]}
      """
    let e = errors(text)
    #expect(e.contains(#"scene.json:1:22: canvas.width: -1 is out of range; expected a number > 0"#))
    #expect(e.contains(where: { $0.hasPrefix(#"scene.json:1:41: canvas.colour: unknown key "colour""#) }))
    #expect(e.contains(#"scene.json:1:66: fps: 0 is out of range; expected a number in [0.001, 240]"#))
    #expect(e.contains(#"scene.json:2:20: state.2bad: invalid state name "2bad"; names match [A-Za-z_][A-Za-z0-9_]*"#))
    #expect(
      e.contains(where: {
        $0.hasPrefix(#"scene.json:3:19: root.type: unknown node type "cirle" (did you mean "circle"?)"#)
      }))
    #expect(e.contains(#"scene.json:4:22: timeline[0].at: -1 is out of range; expected a number ≥ 0"#))
    #expect(
      e.contains(
        #"scene.json:4:34: timeline[0].set.y: undeclared state variable "y" (did you mean "x"?); declare it in "state""#
      ))
    #expect(
      e.contains(#"scene.json:4:67: timeline[1].set.x: state variable "x" is a number, but this value is a boolean"#))
    #expect(e.contains(#"scene.json:4:94: timeline[2].every: 0 is out of range; "every" must be > 0"#))
    #expect(e.contains(#"scene.json:4:106: timeline[2].steps: a sequence needs at least one step"#))
    #expect(e.count == 10)
  }

  @Test func stateReferencesAreTypeChecked() {
    let text = """
      {"canvas": {"width": 10, "height": 10}, "state": {"n": 1, "flag": true},
       "root": {"type": "circle", "modifiers": [{"fill": "$n"}, {"opacity": "$nn"}, {"offset": {"if": "$n", "then": [0, 0], "else": [1, 1]}}]}}
      """
    #expect(
      errors(text) == [
        #"scene.json:2:52: root.modifiers[0].fill: state variable "n" is a number, expected a color"#,
        #"scene.json:2:71: root.modifiers[1].opacity: undeclared state variable "nn" (did you mean "n"?); declare it in "state""#,
        #"scene.json:2:97: root.modifiers[2].offset.if: state variable "n" is a number, expected a boolean"#,
      ])
  }

  @Test func modifierRules() {
    let text = """
      {"canvas": {"width": 10, "height": 10},
       "root": {"type": "zstack", "modifiers": [{"fill": "red"}], "children": [
         {"type": "circle", "modifiers": [{"frame": {"width": 5}}, {"fill": "red"}]},
         {"type": "circle", "modifiers": [{"opacity": 1.5}, {"opacty": 1}, {"opacity": 1, "offset": [0, 0]}, {"compositingGroup": false}]}
       ]}}
      """
    #expect(
      errors(text) == [
        #"scene.json:2:44: root.modifiers[0].fill: "fill" applies to shapes only (circle, ellipse, rectangle, roundedRectangle, capsule, path)"#,
        #"scene.json:3:63: root.children[0].modifiers[1].fill: "fill" must be the first modifier of a shape, as in SwiftUI (Circle().fill(…).frame(…))"#,
        #"scene.json:4:49: root.children[1].modifiers[0].opacity: 1.5 is out of range; expected a number in 0…1"#,
        #"scene.json:4:56: root.children[1].modifiers[1].opacty: unknown modifier "opacty" (did you mean "opacity"?)"#,
        #"scene.json:4:70: root.children[1].modifiers[2]: a modifier object has exactly one key, found 2 (opacity, offset); split them into separate entries"#,
        #"scene.json:4:125: root.children[1].modifiers[3].compositingGroup: expected true, found false (omit the modifier to turn it off)"#,
      ])
  }

  @Test func numbersOutOfRange() {
    let e = errors(#"{"canvas": {"width": 1e400, "height": 20000}, "duration": -2, "root": {"type": "empty"}}"#)
    #expect(
      e == [
        "scene.json:1:22: canvas.width: 1e400 is out of range; expected a finite number",
        "scene.json:1:39: canvas.height: 20000 points × scale 1 is 20000 pixels; expected 1…16384",
        "scene.json:1:59: duration: -2 is negative; expected seconds ≥ 0 or \"auto\"",
      ])
  }

  @Test func limits() {
    #expect(
      errors(#"{"canvas": {"width": 10000, "height": 10000}, "root": {"type": "empty"}}"#) == [
        "scene.json:1:12: canvas: 10000×10000 is 100000000 pixels per frame, more than the limit of 67108864"
      ])
    #expect(
      errors(#"{"canvas": {"width": 1, "height": 1}, "fps": 240, "duration": 1000, "root": {"type": "empty"}}"#) == [
        "scene.json:1:63: duration: 1000 s at 240 fps is 240001 frames, more than the limit of 100000"
      ])
  }

  @Test func repeatForeverNeedsAnExplicitDuration() {
    let text =
      #"{"canvas": {"width": 1, "height": 1}, "state": {"v": 0}, "root": {"type": "empty"}, "timeline": [{"at": 0, "set": {"v": 1}, "animation": {"linear": {}, "repeatForever": true}}]}"#
    #expect(
      errors(text) == [
        #"scene.json:1:170: timeline[0].animation.repeatForever: an animation that repeats forever never finishes, so "duration": "auto" cannot end; give the scene a duration in seconds"#
      ])
    #expect(errors(text, overrides: SceneOverrides(duration: 2)).isEmpty)
  }

  @Test func animationsAndTransitionsAreChecked() {
    let text = """
      {"canvas": {"width": 1, "height": 1}, "state": {"v": 0},
       "root": {"type": "circle", "modifiers": [{"transition": "fade"}, {"transition": {"move": "left"}}, {"animation": {"curve": "springy", "value": "$v"}}]},
       "timeline": [{"at": 0, "set": {"v": 1}, "animation": {"easeInOut": {"duration": 1}, "autoreverses": false}}]}
      """
    #expect(
      errors(text) == [
        #"scene.json:2:58: root.modifiers[0].transition: unknown transition "fade"; expected one of: opacity, identity, scale, slide, or an object"#,
        #"scene.json:2:91: root.modifiers[1].transition.move: unknown edge "left"; expected one of: top, leading, bottom, trailing"#,
        #"scene.json:2:125: root.modifiers[2].animation.curve: unknown animation "springy" (did you mean "spring"?); expected one of: default, linear, easeIn, easeOut, easeInOut, spring, smooth, snappy, bouncy, interactiveSpring, an object, or null"#,
        #"scene.json:3:102: timeline[0].animation.autoreverses: "autoreverses" needs "repeatCount" or "repeatForever""#,
      ])
  }

  @Test func theErrorCountIsCapped() {
    let bad = (0..<50).map { _ in #"{"type": "nope"}"# }.joined(separator: ",")
    do {
      _ = try decode(#"{"canvas": {"width": 1, "height": 1}, "root": {"type": "zstack", "children": [\#(bad)]}}"#)
      Issue.record("expected an error")
    } catch {
      #expect(error.diagnostics.count == SceneLimits.maxDiagnostics)
      #expect(error.suppressed == 30)
      #expect(error.description.hasSuffix("error: … and 30 more"))
    }
  }
}
