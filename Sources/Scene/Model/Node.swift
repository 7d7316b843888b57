/// A view in the scene's tree: what it is, and the modifiers wrapped around it in order.
public struct Node: Hashable, Sendable {
  public var kind: Kind
  /// The user's name for the node, if any: shown in messages, and the identity of a stack child.
  public var id: String?
  public var modifiers: [Modifier]
  /// The JSON path of the node (`root.children[1]`), for messages and tools.
  public var path: String

  public init(kind: Kind, id: String? = nil, modifiers: [Modifier] = [], path: String) {
    self.kind = kind; self.id = id; self.modifiers = modifiers; self.path = path
  }

  public indirect enum Kind: Hashable, Sendable {
    case shape(ShapeKind)
    /// `Color.red` as a view: fills the proposed size.
    case color(Expression)
    case zstack(children: [Node], alignment: Alignment)
    case vstack(children: [Node], spacing: Expression, alignment: Alignment)
    case hstack(children: [Node], spacing: Expression, alignment: Alignment)
    /// A conditional view: exactly one branch is present; flipping the flag removes one and
    /// inserts the other, with their transitions.
    case conditional(flag: String, then: Node, else: Node?)
    case empty
    case spacer
    /// A `Text`.
    case text(TextNode)
  }
}

/// The built-in shapes of the scene format.
public enum ShapeKind: Hashable, Sendable {
  case circle, ellipse, rectangle, capsule
  case roundedRectangle(cornerRadius: Expression, continuous: Bool)
  /// A vector path (`d` or `commands`).
  case path(PathShape)
}
