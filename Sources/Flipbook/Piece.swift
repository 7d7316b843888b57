import FlipbookAnimation
import FlipbookScene

/// One state's evaluation of a view: the concrete values `body` produced, and the structure
/// SwiftUI's result builders give identity to (tuples, `if`/`else`, optional content).
///
/// A ``Movie`` evaluates the view once per state snapshot and unifies these trees, position by
/// position, into one scene `Node` tree whose changing values become state variables.
indirect enum Piece {
  /// A primitive view (shape, color, stack, spacer).
  case leaf(Leaf)
  /// Several views side by side: a `ViewBuilder` block, `Group`, `ForEach`.
  case list([Piece])
  /// `if`/`else`: which branch this state took, and its content.
  case either(first: Bool, Piece)
  /// `if` without `else`: the content when the condition holds.
  case optional(Piece?)
  /// A modifier around content.
  case modified(Piece, ModifierValue)
  /// `.id(_:)`: a name for the node (stack-child identity, messages).
  case identified(Piece, String)
  /// `keyframeAnimator`: content built with probe numbers for its tracks' values.
  case keyframed(Piece, KeyframeAnimatorValue)
  /// `ForEach`: one view per element, each with the element's id, in the data's order.
  case keyed([(id: AnyHashable, piece: Piece)])

  static var empty: Piece { .list([]) }
}

/// A primitive view's concrete description.
struct Leaf {
  enum Kind: Hashable {
    case circle, ellipse, rectangle, capsule
    case roundedRectangle(continuous: Bool)
    case color
    case zstack(FlipbookScene.Alignment)
    case vstack(FlipbookScene.Alignment)
    case hstack(FlipbookScene.Alignment)
    case spacer
    /// A path with its values left out (``Path/structure(of:)``).
    case path(PathShape)
    /// A text with its numbers (size, line spacing, a shown number) left out.
    case text(TextStructure)
    /// An image: its file and sizing, which no state changes.
    case image(ImageNode)
  }

  /// What a text keeps in every state: its literal string or the number's decimals, and
  /// its font and layout options.
  struct TextStructure: Hashable {
    var content: TextContent
    var style: TextStyle?
    var weight: FontWeight
    var design: FontDesign
    var family: String?
    var lineLimit: Int?
    var alignment: FlipbookScene.TextAlignment
  }

  enum TextContent: Hashable {
    /// A string, which may differ from state to state (its value is the third).
    case string
    case number(decimals: Int)
  }

  var kind: Kind
  /// The animatable arguments: a rounded rectangle's corner radius, a color view's color,
  /// a stack's spacing, a text's font size, line spacing and shown number.
  var values: [StateValue] = []
  var children: Piece?
}

/// A modifier's concrete description in one state: the table's ``ModifierKind`` holding this
/// state's values and secondary view. Its ``ModifierKind/structure`` must agree across
/// states; its values may change and then animate.
struct ModifierValue {
  var kind: ModifierKind<StateValue, Piece>
  /// The value an `animation(_:value:)` watches (the kind's state name is made when the
  /// states are unified).
  var watched: EquatableBox?
  /// Why the modifier cannot be recorded (a `clipShape` of a shape the format cannot clip
  /// to); reported as a ``MovieError`` when the movie is made.
  var problem: String?

  init(_ kind: ModifierKind<StateValue, Piece>, watched: EquatableBox? = nil, problem: String? = nil) {
    self.kind = kind; self.watched = watched; self.problem = problem
  }
}

/// Any `Equatable` value, compared with another of the same type.
struct EquatableBox {
  let value: any Equatable
  func isEqual(to other: EquatableBox) -> Bool {
    func open<T: Equatable>(_ a: T) -> Bool { (other.value as? T) == a }
    return open(value)
  }
}
