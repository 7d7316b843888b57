import Flipbook
import Foundation
import Testing

/// Custom shapes (`path(in:)`) export as `path` nodes: the outline drawn at the reference rect
/// and stretched onto the layout rect; with `animatableData` a change animates point by
/// point, without it the new outline appears at once (SwiftUI's default).
@Suite struct CustomShapeTests {
  /// A triangle whose apex moves along the top edge: `apex` is a fraction of the width.
  struct Peak: Shape {
    var apex: Double
    var animatableData: Double {
      get { apex }
      set { apex = newValue }
    }
    func path(in rect: CGRect) -> Path {
      Path { p in
        p.move(to: CGPoint(x: rect.minX, y: rect.maxY))
        p.addLine(to: CGPoint(x: rect.minX + rect.width * apex, y: rect.minY))
        p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        p.closeSubpath()
      }
    }
  }

  /// The same triangle without animatable data.
  struct StillPeak: Shape {
    var apex: Double
    func path(in rect: CGRect) -> Path { Peak(apex: apex).path(in: rect) }
  }

  /// The triangle in JSON: a `path` whose apex x is a state value, in the 100 × 100 box.
  static func json(animated: Bool) -> String {
    let change =
      animated ? #", "animation": {"linear": {"duration": 1}}"# : #", "animation": {"linear": {"duration": 1}}"#
    return """
      {"version": 1, "canvas": {"width": 160, "height": 120, "background": "white"}, "state": {"x": 20},
       "root": {"type": "path", "viewBox": [0, 0, 100, 100],
         "commands": [{"move": [0, 100]}, {"line": ["$x", 0]}, {"line": [100, 100]}, {"close": true}],
         "modifiers": [\(animated ? "" : #"{"animation": {"curve": null, "value": "$x"}}, "#){"fill": "teal"}, {"frame": {"width": 120, "height": 80}}]},
       "duration": 1.5,
       "timeline": [{"at": 0.2, "set": {"x": 80}\(change)}]}
      """
  }

  @Test func anAnimatableShapeMovesItsPointsLikeTheJSONPath() throws {
    let movie = try Movie(width: 160, height: 120, background: .white, duration: 1.5, state: 0.2) { apex in
      Peak(apex: apex).fill(.teal).frame(width: 120, height: 80)
    } timeline: { scheduler, state in
      scheduler.animation(.linear(duration: 1)).schedule(after: 0.2) { state.state = 0.8 }
    }
    try expectEquivalent(movie, json: Self.json(animated: true))
    // Mid-animation the apex is between its ends, and the frame stretches the 100-point box:
    // at t = 0.7 (half way) the apex is at x = 20 + 120 · 0.5 = 80 points, the top of the frame.
    let mid = movie.image(at: 0.7)
    let top = 20 + 1  // the frame's top row, in pixels (scale 1), plus one
    #expect(mid.pixel(x: 80, y: top + 2).a == 255)
    #expect(mid.pixel(x: 30, y: top + 2).r == 255)  // white: the left slope is far below there
  }

  @Test func aShapeWithoutAnimatableDataChangesAtOnce() throws {
    let movie = try Movie(width: 160, height: 120, background: .white, duration: 1.5, state: 0.2) { apex in
      StillPeak(apex: apex).fill(.teal).frame(width: 120, height: 80)
    } timeline: { scheduler, state in
      scheduler.animation(.linear(duration: 1)).schedule(after: 0.2) { state.state = 0.8 }
    }
    try expectEquivalent(movie, json: Self.json(animated: false))
    // Right after the change the outline is already the final one.
    #expect(movie.image(at: 0.25) == movie.image(at: 1.5))
    #expect(movie.image(at: 0.15) != movie.image(at: 1.5))
  }

  @Test func builtInShapesHaveSwiftUIsPaths() throws {
    // Ellipse: four cubics from the rightmost point, clockwise on screen.
    let rect = CGRect(x: 10, y: 20, width: 60, height: 40)
    let ellipse = Ellipse().path(in: rect)
    let circle = Circle().path(in: rect)
    // Drawn in the same frame as the built-in shapes, the paths cover the same pixels within
    // the error of the four-cubic approximation (< 0.03 % of the radius).
    func sameAs<S: Shape, B: Shape>(_ path: S, _ builtIn: B) throws -> Int {
      let a = try Movie(width: 80, height: 80, background: .white, state: 0) { _ in
        ZStack(alignment: .topLeading) { path.fill(.black) }.frame(width: 80, height: 80, alignment: .topLeading)
      }
      let b = try Movie(width: 80, height: 80, background: .white, state: 0) { _ in
        ZStack(alignment: .topLeading) { builtIn.fill(.black).frame(width: 60, height: 40).offset(x: 10, y: 20) }
          .frame(width: 80, height: 80, alignment: .topLeading)
      }
      let pa = a.frame(0), pb = b.frame(0)
      var worst = 0
      for i in 0..<pa.bytes.count { worst = max(worst, abs(Int(pa.bytes[i]) - Int(pb.bytes[i]))) }
      return worst
    }
    #expect(try sameAs(ellipse, Ellipse()) <= 3)
    #expect(try sameAs(circle, Circle()) <= 3)
    #expect(try sameAs(Rectangle().path(in: rect), Rectangle()) <= 1)
    #expect(try sameAs(RoundedRectangle(cornerRadius: 12).path(in: rect), RoundedRectangle(cornerRadius: 12)) <= 3)
    #expect(try sameAs(Capsule().path(in: rect), Capsule()) <= 3)
  }
}
