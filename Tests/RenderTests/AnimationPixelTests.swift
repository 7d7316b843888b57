import FlipbookEngine
import FlipbookImage
import FlipbookRaster
import FlipbookRender
import FlipbookScene
import FlipbookTestSupport
import Testing

@Suite struct AnimationPixelTests {
  /// SwiftUI's crossfade: at the midpoint the result is new@0.5 over (old@0.5 over background),
  /// so a quarter of the background shows through.
  @Test func crossfadeMidpointPixel() throws {
    let scene = try compile(
      #"""
      {"canvas": {"width": 8, "height": 8, "background": "white"}, "fps": 10, "state": {"a": true},
       "root": {"type": "if", "condition": "$a", "then": {"type": "color", "color": "red"}, "else": {"type": "color", "color": "blue"}},
       "timeline": [{"at": 0, "set": {"a": false}, "animation": {"easeInOut": {"duration": 1}}}]}
      """#)
    let p = try FrameRenderer.pixmap(scene, frame: 5).pixel(x: 4, y: 4)
    let bg = [255, 255, 255], old = [255, 0x3B, 0x30], new = [0, 0x7A, 255]
    // Premultiplied 8-bit source-over, as the rasterizer composites: alpha 0.5 is 127 or
    // 128 depending on the last bit of the curve's value, so accept either.
    func over(_ src: [Int], _ a: Int, _ dst: [Int]) -> [Int] {
      (0..<3).map { c in
        let s = (src[c] * a + 127) / 255
        return s + (dst[c] * (255 - a) + 127) / 255
      }
    }
    let got = [Int(p.r), Int(p.g), Int(p.b)]
    let candidates = [127, 128].map { a in over(new, a, over(old, a, bg)) }
    let error = candidates.map { e in (0..<3).map { abs(got[$0] - e[$0]) }.max()! }.min()!
    #expect(error <= 1, "pixel \(got), expected one of \(candidates)")
    #expect(p.a == 255)
  }

  @Test func sequenceStepWithNullAnimationJumps() throws {
    let scene = try compile(
      #"""
      {"canvas": {"width": 4, "height": 4}, "fps": 10, "state": {"c": "black"},
       "root": {"type": "color", "color": "$c"},
       "timeline": [{"at": 0, "every": 1, "animation": {"linear": {"duration": 1}},
         "steps": [{"set": {"c": "white"}}, {"set": {"c": "black"}, "animation": null}]}]}
      """#)
    // Step 0 animates black → white over a second; step 1 at t = 1 jumps back to black.
    let half = try FrameRenderer.pixmap(scene, frame: 5).pixel(x: 1, y: 1)
    #expect(half.r > 150 && half.r < 220, "linear-light midpoint of black and white is about 188")
    try #expect(FrameRenderer.pixmap(scene, frame: 9).pixel(x: 1, y: 1).r > 240)
    try #expect(FrameRenderer.pixmap(scene, frame: 10).pixel(x: 1, y: 1).r == 0)
    #expect(scene.frameCount == 11)
  }

  @Test func transparentBackgroundStaysTransparent() throws {
    let scene = try SceneFile.load(example("toggle-transparent.json"))
    let frame = try FrameRenderer.pixmap(scene, frame: 0)
    #expect(frame.pixel(x: 0, y: 0) == (0, 0, 0, 0))
    #expect(frame.pixel(x: 200, y: 80).a == 255, "the knob, drawn opaque")
  }
}
