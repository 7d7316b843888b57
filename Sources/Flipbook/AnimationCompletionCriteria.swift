import FlipbookAnimation

/// When a ``withAnimation(_:completionCriteria:_:completion:)`` completion runs: SwiftUI's
/// `AnimationCompletionCriteria`.
public struct AnimationCompletionCriteria: Hashable, Sendable {
  enum Kind: Hashable, Sendable { case logicallyComplete, removed }
  let kind: Kind

  /// When the animation is logically complete: a curve at its duration, a spring at its
  /// response, an interpolating spring at 2π/√stiffness (the JSON format's `after`).
  public static let logicallyComplete = AnimationCompletionCriteria(kind: .logicallyComplete)
  /// When the animation has finished and no longer changes the value.
  public static let removed = AnimationCompletionCriteria(kind: .removed)

  /// Seconds after its start at which a run of `animation` meets the criteria (nil: never).
  func delay(of animation: Animation) -> Double? {
    switch kind {
    case .logicallyComplete: return animation.logicalDuration
    // A FluidSpring's finish depends on the distance; a unit change stands for it.
    case .removed: return animation.settleTime(over: AnimatableVector(1, 0, 0, 0))
    }
  }
}

/// `withAnimation` with a completion, as SwiftUI's: `body`'s changes are one transaction with
/// `animation`, and `completion` runs, as a transaction of its own at the scheduler's time,
/// when the animation meets `completionCriteria`; at once when `body` sets no state or the
/// animation is nil, never when the animation repeats forever. Outside a ``Movie``'s timeline it runs
/// `body` and then `completion`.
///
/// The completion time comes from the transaction's animation; an implicit
/// ``View/animation(_:value:)`` that overrides it for some views does not change it, and
/// `.removed` takes a spring's finish for a change of size 1 (the engine's own stop rule depends
/// on the distance). A JSON scene's `after` uses every animation the event started.
@discardableResult
public func withAnimation<Result>(
  _ animation: Animation? = .default, completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
  _ body: () throws -> Result, completion: @escaping () -> Void
) rethrows -> Result {
  guard let recorder = Recorder.current else {
    let result = try body()
    completion()
    return result
  }
  let before = recorder.snapshots.count
  let result = try recorder.within(Transaction(animation: animation), body)
  let changed = recorder.snapshots.count > before
  let delay = changed ? animation.map { completionCriteria.delay(of: $0) } ?? 0 : 0
  if let delay { recorder.clock.schedule(after: recorder.clock.now + delay, completion) }
  return result
}
