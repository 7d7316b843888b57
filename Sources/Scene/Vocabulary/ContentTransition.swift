/// How a text's content change animates: SwiftUI's `ContentTransition`.
public enum ContentTransition: Hashable, Sendable {
  /// The old and the new text crossfade (the default for text).
  case opacity
  /// The new text replaces the old at once.
  case identity
  /// SwiftUI morphs the glyphs' shapes; Flipbook crossfades, as for `opacity`.
  case interpolate
  /// Each changed character rolls vertically while it fades (up when counting up, down when
  /// counting down); unchanged characters stay, sliding to their new places.
  case numericText(countsDown: Bool)

  /// The bare names of the forms that take no argument.
  public static let names = ["opacity", "identity", "interpolate"]
}
