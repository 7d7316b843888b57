import FlipbookScene

/// How a view enters and leaves when an `if` flips in an animated transaction: SwiftUI's
/// `AnyTransition`. Attach it with ``View/transition(_:)`` to the view inside the `if`.
public struct AnyTransition: Hashable, Sendable {
  let model: FlipbookScene.Transition

  /// Fades in and out (the default for a view without a transition).
  public static let opacity = AnyTransition(model: .opacity)
  /// No visual change: the view appears and disappears when the animation starts and ends.
  public static let identity = AnyTransition(model: .identity)
  /// Scales from (and to) nothing about the center.
  public static let scale = AnyTransition(model: .scale(1e-5, anchor: SIMD2(0.5, 0.5)))
  /// Inserts from the leading edge, removes toward the trailing edge.
  public static let slide = AnyTransition(model: .slide)

  /// Scales from `scale` about `anchor`.
  public static func scale(scale: Double, anchor: UnitPoint = .center) -> AnyTransition {
    AnyTransition(model: .scale(scale, anchor: anchor.model))
  }
  /// Moves by the view's own size toward `edge`.
  public static func move(edge: Edge) -> AnyTransition { AnyTransition(model: .move(edge.model)) }
  /// Pushes in from `edge` while fading, and out toward the opposite edge.
  public static func push(from edge: Edge) -> AnyTransition { AnyTransition(model: .push(edge.model)) }
  /// Offsets by (x, y) while inactive.
  public static func offset(x: Double = 0, y: Double = 0) -> AnyTransition {
    AnyTransition(model: .offset(SIMD2(x, y)))
  }
  /// One transition for insertion and another for removal.
  public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
    AnyTransition(model: .asymmetric(insertion: insertion.model, removal: removal.model))
  }
  /// Both transitions at once.
  public func combined(with other: AnyTransition) -> AnyTransition {
    if case .combined(let list) = model { return AnyTransition(model: .combined(list + [other.model])) }
    return AnyTransition(model: .combined([model, other.model]))
  }
}
