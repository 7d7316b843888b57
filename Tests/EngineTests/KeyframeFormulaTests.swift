import FlipbookAnimation
import FlipbookEngine
import FlipbookScene
import FlipbookTestSupport
import Foundation
import Testing

/// Keyframes events rendered by the JSON engine, frame by frame, against the formulas of
/// docs/animation-semantics.md §9 written out here (Hermite, Catmull-Rom velocities, a damped
/// spring in closed form, a Bézier timing curve solved by bisection): each kind, and the
/// velocity hand-offs between kinds.
@Suite struct KeyframeFormulaTests {
  static let fps = 60.0

  /// A 10×10 box offset by `$x` (and scaled by `$s`) in a 200×100 canvas: its left edge is 95 + x.
  func compileKeyframes(_ tracks: String, state: String = #"{"x": 0, "s": 1}"#, extra: String = "")
    throws -> CompiledScene
  {
    try compile(
      #"""
      {"canvas": {"width": 200, "height": 100}, "fps": \#(Self.fps), "state": \#(state),
       "root": {"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": {"x": "$x"}}]},
       "timeline": [{"at": 0.5, "keyframes": \#(tracks)\#(extra)}]}
      """#)
  }

  /// x at `time` as the renderer draws it.
  func x(_ c: CompiledScene, _ time: Double) -> Double {
    shapes(c.displayList(at: time))[0].rect.minX - 95
  }

  /// Checks every frame from the event's start (0.5 s) to past its end against `expected`,
  /// a function of the time since the start.
  func checkFrames(
    _ c: CompiledScene, until end: Double, tolerance: Double = 1e-9, _ expected: (Double) -> Double,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    var frame = Int((0.5 * Self.fps).rounded())
    while Double(frame) / Self.fps <= 0.5 + end + 0.2 {
      let t = Double(frame) / Self.fps
      let want = expected(t - 0.5)
      let got = x(c, t)
      #expect(abs(got - want) <= tolerance, "t = \(t): \(got) vs \(want)", sourceLocation: sourceLocation)
      frame += 1
    }
  }

  // MARK: Formulas

  /// The cubic Hermite segment from a to b on p ∈ [0, 1] with tangents m0, m1 (per unit p).
  func hermite(_ p: Double, _ a: Double, _ b: Double, _ m0: Double, _ m1: Double) -> Double {
    let h00 = 2 * p * p * p - 3 * p * p + 1, h10 = p * p * p - 2 * p * p + p
    let h01 = -2 * p * p * p + 3 * p * p, h11 = p * p * p - p * p
    return h00 * a + h10 * m0 + h01 * b + h11 * m1
  }

  /// An underdamped spring of mass 1, response r and damping ratio ζ moving from 0 toward T
  /// with initial velocity v0: position and velocity at t, from the textbook solution.
  func spring(response r: Double, zeta: Double, target T: Double, v0: Double, t: Double) -> (x: Double, v: Double) {
    let w0 = 2 * Double.pi / r
    let lambda = zeta * w0
    let w = w0 * (1 - zeta * zeta).squareRoot()
    // x(t) = T + e^{−λt}(A cos ωt + B sin ωt), with x(0) = 0 and x'(0) = v0.
    let a = -T
    let b = (v0 + lambda * a) / w
    let e = exp(-lambda * t)
    let x = T + e * (a * cos(w * t) + b * sin(w * t))
    let v = e * ((b * w - lambda * a) * cos(w * t) - (a * w + lambda * b) * sin(w * t))
    return (x, v)
  }

  /// A cubic Bézier timing curve's y at x, with x solved by bisection to 1e-14.
  func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func coordinate(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
      3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var (lo, hi) = (0.0, 1.0)
    while hi - lo > 1e-14 {
      let mid = (lo + hi) / 2
      if coordinate(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return coordinate(y1, y2, (lo + hi) / 2)
  }

  // MARK: Kinds

  @Test func linearKeyframesFollowTheirTimingCurves() throws {
    // 0 → 60 over 0.4 s easeInOut, then → 20 over 0.3 s with a custom curve.
    let c = try compileKeyframes(
      #"{"x": [{"linear": {"to": 60, "duration": 0.4, "curve": "easeInOut"}}, {"linear": {"to": 20, "duration": 0.3, "curve": [0.2, 0.9, 0.4, 1.0]}}]}"#
    )
    // The engine's timing-curve solver stops within 2⁻²⁰ of x; the curves' slopes are below 5,
    // so a value may be off by 5·2⁻²⁰ of the distance.
    checkFrames(c, until: 0.7, tolerance: 5 * 60 / 1_048_576) { t in
      if t < 0.4 { return 60 * bezier(0.42, 0, 0.58, 1, at: t / 0.4) }
      if t < 0.7 { return 60 + (20 - 60) * bezier(0.2, 0.9, 0.4, 1.0, at: (t - 0.4) / 0.3) }
      return 20
    }
  }

  @Test func cubicKeyframesUseCatmullRomVelocitiesWithUnevenSpacing() throws {
    // 0 → 80 (0.3 s) → 30 (0.5 s) → 50 (0.2 s, endVelocity −40) → 10 (0.4 s, startVelocity 100).
    let c = try compileKeyframes(
      #"{"x": [{"cubic": {"to": 80, "duration": 0.3}}, {"cubic": {"to": 30, "duration": 0.5}}, {"cubic": {"to": 50, "duration": 0.2, "endVelocity": -40}}, {"cubic": {"to": 10, "duration": 0.4, "startVelocity": 100}}]}"#
    )
    // Velocity at each join: (p_next − p_prev)/(d_prev + d_next), unless given; 0 at both ends.
    let v1 = (30.0 - 0) / (0.3 + 0.5)
    let v2 = (50.0 - 80) / (0.5 + 0.2)
    let v3 = -40.0  // the third keyframe's endVelocity; the fourth starts with its own 100
    checkFrames(c, until: 1.4) { t in
      if t < 0.3 { return hermite(t / 0.3, 0, 80, 0, v1 * 0.3) }
      if t < 0.8 { return hermite((t - 0.3) / 0.5, 80, 30, v1 * 0.5, v2 * 0.5) }
      if t < 1.0 { return hermite((t - 0.8) / 0.2, 30, 50, v2 * 0.2, v3 * 0.2) }
      if t < 1.4 { return hermite((t - 1.0) / 0.4, 50, 10, 100 * 0.4, 0) }
      return 10
    }
  }

  @Test func aSpringKeyframeWithoutADurationLastsItsSettlingTimeAndStartsWithTheHandedVelocity() throws {
    // A linear ramp 0 → 30 over 0.3 s (velocity 100 at its end), then a spring toward 0.
    let c = try compileKeyframes(
      #"{"x": [{"linear": {"to": 30, "duration": 0.3}}, {"spring": {"to": 0, "spring": {"response": 0.5, "dampingRatio": 0.4}}}]}"#
    )
    let (r, zeta, T, v0) = (0.5, 0.4, -30.0, 100.0)
    // Settling: −ln(ε / (|T·λ − v₀| + |T|)) / λ with ε = 0.0001 and λ = ζ·2π/response.
    let lambda = zeta * 2 * Double.pi / r
    let settle = -log(0.0001 / (abs(T * lambda - v0) + abs(T))) / lambda
    let endValue = 30 + spring(response: r, zeta: zeta, target: T, v0: v0, t: settle).x
    checkFrames(c, until: 0.3 + settle) { t in
      if t < 0.3 { return 30 * t / 0.3 }
      if t < 0.3 + settle { return 30 + spring(response: r, zeta: zeta, target: T, v0: v0, t: t - 0.3).x }
      return endValue
    }
    #expect(abs(c.events[0].logicallyComplete! - (0.5 + 0.3 + settle)) < 1e-9)
    #expect(abs(c.duration - (0.8 + settle)) < 1e-9)
  }

  @Test func aCubicAfterASpringStartsWhereAndHowFastTheSpringEnded() throws {
    // A spring cut short at 0.25 s (far from settled), then a cubic to 40 with no velocities.
    let c = try compileKeyframes(
      #"{"x": [{"spring": {"to": 100, "duration": 0.25, "spring": {"duration": 0.6, "bounce": 0.3}, "startVelocity": -50}}, {"cubic": {"to": 40, "duration": 0.5}}]}"#
    )
    // bounce 0.3 → ζ = 0.7, response 0.6.
    let end = spring(response: 0.6, zeta: 0.7, target: 100, v0: -50, t: 0.25)
    checkFrames(c, until: 0.75) { t in
      if t < 0.25 { return spring(response: 0.6, zeta: 0.7, target: 100, v0: -50, t: t).x }
      if t < 0.75 { return hermite((t - 0.25) / 0.5, end.x, 40, end.v * 0.5, 0) }
      return 40
    }
  }

  @Test func aSpringAfterACubicStartsWithItsOwnVelocityWhichTheCubicEndsWith() throws {
    // cubic 0 → 50 (0.4 s); the spring's startVelocity 80 is the cubic's end velocity too.
    let c = try compileKeyframes(
      #"{"x": [{"cubic": {"to": 50, "duration": 0.4}}, {"spring": {"to": 20, "duration": 0.6, "spring": {"response": 0.4, "dampingRatio": 0.5}, "startVelocity": 80}}]}"#
    )
    checkFrames(c, until: 1.0) { t in
      if t < 0.4 { return hermite(t / 0.4, 0, 50, 0, 80 * 0.4) }
      if t < 1.0 { return 50 + spring(response: 0.4, zeta: 0.5, target: -30, v0: 80, t: t - 0.4).x }
      return 50 + spring(response: 0.4, zeta: 0.5, target: -30, v0: 80, t: 0.6).x
    }
  }

  @Test func cubicsNextToALinearKeyframeTakeItsSlopeTimesItsCurvesEndSlopes() throws {
    // cubic → linear easeOut (0, 0, 0.58, 1) → cubic. easeOut leaves its start along its
    // second control point, slope 1/0.58, and arrives flat (slope 0).
    let c = try compileKeyframes(
      #"{"x": [{"cubic": {"to": 20, "duration": 0.3}}, {"linear": {"to": 60, "duration": 0.4, "curve": "easeOut"}}, {"cubic": {"to": 0, "duration": 0.3}}]}"#
    )
    let vIn = (60.0 - 20) / 0.4 / 0.58
    checkFrames(c, until: 1.0, tolerance: 3 * 40 / 1_048_576) { t in
      if t < 0.3 { return hermite(t / 0.3, 0, 20, 0, vIn * 0.3) }
      if t < 0.7 { return 20 + 40 * bezier(0, 0, 0.58, 1, at: (t - 0.3) / 0.4) }
      if t < 1.0 { return hermite((t - 0.7) / 0.3, 60, 0, 0, 0) }
      return 0
    }
  }

  @Test func aMoveJumpsAndTheCubicAfterItStartsAtRest() throws {
    let c = try compileKeyframes(
      #"{"x": [{"cubic": {"to": 30, "duration": 0.2}}, {"move": {"to": -20}}, {"cubic": {"to": 40, "duration": 0.3}}, {"cubic": {"to": 0, "duration": 0.3}}]}"#
    )
    // Catmull-Rom between the two cubics after the move: (0 − (−20)) / 0.6.
    let v = 20.0 / 0.6
    checkFrames(c, until: 0.8) { t in
      if t < 0.2 { return hermite(t / 0.2, 0, 30, 0, 0) }
      if t < 0.5 { return hermite((t - 0.2) / 0.3, -20, 40, 0, v * 0.3) }
      if t < 0.8 { return hermite((t - 0.5) / 0.3, 40, 0, v * 0.3, 0) }
      return 0
    }
  }

  @Test func repeatsRestartFromTheStartValuesAndAShorterTrackWaitsAtItsEnd() throws {
    // x: 0 → 40 linear over 0.3 s; s: 1 → 2 over 0.5 s; the cycle is 0.5 s, three times.
    let c = try compileKeyframes(
      #"{"x": [{"linear": {"to": 40, "duration": 0.3}}], "s": [{"linear": {"to": 2, "duration": 0.5}}]}"#,
      extra: #", "repeat": 3"#)
    checkFrames(c, until: 1.5, tolerance: 1e-9) { t in
      if t >= 1.5 { return 40 }
      let local = t - (t / 0.5).rounded(.down) * 0.5
      return local < 0.3 ? 40 * local / 0.3 : 40
    }
    #expect(abs(c.events[0].logicallyComplete! - 2.0) < 1e-12)
    // `render curves` plots the keyframed value, sampled at frame times.
    let plotted = c.animatedValues(at: [0.5, 0.6, 0.7])
    #expect(plotted.map(\.target) == ["root.modifiers[1].offset"])
    #expect(
      plotted.first?.components.first?.values.map { ($0 * 1e9).rounded() / 1e9 }
        == [0, 40.0 / 3, 80.0 / 3].map { ($0 * 1e9).rounded() / 1e9 })
  }

  @Test func aTrackTakesOverARunningAnimationAndLeavesTheVariableAtItsLastValue() throws {
    let c = try compile(
      #"""
      {"canvas": {"width": 200, "height": 100}, "fps": 60, "state": {"x": 0},
       "root": {"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": {"x": "$x"}}]},
       "timeline": [{"at": 0, "set": {"x": 100}, "animation": {"linear": {"duration": 2}}},
                    {"at": 0.5, "keyframes": {"x": [{"linear": {"to": 10, "duration": 0.5}}]}}]}
      """#)
    // At 0.5 s the linear animation is at 25; the track starts from the state's value, 100
    // (the model value, as SwiftUI's KeyframeAnimator reads its value), and ends at 10.
    #expect(abs(x(c, 0.25) - 12.5) < 1e-9)
    #expect(abs(x(c, 0.75) - 55) < 1e-9)
    #expect(abs(x(c, 1.5) - 10) < 1e-9)
    #expect(abs(x(c, 1.9) - 10) < 1e-9)
  }

  // MARK: Bounds

  /// A one-track scene of `count` keyframes made by `keyframe(i)`, lasting 2 s.
  func longTrack(_ count: Int, _ keyframe: (Int) -> String) -> String {
    let list = (0..<count).map(keyframe).joined(separator: ",")
    return #"""
      {"canvas": {"width": 200, "height": 100}, "fps": 30, "duration": 2, "state": {"x": 0},
       "root": {"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": {"x": "$x"}}]},
       "timeline": [{"at": 0, "keyframes": {"x": [\#(list)]}}]}
      """#
  }

  @Test func aHundredThousandKeyframesDecodeAndRenderWithWorkProportionalToThem() throws {
    // Cubic keyframes to i mod 7, 1.6 ms each: frame k at k/30 s falls inside segment ⌊k/0.048⌋.
    let d = 0.0016
    let c = try compile(longTrack(100_000) { #"{"cubic": {"to": \#($0 % 7), "duration": \#(d)}}"# })
    func target(_ i: Int) -> Double { i < 0 ? 0 : Double(i % 7) }
    for frame in [1, 30, 59] {
      let t = Double(frame) / 30
      let k = Int((t / d).rounded(.down))
      let p = t / d - Double(k)
      let v0 = (target(k) - target(k - 2)) / (2 * d), v1 = (target(k + 1) - target(k - 1)) / (2 * d)
      let want = hermite(p, target(k - 1), target(k), v0 * d, v1 * d)
      // Segment starts are sums of 1.6 ms steps: rounding moves them by ~1e-14 s, at ~10⁴/s.
      #expect(abs(x(c, t) - want) < 1e-7, "frame \(frame)")
    }
    #expect(c.events[0].keyframes[0].segments.count == 100_000)
  }

  @Test func aHundredThousandSlowSpringsToSettleAreAnErrorNotAHang() {
    // Each critically damped 1-hour spring would need ~70,000 steps to estimate its settling.
    let text = longTrack(100_000) { #"{"spring": {"to": \#($0 % 2), "spring": {"duration": 3600}}}"# }
    #expect {
      try compile(text)
    } throws: { error in
      let d = (error as? SceneError)?.diagnostics.first
      return d?.path == "timeline[0]" && d?.message.contains("give spring keyframes a duration") == true
    }
  }

  // MARK: Decoding

  @Test func aSpringKeyframeReadsEverySpringFormWithTheSameTableAsTheAnimations() throws {
    func spring(_ json: String) throws -> Spring {
      let s = try decodeScene(
        scene(
          #"{"type": "empty"}"#, state: #"{"x": 0}"#,
          timeline: #"[{"at": 0, "keyframes": {"x": [{"spring": {"to": 1, "spring": \#(json)}}]}}]"#))
      guard case .spring(_, _, let spring, _) = s.transactions[0].keyframes!.tracks[0].keyframes[0] else {
        Issue.record("not a spring keyframe")
        return Spring()
      }
      return spring
    }
    let k = (2 * Double.pi / 0.4) * (2 * Double.pi / 0.4)
    let a = try spring(#"{"duration": 0.4, "bounce": 0.2}"#)
    #expect(a.mass == 1 && abs(a.stiffness - k) < 1e-9 && abs(a.damping - 2 * k.squareRoot() * 0.8) < 1e-9)
    let b = try spring(#"{"response": 0.4, "dampingRatio": 0.3}"#)
    #expect(abs(b.damping - 2 * k.squareRoot() * 0.3) < 1e-9)
    let c = try spring(#"{"mass": 2, "stiffness": 50, "damping": 3}"#)
    #expect(c.mass == 2 && c.stiffness == 50 && c.damping == 3)
    // Overdamped: clamped to critical (2√(mk) = 20) unless allowed, as in SwiftUI.
    #expect(try spring(#"{"stiffness": 100, "damping": 30}"#).damping == 20)
    #expect(try spring(#"{"stiffness": 100, "damping": 30, "allowOverDamping": true}"#).damping == 30)
    #expect(try spring(#""bouncy""#) == Spring(duration: 0.5, bounce: 0.3))
  }

  @Test(arguments: [
    (#"{"duration": 0.4, "mass": 2}"#, "use one form of spring"),
    (#"{"response": 0.4, "dampingRatio": 0}"#, "never settles"),
    (#"{"stiffness": 100, "damping": 0}"#, "never settles"),
    (#"{"bounce": 1}"#, "out of range"),
    (#""wobbly""#, "unknown spring"),
  ])
  func badSpringsAreClearErrors(json: String, message: String) {
    #expect {
      try decodeScene(
        scene(
          #"{"type": "empty"}"#, state: #"{"x": 0}"#,
          timeline: #"[{"at": 0, "keyframes": {"x": [{"spring": {"to": 1, "spring": \#(json)}}]}}]"#))
    } throws: { error in
      (error as? SceneError)?.diagnostics.contains { $0.message.contains(message) } ?? false
    }
  }

  // MARK: Encoding

  @Test func keyframesEventsEncodeToJSONThatDecodesToTheSameEvent() throws {
    let text = #"""
      {"canvas": {"width": 200, "height": 100}, "duration": 4, "state": {"x": 0, "s": 1},
       "root": {"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": {"x": "$x"}}, {"scaleEffect": "$s"}]},
       "timeline": [{"at": 0.5, "name": "k", "keyframes": {
          "x": [{"linear": {"to": 60, "duration": 0.4, "curve": "easeIn"}}, {"linear": {"to": 20, "duration": 0.3, "curve": [0.2, 0.9, 0.4, 1]}},
                {"cubic": {"to": 30, "duration": 0.5, "startVelocity": 3, "endVelocity": -2}}, {"move": {"to": 0}},
                {"spring": {"to": 1, "spring": {"duration": 0.3, "bounce": -0.5}}}, {"spring": {"to": 5, "duration": 0.2, "startVelocity": 7}}],
          "s": [{"cubic": {"to": 2, "duration": 0.1}}]}, "repeat": 2},
        {"after": "k", "delay": 0.1, "keyframes": {"s": [{"linear": {"to": 1, "duration": 0.2}}]}, "repeat": true}]}
      """#
    let scene = try decodeScene(text)
    let encoded = try SceneEncoder.encode(scene)
    let again = try decodeScene(encoded)
    #expect(try SceneEncoder.encode(again) == encoded)
    for (a, b) in zip(scene.transactions, again.transactions) {
      #expect(a.keyframes!.repeatCount == b.keyframes!.repeatCount && a.after == b.after && a.name == b.name)
      for (t, u) in zip(a.keyframes!.tracks, b.keyframes!.tracks) {
        #expect(t.name == u.name && t.keyframes == u.keyframes)
      }
    }
    // The overdamped spring (bounce −0.5, ζ = 2) survives the physical form.
    #expect(encoded.contains("\"allowOverDamping\": true"))
  }
}
