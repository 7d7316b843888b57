import Flipbook
import Testing

/// The same scenes written in Swift and in JSON render byte-identical frames: the two front
/// ends build one model for one engine. Each Swift movie's JSON export renders the same too.
@Suite struct EquivalenceTests {
  @Test func crossfade() throws {
    struct V: View {
      var showRed: Bool
      var body: some View {
        if showRed {
          Circle().fill(.red).frame(width: 100, height: 100).id("red")
        } else {
          RoundedRectangle(cornerRadius: 16).fill(.blue).frame(width: 140, height: 90).id("blue")
        }
      }
    }
    let movie = try Movie(width: 240, height: 160, background: .white, state: true) {
      V(showRed: $0)
    } timeline: { scheduler, state in
      scheduler.animation(.easeInOut(duration: 1)).schedule(after: 0.2) { state.state = false }
      scheduler.animation(.easeInOut(duration: 1)).schedule(after: 1.6) { state.state = true }
    }
    try expectEquivalent(
      movie,
      json: """
        {"version": 1, "canvas": {"width": 240, "height": 160, "background": "white"}, "state": {"showRed": true},
         "root": {"type": "if", "condition": "$showRed",
           "then": {"type": "circle", "id": "red", "modifiers": [{"fill": "red"}, {"frame": {"width": 100, "height": 100}}]},
           "else": {"type": "roundedRectangle", "id": "blue", "cornerRadius": 16, "modifiers": [{"fill": "blue"}, {"frame": {"width": 140, "height": 90}}]}},
         "timeline": [{"at": 0.2, "set": {"showRed": false}, "animation": {"easeInOut": {"duration": 1}}},
                      {"at": 1.6, "set": {"showRed": true}, "animation": {"easeInOut": {"duration": 1}}}]}
        """)
  }

  @Test func stackInsertWithTransition() throws {
    struct V: View {
      var showMiddle: Bool
      var body: some View {
        VStack(spacing: 10) {
          RoundedRectangle(cornerRadius: 8).fill(.indigo).frame(width: 160, height: 50)
          if showMiddle {
            RoundedRectangle(cornerRadius: 8).fill(.orange).frame(width: 160, height: 50)
              .transition(.opacity.combined(with: .move(edge: .leading)))
          }
          RoundedRectangle(cornerRadius: 8).fill(.teal).frame(width: 160, height: 50)
        }
      }
    }
    let movie = try Movie(width: 240, height: 240, background: .white, state: false) {
      V(showMiddle: $0)
    } timeline: { scheduler, state in
      scheduler.advance(by: 0.2)
      withAnimation(.bouncy) { state.state = true }
      scheduler.advance(by: 1.3)
      withAnimation(.easeInOut(duration: 0.5)) { state.state = false }
    }
    try expectEquivalent(
      movie,
      json: """
        {"version": 1, "canvas": {"width": 240, "height": 240, "background": "white"}, "state": {"showMiddle": false},
         "root": {"type": "vstack", "spacing": 10, "children": [
           {"type": "roundedRectangle", "cornerRadius": 8, "modifiers": [{"fill": "indigo"}, {"frame": {"width": 160, "height": 50}}]},
           {"type": "if", "condition": "$showMiddle", "then": {"type": "roundedRectangle", "cornerRadius": 8, "modifiers": [
             {"fill": "orange"}, {"frame": {"width": 160, "height": 50}}, {"transition": {"combined": ["opacity", {"move": "leading"}]}}]}},
           {"type": "roundedRectangle", "cornerRadius": 8, "modifiers": [{"fill": "teal"}, {"frame": {"width": 160, "height": 50}}]}]},
         "timeline": [{"at": 0.2, "set": {"showMiddle": true}, "animation": "bouncy"},
                      {"at": 1.5, "set": {"showMiddle": false}, "animation": {"easeInOut": {"duration": 0.5}}}]}
        """)
  }

  @Test func toggleWithOverlayAtTwoX() throws {
    struct V: View {
      var on: Bool
      var body: some View {
        ZStack {
          Capsule()
            .fill(on ? .green : .gray)
            .frame(width: 120, height: 60)
            .overlay {
              Circle().fill(.white).frame(width: 52, height: 52).offset(x: on ? 30 : -30)
            }
        }
      }
    }
    let movie = try Movie(width: 200, height: 80, scale: 2, state: false) {
      V(on: $0)
    } timeline: { scheduler, state in
      scheduler.animation(.snappy).schedule(after: 0.2) { state.state = true }
      scheduler.animation(.snappy).schedule(after: 1.2) { state.state = false }
    }
    try expectEquivalent(
      movie,
      json: """
        {"version": 1, "canvas": {"width": 200, "height": 80, "scale": 2, "background": "clear"}, "state": {"on": false},
         "root": {"type": "zstack", "children": [{"type": "capsule", "modifiers": [
           {"fill": {"if": "$on", "then": "green", "else": "gray"}}, {"frame": {"width": 120, "height": 60}},
           {"overlay": {"alignment": "center", "node": {"type": "circle", "modifiers": [{"fill": "white"},
             {"frame": {"width": 52, "height": 52}}, {"offset": {"x": {"if": "$on", "then": 30, "else": -30}, "y": 0}}]}}}]}]},
         "timeline": [{"at": 0.2, "set": {"on": true}, "animation": "snappy"}, {"at": 1.2, "set": {"on": false}, "animation": "snappy"}]}
        """)
  }

