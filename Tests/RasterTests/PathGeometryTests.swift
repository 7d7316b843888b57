import FlipbookDisplayList
import Foundation
import Testing

/// `ShapeGeometry.path` (start points, directions, curves) and `PathGeometry.trimmed`.
@Suite struct PathGeometryShapes {
  static func P(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
  static let kappa = 0.5522847498307936

  /// Points along the path (curves sampled finely), per subpath.
  static func samples(_ path: PathGeometry, per: Int = 64) -> [[Point]] {
    var out: [[Point]] = []
    var cur: [Point] = []
    var current = P(0, 0), start = current
    for e in path.elements {
      switch e {
      case .move(let p):
        if !cur.isEmpty { out.append(cur) }
        cur = [p]; current = p; start = p
      case .line(let p):
        cur.append(p); current = p
      case .quad(let c, let p):
        for i in 1...per {
          let t = Double(i) / Double(per), m = 1 - t
          cur.append(
            P(m * m * current.x + 2 * m * t * c.x + t * t * p.x, m * m * current.y + 2 * m * t * c.y + t * t * p.y))
        }
        current = p
      case .cubic(let c1, let c2, let p):
        for i in 1...per {
          let t = Double(i) / Double(per), m = 1 - t
          let w0 = m * m * m, w1 = 3 * m * m * t, w2 = 3 * m * t * t, w3 = t * t * t
          cur.append(
            P(
              w0 * current.x + w1 * c1.x + w2 * c2.x + w3 * p.x, w0 * current.y + w1 * c1.y + w2 * c2.y + w3 * p.y))
        }
        current = p
      case .close:
        cur.append(start); current = start
      }
    }
    if !cur.isEmpty { out.append(cur) }
    return out
  }

  /// Twice the signed area (shoelace) with y down: positive = clockwise on screen.
  static func signedArea(_ pts: [Point]) -> Double {
    var s = 0.0
    for i in 0..<pts.count {
      let a = pts[i], b = pts[(i + 1) % pts.count]
      s += a.x * b.y - b.x * a.y
    }
    return s
  }

  static func length(_ path: PathGeometry) -> Double {
    var l = 0.0
    for sub in samples(path, per: 4096) {
      for i in 1..<sub.count { l += hypot(sub[i].x - sub[i - 1].x, sub[i].y - sub[i - 1].y) }
    }
    return l
  }

  static func close(_ a: Point, _ b: Point, _ tol: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol
  }

  @Test func rectangleStartsTopLeftGoingRight() {
    let p = ShapeGeometry.rectangle(Rect(x: 12, y: 8, width: -10, height: 5)).path  // standardized
    #expect(
      p.elements == [.move(Self.P(2, 8)), .line(Self.P(12, 8)), .line(Self.P(12, 13)), .line(Self.P(2, 13)), .close])
    #expect(Self.signedArea(Self.samples(p)[0]) > 0)
  }

