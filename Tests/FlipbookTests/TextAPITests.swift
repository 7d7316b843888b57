import Flipbook
import Testing

/// `Text` in Swift renders as the hand-written JSON and exports the same scene.
@Suite struct TextAPITests {
  @Test func textStylesFontsAndOptions() throws {
    struct V: View {
      var body: some View {
        VStack(spacing: 4) {
          Text("Title").font(.title)
          Text("Headline").font(.headline).foregroundColor(.blue)
          Text("Wrapped and centered body text").multilineTextAlignment(.center).lineLimit(2).lineSpacing(3)
            .frame(width: 120)
          Text("Mono").font(.system(size: 14, weight: .bold, design: .monospaced))
        }
      }
    }
    let movie = try Movie(width: 200, height: 200, background: .white, state: 0) { _ in
      V()
    } timeline: { _, _ in
    }
    try expectEquivalent(
      movie,
      json: """
        {"version": 1, "canvas": {"width": 200, "height": 200, "background": "white"}, "duration": 0,
         "root": {"type": "vstack", "spacing": 4, "children": [
           {"type": "text", "text": "Title", "font": "title"},
           {"type": "text", "text": "Headline", "font": "headline", "modifiers": [{"foregroundColor": "blue"}]},
           {"type": "text", "text": "Wrapped and centered body text", "lineLimit": 2, "multilineTextAlignment": "center",
            "lineSpacing": 3, "modifiers": [{"frame": {"width": 120}}]},
           {"type": "text", "text": "Mono", "font": {"size": 14, "weight": "bold", "design": "monospaced"}}]}}
        """)
  }

  @Test func aNumberThatChangesCrossfadesAndItsSizeAnimates() throws {
    struct V: View {
      var count: Double
      var body: some View {
        Text(count, format: .number.precision(.fractionLength(1)))
          .font(.system(size: count > 5 ? 40 : 20))
          .contentTransition(.numericText())
      }
    }
    let movie = try Movie(width: 200, height: 100, background: .white, state: 1.0) {
      V(count: $0)
    } timeline: { scheduler, state in
      scheduler.animation(.easeInOut(duration: 1)).schedule(after: 0.2) { state.state = 9.5 }
    }
    try expectEquivalent(
      movie,
      json: """
        {"version": 1, "canvas": {"width": 200, "height": 100, "background": "white"},
         "state": {"n": 1, "size": 20},
         "root": {"type": "text", "text": {"number": "$n", "decimals": 1}, "font": {"size": "$size"},
                  "modifiers": [{"contentTransition": {"numericText": {}}}]},
         "timeline": [{"at": 0.2, "set": {"n": 9.5, "size": 40}, "animation": {"easeInOut": {"duration": 1}}}]}
        """)
  }

  @Test func aStringThatChangesCrossfadesAsAStringVariable() throws {
    let movie = try Movie(width: 200, height: 80, background: .white, state: false) { saved in
      Text(saved ? "Saved" : "Save").font(.headline)
    } timeline: { scheduler, state in
      scheduler.animation(.easeInOut(duration: 0.4)).schedule(after: 0.1) { state.state = true }
    }
    try expectEquivalent(
      movie,
      json: """
        {"version": 1, "canvas": {"width": 200, "height": 80, "background": "white"}, "duration": "auto",
         "state": {"title": {"string": "Save"}},
         "root": {"type": "text", "text": "$title", "font": "headline"},
         "timeline": [{"at": 0.1, "set": {"title": "Saved"}, "animation": {"easeInOut": {"duration": 0.4}}}]}
        """)
    #expect(try movie.exportJSON().contains(#""text": "$text_"#))
  }
}
