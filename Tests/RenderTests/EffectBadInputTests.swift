import FlipbookEngine
import FlipbookImage
import FlipbookRender
import FlipbookTestSupport
import Testing

/// Issue 13's bad input for paints and effects, in whole scenes: a gradient of one stop, stops
/// out of order or pushed outside 0…1 by state, a NaN angle made by an animation, and blur
/// radii far beyond the cap. Each either draws what docs/scene-format.md says or nothing,
/// never crashes; the references are other scenes that state the documented result directly.
@Suite struct EffectBadInputTests {
  func pixels(_ fill: String, modifiers: String = "", state: String = "{}", timeline: String = "[]", frame: Int = 0)
    throws -> [UInt8]
  {
    let scene = try compile(
      #"""
      {"canvas": {"width": 40, "height": 30}, "fps": 10, "state": \#(state),
       "root": {"type": "zstack", "children": [{"type": "roundedRectangle", "cornerRadius": 6,
         "modifiers": [{"fill": \#(fill)}, {"frame": {"width": 24, "height": 16}}\#(modifiers)]}]},
       "timeline": \#(timeline)}
      """#)
    return try FrameRenderer.pixmap(scene, frame: frame).bytes
  }

  @Test func aGradientOfOneStopFillsWithItsColor() throws {
    let solid = try pixels(##""#FF8020""##)
    #expect(try pixels(##"{"linearGradient": {"colors": ["#FF8020"]}}"##) == solid)
    #expect(
      try pixels(##"{"radialGradient": {"stops": [{"color": "#FF8020", "location": 0.7}], "endRadius": 9}}"##) == solid)
    #expect(try pixels(##"{"angularGradient": {"colors": ["#FF8020"], "startAngle": 30, "endAngle": 90}}"##) == solid)
  }

  @Test func stopsOutOfOrderAreDrawnSorted() throws {
    let sorted = try pixels(
      #"{"linearGradient": {"stops": [{"color": "red", "location": 0.2}, {"color": "blue", "location": 0.8}]}}"#)
    let reversed = try pixels(
      #"{"linearGradient": {"stops": [{"color": "blue", "location": 0.8}, {"color": "red", "location": 0.2}]}}"#)
    #expect(reversed == sorted)
    #expect(sorted != (try pixels(#""red""#)))
  }

  @Test func aLocationOutsideZeroToOneFromStateIsClamped() throws {
    let gradient = { (a: String, b: String) in
      #"{"linearGradient": {"stops": [{"color": "red", "location": \#(a)}, {"color": "blue", "location": \#(b)}]}}"#
    }
    let clamped = try pixels(gradient("0", "1"))
    #expect(try pixels(gradient("\"$a\"", "\"$b\""), state: #"{"a": -3, "b": 1.7}"#) == clamped)
  }

  @Test func aNaNAngleFromAnAnimationDrawsNothingOfThatShape() throws {
    // −1e308 → 1e308 linearly: b − a overflows, so the angle in flight is not finite, and
    // the hue rotation's cosine and sine are NaN. A gradient with a non-finite angle is
    // skipped like a shape with non-finite geometry; a color matrix with one is no effect.
    let state = #"{"a": -1e308}"#,
      timeline = #"[{"at": 0, "set": {"a": 1e308}, "animation": {"linear": {"duration": 1}}}]"#
    let empty = try pixels(#""clear""#)
    for frame in [3, 5, 7] {
      let got = try pixels(
        #"{"angularGradient": {"colors": ["red", "blue"], "startAngle": "$a", "endAngle": 90}}"#, state: state,
        timeline: timeline, frame: frame)
      #expect(got == empty, "frame \(frame)")
      let plain = try pixels(#""red""#)
      let turned = try pixels(
        #""red""#, modifiers: #", {"hueRotation": "$a"}"#, state: state, timeline: timeline, frame: frame)
      #expect(turned == plain, "frame \(frame)")
    }
  }

  @Test func hugeBlurAndShadowRadiiAreCappedAt256Pixels() throws {
    // Drawn as σ 256 (the cap, in pixels: the canvas's scale is 1): the same bytes, in work
    // and memory bounded by the canvas plus the cap's reach.
    #expect(
      try pixels(#""red""#, modifiers: #", {"blur": 1e300}"#) == (try pixels(#""red""#, modifiers: #", {"blur": 256}"#))
    )
    let shadow = { (r: String) in #", {"shadow": {"radius": \#(r), "x": 3, "y": 2}}"# }
    #expect(try pixels(#""red""#, modifiers: shadow("1e300")) == (try pixels(#""red""#, modifiers: shadow("256"))))
  }
}
