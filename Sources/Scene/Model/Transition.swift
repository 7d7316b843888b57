/// How a view enters and leaves (SwiftUI's `AnyTransition`), applied only when the insertion
/// or removal happens in an animated transaction.
public indirect enum Transition: Hashable, Sendable {
  case opacity
  case identity
  /// `scaleEffect(scale, anchor:)` when inactive; plain `"scale"` is 1e-5 about the center,
  /// as SwiftUI avoids a singular transform.
  case scale(Double, anchor: UnitPoint)
  /// Insert from the leading edge, remove toward the trailing edge.
  case slide
  /// Move by the view's own size toward the edge.
  case move(Edge)
  /// Move from the edge and fade in; leave toward the opposite edge, fading out.
  case push(Edge)
  case offset(SIMD2<Double>)
  case combined([Transition])
  case asymmetric(insertion: Transition, removal: Transition)
}
