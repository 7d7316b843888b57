import FlipbookScene
import Foundation

/// A 2D shape that fills the space it is offered: SwiftUI's `Shape`. Only shapes take
/// ``fill(_:)-(Color)`` and ``stroke(_:lineWidth:)-(Color,_)``, and those come first in the chain.
///
/// Without `fill` or `stroke`, a shape is filled with the ``View/foregroundColor(_:)`` above
/// it, else black, as in SwiftUI's light mode.
///
/// A shape of your own implements ``path(in:)``, as in SwiftUI, and exports as a `path` node:
/// Flipbook calls `path(in:)` once per state with ``referenceRect`` (100 × 100 points at the
/// origin) and stretches that box onto the layout rect (the node's `viewBox`). Outlines
/// proportional to the rect (`rect.minX + rect.width * t`, the usual way to write them) are
/// drawn exactly at any size; fixed lengths inside `path(in:)` (an inset of 10 points, an arc
/// of radius 20) stretch with the frame. A change of the shape's properties animates when the
/// shape exposes them as `animatableData` (``Animatable``): the outline then moves point by
/// point from one state's path to the next (exact when the points depend linearly on the
/// data); with the default ``EmptyAnimatableData`` the new outline appears at once.
public protocol Shape: Animatable, View {
  /// The outline in `rect`.
  func path(in rect: CGRect) -> Path
}

extension Shape {
  /// The rect a custom shape's ``path(in:)`` is called with: its path is then stretched from
  /// this box onto the layout rect.
  public static var referenceRect: CGRect { CGRect(x: 0, y: 0, width: 100, height: 100) }

  /// A custom shape draws its ``path(in:)``.
  public var body: ShapeView<Self> { ShapeView(shape: self) }
}

/// A custom ``Shape`` drawn: its ``Shape/path(in:)`` at ``Shape/referenceRect``, stretched
/// onto the layout rect.
public struct ShapeView<Content: Shape>: View, PrimitiveView {
  let shape: Content
  public var body: Never { primitiveBody() }

  var piece: Piece {
    let box = Content.referenceRect
    var path = shape.path(in: box)
    path.shape.viewBox = [Double(box.minX), Double(box.minY), Double(box.width), Double(box.height)]
    guard Content.AnimatableData.self == EmptyAnimatableData.self else { return path.piece }
    // Nothing animatable: a new outline replaces the old one without animating, as in SwiftUI.
    return .modified(
      path.piece, ModifierValue(.animation(curve: nil, value: ""), watched: EquatableBox(value: path.shape)))
  }
}

extension Shape {
  /// Fills the shape with `color`.
  public func fill(_ color: Color) -> some View {
    modifier(ModifierValue(.fill(color.resolvedStyle.paint)))
  }

  /// Strokes the outline with `color`, centered on it.
  public func stroke(_ color: Color, lineWidth: Double = 1) -> some View {
    stroke(color, style: StrokeStyle(lineWidth: lineWidth))
  }

  /// Strokes the outline with the inherited foreground color.
  public func stroke(lineWidth: Double = 1) -> some View {
    modifier(ModifierValue(StrokeStyle(lineWidth: lineWidth).kind(color: nil, border: false)))
  }

  /// Strokes the outline with `color` in `style` (caps, joins, dashes), centered on it.
  public func stroke(_ color: Color, style: StrokeStyle) -> some View {
    modifier(ModifierValue(style.kind(color: color.resolvedStyle.paint, border: false)))
  }

  /// Strokes the outline in `style` with the inherited foreground color.
  public func stroke(style: StrokeStyle) -> some View {
    modifier(ModifierValue(style.kind(color: nil, border: false)))
  }

  /// Strokes inside the outline, so the stroke stays within the shape's frame (SwiftUI's
  /// `strokeBorder`). On a ``Path``, which cannot be inset, it strokes on the outline.
  public func strokeBorder(_ color: Color, lineWidth: Double = 1) -> some View {
    strokeBorder(color, style: StrokeStyle(lineWidth: lineWidth))
  }

  /// Strokes inside the outline in `style`.
  public func strokeBorder(_ color: Color, style: StrokeStyle) -> some View {
    modifier(ModifierValue(style.kind(color: color.resolvedStyle.paint, border: true)))
  }

  /// Keeps the part of the outline between the fractions `from` and `to` of its length
  /// (a circle starts at its rightmost point and runs clockwise); both ends animate.
  public func trim(from: Double = 0, to: Double = 1) -> TrimmedShape<Self> {
    TrimmedShape(content: self, from: from, to: to)
  }
}

