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

  static var empty: Piece { .list([]) }
}

/// A primitive view's concrete description.
struct Leaf {
  enum Shape: Hashable {
    case circle, ellipse, rectangle, capsule
    case roundedRectangle(continuous: Bool)
    case color
    case zstack(FlipbookScene.Alignment)
    case vstack(FlipbookScene.Alignment)
    case hstack(FlipbookScene.Alignment)
    case spacer
  }
  var shape: Shape
  /// The animatable arguments: a rounded rectangle's corner radius, a color view's color,
  /// a stack's spacing.
  var values: [StateValue] = []
  var children: Piece?
}

/// A modifier's concrete description: its fixed structure (`shape`), which must agree across
/// states, and its values, which may change and then animate.
struct ModifierValue {
  enum Shape: Hashable {
    case fill
    case stroke(hasColor: Bool)
    case foregroundColor
    case frame(hasWidth: Bool, hasHeight: Bool, FlipbookScene.Alignment)
    /// The sides in the set get the length; the others get 0.
    case padding(top: Bool, leading: Bool, bottom: Bool, trailing: Bool)
    case offset
    case position
    case scaleEffect(anchor: SIMD2<Double>)
    case rotationEffect(anchor: SIMD2<Double>)
    case opacity
    case compositingGroup
    case overlay(FlipbookScene.Alignment)
    case background(FlipbookScene.Alignment)
    case zIndex
    case animation(FlipbookAnimation.Animation?)
    case transition(FlipbookScene.Transition)
    case matchedGeometryEffect(id: String, isSource: Bool)
  }
  var shape: Shape
  var values: [StateValue] = []
  /// The secondary view of `overlay` and `background`.
  var content: Piece?
  /// The value an `animation(_:value:)` watches.
  var watched: EquatableBox?
}

/// Any `Equatable` value, compared with another of the same type.
struct EquatableBox {
  let value: any Equatable
  func isEqual(to other: EquatableBox) -> Bool {
    func open<T: Equatable>(_ a: T) -> Bool { (other.value as? T) == a }
    return open(value)
  }
}
