import FlipbookScene
import Foundation
import Testing

/// Paints in scene files: what decodes, what is refused and how the message says it, and
/// that the encoder writes back what the decoder reads.
@Suite struct GradientDecodingTests {
  static func scene(_ fill: String) -> String {
    #"{"version": 1, "canvas": {"width": 10, "height": 10}, "state": {"p": [0, 0], "c": "red"}, "root": {"type": "circle", "modifiers": [{"fill": "#
      + fill + "}]}}"
  }

  @Test func decodesEveryGradient() throws {
    let s = try decode(
      Self.scene(
        #"{"linearGradient": {"stops": [{"color": "red", "location": 0}, {"color": "$c", "location": 0.5}], "startPoint": "$p", "endPoint": "bottomTrailing"}}"#
      ))
    guard case .fill(let p) = s.root.modifiers[0].kind else {
      Issue.record("not a fill")
      return
    }
    #expect(p.form == .gradient(.linearGradient, stops: 2, locations: true))
    #expect(p.values.count == 6)
    #expect(p.values[3] == .number(0.5))
    #expect(p.values[4] == .state("p"))
    #expect(p.values[5] == .constant(.point(SIMD2(1, 1))))
    let radial = try decode(Self.scene(#"{"radialGradient": {"colors": ["red", "blue", "clear"], "endRadius": 5}}"#))
    guard case .fill(let r) = radial.root.modifiers[0].kind else { return }
    #expect(r.form == .gradient(.radialGradient, stops: 3, locations: false))
    // Defaults: center, startRadius 0.
    #expect(r.values[3] == .constant(.point(SIMD2(0.5, 0.5))))
    #expect(r.values[4] == .number(0))
    _ = try decode(
      Self.scene(
        #"{"angularGradient": {"colors": ["red", "blue"], "center": [0.2, 0.3], "startAngle": -90, "endAngle": 270}}"#))
  }

  @Test(arguments: [
    (#"{"linearGradient": {"colors": []}}"#, "root.modifiers[0].fill.linearGradient.colors", "at least one color"),
    (#"{"linearGradient": {}}"#, "root.modifiers[0].fill.linearGradient", "\"colors\""),
    (
      #"{"linearGradient": {"colors": ["red"], "stops": []}}"#, "root.modifiers[0].fill.linearGradient",
      "not both"
    ),
    (
      #"{"radialGradient": {"stops": [{"color": "red", "location": 1.5}], "endRadius": 4}}"#,
      "root.modifiers[0].fill.radialGradient.stops[0].location", "0…1"
    ),
    (#"{"radialGradient": {"colors": ["red"]}}"#, "root.modifiers[0].fill.radialGradient", "endRadius"),
    (
      #"{"radialGradient": {"colors": ["red"], "endRadius": -2}}"#, "root.modifiers[0].fill.radialGradient.endRadius",
      "≥ 0"
    ),
    (#"{"angularGradient": {"colors": ["red"], "center": "middle"}}"#, "angularGradient.center", "unknown alignment"),
    (#"{"conicGradient": {"colors": ["red"]}}"#, "root.modifiers[0].fill.conicGradient", "angularGradient"),
    (#"{"linearGradient": {"stops": [{"color": "red"}]}}"#, "stops[0]", "location"),
  ])
  func refusesBadGradients(_ bad: (String, String, String)) {
    let messages = errors(Self.scene(bad.0))
    #expect(messages.contains { $0.contains(bad.1) && $0.contains(bad.2) }, "\(messages)")
    #expect(messages.allSatisfy { $0.hasPrefix("scene.json:1:") }, "\(messages)")
  }

  @Test func tooManyStops() {
    let colors = Array(repeating: "\"red\"", count: maxGradientStops + 1).joined(separator: ",")
    let messages = errors(Self.scene(#"{"linearGradient": {"colors": ["# + colors + "]}}"))
    #expect(messages.contains { $0.contains("at most \(maxGradientStops) stops") })
  }

  /// Encoding a scene with gradients and decoding the text gives the same scene.
  @Test func encodesWhatItDecodes() throws {
    for paint in [
      #"{"linearGradient": {"stops": [{"color": "red", "location": 0.25}, {"color": "$c", "location": 1}], "startPoint": [0, 0.5], "endPoint": "trailing"}}"#,
      ##"{"radialGradient": {"colors": ["red", "#00FF0080"], "center": "$p", "startRadius": 2, "endRadius": 9}}"##,
      #"{"angularGradient": {"colors": ["blue"], "startAngle": {"if": "$f", "then": 0, "else": 90}}}"#,
    ] {
      let text = Self.scene(paint).replacingOccurrences(of: #""c": "red""#, with: #""c": "red", "f": true"#)
      let scene = try decode(text)
      let again = try decode(try SceneEncoder.encode(scene))
      #expect(again.root.modifiers.map(\.kind) == scene.root.modifiers.map(\.kind))
    }
  }
}
