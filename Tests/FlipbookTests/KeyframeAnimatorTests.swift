import Flipbook
import FlipbookDisplayList
import FlipbookEngine
import FlipbookScene
import Testing

/// The Swift API's keyframes: `KeyframeTimeline` computes what the renderer draws, and
/// `keyframeAnimator` exports a JSON keyframes event that renders the same frames.
@Suite struct KeyframeAnimatorTests {
  struct Values {
    var scale = 1.0
    var x = 0.0
  }

  @KeyframesBuilder<Values> static func likeKeyframes() -> [KeyframeTrack<Values>] {
    KeyframeTrack(\.scale) {
      CubicKeyframe(1.3, duration: 0.15)
      SpringKeyframe(1.0, duration: 0.4, spring: .bouncy)
    }
    KeyframeTrack(\.x) {
      LinearKeyframe(-40, duration: 0.2, timingCurve: .easeOut)
      CubicKeyframe(10, duration: 0.3)
      SpringKeyframe(0, spring: Spring(duration: 0.3, bounce: 0.4))
    }
  }

  func like(likesAt times: [Double], duration: Double? = nil) throws -> Movie {
    try Movie(width: 200, height: 100, fps: 60, duration: duration, state: 0) { likes in
      Rectangle().frame(width: 10, height: 10)
        .keyframeAnimator(initialValue: Values(), trigger: likes) { content, value in
          content.offset(x: value.x).scaleEffect(value.scale)
        } keyframes: { _ in
          Self.likeKeyframes()
        }
    } timeline: { scheduler, state in
      for t in times { scheduler.schedule(after: t) { state.state += 1 } }
    }
  }

  /// (scale, x) as drawn: the 10×10 square centered at 100 is offset by x, then scaled about
  /// its layout center, so it spans 100 + (x − 5)·s … 100 + (x + 5)·s.
  func drawn(_ movie: Movie, _ t: Double) -> (scale: Double, x: Double) {
    var rect: Rect?
    func visit(_ items: [DisplayItem]) {
      for item in items {
        switch item {
        case .shape(let s):
          if case .rectangle(let r) = s.geometry {
            let a = s.transform.apply(Point(x: r.minX, y: r.minY))
            let b = s.transform.apply(Point(x: r.maxX, y: r.maxY))
            rect = Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
          }
        case .layer(let items, _, _, _): visit(items)
        case .glyphs: break
        }
      }
    }
    visit(movie.compiled.displayList(at: t).items)
    let s = rect!.width / 10
    return (s, (rect!.minX - 100) / s + 5)
  }

  @Test func keyframeTimelineAgreesWithTheRenderersValues() throws {
    let timeline = KeyframeTimeline(initialValue: Values()) { Self.likeKeyframes() }
    let movie = try like(likesAt: [0.5])
    #expect(abs(movie.duration - (0.5 + timeline.duration)) < 1 / 60.0 + 1e-9)
    for frame in 0..<movie.frameCount {
      let t = movie.time(ofFrame: frame)
      let want = timeline.value(time: t - 0.5)
      let got = drawn(movie, t)
      #expect(abs(got.scale - want.scale) < 1e-9 && abs(got.x - want.x) < 1e-9, "t = \(t)")
    }
  }

  @Test func keyframeAnimatorExportsAKeyframesEventPerTriggerChange() throws {
    let movie = try like(likesAt: [0.2, 1.5])
    let json = try movie.exportJSON()
    let scene = try SceneDecoder.decode(Array(json.utf8), file: "export.json")
    let events = scene.transactions.filter { $0.keyframes != nil }
    #expect(events.map(\.time) == [0.2, 1.5])
    #expect(events[0].keyframes!.tracks.map { $0.keyframes.count } == [2, 3])
    try expectEquivalent(movie)
  }

  @Test func repeatingKeyframesNeedAMovieDurationAndCycle() throws {
    func movie(_ duration: Double?) throws -> Movie {
      try Movie(width: 200, height: 100, fps: 30, duration: duration, state: 0) { _ in
        Circle().frame(width: 10, height: 10)
          .keyframeAnimator(initialValue: 0.0) { content, x in
            content.offset(x: x)
          } keyframes: { _ in
            KeyframeTrack {
              LinearKeyframe(30, duration: 0.5)
              LinearKeyframe(0, duration: 0.5)
            }
          }
      }
    }
    #expect(throws: MovieError.self) { try movie(nil) }
    let m = try movie(2)
    let timeline = KeyframeTimeline(initialValue: 0.0) {
      KeyframeTrack {
        LinearKeyframe(30, duration: 0.5)
        LinearKeyframe(0, duration: 0.5)
      }
    }
    #expect(timeline.duration == 1)
    #expect(abs(timeline.value(progress: 0.25) - 15) < 1e-12)
    try expectEquivalent(m)
  }

  @Test func ofTwoTracksOnOnePropertyTheLaterWins() {
    let timeline = KeyframeTimeline(initialValue: Values()) {
      KeyframeTrack(\.x) { LinearKeyframe(100, duration: 1) }
      KeyframeTrack(\.x) { LinearKeyframe(-100, duration: 2) }
    }
    #expect(timeline.value(time: 1).x == -50)
    #expect(timeline.value(time: 5).x == -100)
  }
}
