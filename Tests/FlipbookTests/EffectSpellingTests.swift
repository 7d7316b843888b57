import Flipbook
import Foundation
import Testing

/// `shadow` and `blur` in Swift render the same frames as the JSON they stand for, and their
/// export renders the same too; their numbers animate.
@Suite struct EffectSpellingTests {
  @Test func effectsInSwiftAndInJSONRenderTheSame() throws {
    struct V: View {
      var pressed: Bool
      var body: some View {
        HStack(spacing: 12) {
          RoundedRectangle(cornerRadius: 8).fill(.blue).frame(width: 60, height: 30)
            .shadow(radius: pressed ? 2 : 6, y: pressed ? 1 : 4)
          Circle().fill(.orange).frame(width: 30, height: 30)
            .shadow(color: .purple, radius: 3, x: -2)
          Color.green.frame(width: 40, height: 40).blur(radius: pressed ? 0 : 3, opaque: true)
            .mask(alignment: .top) { Capsule().frame(height: 20) }
          Circle().fill(.red).frame(width: 30, height: 30).grayscale(pressed ? 0 : 1)
            .hueRotation(.degrees(pressed ? 30 : 0)).brightness(0.1).contrast(1.2).saturation(1.5)
            .colorMultiply(.yellow).colorInvert().blendMode(.multiply)
        }
      }
    }
    let movie = try Movie(width: 240, height: 80, background: .white, fps: 10, state: false) {
      V(pressed: $0)
    } timeline: { scheduler, state in
      scheduler.animation(.easeInOut(duration: 0.5)).schedule(after: 0.1) { state.state = true }
    }
    try expectEquivalent(
      movie,
      json: """
        {"version": 1, "canvas": {"width": 240, "height": 80, "background": "white"}, "fps": 10, "state": {"pressed": false},
         "root": {"type": "hstack", "spacing": 12, "children": [
           {"type": "roundedRectangle", "cornerRadius": 8, "modifiers": [{"fill": "blue"}, {"frame": {"width": 60, "height": 30}},
             {"shadow": {"radius": {"if": "$pressed", "then": 2, "else": 6}, "y": {"if": "$pressed", "then": 1, "else": 4}}}]},
           {"type": "circle", "modifiers": [{"fill": "orange"}, {"frame": {"width": 30, "height": 30}},
             {"shadow": {"color": "purple", "radius": 3, "x": -2}}]},
           {"type": "color", "color": "green", "modifiers": [{"frame": {"width": 40, "height": 40}},
             {"blur": {"radius": {"if": "$pressed", "then": 0, "else": 3}, "opaque": true}},
             {"mask": {"node": {"type": "capsule", "modifiers": [{"frame": {"height": 20}}]}, "alignment": "top"}}]},
           {"type": "circle", "modifiers": [{"fill": "red"}, {"frame": {"width": 30, "height": 30}},
             {"grayscale": {"if": "$pressed", "then": 0, "else": 1}}, {"hueRotation": {"if": "$pressed", "then": 30, "else": 0}},
             {"brightness": 0.1}, {"contrast": 1.2}, {"saturation": 1.5}, {"colorMultiply": "yellow"}, {"colorInvert": true},
             {"blendMode": "multiply"}]}]},
         "timeline": [{"at": 0.1, "set": {"pressed": true}, "animation": {"easeInOut": {"duration": 0.5}}}]}
        """)
    let json = try movie.exportJSON()
    #expect(json.contains("\"shadow\""))
    #expect(json.contains("\"blur\""))
    #expect(json.contains("\"colorInvert\""))
    #expect(json.contains("\"multiply\""))
  }

  /// `rotation3DEffect` in Swift (SwiftUI's signature: an `Angle`, an axis tuple, anchor,
  /// anchorZ, perspective) renders the same frames as its JSON, and exports to that JSON.
  @Test func rotation3DEffectInSwiftAndInJSONRenderTheSame() throws {
    struct Card: View {
      var flipped: Bool
      var body: some View {
        ZStack {
          RoundedRectangle(cornerRadius: 10).fill(.blue).frame(width: 80, height: 50)
          Circle().fill(.orange).frame(width: 20, height: 20)
            .rotation3DEffect(
              .degrees(30), axis: (x: 1, y: 0.5, z: 0), anchor: .topLeading, anchorZ: 5, perspective: 0.5)
        }
        .rotation3DEffect(.degrees(flipped ? 160 : 0), axis: (x: 0, y: 1, z: 0))
      }
    }
    let movie = try Movie(width: 160, height: 100, background: .white, fps: 10, state: false) {
      Card(flipped: $0)
    } timeline: { scheduler, state in
      scheduler.animation(.easeInOut(duration: 0.5)).schedule(after: 0.1) { state.state = true }
    }
    try expectEquivalent(
      movie,
      json: """
        {"version": 1, "canvas": {"width": 160, "height": 100, "background": "white"}, "fps": 10, "state": {"flipped": false},
         "root": {"type": "zstack", "children": [
           {"type": "roundedRectangle", "cornerRadius": 10, "modifiers": [{"fill": "blue"}, {"frame": {"width": 80, "height": 50}}]},
           {"type": "circle", "modifiers": [{"fill": "orange"}, {"frame": {"width": 20, "height": 20}},
             {"rotation3DEffect": {"degrees": 30, "axis": [1, 0.5, 0], "anchor": "topLeading", "anchorZ": 5, "perspective": 0.5}}]}],
          "modifiers": [{"rotation3DEffect": {"degrees": {"if": "$flipped", "then": 160, "else": 0}, "axis": [0, 1, 0]}}]},
         "timeline": [{"at": 0.1, "set": {"flipped": true}, "animation": {"easeInOut": {"duration": 0.5}}}]}
        """)
    let json = try movie.exportJSON()
    #expect(json.contains("\"rotation3DEffect\""))
    #expect(json.contains("\"axis\": [0, 1, 0]") || json.contains("\"axis\":[0,1,0]"))
  }
}
