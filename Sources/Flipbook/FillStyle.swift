import FlipbookScene

/// SwiftUI's `FillStyle`: how a shape is filled where its outline overlaps itself. Flipbook
/// uses it for ``View/clipShape(_:style:)``; anti-aliasing is always on there.
public struct FillStyle: Hashable, Sendable {
  /// The even-odd rule when true; the non-zero winding rule (the default) when false.
  public var isEOFilled: Bool

  public init(eoFill: Bool = false) { self.isEOFilled = eoFill }
}

extension ClipShape where Value == StateValue {
  /// The clip shape a Swift shape stands for, or nil for one the format cannot clip to.
  init?(_ piece: Piece) {
    guard case .leaf(let leaf) = piece else { return nil }
    switch leaf.kind {
    case .circle: self.init(form: .circle)
    case .ellipse: self.init(form: .ellipse)
    case .capsule: self.init(form: .capsule)
    case .rectangle: self.init(form: .rectangle)
    case .roundedRectangle(let continuous):
      self.init(form: .roundedRectangle(continuous: continuous), values: leaf.values)
    case .path(let structure): self.init(form: .path(structure), values: leaf.values)
    default: return nil
    }
  }
}
