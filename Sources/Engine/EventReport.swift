import FlipbookScene

/// One timeline event as the replay applied it, for `render info` and tests: when it happened
/// (an `after` event's time is found by the replay) and when the animations it started are
/// logically complete, which is when events that follow it happen.
public struct EventReport: Hashable, Sendable {
  /// The event's JSON path (`timeline[2]`, `timeline[0].steps[1]`).
  public var path: String { eventPath.description }
  /// `path`, kept compact: a million-step sequence's reports share one string.
  public var eventPath: EventPath
  public var name: String?
  public var time: Double
  /// When every animation the transaction started is logically complete; its own time when it
  /// started none; nil when one never completes (repeats forever).
  public var logicallyComplete: Double?
  /// A keyframes event's tracks, with their segment times.
  public var keyframes: [KeyframeTrackReport] = []
  /// A phases event's steps as they happened: when each began and which phase it entered.
  public var phases: [PhaseStepReport] = []
}

/// One step of a phases event, for `render info` and `render curves`.
public struct PhaseStepReport: Hashable, Sendable {
  public var time: Double
  /// The index of the phase entered.
  public var phase: Int
}
