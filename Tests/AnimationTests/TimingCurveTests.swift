import Testing
import FlipbookAnimation

@Suite struct TimingCurveTests {
  /// docs/animation-semantics.md §1.1 table: y at x = 0.25 / 0.5 / 0.75.
  static let table: [(String, (Double, Double, Double, Double), [Double])] = [
    ("linear", (0, 0, 1, 1), [0.25, 0.5, 0.75]),
    ("easeIn", (0.42, 0, 1, 1), [0.0935, 0.3154, 0.6219]),
    ("easeOut", (0, 0, 0.58, 1), [0.3781, 0.6846, 0.9065]),
    ("easeInOut", (0.42, 0, 0.58, 1), [0.1292, 0.5, 0.8708]),
    ("coreAnimationDefault", (0.25, 0.1, 0.25, 1), [0.4085, 0.8024, 0.9605]),
  ]

  @Test(arguments: 0..<5)
  func matchesTable(row: Int) {
    let (name, p, expected) = Self.table[row]
    let curve = UnitBezier(x1: p.0, y1: p.1, x2: p.2, y2: p.3)
    for (x, y) in zip([0.25, 0.5, 0.75], expected) {
      #expect(abs(curve.value(at: x) - y) < 1e-4, "\(name) at \(x)")
    }
  }

  @Test(arguments: 0..<5)
  func matchesIndependentSolution(row: Int) {
    let (name, p, _) = Self.table[row]
    let curve = UnitBezier(x1: p.0, y1: p.1, x2: p.2, y2: p.3)
    for i in 0...40 {
      let x = Double(i) / 40
      let reference = referenceBezier(p.0, p.1, p.2, p.3, at: x)
      #expect(abs(curve.value(at: x) - reference) < 1e-5, "\(name) at \(x)")
    }
  }

  @Test func customCurveMatchesIndependentSolution() {
    let curve = UnitBezier(x1: 0.68, y1: -0.55, x2: 0.27, y2: 1.55)  // easeInOutBack: overshoots
    for i in 0...50 {
      let x = Double(i) / 50
      #expect(abs(curve.value(at: x) - referenceBezier(0.68, -0.55, 0.27, 1.55, at: x)) < 1e-5)
    }
    #expect(curve.value(at: 0.1) < 0)  // y is not clamped
  }

  @Test func presetsUseTheCurveAndDuration() {
    let track = trackFrom(10, to: 110, .easeIn)
    for x in [0.25, 0.5, 0.75] {
      let expected = 10 + 100 * referenceBezier(0.42, 0, 1, 1, at: x)
      #expect(abs(track.value(at: x * 0.35).x - expected) < 1e-3)
    }
    #expect(track.value(at: -1).x == 10)
    #expect(track.value(at: 0).x == 10)
    // Finished once elapsed ≥ duration: the end frame shows the target exactly.
    #expect(track.value(at: 0.35).x == 110)
    #expect(track.settleTime == 0.35)
  }

  @Test func animatesEveryLaneOfTheDelta() {
    var track = AnimationTrack(initial: AnimatableVector(0, 10, 20, 30))
    track.set(AnimatableVector(100, 10, 0, 130), at: 1, animation: .linear(duration: 2))
    let v = track.value(at: 2)
    #expect(abs(v.x - 50) < 1e-4 && v.y == 10 && abs(v.z - 10) < 1e-4 && abs(v.w - 80) < 1e-4)
  }
}
