import Flipbook
import FlipbookScene
import Testing

/// The Swift API's `phaseAnimator`: steps on logical completion, back to the first phase, and
/// the same frames as the JSON `phases` event that says the same.
@Suite struct PhaseAnimatorTests {
  enum Pulse: CaseIterable {
    case rest, grow, fade
    var scale: Double { self == .grow ? 1.6 : 1 }
    var opacity: Double { self == .fade ? 0.3 : 1 }
  }

  /// The JSON phases event that the pulse animators say.
  static let pulseJSON = #"""
    {"canvas": {"width": 100, "height": 100}, "fps": 30, "duration": 3, "state": {"s": 1, "o": 1},
     "root": {"type": "vstack", "spacing": 8, "children": [{"type": "circle", "modifiers": [
       {"frame": {"width": 20, "height": 20}}, {"scaleEffect": "$s"}, {"opacity": "$o"}]}]},
     "timeline": [{"at": 0, "repeat": true, "phases": [
       {"set": {"s": 1, "o": 1}, "animation": {"linear": {"duration": 0.3}}},
       {"set": {"s": 1.6, "o": 1}, "animation": {"easeOut": {"duration": 0.4}}},
       {"set": {"s": 1, "o": 0.3}, "animation": {"linear": {"duration": 0.3}}}]}]}
    """#

  static func animation(_ p: Pulse) -> Animation? {
    p == .grow ? .easeOut(duration: 0.4) : .linear(duration: 0.3)
  }

  @Test func aCyclingPhaseAnimatorDrawsWhatTheJSONPhasesEventDraws() throws {
    let movie = try Movie(width: 100, height: 100, fps: 30, duration: 3, state: 0) { _ in
      Circle().frame(width: 20, height: 20)
        .phaseAnimator(Pulse.allCases) { content, p in
          content.scaleEffect(p.scale).opacity(p.opacity)
        } animation: {
          Self.animation($0)
        }
    }
    try expectEquivalent(movie, json: Self.pulseJSON)
  }

  @Test func aCyclingPhaseAnimatorViewDrawsTheSame() throws {
    let movie = try Movie(width: 100, height: 100, fps: 30, duration: 3, state: 0) { _ in
      PhaseAnimator(Pulse.allCases) { p in
        Circle().frame(width: 20, height: 20).scaleEffect(p.scale).opacity(p.opacity)
      } animation: {
        Self.animation($0)
      }
    }
    try expectEquivalent(movie, json: Self.pulseJSON)
  }

  @Test func aTriggerRunsThePhasesOnceOnLogicalCompletionBackToTheFirst() throws {
    let movie = try Movie(width: 100, height: 100, fps: 30, state: 0) { taps in
      Circle().frame(width: 20, height: 20)
        .phaseAnimator([1.0, 1.5, 1.5, 0.5], trigger: taps) { content, s in
          content.scaleEffect(s)
        } animation: {
          $0 == 1.5 ? .spring(response: 0.4, dampingFraction: 0.7) : .linear(duration: 0.25)
        }
    } timeline: { scheduler, state in
      scheduler.schedule(after: 0.5) { state.state = 1 }
    }
    let scene = try SceneDecoder.decode(Array(try movie.exportJSON().utf8), file: "export.json")
    // 0.5: the trigger; phase 1 (spring, complete at its response 0.4); phase 2 equals it
    // (complete at once); phase 3 (linear 0.25); back to phase 0 (linear 0.25), then nothing.
    let changes = scene.transactions.filter { !$0.changes.isEmpty }.map(\.time)
    #expect(changes == [0.5, 0.9, 1.15])
    #expect(abs(movie.duration - 1.4) < 1 / 30.0 + 1e-9)
  }

  @Test func aCyclingPhaseAnimatorNeedsAMovieDuration() {
    #expect(throws: MovieError.self) {
      try Movie(width: 100, height: 100, state: 0) { _ in
        Circle().phaseAnimator([1.0, 2.0]) { content, s in content.scaleEffect(s) }
      }
    }
  }
}

extension PhaseAnimatorTests {
  @Test func equalPhasesWithoutAnimationEndAfterOneCycle() throws {
    let movie = try Movie(width: 100, height: 100, duration: 1, state: 0) { _ in
      Circle().phaseAnimator([1.0, 2.0]) { content, s in
        content.scaleEffect(s)
      } animation: { _ in
        nil
      }
    }
    let scene = try SceneDecoder.decode(Array(try movie.exportJSON().utf8), file: "export.json")
    #expect(scene.transactions.filter { !$0.changes.isEmpty }.count == 2)
  }
}
