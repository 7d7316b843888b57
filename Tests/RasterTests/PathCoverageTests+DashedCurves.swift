import FlipbookDisplayList
import FlipbookRaster
import Foundation
import Testing

/// Dashes along curves: coverage against the exact reference, and where dash and trim ends lie
/// against arc lengths computed here by Gauss–Legendre quadrature (independent of both the
/// stroker's flattening and the trim's measuring).
extension PathCoverage {
  @Test func dashedArcs() {
    // A third of a turn and more on a radius of 22.6 (the dashes' ends drifted along the
    // flattened polyline before, by 5·10⁻⁵ of the length; the worst pixels were the last ones).
    let arc = Self.arc(cx: 31.4, cy: 30.2, r: 22.6, from: 0.2, to: 5.1)
    let cases: [(StrokeStyle, String)] = [
      (StrokeStyle(lineWidth: 4.2, lineCap: .butt, dash: [3.3, 0.8]), "short gaps"),
      (StrokeStyle(lineWidth: 4.2, lineCap: .butt, dash: [5.3, 2.1]), "longer dashes"),
      (StrokeStyle(lineWidth: 2.5, lineCap: .butt, dash: [0.9, 0.6], dashPhase: 0.35), "short dashes"),
      (StrokeStyle(lineWidth: 3.1, lineCap: .round, dash: [2.2, 1.1, 0.4, 1.3], dashPhase: 1.7), "round caps"),
      (StrokeStyle(lineWidth: 5.3, lineCap: .square, dash: [4.4, 6.9], dashPhase: -2.2), "square caps"),
      (StrokeStyle(lineWidth: 7.6, lineCap: .butt, dash: [1.7, 0.5], dashPhase: 12.9), "wide pen"),
    ]
    for (style, label) in cases {
      Self.checkStroke("dashed arc, \(label)", arc, style, width: 64, height: 64)
    }
    // A tight arc (radius 9: chords turn faster) and a whole circle (closed, four cubics).
    Self.checkStroke(
      "dashed tight arc", Self.arc(cx: 15.2, cy: 14.7, r: 9.1, from: -1.1, to: 3.9),
      StrokeStyle(lineWidth: 3.6, lineCap: .butt, dash: [2.1, 0.7], dashPhase: 0.3), width: 30, height: 30)
    Self.checkStroke(
      "dashed circle, butt", Self.circle(cx: 25.3, cy: 24.6, r: 19.4),
      StrokeStyle(lineWidth: 3.4, lineCap: .butt, dash: [2.7, 1.2], dashPhase: 0.9), width: 51, height: 50)
  }

  @Test func dashedCubics() {
    // An S-curve (inflection), a tight hook and a gentle sweep, one open path.
    let path = PathGeometry([
      .move(Self.P(4.2, 40.3)),
      .cubic(control1: Self.P(14.8, 2.1), control2: Self.P(30.1, 58.7), to: Self.P(40.6, 20.2)),
      .cubic(control1: Self.P(46.9, -2.5), control2: Self.P(61.3, 14.1), to: Self.P(50.2, 30.8)),
      .cubic(control1: Self.P(44.0, 40.2), control2: Self.P(30.5, 52.9), to: Self.P(58.4, 57.7)),
    ])
    let cases: [StrokeStyle] = [
      StrokeStyle(lineWidth: 4.2, lineCap: .butt, dash: [3.3, 0.8]),
      StrokeStyle(lineWidth: 3.3, lineCap: .butt, dash: [1.1, 0.45], dashPhase: 0.7),
      StrokeStyle(lineWidth: 2.9, lineCap: .round, lineJoin: .round, dash: [6.2, 2.4, 0.5, 2.4], dashPhase: 3.1),
      StrokeStyle(lineWidth: 5.1, lineCap: .square, lineJoin: .bevel, dash: [4.8, 5.5], dashPhase: -1.3),
    ]
    for style in cases {
      Self.checkStroke("dashed cubics \(style.dash) \(style.lineCap)", path, style, width: 64, height: 64)
    }
  }

  @Test func dashStartsLieAtTheirArcLengths() {
    // Butt-capped dashes: each dash's outline starts at its first cut's left offset point and
    // ends at its right one, so their midpoint is the cut. It must lie at the pattern's arc
    // length along the path, within 5·10⁻⁴ px along the tangent (the drift was 0.006 px here).
    let arc = Self.arc(cx: 31.4, cy: 30.2, r: 22.6, from: 0.2, to: 5.1)
    let curve = ArcLengthReference(arc)
    for (dash, phase) in [([3.3, 0.8], 0.0), ([5.3, 2.1], 1.9), ([1.3, 0.6, 2.2, 0.9], -0.7)] {
      let style = StrokeStyle(lineWidth: 4.2, lineCap: .butt, dash: dash, dashPhase: phase)
      let contours = strokeOutlineContours(arc, style)
      let period = dash.reduce(0, +)
      var starts: [Double] = []  // arc lengths where dashes start
      var p = -(phase.truncatingRemainder(dividingBy: period) + (phase < 0 ? period : 0))
      var i = 0
      while p < curve.total {
        if i % 2 == 0 && p > 0 { starts.append(p) }
        p += dash[i % dash.count]
        i += 1
      }
      // The first dash starts at the path's start (or mid-pattern) unless the phase put a gap there.
      let first = contours.count - starts.count
      #expect(first == 0 || first == 1, "\(dash): \(contours.count) dashes for \(starts.count) starts")
      var worst = 0.0
      for (k, s) in starts.enumerated() where first + k < contours.count {
        let c = contours[first + k]
        let qx = (c[0] + c[c.count - 2]) / 2, qy = (c[1] + c[c.count - 1]) / 2
        let (x, y, tx, ty) = curve.point(atLength: s)
        worst = max(worst, abs((qx - x) * tx + (qy - y) * ty))
      }
      #expect(worst < 5e-4, "\(dash) phase \(phase): a dash start is \(worst) px from its arc length")
    }
  }

