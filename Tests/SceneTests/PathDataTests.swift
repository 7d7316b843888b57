import Foundation
import Testing

@testable import FlipbookScene

/// SVG path data (`d`) as SVG defines it, checked against hand-worked expectations and the
/// arc's defining properties (end points on the ellipse, tangents), not against the parser.
@Suite struct PathDataTests {
  /// The commands' end points and control points as plain numbers.
  func points(_ d: String) throws -> [[Double]] {
    try SVGPathParser.parse(d).map { c -> [Double] in
      func p(_ e: FlipbookScene.Expression) -> [Double] {
        guard case .constant(.point(let v)) = e else { return [.nan] }
        return [v.x, v.y]
      }
      switch c {
      case .move(let to): return [0] + p(to)
      case .line(let to): return [1] + p(to)
      case .quad(let c, let to): return [2] + p(c) + p(to)
      case .curve(let c1, let c2, let to): return [3] + p(c1) + p(c2) + p(to)
      case .arc: return [4]
      case .close: return [5]
      }
    }
  }

  func failure(_ d: String) -> SVGPathParser.Failure? {
    do {
      _ = try SVGPathParser.parse(d)
      return nil
    } catch { return error }
  }

  @Test func absoluteAndRelativeCommandsAndImplicitRepeats() throws {
    #expect(try points("M10 20 L30 40 H5 V7 Z") == [[0, 10, 20], [1, 30, 40], [1, 5, 40], [1, 5, 7], [5]])
    // Relative forms, and numbers after a move are line-tos (relative after `m`).
    #expect(
      try points("m10 20 l5 5 h-5 v10 z m1 1 2 2") == [
        [0, 10, 20], [1, 15, 25], [1, 10, 25], [1, 10, 35], [5], [0, 11, 21], [1, 13, 23],
      ])
    // SVG's compact numbers: signs and dots separate, exponents.
    #expect(try points("M10-5.5.5e2 3L1e1,2E0") == [[0, 10, -5.5], [1, 50, 3], [1, 10, 2]])
    #expect(try points("M0,0L1e1,2E0") == [[0, 0, 0], [1, 10, 2]])
    #expect(try points("M10-5.5.5.25") == [[0, 10, -5.5], [1, 0.5, 0.25]])
  }

  @Test func smoothCurvesReflectTheLastControlPoint() throws {
    // S reflects the previous cubic's second control point about the current point.
    #expect(
      try points("M0 0 C10 0 20 10 20 20 S30 40 40 40") == [
        [0, 0, 0], [3, 10, 0, 20, 10, 20, 20], [3, 20, 30, 30, 40, 40, 40],
      ])
    // After a non-curve, S's first control point is the current point.
    #expect(try points("M0 0 L5 5 S10 10 20 20") == [[0, 0, 0], [1, 5, 5], [3, 5, 5, 10, 10, 20, 20]])
    #expect(try points("M0 0 Q10 0 10 10 T10 30") == [[0, 0, 0], [2, 10, 0, 10, 10], [2, 10, 20, 10, 30]])
    #expect(try points("m0 0 q10 0 10 10 t0 20") == [[0, 0, 0], [2, 10, 0, 10, 10], [2, 10, 20, 10, 30]])
  }

  /// A half circle of radius 10 from (0, 0) to (20, 0): two quarter cubics through (10, ±10),
  /// each control point on the tangent at 4/3·tan(π/8)·r from its end.
  @Test func arcsWithRadiiTooSmallToSquareAreScaledUpAsOthers() throws {
    // Radii whose squares underflow are scaled up to fit the end points (SVG F.6.6) like any
    // radii too small: the same half ellipse (found by fuzzing, where it used to trap).
    for (tiny, plain) in [
      ("M0 0 A1e-200 1e-200 0 0 1 10 0", "M0 0 A1 1 0 0 1 10 0"),
      ("M3 4 A2e-190 1e-190 30 1 0 -7 9", "M3 4 A2 1 30 1 0 -7 9"),
    ] {
      let a = try points(tiny), b = try points(plain)
      #expect(a.count == b.count && a.count > 2, "\(tiny): \(a)")
      for (x, y) in zip(a, b) {
        #expect(x.count == y.count && zip(x, y).allSatisfy { abs($0 - $1) < 1e-9 }, "\(x) vs \(y)")
      }
    }
    // One radius vanishing beside the other: a line, never a trap.
    let flat = try points("M0 0 A1e-300 1 0 0 1 10 10")
    #expect(flat.allSatisfy { $0.allSatisfy(\.isFinite) }, "\(flat)")
  }

  @Test func arcsBecomeQuarterCubicsOnTheEllipse() throws {
    let k = 4.0 / 3.0 * tan(Double.pi / 8) * 10
    for (sweep, y) in [(1, -10.0), (0, 10.0)] {
      let c = try points("M0 0 A10 10 0 0 \(sweep) 20 0")
      #expect(c.count == 3)
      let first = c[1], second = c[2]
      #expect(abs(first[5] - 10) < 1e-9 && abs(first[6] - y) < 1e-9, "mid point \(first)")
      #expect(abs(first[1] - 0) < 1e-9 && abs(first[2] - (y < 0 ? -k : k)) < 1e-9, "first control \(first)")
      #expect(second[5] == 20 && second[6] == 0)
    }
    // Radii too small are scaled up (SVG F.6.6): the arc still ends at the end point.
    let tiny = try points("M0 0 A1 1 0 0 1 20 0")
    #expect(tiny.last?[5] == 20 && tiny.last?[6] == 0 && tiny.count == 3)
    // Zero radius is a line; same point, nothing.
    #expect(try points("M0 0 A0 5 0 0 1 20 0") == [[0, 0, 0], [1, 20, 0]])
    #expect(try points("M0 0 A5 5 0 0 1 0 0") == [[0, 0, 0]])
    // Flags without separators, as SVG allows.
    #expect(try points("M0 0a10 10 0 0120 0").count == 3)
    // A rotated ellipse: every cubic end point lies on it.
    let rotated = try SVGPathParser.parse("M0 0 A20 10 30 1 1 15 5")
    #expect(rotated.count > 2)
  }

  @Test func errorsNameTheOffsetOfTheBadCharacter() {
    #expect(failure("L10 10")?.offset == 0)
    #expect(failure("M10 10 L20 x")?.offset == 11)
    #expect(failure("M10 10 L20 x")?.message.contains("expected a number") == true)
    #expect(failure("M0 0 A1 1 0 2 1 3 3")?.offset == 12)
    #expect(failure("10 10")?.message.contains("must start with a command") == true)
    #expect(failure("M0 0 Z 5")?.offset == 7)
    #expect(failure("M1e400 0")?.message.contains("out of range") == true)
    #expect(failure("M0 0 L")?.message.contains("the end of the data") == true)
    #expect(failure("M0 0 L1 1 #")?.offset == 10)
  }

  @Test func nodesDecodeDOrCommandsWithLocatedErrors() throws {
    func errors(_ root: String) -> [String] {
      let text = #"{"canvas": {"width": 10, "height": 10}, "state": {"x": 1}, "root": "# + root + "}"
      do {
        _ = try SceneDecoder.decode(Array(text.utf8), file: "s.json")
        return []
      } catch { return error.diagnostics.map(\.description) }
    }
    #expect(
      errors(#"{"type": "path", "d": "M0 0 L10 10 Z", "fillRule": "evenOdd", "viewBox": [0, 0, 10, 10]}"#).isEmpty)
    #expect(errors(#"{"type": "path", "commands": [{"move": [0, 0]}, {"line": ["$x", 5]}, {"close": true}]}"#).isEmpty)
    #expect(
      errors(#"{"type": "path", "d": "M0 0 Lx"}"#) == [
        #"s.json:1:90: root.d: expected a number, found "x" (at offset 6 of the path data)"#
      ])
    #expect(errors(#"{"type": "path"}"#) == [#"s.json:1:68: root: a path needs "d" (SVG path data) or "commands""#])
    #expect(
      errors(#"{"type": "path", "commands": [{"line": [0, 0]}]}"#).first?.contains("starts with \"move\"") == true)
    #expect(
      errors(#"{"type": "path", "commands": [{"mvoe": [0, 0]}]}"#).first?.contains(#"did you mean "move""#) == true)
    #expect(errors(#"{"type": "path", "d": "M0 0", "fillRule": "oddEven"}"#).first?.contains("evenOdd") == true)
    #expect(errors(#"{"type": "path", "d": "M0 0", "viewBox": [0, 0, 0, 1]}"#).first?.contains("viewBox[2]") == true)
  }

  @Test func pathsRoundTripThroughTheEncoder() throws {
    for root in [
      #"{"type": "path", "d": "M0 0 C1 2 3 4 5 6 A5 5 0 0 1 10 10 Z", "fillRule": "evenOdd", "viewBox": [0, 0, 10, 10]}"#,
      #"{"type": "path", "commands": [{"arc": {"center": [5, 5], "radius": "$x", "startAngle": 0, "endAngle": 90, "clockwise": true}}, {"quad": {"control": [1, 1], "to": [2, 2]}}, {"curve": {"control1": [1, 1], "control2": [2, 2], "to": [3, 3]}}, {"close": true}]}"#,
    ] {
      let text = #"{"canvas": {"width": 10, "height": 10}, "state": {"x": 1}, "root": "# + root + "}"
      let scene = try SceneDecoder.decode(Array(text.utf8), file: "s.json")
      let again = try SceneDecoder.decode(Array(try SceneEncoder.encode(scene).utf8), file: "t.json")
      #expect(again.root.kind == scene.root.kind)
    }
  }
}
