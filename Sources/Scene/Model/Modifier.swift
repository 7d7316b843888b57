import FlipbookAnimation

/// One entry of a node's `modifiers` array; later entries wrap earlier ones, as a SwiftUI
/// modifier chain does.
public struct Modifier: Hashable, Sendable {
  public var kind: Kind
  /// The JSON path of the modifier (`root.modifiers[2].scaleEffect`).
  public var path: String

  public init(_ kind: Kind, path: String) { self.kind = kind; self.path = path }

  /// The modifier's kind and arguments as the scene holds them: expressions of the state,
  /// and nodes for secondary views.
  public typealias Kind = ModifierKind<Expression, Node>
}
