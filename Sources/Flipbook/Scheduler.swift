import FlipbookAnimation

/// Something that runs work later, on virtual time in seconds: the part of Combine's and the
/// Composable Architecture's `Scheduler` a timeline needs.
///
/// Dates are absolute, as in Combine: `schedule(after: scheduler.now + 0.3)`.
public protocol Scheduler {
  /// The current virtual time, in seconds from the start of the movie.
  var now: Double { get }
  /// Runs `action` as soon as time is advanced (at the current time).
  func schedule(_ action: @escaping () -> Void)
  /// Runs `action` at `date` (or at once, when advancing, if `date` has passed).
  func schedule(after date: Double, _ action: @escaping () -> Void)
  /// Runs `action` at `date`, `date + interval`, `date + 2·interval`, … until cancelled.
  @discardableResult
  func schedule(after date: Double, interval: Double, _ action: @escaping () -> Void) -> AnyCancellable
}

extension Scheduler {
  /// This scheduler with every action it runs wrapped in `withAnimation(animation)`: the
  /// Composable Architecture's `scheduler.animation(_:)`. Each action is one transaction.
  public func animation(_ animation: Animation? = .default) -> AnimatedScheduler<Self> {
    AnimatedScheduler(base: self, transaction: Transaction(animation: animation))
  }

  /// This scheduler with every action it runs wrapped in `withTransaction(transaction)`.
  public func transaction(_ transaction: Transaction) -> AnimatedScheduler<Self> {
    AnimatedScheduler(base: self, transaction: transaction)
  }
}

/// A scheduler whose actions run inside a transaction (`scheduler.animation(.spring)`).
public struct AnimatedScheduler<Base: Scheduler>: Scheduler {
  public let base: Base
  public let transaction: Transaction

  public var now: Double { base.now }

  public func schedule(_ action: @escaping () -> Void) {
    base.schedule { [transaction] in withTransaction(transaction, action) }
  }

  public func schedule(after date: Double, _ action: @escaping () -> Void) {
    base.schedule(after: date) { [transaction] in withTransaction(transaction, action) }
  }

  @discardableResult
  public func schedule(after date: Double, interval: Double, _ action: @escaping () -> Void) -> AnyCancellable {
    base.schedule(after: date, interval: interval) { [transaction] in withTransaction(transaction, action) }
  }
}

/// Cancels scheduled work: Combine's `AnyCancellable`.
public final class AnyCancellable {
  private var onCancel: (() -> Void)?
  init(_ onCancel: @escaping () -> Void) { self.onCancel = onCancel }

  /// Stops the work from running again; calling it twice does nothing.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }
}