  @Test func ellipseIsFourCubicsFromTheRightmostPointClockwise() {
    let p = ShapeGeometry.ellipse(Rect(x: 10, y: 20, width: 40, height: 20)).path
    let k = Self.kappa
    #expect(
      p.elements == [
        .move(Self.P(50, 30)),
        .cubic(control1: Self.P(50, 30 + 10 * k), control2: Self.P(30 + 20 * k, 40), to: Self.P(30, 40)),  // bottom
        .cubic(control1: Self.P(30 - 20 * k, 40), control2: Self.P(10, 30 + 10 * k), to: Self.P(10, 30)),  // left
        .cubic(control1: Self.P(10, 30 - 10 * k), control2: Self.P(30 - 20 * k, 20), to: Self.P(30, 20)),  // top
        .cubic(control1: Self.P(30 + 20 * k, 20), control2: Self.P(50, 30 - 10 * k), to: Self.P(50, 30)),
        .close,
      ])
    #expect(Self.signedArea(Self.samples(p)[0]) > 0)
  }

  @Test func roundedRectangleStartsRightOfTheTopLeftCorner() {
    let r = Rect(x: 0, y: 0, width: 40, height: 30)
    let c = ShapeGeometry.roundedRectangle(r, cornerRadius: 6, style: .circular).path
    #expect(c.elements.first == .move(Self.P(6, 0)))
    #expect(c.elements[1] == .line(Self.P(34, 0)))
    #expect(
      c.elements[2]
        == .cubic(control1: Self.P(34 + 6 * Self.kappa, 0), control2: Self.P(40, 6 - 6 * Self.kappa), to: Self.P(40, 6))
    )
    #expect(c.elements.count == 10 && c.elements.last == .close)
    #expect(Self.signedArea(Self.samples(c)[0]) > 0)
    // The radius is clamped to half the shorter side: vertical edges vanish.
    let clamped = ShapeGeometry.roundedRectangle(r, cornerRadius: 100, style: .circular).path
    #expect(clamped.elements.first == .move(Self.P(15, 0)))
    #expect(clamped.elements.count == 8)  // move, 2 lines, 4 cubics, close
    // Continuous corners: the straight top edge starts 1.52866483·r right of the corner.
    let cont = ShapeGeometry.roundedRectangle(r, cornerRadius: 6, style: .continuous).path
    #expect(cont.elements.first == .move(Self.P(6 * 1.52866483, 0)))
    #expect(cont.elements[1] == .line(Self.P(40 - 6 * 1.52866483, 0)))
    let s = Self.samples(cont)[0]
    #expect(Self.signedArea(s) > 0)
    #expect(Self.close(s.first!, s.last!))
    // Radius 0: the rectangle's path.
    #expect(
      ShapeGeometry.roundedRectangle(r, cornerRadius: 0, style: .continuous).path == ShapeGeometry.rectangle(r).path)
  }

  @Test func capsuleStartsRightOfTheTopLeftCorner() {
    let p = ShapeGeometry.capsule(Rect(x: 0, y: 0, width: 50, height: 20)).path
    #expect(p.elements.first == .move(Self.P(10, 0)))
    #expect(p.elements[1] == .line(Self.P(40, 0)))
    #expect(
      p.elements[2]
        == .cubic(
          control1: Self.P(40 + 10 * Self.kappa, 0), control2: Self.P(50, 10 - 10 * Self.kappa), to: Self.P(50, 10)))
    #expect(Self.signedArea(Self.samples(p)[0]) > 0)
  }

  @Test func pathIsItself() {
    let p = PathGeometry([.move(Self.P(1, 2)), .quad(control: Self.P(3, 4), to: Self.P(5, 6))], fillRule: .evenOdd)
    #expect(ShapeGeometry.path(p).path == p)
  }

  // MARK: Trim

  @Test func quarterCircleIsThreeToSixOClock() {
    let circle = ShapeGeometry.ellipse(Rect(x: 0, y: 0, width: 20, height: 20)).path
    let q = circle.trimmed(from: 0, to: 0.25)
    #expect(q.elements == [circle.elements[0], circle.elements[1]])
    let q2 = circle.trimmed(from: 0.25, to: 0.5)
    #expect(q2.elements == [.move(Self.P(10, 20)), circle.elements[2]])
    // An eighth ends near 45° (the cubic circle's arc length is close to the angle's).
    let e = circle.trimmed(from: 0, to: 0.125)
    guard case .cubic(_, _, let end) = e.elements.last else { Issue.record("not a cubic"); return }
    let d = 10 / 2.0.squareRoot()
    #expect(Self.close(end, Self.P(10 + d, 10 + d), 2e-3), "\(end)")
  }

  @Test func trimLengthsAndRules() {
    // A 10 × 20 rectangle: perimeter 60.
    let rect = ShapeGeometry.rectangle(Rect(x: 0, y: 0, width: 10, height: 20)).path
    let t = rect.trimmed(from: 0.1, to: 0.3)
    #expect(t.elements.count == 3)
    #expect(t.elements[0] == .move(Self.P(6, 0)))
    #expect(t.elements[1] == .line(Self.P(10, 0)))
    if case .line(let p) = t.elements[2] { #expect(Self.close(p, Self.P(10, 8), 1e-12)) } else { Issue.record("\(t)") }
    // The closing line counts and becomes a line.
    let tail = rect.trimmed(from: 0.9, to: 1)
    #expect(tail.elements.count == 2 && tail.elements[1] == .line(Self.P(0, 0)))
    if case .move(let p) = tail.elements[0] { #expect(Self.close(p, Self.P(0, 6), 1e-12)) }
    // Empty, clamped, whole.
    #expect(rect.trimmed(from: 0.5, to: 0.5).elements.isEmpty)
    #expect(rect.trimmed(from: 0.7, to: 0.2).elements.isEmpty)
    #expect(rect.trimmed(from: -3, to: 7) == rect)
    #expect(rect.trimmed(from: 0, to: 1) == rect)
    #expect(!rect.trimmed(from: 0, to: 0.9999).elements.contains(.close))
    // Curves stay curves; the length is the fraction of the whole.
    let curvy = PathGeometry(
      [
        .move(Self.P(0, 0)), .cubic(control1: Self.P(30, -20), control2: Self.P(40, 40), to: Self.P(80, 10)),
        .quad(control: Self.P(100, 50), to: Self.P(60, 60)), .line(Self.P(10, 50)),
      ], fillRule: .evenOdd)
    let total = Self.length(curvy)
    for (a, b) in [(0.0, 0.37), (0.21, 0.64), (0.5, 0.93), (0.05, 0.06)] {
      let piece = curvy.trimmed(from: a, to: b)
      #expect(piece.fillRule == .evenOdd)
      let l = Self.length(piece)
      #expect(abs(l - (b - a) * total) < 1e-3 * total, "\(a)…\(b): \(l) vs \((b - a) * total)")
    }
    let mid = curvy.trimmed(from: 0.2, to: 0.7)
    #expect(
      mid.elements.contains { if case .cubic = $0 { true } else { false } }
        || mid.elements.contains { if case .quad = $0 { true } else { false } })
    // Two subpaths: a range across both gives two open subpaths.
    let two = PathGeometry([
      .move(Self.P(0, 0)), .line(Self.P(10, 0)), .move(Self.P(0, 5)), .line(Self.P(10, 5)), .close,
    ])
    let across = two.trimmed(from: 0.25, to: 0.75)  // total 30: 7.5 … 22.5
    #expect(across.elements.count == 5)
    #expect(across.elements[0] == .move(Self.P(7.5, 0)) && across.elements[2] == .move(Self.P(0, 5)))
  }
}
