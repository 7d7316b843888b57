/// Builds views from closures, as SwiftUI's `@ViewBuilder` does: several statements make a
/// ``TupleView``, `if`/`else` a conditional view whose branches have their own identity,
/// `if` without `else` an optional view.
@resultBuilder
public enum ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

  public static func buildBlock() -> EmptyView { EmptyView() }

  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

  public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView {
    var pieces: [Piece] = []
    for view in repeat each content { pieces.append(view.piece) }
    return TupleView(pieces: pieces)
  }

  public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  {
    _ConditionalContent(storage: .trueContent(first))
  }

  public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  {
    _ConditionalContent(storage: .falseContent(second))
  }

  public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }

  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Several views in a row, from a ``ViewBuilder`` block; a stack lays them out, anywhere
/// else they are drawn in order.
public struct TupleView: View, PrimitiveView {
  let pieces: [Piece]
  public var body: Never { primitiveBody() }
  var piece: Piece { .list(pieces) }
}

/// The view `if`/`else` builds: one of two contents, each with its own identity, so that
/// flipping the condition removes one and inserts the other (with their transitions).
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
  enum Storage {
    case trueContent(TrueContent)
    case falseContent(FalseContent)
  }
  let storage: Storage
  public var body: Never { primitiveBody() }
  var piece: Piece {
    switch storage {
    case .trueContent(let v): return .either(first: true, v.piece)
    case .falseContent(let v): return .either(first: false, v.piece)
    }
  }
}

/// `if` without `else`: the content is there while the condition holds.
extension Optional: View where Wrapped: View {
  public var body: Never { fatalError("Optional is a primitive view; it has no body") }
}

extension Optional: PrimitiveView where Wrapped: View {
  var piece: Piece { .optional(self.map(\.piece)) }
}

/// A view that draws nothing and takes no space in stacks.
public struct EmptyView: View, PrimitiveView {
  public init() {}
  public var body: Never { primitiveBody() }
  var piece: Piece { .empty }
}

/// Views grouped without layout; modifiers on a group apply to each view in it, as in SwiftUI.
public struct Group<Content: View>: View, PrimitiveView {
  let content: Content
  public init(@ViewBuilder content: () -> Content) { self.content = content() }
  public var body: Never { primitiveBody() }
  var piece: Piece { content.piece }
}

/// A type-erased view. Its structure must still be the same in every state (see
/// "Differences from SwiftUI"): use `if`/`else` to switch between different views.
public struct AnyView: View, PrimitiveView {
  let piece: Piece
  public init<V: View>(_ view: V) { piece = view.piece }
  public var body: Never { primitiveBody() }
}

/// Views made from a collection, identified by `id`, as SwiftUI's `ForEach`: when the data
/// changes, an element whose id appears is inserted with its transition, one whose id goes
/// is removed with its transition, and the others move to their new places. The movie
/// records it as a `forEach` node (docs/scene-format.md).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
  let elements: [(id: AnyHashable, piece: Piece)]

  public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: (Data.Element) -> Content) {
    elements = data.map { (AnyHashable($0[keyPath: id]), content($0).piece) }
  }

  public var body: Never { primitiveBody() }
  var piece: Piece { .keyed(elements) }
}

extension ForEach where Data == Range<Int>, ID == Int {
  /// Views for a constant range, identified by offset.
  public init(_ data: Range<Int>, @ViewBuilder content: (Int) -> Content) {
    self.init(data, id: \.self, content: content)
  }
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
  public init(_ data: Data, @ViewBuilder content: (Data.Element) -> Content) {
    self.init(data, id: \.id, content: content)
  }
}
