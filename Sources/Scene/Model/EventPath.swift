/// A timeline event's JSON path (`timeline[2]`, `timeline[0].steps[7]`), kept compact.
///
/// A sequence of a million steps would otherwise keep a million path strings, in the decoded
/// timeline and again in `render info`'s reports; its steps share the event's string and
/// spell their own path only when a message or a report asks for it.
public struct EventPath: Hashable, Sendable, CustomStringConvertible {
  /// The event's path in the timeline.
  public var event: String
  /// The step's index in the event's `steps`; −1 for an event that is not a sequence step.
  public var step: Int

  public init(_ event: String, step: Int = -1) {
    self.event = event
    self.step = step
  }

  public var description: String { step < 0 ? event : "\(event).steps[\(step)]" }
}
