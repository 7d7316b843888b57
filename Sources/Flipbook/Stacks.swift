/// Overlays its children, aligned: SwiftUI's `ZStack`.
public struct ZStack<Content: View>: View, PrimitiveView {
  let alignment: Alignment
  let content: Content
  public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
    self.alignment = alignment; self.content = content()
  }
  public var body: Never { primitiveBody() }
  var piece: Piece { .leaf(Leaf(kind: .zstack(alignment.model), children: content.piece)) }
}

/// Arranges its children top to bottom: SwiftUI's `VStack`. The default spacing is 8 points
/// (SwiftUI's adaptive spacing depends on the platform and the views).
public struct VStack<Content: View>: View, PrimitiveView {
  let alignment: HorizontalAlignment
  let spacing: Double
  let content: Content
  public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
    self.alignment = alignment; self.spacing = spacing ?? 8; self.content = content()
  }
  public var body: Never { primitiveBody() }
  var piece: Piece {
    .leaf(Leaf(kind: .vstack(alignment.model), values: [.number(spacing)], children: content.piece))
  }
}

/// Arranges its children leading to trailing: SwiftUI's `HStack`. The default spacing is 8.
public struct HStack<Content: View>: View, PrimitiveView {
  let alignment: VerticalAlignment
  let spacing: Double
  let content: Content
  public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
    self.alignment = alignment; self.spacing = spacing ?? 8; self.content = content()
  }
  public var body: Never { primitiveBody() }
  var piece: Piece {
    .leaf(Leaf(kind: .hstack(alignment.model), values: [.number(spacing)], children: content.piece))
  }
}

/// Flexible space along a stack's axis, at least `minLength` long: SwiftUI's `Spacer`.
public struct Spacer: View, PrimitiveView {
  let minLength: Double?
  public init(minLength: Double? = nil) { self.minLength = minLength }
  public var body: Never { primitiveBody() }
  var piece: Piece { .leaf(Leaf(kind: .spacer, values: minLength.map { [.number($0)] } ?? [])) }
}
