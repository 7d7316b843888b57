import Synchronization

/// A request to stop a running write, shared between whoever asks (a Cancel button, the
/// command's signal handler) and the workers, which check it between frames.
///
/// The library never installs signal handlers or exits: a process decides what its signals
/// mean and, if it wants Ctrl-C to stop a write cleanly, cancels a token. A cancelled
/// ``FrameSequenceWriter`` write leaves the output folder exactly as it was; a cancelled GIF
/// leaves the file as it was.
///
/// ``cancel()`` and ``cancel(signal:)`` are one lock-free atomic operation each, so a signal
/// handler may call them (on a token created before the handler was installed).
public final class CancellationToken: Sendable {
  /// 0 while running; the signal number, or -1 for a plain ``cancel()``, once cancelled.
  private let reason = Atomic<Int32>(0)

  public init() {}

  /// Asks the work to stop; the first request wins, later ones change nothing.
  public func cancel() {
    _ = reason.compareExchange(expected: 0, desired: -1, ordering: .sequentiallyConsistent)
  }

  /// Asks the work to stop on behalf of signal `signo`, so that the error says which one.
  ///
  /// A frame-sequence write then throws ``FrameSequenceError/interrupted(signal:)``.
  public func cancel(signal signo: Int32) {
    let value = signo > 0 ? signo : -1
    _ = reason.compareExchange(expected: 0, desired: value, ordering: .sequentiallyConsistent)
  }

  /// True once ``cancel()`` or ``cancel(signal:)`` was called.
  public var isCancelled: Bool { reason.load(ordering: .relaxed) != 0 }

  /// The signal given to ``cancel(signal:)``, or `nil` (not cancelled, or by ``cancel()``).
  public var signal: Int32? {
    let value = reason.load(ordering: .relaxed)
    return value > 0 ? value : nil
  }
}
