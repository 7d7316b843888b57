/// A view with one modifier applied; what every modifier method returns (as `some View`).
struct ModifiedContent<Content: View>: View, PrimitiveView {
  let content: Content
  let modifier: ModifierValue
  var body: Never { primitiveBody() }
  var piece: Piece { .modified(content.piece, modifier) }
}

/// A view with an identity given by ``View/id(_:)``.
struct IdentifiedView<Content: View>: View, PrimitiveView {
  let content: Content
  let id: String
  var body: Never { primitiveBody() }
  var piece: Piece { .identified(content.piece, id) }
}

extension View {
  func modifier(_ modifier: ModifierValue) -> ModifiedContent<Self> {
    ModifiedContent(content: self, modifier: modifier)
  }
}
