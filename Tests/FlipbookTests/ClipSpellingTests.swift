import Flipbook
import Foundation
import Testing

/// `clipShape`, `cornerRadius` and `clipped` in Swift render the same frames as the JSON they
/// stand for, and their export renders the same too; their numbers animate.
@Suite struct ClipSpellingTests {
  @Test func clipsInSwiftAndInJSONRenderTheSame() throws {
    struct V: View {
      var big: Bool
      var body: some View {
        HStack(spacing: 6) {
          Color.red.frame(width: 50, height: 50).clipShape(Circle())
          Color.blue.frame(width: 50, height: 40).cornerRadius(big ? 20 : 4).rotationEffect(.degrees(big ? 20 : 0))
          Circle().fill(.green).frame(width: 60, height: 60).frame(width: 30.5, height: 25).clipped()
          Color.orange.frame(width: 50, height: 50)
            .clipShape(RoundedRectangle(cornerRadius: big ? 25 : 0, style: .continuous))
          Color.purple.frame(width: 50, height: 50)
            .clipShape(
              Path { p in
                p.addRect(CGRect(x: 0, y: 0, width: 50, height: 50))
                p.addRect(CGRect(x: 10, y: 10, width: big ? 30 : 10, height: 30))
              }, style: FillStyle(eoFill: true)
            )
            .offset(y: big ? 10 : 0)
        }
      }
    }
    let movie = try Movie(width: 320, height: 100, background: .white, fps: 10, state: false) {
      V(big: $0)
    } timeline: { scheduler, state in
      scheduler.animation(.easeInOut(duration: 1)).schedule(after: 0.2) { state.state = true }
    }
    try expectEquivalent(
      movie,
      json: """
        {"version": 1, "canvas": {"width": 320, "height": 100, "background": "white"}, "fps": 10, "state": {"big": false},
         "root": {"type": "hstack", "spacing": 6, "children": [
           {"type": "color", "color": "red", "modifiers": [{"frame": {"width": 50, "height": 50}}, {"clipShape": "circle"}]},
           {"type": "color", "color": "blue", "modifiers": [{"frame": {"width": 50, "height": 40}},
             {"cornerRadius": {"if": "$big", "then": 20, "else": 4}}, {"rotationEffect": {"if": "$big", "then": 20, "else": 0}}]},
           {"type": "circle", "modifiers": [{"fill": "green"}, {"frame": {"width": 60, "height": 60}},
             {"frame": {"width": 30.5, "height": 25}}, {"clipped": true}]},
           {"type": "color", "color": "orange", "modifiers": [{"frame": {"width": 50, "height": 50}},
             {"clipShape": {"roundedRectangle": {"cornerRadius": {"if": "$big", "then": 25, "else": 0}, "style": "continuous"}}}]},
           {"type": "color", "color": "purple", "modifiers": [{"frame": {"width": 50, "height": 50}},
             {"clipShape": {"shape": {"path": {"commands": [
               {"move": [0, 0]}, {"line": [50, 0]}, {"line": [50, 50]}, {"line": [0, 50]}, {"close": true},
               {"move": [10, 10]}, {"line": [{"if": "$big", "then": 40, "else": 20}, 10]},
               {"line": [{"if": "$big", "then": 40, "else": 20}, 40]}, {"line": [10, 40]}, {"close": true}]}},
               "fillRule": "evenOdd"}},
             {"offset": {"x": 0, "y": {"if": "$big", "then": 10, "else": 0}}}]}]},
         "timeline": [{"at": 0.2, "set": {"big": true}, "animation": {"easeInOut": {"duration": 1}}}]}
        """)
    let json = try movie.exportJSON()
    #expect(json.contains("\"clipShape\""))
    #expect(json.contains("\"cornerRadius\""))
    #expect(json.contains("\"clipped\""))
    #expect(json.contains("\"evenOdd\""))
  }

  @Test func aTrimmedShapeCannotClip() {
    struct V: View {
      var body: some View { Color.red.frame(width: 20, height: 20).clipShape(Circle().trim(from: 0, to: 0.5)) }
    }
    #expect(throws: MovieError.self) {
      _ = try Movie(width: 40, height: 40, state: 0) { _ in
        V()
      } timeline: { _, _ in
      }
    }
  }
}
