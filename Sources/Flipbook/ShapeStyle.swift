import FlipbookScene

/// What fills or strokes a shape: SwiftUI's `ShapeStyle`. Flipbook's styles are ``Color``,
/// ``LinearGradient``, ``RadialGradient``, ``AngularGradient``, ``AnyGradient`` (a color's
/// ``Color/gradient``) and ``Gradient`` (drawn top to bottom, as in SwiftUI).
///
/// A style of your own returns one of those styles' ``resolvedStyle``: Flipbook can only
/// draw what the scene format can say.
public protocol ShapeStyle: Sendable {
  /// The style as the scene records it.
  var resolvedStyle: ResolvedShapeStyle { get }
}

/// A shape style as the scene records it: a color or a gradient, with its values.
public struct ResolvedShapeStyle: Hashable, Sendable {
  let paint: Paint<StateValue>
}

extension Color: ShapeStyle {
  public var resolvedStyle: ResolvedShapeStyle { ResolvedShapeStyle(paint: .color(.color(model))) }
}

extension Shape {
  /// Fills the shape with a color or a gradient, whose unit points lie in the shape's
  /// bounding rect.
  public func fill<S: ShapeStyle>(_ content: S) -> some View {
    modifier(ModifierValue(.fill(content.resolvedStyle.paint)))
  }

  /// Strokes the outline with a color or a gradient, centered on it.
  public func stroke<S: ShapeStyle>(_ content: S, lineWidth: Double = 1) -> some View {
    stroke(content, style: StrokeStyle(lineWidth: lineWidth))
  }

  /// Strokes the outline with a color or a gradient in `style`, centered on it.
  public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> some View {
    modifier(ModifierValue(style.kind(color: content.resolvedStyle.paint, border: false)))
  }

  /// Strokes inside the outline with a color or a gradient.
  public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: Double = 1) -> some View {
    strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth))
  }

  /// Strokes inside the outline with a color or a gradient in `style`.
  public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> some View {
    modifier(ModifierValue(style.kind(color: content.resolvedStyle.paint, border: true)))
  }
}

extension View {
  /// The default style (a color or a gradient) of shapes below that have no `fill` or
  /// `stroke` style of their own; each shape places a gradient in its own bounding rect.
  public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
    modifier(ModifierValue(.foregroundStyle(style.resolvedStyle.paint)))
  }
}
