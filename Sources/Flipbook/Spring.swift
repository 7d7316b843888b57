import FlipbookAnimation

/// A damped spring as a value: SwiftUI's iOS 17 `Spring`, with its initializers
/// (`duration:bounce:`, `response:dampingRatio:`, `mass:stiffness:damping:`), its exact
/// `value`/`velocity` and `settlingDuration`, and ``Animation/spring(_:blendDuration:)``.
///
/// It is the engine's closed-form spring, so a `Spring` used in keyframes or as an
/// `interpolatingSpring` moves exactly as it does in a JSON scene.
public typealias Spring = FlipbookAnimation.Spring

extension FlipbookAnimation.Spring {
  /// The displacement at `time` of a run from zero toward `target` that starts with
  /// `initialVelocity`, component by component (SwiftUI's generic `value(target:initialVelocity:time:)`).
  public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
    let c = coefficients(at: time)
    return Self.combine(target, c.position.target, initialVelocity, c.position.velocity)
  }

  /// The velocity at `time` of the same run, component by component.
  public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
    let c = coefficients(at: time)
    return Self.combine(target, c.velocity.target, initialVelocity, c.velocity.velocity)
  }

  /// `value(fromValue:toValue:initialVelocity:time:)`: the position of a run between two values.
  public func value<V: VectorArithmetic>(fromValue: V, toValue: V, initialVelocity: V = .zero, time: Double) -> V {
    fromValue + value(target: toValue - fromValue, initialVelocity: initialVelocity, time: time)
  }

  /// a·x + b·y for any vector type.
  private static func combine<V: VectorArithmetic>(_ x: V, _ a: Double, _ y: V, _ b: Double) -> V {
    var p = x, q = y
    p.scale(by: a)
    q.scale(by: b)
    return p + q
  }
}