  @Test func trimEndsLieAtTheirArcLengths() {
    // A line, a circle arc and an S-curve: trim ends at fractions of the exact total length.
    let arc = Self.arc(cx: 31.4, cy: 30.2, r: 22.6, from: 0.2, to: 5.1)
    var e = arc.elements
    e.insert(.line(Self.P(31.4 + 22.6 * cos(0.2), 30.2 + 22.6 * sin(0.2))), at: 1)
    e[0] = .move(Self.P(80, 12))
    e.append(.cubic(control1: Self.P(40, 90), control2: Self.P(95, 20), to: Self.P(120, 110)))
    let path = PathGeometry(e)
    let curve = ArcLengthReference(path)
    var worst = 0.0
    for (f, t) in [(0.0, 0.13), (0.21, 0.47), (0.35, 0.77), (0.6, 0.99), (0.8317, 1.0)] {
      let trimmed = path.trimmed(from: f, to: t)
      guard case .move(let a) = trimmed.elements.first, let b = trimmed.elements.last?.endPoint else {
        Issue.record("trim \(f)…\(t) is empty"); continue
      }
      for (fraction, q) in [(f, a), (t, b)] {
        let (x, y, _, _) = curve.point(atLength: fraction * curve.total)
        worst = max(worst, ((q.x - x) * (q.x - x) + (q.y - y) * (q.y - y)).squareRoot())
      }
    }
    #expect(worst < 1e-5, "a trim end is \(worst) from its arc length")
  }
}

extension PathGeometry.Element {
  var endPoint: Point? {
    switch self {
    case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): return p
    case .close: return nil
    }
  }
}

/// Arc lengths along lines and cubics by 5-point Gauss–Legendre quadrature of the speed over
/// 256 parameter steps per curve (relative error far below 10⁻¹⁰ for these curves), and the
/// point and unit tangent at an arc length by bisection on the parameter.
struct ArcLengthReference {
  var pieces: [(p: [Point], start: Double, length: Double)] = []
  var total = 0.0

  init(_ path: PathGeometry) {
    var current = Point(x: 0, y: 0)
    for e in path.elements {
      switch e {
      case .move(let p): current = p
      case .line(let p): add([current, current, p, p]); current = p  // a cubic with the line's length
      case .cubic(let c1, let c2, let p): add([current, c1, c2, p]); current = p
      case .quad, .close: fatalError("not used here")
      }
    }
  }

  mutating func add(_ p: [Point]) {
    let l = Self.length(p, 0, 1)
    pieces.append((p, total, l))
    total += l
  }

  static func derivative(_ p: [Point], _ t: Double) -> (Double, Double) {
    let m = 1 - t
    let x = 3 * m * m * (p[1].x - p[0].x) + 6 * m * t * (p[2].x - p[1].x) + 3 * t * t * (p[3].x - p[2].x)
    let y = 3 * m * m * (p[1].y - p[0].y) + 6 * m * t * (p[2].y - p[1].y) + 3 * t * t * (p[3].y - p[2].y)
    return (x, y)
  }

  static func length(_ p: [Point], _ t0: Double, _ t1: Double) -> Double {
    let nodes = [0.0, -0.5384693101056831, 0.5384693101056831, -0.9061798459386640, 0.9061798459386640]
    let weights = [0.5688888888888889, 0.4786286704993665, 0.4786286704993665, 0.2369268850561891, 0.2369268850561891]
    let steps = 256
    var sum = 0.0
    for i in 0..<steps {
      let a = t0 + (t1 - t0) * Double(i) / Double(steps), b = t0 + (t1 - t0) * Double(i + 1) / Double(steps)
      for k in 0..<5 {
        let (dx, dy) = derivative(p, (a + b) / 2 + (b - a) / 2 * nodes[k])
        sum += weights[k] * (b - a) / 2 * (dx * dx + dy * dy).squareRoot()
      }
    }
    return sum
  }

  func point(atLength s: Double) -> (Double, Double, Double, Double) {
    let piece = pieces.last { $0.start <= s } ?? pieces[0]
    var lo = 0.0, hi = 1.0
    for _ in 0..<60 {
      let mid = (lo + hi) / 2
      if Self.length(piece.p, 0, mid) < s - piece.start { lo = mid } else { hi = mid }
    }
    let t = (lo + hi) / 2, p = piece.p, m = 1 - t
    let x = m * m * m * p[0].x + 3 * m * m * t * p[1].x + 3 * m * t * t * p[2].x + t * t * t * p[3].x
    let y = m * m * m * p[0].y + 3 * m * m * t * p[1].y + 3 * m * t * t * p[2].y + t * t * t * p[3].y
    let (dx, dy) = Self.derivative(p, t)
    let d = (dx * dx + dy * dy).squareRoot()
    return (x, y, dx / d, dy / d)
  }
}
