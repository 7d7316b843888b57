import Flipbook
import FlipbookScene
import Testing

/// The Swift API's `transaction(_:)` and `animation(_:body:)`: they export the JSON modifiers
/// that say the same, and render the same frames.
@Suite struct TransactionAPITests {
  static let spring = Animation.interpolatingSpring(stiffness: 100, damping: 10)

  func movie(transform: @escaping (inout Flipbook.Transaction) -> Void = { $0.animation = spring }) throws -> Movie {
    try Movie(width: 200, height: 100, fps: 30, state: false) { on in
      Rectangle().frame(width: 10, height: 10)
        .offset(x: on ? 100 : 0)
        .transaction(transform)
        .animation(.linear(duration: 1)) { content in
          content.opacity(on ? 0.2 : 1).scaleEffect(on ? 2 : 1)
        }
    } timeline: { scheduler, state in
      scheduler.advance(by: 0.2)
      withAnimation(.easeIn(duration: 0.5)) { state.state = true }
    }
  }

  @Test func transactionAndAnimationBodyExportTheirJSONAndRenderTheSameFrames() throws {
    let json = #"""
      {"version": 1, "canvas": {"width": 200, "height": 100}, "fps": 30, "state": {"x": 0, "o": 1, "s": 1},
       "root": {"type": "vstack", "spacing": 8, "children": [{"type": "rectangle", "modifiers": [
         {"frame": {"width": 10, "height": 10}}, {"offset": {"x": "$x"}},
         {"transaction": {"animation": {"interpolatingSpring": {"stiffness": 100, "damping": 10}}}},
         {"animation": {"curve": {"linear": {"duration": 1}}, "body": [{"opacity": "$o"}, {"scaleEffect": "$s"}]}}]}]},
       "timeline": [{"at": 0.2, "set": {"x": 100, "o": 0.2, "s": 2}, "animation": {"easeIn": {"duration": 0.5}}}]}
      """#
    let m = try movie()
    try expectEquivalent(m, json: json)
    // A single view is the exported scene's root.
    let scene = try SceneDecoder.decode(Array(try m.exportJSON().utf8), file: "export.json")
    let kinds: [Modifier.Kind] = scene.root.modifiers.map { $0.kind }
    #expect(kinds.count == 6)
    #expect(kinds[2] == .transaction(animation: .some(Self.spring), disablesAnimations: nil))
    #expect(kinds[5] == .animationBody(curve: .linear(duration: 1), count: 2))
  }

  @Test func aTransactionClosureThatSetsNothingOrDisablesAnimationsExportsThat() throws {
    let keep = try SceneDecoder.decode(Array(try movie(transform: { _ in }).exportJSON().utf8), file: "a.json")
    let disable = try SceneDecoder.decode(
      Array(
        try movie(transform: {
          $0.disablesAnimations = true; $0.animation = nil
        }).exportJSON().utf8),
      file: "b.json")
    func transaction(_ scene: FlipbookScene.Scene) -> Modifier.Kind? { scene.root.modifiers[2].kind }
    #expect(transaction(keep) == .transaction(animation: nil, disablesAnimations: nil))
    #expect(transaction(disable) == .transaction(animation: .some(nil), disablesAnimations: true))
  }

  @Test func aTransactionClosureThatReadsTheTransactionIsAMovieError() {
    #expect(throws: MovieError.self) { try movie(transform: { $0.animation = $0.animation?.delay(1) }) }
    #expect(throws: MovieError.self) { try movie(transform: { $0.disablesAnimations = !$0.disablesAnimations }) }
  }

  @Test func aBodyThatIsNotAModifierChainOnItsContentIsAMovieError() {
    #expect(throws: MovieError.self) {
      try Movie(width: 100, height: 100, state: 0) { _ in
        Circle().animation(.linear) { content in HStack { content } }
      }
    }
  }
}
