import FlipbookAnimation

/// The context of a state change: SwiftUI's `Transaction`, holding the animation the change
/// uses and whether implicit ``View/animation(_:value:)`` modifiers are ignored.
public struct Transaction: Sendable {
  /// The animation of every change in the transaction (nil: none, unless an implicit
  /// animation applies).
  public var animation: Animation?
  /// When true, `animation(_:value:)` modifiers are ignored for this transaction.
  public var disablesAnimations = false

  public init(animation: Animation? = nil) { self.animation = animation }
}

/// Runs `body`, and makes every state change in it one transaction with `animation`, as
/// SwiftUI's `withAnimation`. Inside a ``Movie``'s timeline the change happens at the
/// scheduler's current time; elsewhere it only runs `body`.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
  try withTransaction(Transaction(animation: animation), body)
}

/// Runs `body` with every state change in it in `transaction`, as SwiftUI's `withTransaction`.
@discardableResult
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
  guard let recorder = Recorder.current else { return try body() }
  return try recorder.within(transaction, body)
}
