/// Stands for the view that an `animation(_:body:)` modifies: SwiftUI's
/// `PlaceholderContentView`. The body applies modifiers to it, which then apply to that view.
public struct PlaceholderContentView<Value>: View, PrimitiveView {
  public var body: Never { primitiveBody() }
  var piece: Piece { .identified(.empty, PlaceholderMarker.id) }
}

/// The id that marks a placeholder's piece, which no view's `.id(_:)` can spell.
enum PlaceholderMarker {
  static let id = "\u{0}placeholder"
}
