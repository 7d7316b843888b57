import Testing
import FlipbookScene

/// Messages for values from the command line and for hostile text: exact, and one line long
/// whatever the file holds.
@Suite struct HostileInputTests {
  let minimal = #"{"canvas": {"width": 10, "height": 10}, "duration": 1, "root": {"type": "empty"}}"#

  @Test func commandLineOverridesOutOfRangeNameTheOption() {
    #expect(
      errors(minimal, overrides: SceneOverrides(fps: .nan)) == [
        "scene.json:1:1: fps: --fps nan is out of range; expected a number in [0.001, 240]"
      ])
    #expect(
      errors(minimal, overrides: SceneOverrides(fps: 0)) == [
        "scene.json:1:1: fps: --fps 0 is out of range; expected a number in [0.001, 240]"
      ])
    #expect(
      errors(minimal, overrides: SceneOverrides(duration: .infinity)) == [
        "scene.json:1:1: duration: --duration inf is out of range; expected seconds ≥ 0"
      ])
    #expect(
      errors(minimal, overrides: SceneOverrides(scale: 0)) == [
        "scene.json:1:12: canvas.scale: --scale 0 is out of range; expected a number > 0"
      ])
    #expect(
      errors(minimal, overrides: SceneOverrides(fps: 240, duration: 500)) == [
        "scene.json:1:1: duration: --duration 500 s at 240 fps is 120001 frames, more than the limit of 100000"
      ])
  }

  @Test func nonJSONNumbersAndCommentsAreExplained() {
    #expect(
      errors(#"{"fps": NaN}"#) == [
        "scene.json:1:9: invalid JSON: NaN and Infinity are not JSON numbers; write a finite number"
      ])
    #expect(
      errors(#"{"fps": -Infinity}"#) == [
        "scene.json:1:9: invalid JSON: NaN and Infinity are not JSON numbers; write a finite number"
      ])
    #expect(errors("// scene\n{}") == ["scene.json:1:1: invalid JSON: comments are not allowed in JSON"])
    #expect(
      errors("{\"a\": \"b\n\"}") == [
        #"scene.json:1:7: invalid JSON: unterminated string: it reaches the end of the line (a line break inside a string is written \n)"#
      ])
  }

  @Test func bareWordsAreStringsWithoutQuotesUnlessTheyAreNaNOrInfinity() {
    let canvas = #"{"canvas": {"width": 10, "height": 10, "background": "#
    #expect(
      errors(canvas + "None}}") == [
        #"scene.json:1:54: invalid JSON: unexpected word 'None', expected a value; a string is written in double quotes ("None")"#
      ])
    #expect(
      errors(#"{"root": {"id": Name: 1}}"#) == [
        #"scene.json:1:17: invalid JSON: unexpected word 'Name', expected a value; a string is written in double quotes ("Name")"#
      ])
    #expect(
      errors(canvas + "Infinity}}") == [
        "scene.json:1:54: invalid JSON: NaN and Infinity are not JSON numbers; write a finite number"
      ])
    #expect(errors(canvas + "Infinite}}").first?.contains("unexpected word 'Infinite'") == true)
  }

  @Test func anArrayLongerThanTheFormatAllowsStopsTheParserAtItsStart() {
    // One more element than any array of the format may hold (events, steps, path commands).
    let zeros = Array(repeating: "0", count: SceneLimits.maxArrayCount + 1).joined(separator: ",")
    #expect(
      errors(#"{"timeline": ["# + zeros + "]}") == [
        "scene.json:1:14: invalid JSON: an array of more than 1000000 elements; this is beyond the renderer's limit"
      ])
    let exactly = Array(repeating: "0", count: SceneLimits.maxArrayCount).joined(separator: ",")
    #expect(errors(#"{"timeline": ["# + exactly + "]}").first?.contains("an array of more than") == false)
  }

  @Test func longStringsAreShortenedInMessages() {
    let name = String(repeating: "x", count: 100_000)
    let digits = String(repeating: "9", count: 100_000)
    let x40 = String(repeating: "x", count: 40) + "…"
    let d40 = String(repeating: "9", count: 40) + "…"
    let text =
      #"{"canvas": {"width": 10, "height": 10}, "fps": \#(digits), "root": {"type": "circle", "modifiers": [{"fill": "\#(name)"}]}}"#
    #expect(
      errors(text) == [
        "scene.json:1:48: fps: \(d40) is out of range; expected a finite number",
        "scene.json:1:100100: root.modifiers[0].fill: unknown color \"\(x40)\"",
      ])
  }
}
