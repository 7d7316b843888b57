import FlipbookAnimation

/// How a change animates: SwiftUI's `Animation` with its numbers (curves, the two spring
/// families, `delay`, `speed`, `repeatCount`, `repeatForever`).
///
/// It is Flipbook's engine type, so everything ``Animation`` offers renders exactly as the
/// same animation written in a JSON scene.
public typealias Animation = FlipbookAnimation.Animation

extension FlipbookAnimation.Animation {
  /// SwiftUI's `spring(response:dampingFraction:blendDuration:)` with its defaults
  /// (damping fraction 0.825, no blend).
  public static func spring(response: Double, dampingFraction: Double = 0.825) -> Animation {
    .spring(response: response, dampingFraction: dampingFraction, blendDuration: 0)
  }

  /// SwiftUI's `interpolatingSpring(mass:stiffness:damping:initialVelocity:)` with its
  /// defaults (mass 1, initial velocity 0).
  public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double) -> Animation {
    .interpolatingSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: 0)
  }
}
