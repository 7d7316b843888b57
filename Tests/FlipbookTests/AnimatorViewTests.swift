import Flipbook
import FlipbookScene
import Testing

/// The standalone `KeyframeAnimator` and `PhaseAnimator` views export the JSON of the
/// corresponding modifiers (and of the hand-written event that says the same).
@Suite struct AnimatorViewTests {
  struct Values {
    var scale = 1.0
    var y = 0.0
  }

  @KeyframesBuilder<Values> static func bounce() -> [KeyframeTrack<Values>] {
    KeyframeTrack(\.scale) {
      CubicKeyframe(1.4, duration: 0.2)
      SpringKeyframe(1, duration: 0.5, spring: .bouncy)
    }
    KeyframeTrack(\.y) {
      LinearKeyframe(-20, duration: 0.25, timingCurve: .easeOut)
      MoveKeyframe(0)
    }
  }

  static func dot(_ v: Values) -> some View {
    Circle().frame(width: 20, height: 20).scaleEffect(v.scale).offset(y: v.y)
  }

  @Test func keyframeAnimatorWithATriggerExportsWhatTheModifierExports() throws {
    func movie(view: Bool) throws -> Movie {
      try Movie(width: 100, height: 100, fps: 30, state: 0) { taps in
        if view {
          KeyframeAnimator(initialValue: Values(), trigger: taps) { v in
            Self.dot(v)
          } keyframes: { _ in
            Self.bounce()
          }
        } else {
          EmptyView().keyframeAnimator(initialValue: Values(), trigger: taps) { _, v in
            Self.dot(v)
          } keyframes: { _ in
            Self.bounce()
          }
        }
      } timeline: { scheduler, state in
        scheduler.schedule(after: 0.3) { state.state += 1 }
      }
    }
    let (view, modifier) = (try movie(view: true), try movie(view: false))
    let exported = try view.exportJSON()
    #expect(exported == (try modifier.exportJSON()))
    let scene = try SceneDecoder.decode(Array(exported.utf8), file: "export.json")
    let events = scene.transactions.filter { $0.keyframes != nil }
    #expect(events.map(\.time) == [0.3])
    #expect(events.first?.keyframes?.tracks.map(\.keyframes.count) == [2, 2])
    try expectEquivalent(view)
  }

  @Test func repeatingKeyframeAnimatorExportsWhatTheModifierExports() throws {
    func movie(view: Bool) throws -> Movie {
      try Movie(width: 100, height: 100, fps: 30, duration: 2, state: 0) { _ in
        if view {
          KeyframeAnimator(initialValue: Values(), repeating: true) { v in
            Self.dot(v)
          } keyframes: { _ in
            Self.bounce()
          }
        } else {
          EmptyView().keyframeAnimator(initialValue: Values(), repeating: true) { _, v in
            Self.dot(v)
          } keyframes: {
            _ in
            Self.bounce()
          }
        }
      }
    }
    #expect(try movie(view: true).exportJSON() == (try movie(view: false).exportJSON()))
  }

  @Test func phaseAnimatorWithATriggerExportsWhatTheModifierExports() throws {
    func movie(view: Bool) throws -> Movie {
      try Movie(width: 100, height: 100, fps: 30, state: 0) { taps in
        if view {
          PhaseAnimator([1.0, 1.5, 0.5], trigger: taps) { s in
            Circle().frame(width: 20, height: 20).scaleEffect(s)
          } animation: {
            $0 == 1.5 ? .spring(duration: 0.3) : .linear(duration: 0.2)
          }
        } else {
          EmptyView().phaseAnimator([1.0, 1.5, 0.5], trigger: taps) { _, s in
            Circle().frame(width: 20, height: 20).scaleEffect(s)
          } animation: {
            $0 == 1.5 ? .spring(duration: 0.3) : .linear(duration: 0.2)
          }
        }
      } timeline: { scheduler, state in
        scheduler.schedule(after: 0.5) { state.state = 1 }
      }
    }
    let exported = try movie(view: true).exportJSON()
    #expect(exported == (try movie(view: false).exportJSON()))
    // 0.5: the trigger, into 1.5 (spring(duration: 0.3): logically complete at its response
    // 0.3); 0.8: into 0.5 (linear 0.2); 1.0: back to 1.0.
    let scene = try SceneDecoder.decode(Array(exported.utf8), file: "export.json")
    let times = scene.transactions.filter { !$0.changes.isEmpty }.map(\.time)
    #expect(zip(times, [0.5, 0.8, 1.0]).allSatisfy { abs($0 - $1) < 1e-9 } && times.count == 3)
  }
}
