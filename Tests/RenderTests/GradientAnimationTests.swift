import FlipbookDisplayList
import FlipbookEngine
import FlipbookImage
import FlipbookRender
import FlipbookTestSupport
import Testing

/// A gradient's stop location and end point animate: mid-animation pixels against the
/// formula with the values a linear animation gives at that time.
@Suite struct GradientAnimationTests {
  @Test func stopAndPointAnimate() throws {
    let scene = try compile(
      #"""
      {"canvas": {"width": 40, "height": 10}, "fps": 10, "state": {"l": 0.2, "e": [0.5, 0]},
       "root": {"type": "rectangle", "modifiers": [{"fill": {"linearGradient": {
         "stops": [{"color": "#FF0000", "location": 0}, {"color": "#0000FF", "location": "$l"}],
         "startPoint": [0, 0], "endPoint": "$e"}}}]},
       "timeline": [{"at": 0, "set": {"l": 0.8, "e": [1, 0]}, "animation": {"linear": {"duration": 1}}}]}
      """#)
    // Frame 5: t = 0.5 s, halfway: location 0.5, end point x 0.75 (30 points).
    guard case .shape(let item) = scene.displayList(frame: 5).items[0], let g = item.gradient else {
      Issue.record("no gradient")
      return
    }
    #expect(abs(g.stops[1].location - 0.5) < 1e-9)
    #expect(g.kind == .linear(start: Point(x: 0, y: 0), end: Point(x: 30, y: 0)))
    let p = try FrameRenderer.pixmap(scene, frame: 5)
    for x in 0..<40 {
      // t = x / 30 along the line; blue from t = 0.5 on.
      let t = min(1, (Double(x) + 0.5) / 30 / 0.5)
      let got = p.pixel(x: x, y: 5)
      #expect(abs(Double(got.r) - 255 * (1 - t)) <= 1 && abs(Double(got.b) - 255 * t) <= 1, "x \(x): \(got)")
    }
  }
}
