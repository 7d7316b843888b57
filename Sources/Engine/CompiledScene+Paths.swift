import FlipbookDisplayList
import FlipbookScene
import RealModule

extension CompiledScene.Walker {
  /// A `path` node's commands at this frame as display-list elements in the view's space:
  /// points as they are (offset to the layout rect's origin), or the `viewBox` stretched onto
  /// the layout rect. Animated values come from their tracks, literals as they are: the
  /// node's own (`modifier` −1) or a `clipShape` modifier's (its index).
  func pathGeometry(_ i: Int, _ shape: PathShape, in r: Rect, modifier: Int = -1) -> PathGeometry {
    var slot = 0
    func value(_ e: FlipbookScene.Expression) -> SIMD2<Double> {
      defer { slot += 1 }
      switch e {
      case .constant(.point(let p)): return p
      case .constant(.number(let n)): return SIMD2(n, n)
      default:
        let v = scene.attribute(AttributeKey(i, modifier, slot), at: time)
        return SIMD2(v.x, v.y)
      }
    }
    var scale = SIMD2<Double>(1, 1)
    var origin = SIMD2(r.minX, r.minY)
    if let box = shape.viewBox {
      scale = SIMD2(r.width / box[2], r.height / box[3])
      origin -= SIMD2(box[0], box[1]) * scale
    }
    func point(_ p: SIMD2<Double>) -> Point {
      let q = origin + p * scale
      return Point(x: q.x, y: q.y)
    }
    var elements: [PathGeometry.Element] = []
    elements.reserveCapacity(shape.commands.count)
    var current: SIMD2<Double>?
    var subpathStart = SIMD2<Double>.zero
    for command in shape.commands {
      switch command {
      case .move(let e):
        let p = value(e)
        elements.append(.move(point(p)))
        current = p; subpathStart = p
      case .line(let e):
        let p = value(e)
        elements.append(current == nil ? .move(point(p)) : .line(point(p)))
        if current == nil { subpathStart = p }
        current = p
      case .quad(let c, let e):
        let cp = value(c), p = value(e)
        if current == nil { elements.append(.move(point(cp))); subpathStart = cp }
        elements.append(.quad(control: point(cp), to: point(p)))
        current = p
      case .curve(let c1, let c2, let e):
        let a = value(c1), b = value(c2), p = value(e)
        if current == nil { elements.append(.move(point(a))); subpathStart = a }
        elements.append(.cubic(control1: point(a), control2: point(b), to: point(p)))
        current = p
      case .arc(let c, let radius, let a0, let a1, let clockwise):
        let center = value(c), rad = max(0, value(radius).x)
        let start = value(a0).x * .pi / 180, end = value(a1).x * .pi / 180
        let arc = Self.arc(center: center, radius: rad, start: start, end: end, clockwise: clockwise)
        if current == nil {
          elements.append(.move(point(arc.start)))
          subpathStart = arc.start
        } else {
          elements.append(.line(point(arc.start)))
        }
        for (c1, c2, p) in arc.curves {
          elements.append(.cubic(control1: point(c1), control2: point(c2), to: point(p)))
        }
        current = arc.curves.last?.2 ?? arc.start
      case .close:
        if current != nil { elements.append(.close) }
        current = subpathStart
      }
    }
    return PathGeometry(elements, fillRule: shape.fillRule == .evenOdd ? .evenOdd : .nonZero)
  }

  /// SwiftUI's `addArc` in screen space (y down): `clockwise` is named for y up, so `false`
  /// runs toward increasing angles, which is clockwise on screen. A sweep of a full turn or
  /// more draws the whole circle, as Core Graphics does. The arc is cubic pieces of at most a
  /// quarter turn, each control point 4/3·tan(θ/4)·r along the tangent.
  static func arc(center: SIMD2<Double>, radius: Double, start: Double, end: Double, clockwise: Bool)
    -> (start: SIMD2<Double>, curves: [(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)])
  {
    let turn = 2 * Double.pi
    func positive(_ x: Double) -> Double { x - turn * (x / turn).rounded(.down) }
    let d = end - start
    var sweep: Double
    if clockwise {
      sweep = d <= -turn ? -turn : -positive(-d)
    } else {
      sweep = d >= turn ? turn : positive(d)
    }
    if !sweep.isFinite { sweep = 0 }
    func at(_ t: Double) -> (point: SIMD2<Double>, tangent: SIMD2<Double>) {
      let c = Double.cos(t), s = Double.sin(t)
      return (center + radius * SIMD2(c, s), radius * SIMD2(-s, c))
    }
    let first = at(start)
    guard sweep != 0, radius > 0 else { return (first.point, []) }
    let pieces = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
    let step = sweep / Double(pieces)
    let k = 4.0 / 3.0 * Double.tan(step / 4)
    var curves: [(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)] = []
    var a = first
    for n in 1...pieces {
      let b = at(start + step * Double(n))
      curves.append((a.point + k * a.tangent, b.point - k * b.tangent, b.point))
      a = b
    }
    return (first.point, curves)
  }
}
