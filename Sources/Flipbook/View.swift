/// A piece of user interface, described as a function of state: SwiftUI's `View`.
///
/// Write views exactly as in SwiftUI, as structs whose `body` is built with ``ViewBuilder``.
/// The primitives (shapes, ``Color``, stacks, modifiers) are what Flipbook draws; a
/// ``Movie`` evaluates `body` once for every state the timeline goes through.
public protocol View {
  /// The type of view this one is made of.
  associatedtype Body: View

  /// The content of this view, built from other views.
  @ViewBuilder var body: Body { get }
}

extension Never: View {
  public typealias Body = Never
  /// Primitive views have no body; reaching it is a bug in Flipbook.
  public var body: Never { fatalError("Never has no body") }
}

/// A view Flipbook knows how to draw directly: it turns itself into a ``Piece`` of the
/// concrete tree instead of having a `body`.
protocol PrimitiveView {
  var piece: Piece { get }
}

extension View {
  /// The concrete tree of this view for the current state: primitives describe themselves,
  /// composite views are expanded through `body`, as SwiftUI does.
  var piece: Piece {
    if let primitive = self as? any PrimitiveView { return primitive.piece }
    return body.piece
  }
}

extension PrimitiveView {
  /// The `body` of every primitive: never called, because `piece` does not ask for it.
  func primitiveBody() -> Never {
    fatalError("\(Self.self) is a primitive view; it has no body")
  }
}
