import FlipbookAnimation

/// One entry of a node's `modifiers` array; later entries wrap earlier ones, as a SwiftUI
/// modifier chain does.
public struct Modifier: Hashable, Sendable {
  public var kind: Kind
  /// The JSON path of the modifier (`root.modifiers[2].scaleEffect`).
  public var path: String

  public init(_ kind: Kind, path: String) { self.kind = kind; self.path = path }

  public enum Kind: Hashable, Sendable {
    case fill(Expression)
    /// A nil color strokes with the inherited foreground color.
    case stroke(color: Expression?, lineWidth: Expression)
    case foregroundColor(Expression)
    /// A fixed-size proposal; nil dimensions pass the parent's proposal through.
    case frame(width: Expression?, height: Expression?, alignment: Alignment)
    case padding(top: Expression, leading: Expression, bottom: Expression, trailing: Expression)
    case offset(Expression)
    case position(Expression)
    /// `scale` is a number (uniform) or a point (x, y).
    case scaleEffect(scale: Expression, anchor: UnitPoint)
    case rotationEffect(degrees: Expression, anchor: UnitPoint)
    case opacity(Expression)
    case compositingGroup
    case overlay(Node, alignment: Alignment)
    case background(Node, alignment: Alignment)
    case zIndex(Expression)
    /// `animation(curve, value: $name)`; a nil curve disables animation below.
    case animation(curve: Animation?, value: String)
    case transition(Transition)
    case matchedGeometryEffect(id: String, isSource: Bool)
  }
}