/// A shape trimmed to part of its outline: still a shape, so it takes a fill or a stroke.
public struct TrimmedShape<Content: Shape>: Shape, PrimitiveView {
  let content: Content
  let from: Double
  let to: Double
  public var body: Never { primitiveBody() }
  var piece: Piece { .modified(content.piece, ModifierValue(.trim(from: .number(from), to: .number(to)))) }
  /// The untrimmed outline (the trim is applied when the shape is drawn).
  public func path(in rect: CGRect) -> Path { content.path(in: rect) }
}

/// How a line ends: SwiftUI's (Core Graphics') `CGLineCap`.
public enum CGLineCap: Hashable, Sendable {
  case butt, round, square
}

/// How a line turns a corner: SwiftUI's (Core Graphics') `CGLineJoin`.
public enum CGLineJoin: Hashable, Sendable {
  case miter, round, bevel
}

/// SwiftUI's `StrokeStyle`: width, caps, joins and dashes. `lineWidth`, `miterLimit` and
/// `dashPhase` animate; the dash pattern does not.
public struct StrokeStyle: Hashable, Sendable {
  public var lineWidth: Double
  public var lineCap: CGLineCap
  public var lineJoin: CGLineJoin
  public var miterLimit: Double
  public var dash: [Double]
  public var dashPhase: Double

  public init(
    lineWidth: Double = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: Double = 10,
    dash: [Double] = [], dashPhase: Double = 0
  ) {
    self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin; self.miterLimit = miterLimit
    self.dash = dash; self.dashPhase = dashPhase
  }

  /// The `stroke` (or `strokeBorder`) modifier of this style.
  func kind(color: Paint<StateValue>?, border: Bool) -> ModifierKind<StateValue, Piece> {
    let cap: StrokeCap = lineCap == .butt ? .butt : lineCap == .round ? .round : .square
    let join: StrokeJoin = lineJoin == .miter ? .miter : lineJoin == .round ? .round : .bevel
    return border
      ? .strokeBorder(
        color: color, lineWidth: .number(lineWidth), lineCap: cap, lineJoin: join, miterLimit: .number(miterLimit),
        dash: dash, dashPhase: .number(dashPhase))
      : .stroke(
        color: color, lineWidth: .number(lineWidth), lineCap: cap, lineJoin: join, miterLimit: .number(miterLimit),
        dash: dash, dashPhase: .number(dashPhase))
  }
}

/// A circle centered in the space offered, as large as fits.
public struct Circle: Shape, PrimitiveView {
  public init() {}
  public var body: Never { primitiveBody() }
  var piece: Piece { .leaf(Leaf(kind: .circle)) }
  /// The circle centered in `rect`, as large as fits.
  public func path(in rect: CGRect) -> Path {
    let d = min(rect.width, rect.height)
    return Path(ellipseIn: CGRect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d))
  }
}

/// An ellipse filling the space offered.
public struct Ellipse: Shape, PrimitiveView {
  public init() {}
  public var body: Never { primitiveBody() }
  var piece: Piece { .leaf(Leaf(kind: .ellipse)) }
  public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
}

/// A rectangle filling the space offered.
public struct Rectangle: Shape, PrimitiveView {
  public init() {}
  public var body: Never { primitiveBody() }
  var piece: Piece { .leaf(Leaf(kind: .rectangle)) }
  public func path(in rect: CGRect) -> Path { Path(rect) }
}

/// A rectangle whose short sides are half circles.
public struct Capsule: Shape, PrimitiveView {
  public init() {}
  public var body: Never { primitiveBody() }
  var piece: Piece { .leaf(Leaf(kind: .capsule)) }
  public func path(in rect: CGRect) -> Path {
    Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2)
  }
}

/// The corner shape of a ``RoundedRectangle``.
public enum RoundedCornerStyle: Hashable, Sendable {
  /// Quarter circles.
  case circular
  /// Continuous curvature, like Apple's squircle corners.
  case continuous
}

/// A rectangle with rounded corners; the radius animates.
public struct RoundedRectangle: Shape, PrimitiveView {
  public var cornerRadius: Double
  public var style: RoundedCornerStyle
  public init(cornerRadius: Double, style: RoundedCornerStyle = .circular) {
    self.cornerRadius = cornerRadius; self.style = style
  }
  public var body: Never { primitiveBody() }
  var piece: Piece {
    .leaf(Leaf(kind: .roundedRectangle(continuous: style == .continuous), values: [.number(cornerRadius)]))
  }
  /// The outline with circular corners (a `.continuous` rounded rectangle is drawn with its
  /// own corners, but its `path(in:)` has circular ones).
  public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerRadius: cornerRadius) }
}
