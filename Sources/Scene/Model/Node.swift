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
    /// A conditional view: exactly one branch is present; when the condition (a boolean
    /// expression) changes, one is removed and the other inserted, with their transitions.
    case conditional(condition: Expression, then: Node, else: Node?)
    /// SwiftUI's `ForEach(data, id: \.self)`: one view per element of `data` (an array
    /// variable or a literal array), `content` with `"$item"` and `"$index"` standing for the
    /// element and its position. Elements are identified by their value (the k-th of equal
    /// values by k), so an added or removed one is inserted or removed with its transition.
    case forEach(data: Expression, content: Node)
    case empty
    /// A `Spacer`; `minLength` is its least length along the stack's axis (nil: 0).
    case spacer(minLength: Expression?)
    /// A `Text`.
    case text(TextNode)
    /// An `Image` from a PNG file.
    case image(ImageNode)
  }
}

/// The built-in shapes of the scene format.
public enum ShapeKind: Hashable, Sendable {
  case circle, ellipse, rectangle, capsule
  case roundedRectangle(cornerRadius: Expression, continuous: Bool)
  /// A vector path (`d` or `commands`).
  case path(PathShape)
}
