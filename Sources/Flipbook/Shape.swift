/// A 2D shape that fills the space it is offered: SwiftUI's `Shape`. Only shapes take
/// ``fill(_:)`` and ``stroke(_:lineWidth:)``, and those come first in the chain.
///
/// Flipbook draws its own shapes only; a shape of your own is a view whose `body` is one of
/// them (there is no `path(in:)`).
///
/// Without `fill` or `stroke`, a shape is filled with the ``View/foregroundColor(_:)`` above
/// it, else black, as in SwiftUI's light mode.
public protocol Shape: View {}

extension Shape {
  /// Fills the shape with `color`.
  public func fill(_ color: Color) -> some View {
    modifier(ModifierValue(.fill(.color(color.model))))
  }

  /// Strokes the outline with `color`, centered on it.
  public func stroke(_ color: Color, lineWidth: Double = 1) -> some View {
    modifier(ModifierValue(.stroke(color: .color(color.model), lineWidth: .number(lineWidth))))
  }

  /// Strokes the outline with the inherited foreground color.
  public func stroke(lineWidth: Double = 1) -> some View {
    modifier(ModifierValue(.stroke(color: nil, lineWidth: .number(lineWidth))))
  }
}

/// A circle centered in the space offered, as large as fits.
public struct Circle: Shape, PrimitiveView {
  public init() {}
  public var body: Never { primitiveBody() }
  var piece: Piece { .leaf(Leaf(kind: .circle)) }
}

/// An ellipse filling the space offered.
public struct Ellipse: Shape, PrimitiveView {
  public init() {}
  public var body: Never { primitiveBody() }
  var piece: Piece { .leaf(Leaf(kind: .ellipse)) }
}

/// A rectangle filling the space offered.
public struct Rectangle: Shape, PrimitiveView {
  public init() {}
  public var body: Never { primitiveBody() }
  var piece: Piece { .leaf(Leaf(kind: .rectangle)) }
}

/// A rectangle whose short sides are half circles.
public struct Capsule: Shape, PrimitiveView {
  public init() {}
  public var body: Never { primitiveBody() }
  var piece: Piece { .leaf(Leaf(kind: .capsule)) }
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
}
