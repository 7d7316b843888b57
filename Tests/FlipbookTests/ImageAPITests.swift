import Flipbook
import FlipbookTestSupport
import Testing

/// `Image` in Swift renders as the hand-written JSON and exports the same scene.
@Suite struct ImageAPITests {
  let icon = example("check-icon.png")

  @Test func ownSizeResizableAndContentModes() throws {
    let icon = self.icon
    struct V: View {
      var icon: String
      var body: some View {
        HStack(spacing: 4) {
          Image(icon, scale: 2)
          Image(decorative: icon).resizable().frame(width: 30, height: 20)
          Image(icon).resizable().aspectRatio(contentMode: .fit).frame(width: 40, height: 20)
          Image(icon).resizable().scaledToFill().frame(width: 40, height: 20).clipped()
          // A content mode on an image that is not resizable changes nothing, as in SwiftUI.
          Image(icon).scaledToFit()
        }
      }
    }
    let movie = try Movie(width: 260, height: 80, background: .white, state: 0) { _ in
      V(icon: icon)
    } timeline: { _, _ in
    }
    try expectEquivalent(
      movie,
      json: """
        {"version": 1, "canvas": {"width": 260, "height": 80, "background": "white"}, "duration": 0,
         "root": {"type": "hstack", "spacing": 4, "children": [
           {"type": "image", "file": "\(icon)", "imageScale": 2},
           {"type": "image", "file": "\(icon)", "resizable": true, "modifiers": [{"frame": {"width": 30, "height": 20}}]},
           {"type": "image", "file": "\(icon)", "resizable": true, "contentMode": "fit",
            "modifiers": [{"frame": {"width": 40, "height": 20}}]},
           {"type": "image", "file": "\(icon)", "resizable": true, "contentMode": "fill",
            "modifiers": [{"frame": {"width": 40, "height": 20}}, {"clipped": true}]},
           {"type": "image", "file": "\(icon)"}]}}
        """)
  }

  @Test func anImageScalesAndFadesWithItsModifiers() throws {
    let icon = self.icon
    let movie = try Movie(width: 120, height: 120, background: .white, state: false) { big in
      Image(icon).scaleEffect(big ? 2 : 0.5).opacity(big ? 1 : 0.3).rotationEffect(.degrees(big ? 30 : 0))
    } timeline: { scheduler, state in
      scheduler.animation(.easeInOut(duration: 0.5)).schedule(after: 0.1) { state.state = true }
    }
    try expectEquivalent(movie)
    #expect(try movie.exportJSON().contains(#""type": "image""#))
  }
}
