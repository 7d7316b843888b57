/// Why a ``Movie`` cannot be made from a view and a timeline: the view's structure differs
/// between states in a way SwiftUI's identity rules do not allow, a modifier is used where
/// Flipbook cannot draw it, or the timeline never ends or fails.
public struct MovieError: Error, CustomStringConvertible, Sendable {
  public var description: String
  /// The virtual time, in seconds, at which an async timeline failed (threw, or was given up
  /// on); nil for other errors.
  public var time: Double?
  /// The error an async timeline threw, if that is why.
  public var underlyingError: (any Error)?

  init(_ description: String, time: Double? = nil, underlying: (any Error)? = nil) {
    self.description = description
    self.time = time
    underlyingError = underlying
  }
}
