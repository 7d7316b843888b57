import FlipbookScene
import Foundation

/// A vector path, SwiftUI's `Path`: built with `move(to:)`, `addLine(to:)`, curves and arcs,
/// and drawn as a shape that takes the size offered and draws its points where they are.
///
/// Its numbers may change from state to state, and then the path animates point by point; the
/// commands themselves (how many, which kinds, which way an arc turns) must stay the same.
/// It exports as a `path` node with `commands`.
public struct Path: Shape, PrimitiveView {
  var shape = PathShape(commands: [])

  /// An empty path.
  public init() {}

  /// A path built by `build`: `Path { p in p.move(to: …); p.addLine(to: …) }`.
  public init(_ build: (inout Path) -> Void) {
    build(&self)
  }

  /// A path from SVG path data (`M10 10 L20 20 Z`), as a `path` node's `d`.
  public init(svg data: String) throws {
    shape = PathShape(commands: try PathCommand.parse(svg: data), data: data)
  }

  /// Starts a new subpath at `point`.
  public mutating func move(to point: CGPoint) { append(.move(to: Self.value(point))) }

  /// A straight line from the current point.
  public mutating func addLine(to point: CGPoint) { append(.line(to: Self.value(point))) }

  /// Straight lines through `points`, the first one moved to.
  public mutating func addLines(_ points: [CGPoint]) {
    guard let first = points.first else { return }
    move(to: first)
    for p in points.dropFirst() { addLine(to: p) }
  }

  /// A quadratic Bézier curve from the current point.
  public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
    append(.quad(control: Self.value(control), to: Self.value(point)))
  }

  /// A cubic Bézier curve from the current point.
  public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
    append(.curve(control1: Self.value(control1), control2: Self.value(control2), to: Self.value(point)))
  }

  /// A circular arc, with a line from the current point to its start. `clockwise` is named
  /// for a y-up space, as in SwiftUI: `true` turns counter-clockwise on screen.
  public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
    append(
      .arc(
        center: Self.value(center), radius: .constant(.number(Double(radius))),
        startAngle: .constant(.number(startAngle.degrees)), endAngle: .constant(.number(endAngle.degrees)),
        clockwise: clockwise))
  }

  /// A rectangle as a closed subpath.
  public mutating func addRect(_ rect: CGRect) {
    addLines([
      CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.maxY),
      CGPoint(x: rect.minX, y: rect.maxY),
    ])
    closeSubpath()
  }

  /// Closes the current subpath with a line to its start.
  public mutating func closeSubpath() { append(.close) }

  public var body: Never { primitiveBody() }

  var piece: Piece {
    .leaf(
      Leaf(
        kind: .path(Self.structure(of: shape)), values: shape.values.map { $0.expression.evaluate(StateSnapshot([:])) })
    )
  }

  /// The path with its values left out: the part that must agree across states.
  static func structure(of shape: PathShape) -> PathShape {
    shape.mapValues { _, _ in .constant(.number(0)) }
  }

  private mutating func append(_ command: PathCommand) {
    shape.commands.append(command)
    shape.data = nil
  }

  private static func value(_ p: CGPoint) -> FlipbookScene.Expression {
    .constant(.point(SIMD2(Double(p.x), Double(p.y))))
  }
}

extension Path {
  /// A path is its own outline, wherever it is laid out.
  public func path(in rect: CGRect) -> Path { self }

  /// A rectangle as a closed subpath.
  public init(_ rect: CGRect) { addRect(rect) }

  /// The ellipse inscribed in `rect`.
  public init(ellipseIn rect: CGRect) { addEllipse(in: rect) }

  /// A rectangle with circular corners of `cornerRadius` (clamped to half the shorter side).
  public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
    addRoundedRect(in: rect, cornerRadius: cornerRadius)
  }

  /// The ellipse inscribed in `rect` as four cubic curves, starting at its rightmost point and
  /// running clockwise on screen, as SwiftUI's `Ellipse` and `Circle` paths do.
  public mutating func addEllipse(in rect: CGRect) {
    let k = 0.5522847498307936  // 4/3·(√2 − 1): a quarter circle as one cubic
    let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = rect.height / 2
    let kx = rx * k, ky = ry * k
    move(to: CGPoint(x: cx + rx, y: cy))
    addCurve(
      to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + ky),
      control2: CGPoint(x: cx + kx, y: cy + ry))
    addCurve(
      to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - kx, y: cy + ry),
      control2: CGPoint(x: cx - rx, y: cy + ky))
    addCurve(
      to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - ky),
      control2: CGPoint(x: cx - kx, y: cy - ry))
    addCurve(
      to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + kx, y: cy - ry),
      control2: CGPoint(x: cx + rx, y: cy - ky))
    closeSubpath()
  }

  /// A rectangle with circular corners (quarter circles as cubics), starting right of the
  /// top-left corner and running clockwise on screen, as SwiftUI's `RoundedRectangle`.
  public mutating func addRoundedRect(in rect: CGRect, cornerRadius: CGFloat) {
    let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
    let k = 0.5522847498307936 * r
    let x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
    move(to: CGPoint(x: x0 + r, y: y0))
    addLine(to: CGPoint(x: x1 - r, y: y0))
    addCurve(
      to: CGPoint(x: x1, y: y0 + r), control1: CGPoint(x: x1 - r + k, y: y0), control2: CGPoint(x: x1, y: y0 + r - k))
    addLine(to: CGPoint(x: x1, y: y1 - r))
    addCurve(
      to: CGPoint(x: x1 - r, y: y1), control1: CGPoint(x: x1, y: y1 - r + k), control2: CGPoint(x: x1 - r + k, y: y1))
    addLine(to: CGPoint(x: x0 + r, y: y1))
    addCurve(
      to: CGPoint(x: x0, y: y1 - r), control1: CGPoint(x: x0 + r - k, y: y1), control2: CGPoint(x: x0, y: y1 - r + k))
    addLine(to: CGPoint(x: x0, y: y0 + r))
    addCurve(
      to: CGPoint(x: x0 + r, y: y0), control1: CGPoint(x: x0, y: y0 + r - k), control2: CGPoint(x: x0 + r - k, y: y0))
    closeSubpath()
  }

  /// Fills the path with the even-odd rule instead of the default non-zero winding rule
  /// (SwiftUI's `fill(style: FillStyle(eoFill: true))`, as a property of the path here).
  public func evenOddFill() -> Path {
    var copy = self
    copy.shape.fillRule = .evenOdd
    return copy
  }
}