  @Test func compositingGroup() throws {
    struct Pair: View {
      var body: some View {
        Circle().fill(.red).frame(width: 70, height: 70).offset(x: -18)
        Circle().fill(.blue).frame(width: 70, height: 70).offset(x: 18)
      }
    }
    let movie = try Movie(width: 300, height: 130, background: .white, duration: 0, state: ()) { _ in
      HStack(spacing: 60) {
        ZStack { Pair() }.opacity(0.5)
        ZStack { Pair() }.compositingGroup().opacity(0.5)
      }
    }
    let pair = """
      [{"type": "circle", "modifiers": [{"fill": "red"}, {"frame": {"width": 70, "height": 70}}, {"offset": {"x": -18}}]},
       {"type": "circle", "modifiers": [{"fill": "blue"}, {"frame": {"width": 70, "height": 70}}, {"offset": {"x": 18}}]}]
      """
    try expectEquivalent(
      movie,
      json: """
        {"version": 1, "canvas": {"width": 300, "height": 130, "background": "white"}, "duration": 0,
         "root": {"type": "hstack", "spacing": 60, "children": [
           {"type": "zstack", "modifiers": [{"opacity": 0.5}], "children": \(pair)},
           {"type": "zstack", "modifiers": [{"compositingGroup": true}, {"opacity": 0.5}], "children": \(pair)}]}}
        """)
  }

  /// An implicit `animation(_:value:)` animates only the changes of its value, and a
  /// transaction's own animation applies elsewhere; `disablesAnimations` turns it off.
  @Test func implicitAnimationAndDisablesAnimations() throws {
    struct S { var x = 0.0; var angle = 0.0 }
    let movie = try Movie(width: 200, height: 100, background: .white, state: S()) { s in
      Rectangle()
        .fill(.orange)
        .frame(width: 40, height: 40)
        .rotationEffect(.degrees(s.angle), anchor: .topLeading)
        .offset(x: s.x)
        .animation(.easeIn(duration: 0.5), value: s.x)
    } timeline: { scheduler, state in
      scheduler.schedule(after: 0.1) { state.x = 60 }
      scheduler.animation(.linear(duration: 0.4)).schedule(after: 0.2) { state.angle = 45 }
      scheduler.schedule(after: 0.9) {
        var t = Transaction(animation: nil)
        t.disablesAnimations = true
        withTransaction(t) { state.x = -60 }
      }
      scheduler.schedule(after: 1.0) { state.x = 0 }
    }
    try expectEquivalent(
      movie,
      json: """
        {"version": 1, "canvas": {"width": 200, "height": 100, "background": "white"}, "state": {"x": 0, "angle": 0},
         "root": {"type": "rectangle", "modifiers": [{"fill": "orange"}, {"frame": {"width": 40, "height": 40}},
           {"rotationEffect": {"degrees": "$angle", "anchor": "topLeading"}}, {"offset": {"x": "$x", "y": 0}},
           {"animation": {"curve": {"easeIn": {"duration": 0.5}}, "value": "$x"}}]},
         "timeline": [{"at": 0.1, "set": {"x": 60}}, {"at": 0.2, "set": {"angle": 45}, "animation": {"linear": {"duration": 0.4}}},
                      {"at": 0.9, "set": {"x": -60}, "disablesAnimations": true}, {"at": 1.0, "set": {"x": 0}}]}
        """)
  }

  /// `matchedGeometryEffect` moves a shared frame between two views in an `if`/`else`.
  @Test func matchedGeometry() throws {
    struct V: View {
      var expanded: Bool
      @Namespace var ns
      var body: some View {
        ZStack(alignment: .topLeading) {
          if expanded {
            RoundedRectangle(cornerRadius: 12).fill(.purple).matchedGeometryEffect(id: "card", in: ns)
              .frame(width: 160, height: 100).offset(x: 20, y: 20)
          } else {
            RoundedRectangle(cornerRadius: 12).fill(.purple).matchedGeometryEffect(id: "card", in: ns)
              .frame(width: 40, height: 40)
          }
        }
        .frame(width: 200, height: 140, alignment: .topLeading)
      }
    }
    let movie = try Movie(width: 200, height: 140, background: .white, state: false) {
      V(expanded: $0)
    } timeline: { scheduler, state in
      scheduler.animation(.spring(response: 0.4, dampingFraction: 0.8)).schedule(after: 0.1) { state.state = true }
    }
    let card =
      #"{"type": "roundedRectangle", "cornerRadius": 12, "modifiers": [{"fill": "purple"}, {"matchedGeometryEffect": {"id": "card"}}"#
    try expectEquivalent(
      movie,
      json: """
        {"version": 1, "canvas": {"width": 200, "height": 140, "background": "white"}, "state": {"expanded": false},
         "root": {"type": "zstack", "alignment": "topLeading", "modifiers": [{"frame": {"width": 200, "height": 140, "alignment": "topLeading"}}],
           "children": [{"type": "if", "condition": "$expanded",
             "then": \(card), {"frame": {"width": 160, "height": 100}}, {"offset": [20, 20]}]},
             "else": \(card), {"frame": {"width": 40, "height": 40}}]}}]},
         "timeline": [{"at": 0.1, "set": {"expanded": true}, "animation": {"spring": {"response": 0.4, "dampingFraction": 0.8}}}]}
        """)
  }
}
